/* pokerhh's hand replayer: one hand, every step's table sent once (dashboard/replay_data.py),
 * stepped, played and jumped by street in the browser without asking the server again.
 *
 * Keys: left/right one step, Home/End the first/last step, space plays or pauses.
 * Every name and sentence is the players' own text: it is only ever written with
 * textContent or setAttribute, never as markup. The time each render takes (the DOM built
 * and laid out) is kept in window.pokerhhReplayer.timings (issue 26: under 50 ms a step).
 */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("hand-data").textContent);
  var options = JSON.parse(document.getElementById("replayer-options").textContent);
  var root = document.getElementById("replayer");
  var NS = "http://www.w3.org/2000/svg";
  var steps = data.steps;
  var last = steps.length - 1;

  /* The table's geometry (SVG units). Each seat is its name box with its cards in a row
   * above it, never under it; empty seats are small rings outside the rail. */
  var W = 1000, H = 620, CX = 500, CY = 330;
  var TABLE_RX = 330, TABLE_RY = 170, SEAT_RX = 400, SEAT_RY = 214, BET_RX = 240, BET_RY = 114;
  var BOX_W = 150, BOX_H = 62, CARD_W = 34, CARD_H = 48, ROW_W = 190, MAX_NAME = 18;
  var SUIT = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  var COLOUR = { s: "#1f1f1f", h: "#c62828", d: "#1565c0", c: "#2e7d32" };

  var view = {
    step: Math.max(0, Math.min(options.step || 0, last)),
    playing: false,
    speed: 1,
    inBB: false,
    reveal: true,
    timer: null
  };
  var timings = [];

  /* -- amounts, as analytics.output.format.Money and viewer.big_blinds write them ------- */
  function grouped(digits) { return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

  function money(amount) {
    var m = data.money;
    var sign = amount < 0 ? "-" : "";
    amount = Math.abs(amount);
    var whole = Math.floor(amount / m.unit), part = amount % m.unit;
    var text = m.decimals ? whole + "." + String(part).padStart(m.decimals, "0") : String(whole);
    if (m.chips) { return sign + text; }  /* no symbol; play money keeps its hundredths */
    return m.symbol ? sign + m.symbol + text : sign + text + " " + m.currency;
  }

  function bigBlinds(amount) {
    var unit = data.big_blind;
    var negative = amount < 0;
    var tenths = Math.abs(amount) * 10;
    var q = Math.floor(tenths / unit), r = tenths - q * unit;
    if (2 * r > unit || (2 * r === unit && q % 2 === 1)) { q += 1; }  /* half to even */
    return (negative && q ? "-" : "") + grouped(String(Math.floor(q / 10))) + "." + (q % 10) + " bb";
  }

  function useBB() { return view.inBB && data.big_blind > 0; }
  function amount(value) { return useBB() ? bigBlinds(value) : money(value); }
  function unitIndex() { return useBB() ? 1 : 0; }

  /* -- DOM helpers ------------------------------------------------------------------- */
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function svg(tag, attrs, text) {
    var node = document.createElementNS(NS, tag);
    for (var key in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, key)) { node.setAttribute(key, attrs[key]); }
    }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function n(value) { return value.toFixed(1); }
  function short(name) { return name.length <= MAX_NAME ? name : name.slice(0, MAX_NAME - 1) + "\u2026"; }

  /* -- the controls, built once ------------------------------------------------------- */
  var ui = {};

  function button(label, title, onClick, cls) {
    var b = el("button", cls || "", label);
    b.type = "button";
    if (title) { b.title = title; }
    b.addEventListener("click", function () { onClick(); root.focus({ preventScroll: true }); });
    return b;
  }

  function build() {
    if (options.compact) { root.classList.add("rp-compact"); }
    ui.title = el("div", "rp-title", data.title);
    root.appendChild(ui.title);

    var bar = el("div", "rp-bar");
    ui.first = button("\u00AB First", "First step (Home)", function () { go(0); });
    ui.back = button("\u25C0 Back", "One step back (left arrow)", function () { go(view.step - 1); });
    ui.forward = button("Forward \u25B6", "One step forward (right arrow)", function () { go(view.step + 1); }, "rp-primary");
    ui.last = button("Last \u00BB", "Last step (End)", function () { go(last); });
    ui.play = button("Play", "Play or pause (space)", togglePlay);
    ui.first.dataset.action = "first"; ui.back.dataset.action = "back";
    ui.forward.dataset.action = "forward"; ui.last.dataset.action = "last";
    ui.play.dataset.action = "play";
    ui.speed = el("select", "rp-speed");
    [0.5, 1, 2, 4].forEach(function (speed) {
      var option = el("option", "", speed + " events/s");
      option.value = String(speed);
      if (speed === 1) { option.selected = true; }
      ui.speed.appendChild(option);
    });
    ui.speed.title = "Speed";
    ui.speed.addEventListener("change", function () {
      view.speed = parseFloat(ui.speed.value) || 1;
      if (view.playing) { stop(); start(); }
    });
    [ui.first, ui.back, ui.forward, ui.last, ui.play, ui.speed].forEach(function (node) { bar.appendChild(node); });
    ui.slider = el("input", "rp-slider");
    ui.slider.type = "range";
    ui.slider.min = "1";
    ui.slider.max = String(last + 1);
    ui.slider.title = "Step";
    ui.slider.disabled = last === 0;
    ui.slider.addEventListener("input", function () { go(parseInt(ui.slider.value, 10) - 1); });
    bar.appendChild(ui.slider);
    ui.caption = el("span", "rp-caption");
    bar.appendChild(ui.caption);
    root.appendChild(bar);

    var streets = el("div", "rp-bar");
    ui.streets = data.streets.map(function (mark) {
      var b = button(mark.label, "Jump to " + mark.label, function () { go(mark.step); }, "rp-street");
      b.dataset.step = String(mark.step);
      streets.appendChild(b);
      return b;
    });
    ui.bb = checkbox("Stacks in big blinds", view.inBB, function (on) { view.inBB = on; rebuildLog(); render(); });
    ui.bb.input.disabled = !(data.big_blind > 0);
    ui.reveal = checkbox("Show known cards from the start", view.reveal, function (on) { view.reveal = on; render(); });
    streets.appendChild(ui.bb.label);
    streets.appendChild(ui.reveal.label);
    root.appendChild(streets);

    var main = el("div", "rp-main");
    ui.table = el("div", "rp-table");
    main.appendChild(ui.table);
    var side = el("div", "rp-side");
    ui.now = el("div", "rp-now");
    ui.log = el("div", "rp-log");
    ui.log.setAttribute("role", "list");
    side.appendChild(ui.now);
    side.appendChild(ui.log);
    main.appendChild(side);
    root.appendChild(main);
    rebuildLog();
  }

  function checkbox(text, checked, onChange) {
    var label = el("label");
    var input = el("input");
    input.type = "checkbox";
    input.checked = checked;
    input.addEventListener("change", function () { onChange(input.checked); root.focus({ preventScroll: true }); });
    label.appendChild(input);
    label.appendChild(document.createTextNode(text));
    return { label: label, input: input };
  }

  function rebuildLog() {
    ui.log.textContent = "";
    ui.lines = steps.map(function (step, index) {
      var line = el("div", "", (index + 1) + ". " + step.text[unitIndex()]);
      line.setAttribute("role", "listitem");
      line.addEventListener("click", function () { go(index); });
      ui.log.appendChild(line);
      return line;
    });
    ui.shownLine = -1;
  }

  /* -- stepping and playing ----------------------------------------------------------- */
  function go(step) {
    step = Math.max(0, Math.min(step, last));
    if (step === view.step && ui.rendered) { return; }
    view.step = step;
    render();
  }

  function start() {
    view.playing = true;
    view.timer = setInterval(function () {
      if (view.step >= last) { stop(); render(); return; }
      go(view.step + 1);
      if (view.step >= last) { stop(); render(); }
    }, 1000 / view.speed);
  }

  function stop() {
    view.playing = false;
    if (view.timer !== null) { clearInterval(view.timer); view.timer = null; }
  }

  function togglePlay() {
    if (view.playing) { stop(); render(); return; }
    if (view.step >= last) { view.step = 0; }  /* Play at the end: from the start again */
    start();
    render();
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target && target.tagName === "SELECT") { return; }
    var key = event.key;
    if (key === "ArrowRight") { go(view.step + 1); }
    else if (key === "ArrowLeft") { go(view.step - 1); }
    else if (key === "Home") { go(0); }
    else if (key === "End") { go(last); }
    else if (key === " " || key === "Spacebar") { togglePlay(); }
    else { return; }
    event.preventDefault();
  });

  /* -- drawing ------------------------------------------------------------------------ */
  function render() {
    var started = performance.now();
    var step = steps[view.step];
    ui.rendered = true;
    ui.first.disabled = ui.back.disabled = view.step === 0;
    ui.forward.disabled = ui.last.disabled = view.step === last;
    ui.play.textContent = view.playing ? "\u2016 Pause" : "\u25B6 Play";
    ui.play.disabled = last === 0;
    ui.slider.value = String(view.step + 1);
    ui.caption.textContent = "Step " + (view.step + 1) + " of " + (last + 1) + " \u00B7 " + step.street;
    var here = -1;
    data.streets.forEach(function (mark, index) { if (mark.step <= view.step) { here = index; } });
    ui.streets.forEach(function (b, index) { b.classList.toggle("rp-here", index === here); });

    if (!ui.table.firstChild) { ui.table.appendChild(picture(view.step).cloneNode(true)); }
    else { patch(ui.table.firstChild, picture(view.step)); }
    panel(step);
    logLines();
    root.setAttribute("data-step", String(view.step));
    void root.offsetHeight;  /* the layout, inside the measure */
    var ms = performance.now() - started;
    timings.push({ step: view.step, ms: ms });
  }

  /* The table shown is one live SVG, brought to a step's built table by changing only
   * what differs (attributes, texts, the children added or gone): the browser restyles
   * and lays out the few elements a step changes, not the whole table. The built tables
   * stay detached templates: nodes are cloned from them, never moved. */
  function patch(live, model) {
    var names = {}, i;
    for (i = 0; i < model.attributes.length; i++) {
      var attribute = model.attributes[i];
      names[attribute.name] = true;
      if (live.getAttribute(attribute.name) !== attribute.value) { live.setAttribute(attribute.name, attribute.value); }
    }
    for (i = live.attributes.length - 1; i >= 0; i--) {
      if (!names[live.attributes[i].name]) { live.removeAttribute(live.attributes[i].name); }
    }
    if (!model.firstElementChild) {
      if (live.firstElementChild || live.textContent !== model.textContent) { live.textContent = model.textContent; }
      return;
    }
    if (!live.firstElementChild) { live.textContent = ""; }
    var kids = model.children, have = live.children;
    for (i = 0; i < kids.length; i++) {
      if (i >= have.length) { live.appendChild(kids[i].cloneNode(true)); }
      else if (have[i].tagName !== kids[i].tagName) { live.replaceChild(kids[i].cloneNode(true), have[i]); }
      else { patch(have[i], kids[i]); }
    }
    while (have.length > kids.length) { live.removeChild(live.lastElementChild); }
  }

  /* Each step's table is built once and kept (until a display choice changes): the
   * steps not shown yet are built while the browser is idle after the first is drawn, so
   * a step is usually a node swapped in, not a table built. */
  var pictures = [];
  var picturesFor = "";

  function choices() { return (useBB() ? "bb" : "money") + (view.reveal ? "+reveal" : ""); }

  function picture(index) {
    if (picturesFor !== choices()) { pictures = []; picturesFor = choices(); schedule(); }
    if (!pictures[index]) { pictures[index] = table(steps[index]); }
    return pictures[index];
  }

  var scheduled = false;
  function schedule() {
    if (scheduled) { return; }
    scheduled = true;
    var later = window.requestIdleCallback || function (work) { return setTimeout(work, 16); };
    later(function prebuild() {
      scheduled = false;
      var started = performance.now();
      for (var i = 0; i <= last && performance.now() - started < 8; i++) {
        if (!pictures[i]) { pictures[i] = table(steps[i]); }
      }
      if (pictures.filter(Boolean).length < steps.length) { schedule(); }
    });
  }

  function panel(step) {
    var i = unitIndex();
    ui.now.textContent = "";
    ui.now.appendChild(el("div", "rp-event", step.text[i]));
    if (step.could) { ui.now.appendChild(el("div", "rp-could", step.could[i])); }
    if (step.rule) { ui.now.appendChild(el("div", "rp-rule", "Rule: " + step.rule)); }
    if (step.next) { ui.now.appendChild(el("div", "rp-next", step.next[i])); }
    if (view.step === last) {
      var result = el("div", "rp-result");
      result.appendChild(el("h3", "", "Result"));
      data.result[i].forEach(function (line) { result.appendChild(el("div", "", line)); });
      data.notes.forEach(function (line) { result.appendChild(el("div", "rp-note", line)); });
      ui.now.appendChild(result);
    }
  }

  function logLines() {
    var from = ui.shownLine < 0 ? 0 : Math.min(ui.shownLine, view.step);
    var to = ui.shownLine < 0 ? last : Math.max(ui.shownLine, view.step);
    for (var index = from; index <= to; index++) {  /* only the lines that change */
      ui.lines[index].className = index === view.step ? "rp-current" : (index > view.step ? "rp-future" : "");
    }
    var current = ui.lines[view.step];
    if (current && ui.shownLine !== view.step) {
      var top = current.offsetTop - ui.log.offsetTop;
      if (top < ui.log.scrollTop || top + current.offsetHeight > ui.log.scrollTop + ui.log.clientHeight) {
        ui.log.scrollTop = Math.max(0, top - ui.log.clientHeight / 2);
      }
      ui.shownLine = view.step;
    }
  }

  function angle(seat, seats, bottom) {
    return Math.PI / 2 + 2 * Math.PI * (((seat - bottom) % seats + seats) % seats) / seats;
  }

  function point(a, rx, ry) { return [CX + rx * Math.cos(a), CY + ry * Math.sin(a)]; }

  function table(step) {
    var seatNumbers = step.seats.map(function (s) { return s.seat; })
      .concat(data.sitting_out.map(function (p) { return p[0]; }));
    var seats = Math.max.apply(null, [data.max_seats].concat(seatNumbers));
    var hero = step.seats.filter(function (s) { return s.name === data.hero; })[0];
    var bottom = hero ? hero.seat : 1;
    var root = svg("svg", {
      viewBox: "0 0 " + W + " " + H, preserveAspectRatio: "xMidYMid meet", role: "img",
      "aria-label": "poker table: " + data.title,
      "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif"
    });
    root.appendChild(svg("ellipse", { cx: CX, cy: CY, rx: TABLE_RX + 14, ry: TABLE_RY + 14, fill: "#5d4037" }));
    root.appendChild(svg("ellipse", { cx: CX, cy: CY, rx: TABLE_RX, ry: TABLE_RY, fill: "#2e7d32",
      stroke: "#1b5e20", "stroke-width": 3 }));
    centre(root, step);
    var taken = {};
    step.seats.forEach(function (s) { taken[s.seat] = true; });
    data.sitting_out.forEach(function (p) { taken[p[0]] = true; });
    for (var number = 1; number <= seats; number++) {
      if (!taken[number]) { emptySeat(root, number, angle(number, seats, bottom)); }
    }
    if (data.button !== null && data.button !== undefined) { dealerButton(root, angle(data.button, seats, bottom)); }
    step.seats.forEach(function (s) { bet(root, s, angle(s.seat, seats, bottom)); });
    data.sitting_out.forEach(function (p) { absentSeat(root, p[0], p[1], angle(p[0], seats, bottom)); });
    step.seats.forEach(function (s) { seat(root, s, step, angle(s.seat, seats, bottom)); });
    return root;
  }

  function potLines(step) {
    var inFront = step.seats.reduce(function (sum, s) { return sum + s.bet; }, 0);
    var main;
    if (step.settled) {
      main = "Pot " + amount(step.awarded + step.pot) + " awarded";
      if (step.pot) { main += " \u00B7 site keeps " + amount(step.pot); }
    } else if (step.awarded) {
      main = "Pot " + amount(step.pot) + " \u00B7 " + amount(step.awarded) + " awarded";
    } else {
      main = "Pot " + amount(step.pot);
      if (inFront) { main += " \u00B7 bets " + amount(inFront); }
    }
    var pots = step.pots;
    var halves = function (pot) {
      return pot.halves.map(function (h) { return h[0] + " " + amount(h[1]); }).join(" / ");
    };
    if (pots.length === 1 && pots[0].halves.length) { return [main, halves(pots[0])]; }
    if (pots.length < 2) { return [main, ""]; }
    return [main, pots.map(function (pot, i) {
      var part = (i === 0 ? "main" : "side " + i) + " " + amount(pot.amount);
      return pot.halves.length ? part + " (" + halves(pot) + ")" : part;
    }).join("  \u00B7  ")];
  }

  function centre(root, step) {
    var lines = potLines(step);
    var boards = step.boards.filter(function (b) { return b.length; });
    if (!boards.length) { boards = [[]]; }
    if (!data.board_cards && !boards[0].length) { boards = []; }
    var rows = boards.length;
    var top = CY - 12 - rows * (CARD_H + 8) / 2;
    root.appendChild(svg("text", { x: CX, y: n(top - 34), "font-size": 18, "font-weight": 600, fill: "#fff",
      "text-anchor": "middle", "class": "pot" }, lines[0]));
    if (lines[1]) {
      root.appendChild(svg("text", { x: CX, y: n(top - 12), "font-size": 14, fill: "#e8f5e9",
        "text-anchor": "middle", "class": "pots" }, lines[1]));
    }
    boards.forEach(function (board, row) {
      var y = top + row * (CARD_H + 8);
      var slots = Math.max(data.board_cards, board.length);
      var x0 = CX - (slots * (CARD_W + 6) - 6) / 2;
      if (rows > 1) {
        root.appendChild(svg("text", { x: n(x0 - 10), y: n(y + CARD_H / 2 + 5), "font-size": 13,
          fill: "#e8f5e9", "text-anchor": "end" }, data.board_label + " " + (row + 1)));
      }
      for (var i = 0; i < slots; i++) {
        var x = x0 + i * (CARD_W + 6);
        if (i < board.length) { root.appendChild(card(board[i], x, y, false, 1)); }
        else {
          root.appendChild(svg("rect", { x: n(x), y: n(y), width: CARD_W, height: CARD_H, rx: 4, fill: "none",
            stroke: "#66bb6a", "stroke-dasharray": "3 3" }));
        }
      }
    });
  }

  function card(text, x, y, dim, scale) {
    var w = CARD_W * scale, h = CARD_H * scale;
    var g = svg("g", dim ? { opacity: 0.55, "class": "card" } : { "class": "card" });
    if (text === null) {
      g.appendChild(svg("rect", { x: n(x), y: n(y), width: n(w), height: n(h), rx: 4, fill: "#3949ab",
        stroke: "#e8eaf6", "stroke-width": 2 }));
      return g;
    }
    var rank = text.charAt(0), suit = text.charAt(1);
    var colour = COLOUR[suit] || "#000";
    g.setAttribute("data-card", text);
    g.appendChild(svg("rect", { x: n(x), y: n(y), width: n(w), height: n(h), rx: 4, fill: "#fff", stroke: "#9e9e9e" }));
    g.appendChild(svg("text", { x: n(x + w / 2), y: n(y + h * 0.45), "font-size": n(17 * scale), "font-weight": 700,
      "text-anchor": "middle", fill: colour }, rank === "T" ? "10" : rank));
    g.appendChild(svg("text", { x: n(x + w / 2), y: n(y + h * 0.88), "font-size": n(17 * scale),
      "text-anchor": "middle", fill: colour }, SUIT[suit] || suit));
    return g;
  }

  function emptySeat(root, number, a) {
    var p = point(a, SEAT_RX, SEAT_RY);
    var g = svg("g", { opacity: 0.8, "class": "empty-seat" });
    g.appendChild(svg("circle", { cx: n(p[0]), cy: n(p[1]), r: 17, fill: "#f5f5f5", stroke: "#bdbdbd",
      "stroke-dasharray": "3 2" }));
    g.appendChild(svg("text", { x: n(p[0]), y: n(p[1] + 5), "font-size": 13, "text-anchor": "middle",
      fill: "#757575" }, String(number)));
    root.appendChild(g);
  }

  function dealerButton(root, a) {
    var p = point(a + 0.24, BET_RX + 34, BET_RY + 24);
    root.appendChild(svg("circle", { cx: n(p[0]), cy: n(p[1]), r: 12, fill: "#fff", stroke: "#424242",
      "stroke-width": 2, "class": "dealer" }));
    root.appendChild(svg("text", { x: n(p[0]), y: n(p[1] + 5), "font-size": 13, "font-weight": 700,
      "text-anchor": "middle", fill: "#212121" }, "D"));
  }

  function bet(root, s, a) {
    if (!s.bet) { return; }
    var p = point(a, BET_RX, BET_RY);
    root.appendChild(svg("circle", { cx: n(p[0] - 22), cy: n(p[1]), r: 8, fill: "#fdd835", stroke: "#f57f17" }));
    root.appendChild(svg("text", { x: n(p[0] - 10), y: n(p[1] + 5), "font-size": 15, "font-weight": 600,
      fill: "#fff", "class": "bet", "data-player": s.name }, amount(s.bet)));
  }

  function box(g, x, y, fill, stroke, width) {
    g.appendChild(svg("rect", { x: n(x - BOX_W / 2), y: n(y - BOX_H / 2), width: BOX_W, height: BOX_H, rx: 10,
      fill: fill, stroke: stroke, "stroke-width": width }));
  }

  function absentSeat(root, number, name, a) {
    var p = point(a, SEAT_RX, SEAT_RY);
    var g = svg("g", { opacity: 0.45, "class": "absent" });
    box(g, p[0], p[1], "#eeeeee", "#9e9e9e", 1);
    g.appendChild(svg("text", { x: n(p[0]), y: n(p[1] - 6), "font-size": 14, "text-anchor": "middle",
      fill: "#424242" }, short(name)));
    g.appendChild(svg("text", { x: n(p[0]), y: n(p[1] + 14), "font-size": 12, "text-anchor": "middle",
      fill: "#616161" }, "seat " + number + " \u00B7 sitting out"));
    root.appendChild(g);
  }

  function seat(root, s, step, a) {
    var p = point(a, SEAT_RX, SEAT_RY);
    var x = p[0], y = p[1];
    var g = svg("g", { "class": "seat", "data-player": s.name });
    var fill = "#fafafa", stroke = "#616161", width = 1.5;
    if (s.name === step.actor) { fill = "#fff8e1"; stroke = "#ff8f00"; width = 4; }
    else if (s.name === step.to_act) { fill = "#ffffff"; stroke = "#1e88e5"; width = 3; }
    if (s.won && !s.bet) { stroke = "#f9a825"; width = Math.max(width, 3); }
    var plate = svg("g", s.folded ? { opacity: 0.5 } : {});
    box(plate, x, y, fill, stroke, width);
    plate.appendChild(svg("text", { x: n(x), y: n(y - 10), "font-size": 15, "font-weight": 600,
      "text-anchor": "middle", fill: "#212121", "class": "name" }, short(s.name)));
    var stack = s.all_in ? "ALL-IN" : amount(s.stack);
    plate.appendChild(svg("text", { x: n(x), y: n(y + 8), "font-size": 14, "text-anchor": "middle",
      fill: s.all_in ? "#c62828" : "#37474f", "class": "stack", "data-player": s.name,
      "data-stack": String(s.stack) }, stack));
    var status = [];
    if (s.folded) { status.push("folded"); }
    if (s.draw) { status.push(s.draw); }
    var won = s.won && !s.bet;
    if (won) { status.push("wins " + amount(s.won)); }
    if (status.length) {
      plate.appendChild(svg("text", { x: n(x), y: n(y + 25), "font-size": status.join(" \u00B7 ").length > 24 ? 11 : 12,
        "text-anchor": "middle", fill: won ? "#2e7d32" : "#616161", "font-weight": won ? 700 : 400,
        "class": won ? "won" : "status" }, status.join(" \u00B7 ")));
    }
    g.appendChild(plate);
    hand(g, s, x, y);
    root.appendChild(g);
  }

  /* The seat's cards in a row above its box: face-down ones (known, hinted from what the
   * log showed by the end, or backs), then the face-up ones (stud) raised a little. */
  function hand(g, s, x, y) {
    var known = s.down;
    var count = s.count !== null && s.count !== undefined ? s.count : data.hole_cards;
    var hint = view.reveal ? s.hint.slice(0, count) : [];
    var hinted = !known.length && hint.some(function (c) { return c !== null; });
    var down = known.length ? known : (hinted ? hint : []);
    if (!down.length && s.in && !s.folded) { down = new Array(count).fill(null); }
    if (s.folded && !known.length && !hinted) { down = []; }
    var up = s.up;
    if (!down.length && !up.length) { return; }
    var total = down.length + up.length;
    var gap = down.length && up.length ? 8 : 0;
    var scale = Math.min(1, (ROW_W - gap) / (total * (CARD_W + 3)));
    var stepX = CARD_W * scale + 3;
    var width = total * stepX - 3 + gap;
    var raise = up.length ? 6 * scale : 0;
    var top = y - BOX_H / 2 - 4 - CARD_H * scale;
    var left = x - width / 2;
    if (down.length) {
      var dg = svg("g", { "class": "down" });
      down.forEach(function (c, i) { dg.appendChild(card(c, left + i * stepX, top, hinted || s.folded, scale)); });
      g.appendChild(dg);
    }
    if (up.length) {
      var start = left + down.length * stepX + gap;
      var ug = svg("g", { "class": "up" });
      up.forEach(function (c, i) { ug.appendChild(card(c, start + i * stepX, top - raise, s.folded, scale)); });
      g.appendChild(ug);
    }
  }

  build();
  render();
  window.pokerhhReplayer = {
    data: data,
    timings: timings,
    step: function () { return view.step; },
    steps: last + 1,
    go: go,
    /* every step's table built (the idle-time prebuild is done) */
    built: function () { return pictures.filter(Boolean).length === steps.length; }
  };
  if (options.autofocus) { root.focus({ preventScroll: true }); }
})();
