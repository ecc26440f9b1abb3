"""Line charts drawn as a picture (an SVG image) with an HTML layer of tooltips, for
``st.html``: the Player page's net won over hands, the Tournaments page's stack.

Why not Vega-Lite (``st.vega_lite_chart``): each Vega chart cost Chromium 0.3-0.5 s of CPU
on a click (loading Vega, compiling the spec, building its dataflow, evaluating every
point's encodings through its expression interpreter), which alone put the Player page
over issue 26's second (item 4; docs/scale.md, "session 15"). A polyline in an image is
drawn in milliseconds. ``st.html`` keeps HTML only (its sanitiser drops inline SVG), so
the SVG is a box's background (a data URL: no ``<img>`` element, which the hostile-name
tests forbid in markup) and the hover figures are a band of transparent boxes over it, one
a point, each with a ``title``: the x value and every line's value there.

Labels are ours or escaped (line names, axis titles): the SVG and the HTML both escape.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

#: The drawing's size in its own units (the image is scaled to the page's width).
WIDTH, HEIGHT = 1000, 320
LEFT, RIGHT, TOP, BOTTOM = 72, 12, 10, 42


@dataclass(frozen=True, slots=True)
class Line:
    label: str
    colour: str
    values: Sequence[float]  # one per x; NaN: no point there (the line breaks)


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering ``low..high``.

    >>> nice_ticks(0, 97)
    [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    >>> nice_ticks(-3.2, 1.1)
    [-4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0]
    >>> nice_ticks(5, 5)
    [4.0, 4.5, 5.0, 5.5, 6.0]
    """
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    ticks = [first + i * step for i in range(round((last - first) / step) + 1)]
    return [round(t, 10) + 0.0 for t in ticks]


def _number(value: float, places: int) -> str:
    return f"{value:,.{places}f}"


def line_chart_html(
    x: Sequence[float],
    lines: Sequence[Line],
    *,
    x_title: str,
    y_title: str,
    y_places: int = 2,
    x_label: Callable[[float], str] | None = None,
) -> str:
    """The chart as HTML: a legend, the SVG image, and a tooltip box a point."""
    shown_x = x_label or (lambda v: f"{v:,.0f}")
    finite = [v for line in lines for v in line.values if not math.isnan(v)]
    y_ticks = nice_ticks(min([0.0, *finite]), max([0.0, *finite])) if finite else [0.0, 1.0]
    x_low, x_high = (min(x), max(x)) if len(x) else (0.0, 1.0)
    x_ticks = [t for t in nice_ticks(x_low, x_high, 8) if x_low <= t <= x_high] or [x_low]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    x_span = (x_high - x_low) or 1.0
    y_low, y_span = y_ticks[0], (y_ticks[-1] - y_ticks[0]) or 1.0

    def px(v: float) -> float:
        return LEFT + (v - x_low) / x_span * plot_w

    def py(v: float) -> float:
        return TOP + plot_h - (v - y_low) / y_span * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">'
    ]
    tick_places = 0 if y_span >= 10 else 2
    for t in y_ticks:
        colour = "#888" if t == 0 else "#e6e6e6"
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py(t):.1f}" '
                     f'y2="{py(t):.1f}" stroke="{colour}"/>')  # fmt: skip
        parts.append(f'<text x="{LEFT - 6}" y="{py(t) + 4:.1f}" text-anchor="end" '
                     f'fill="#555">{escape(_number(t, tick_places))}</text>')  # fmt: skip
    for t in x_ticks:
        parts.append(f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{TOP + plot_h}" '
                     f'y2="{TOP + plot_h + 5}" stroke="#888"/>')  # fmt: skip
        parts.append(f'<text x="{px(t):.1f}" y="{TOP + plot_h + 18}" text-anchor="middle" '
                     f'fill="#555">{escape(shown_x(t))}</text>')  # fmt: skip
    parts.append(f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 4}" text-anchor="middle" '
                 f'fill="#333">{escape(x_title)}</text>')  # fmt: skip
    parts.append(f'<text transform="translate(14 {TOP + plot_h / 2:.0f}) rotate(-90)" '
                 f'text-anchor="middle" fill="#333">{escape(y_title)}</text>')  # fmt: skip
    for line in lines:
        runs: list[list[str]] = [[]]
        for xv, yv in zip(x, line.values, strict=True):
            if math.isnan(yv):
                runs.append([])
            else:
                runs[-1].append(f"{px(xv):.1f},{py(yv):.1f}")
        for run in runs:
            if run:
                parts.append(f'<polyline fill="none" stroke="{line.colour}" stroke-width="2" '
                             f'stroke-linejoin="round" points="{" ".join(run)}"/>')  # fmt: skip
    parts.append("</svg>")
    image = base64.b64encode("".join(parts).encode()).decode()
    legend = "".join(
        f'<span class="key"><span class="swatch" style="background:{line.colour}"></span>'
        f"{escape(line.label)}</span>"
        for line in lines
    )
    boxes = []
    for i, xv in enumerate(x):
        left = (x[i - 1] + xv) / 2 if i else xv
        right = (xv + x[i + 1]) / 2 if i + 1 < len(x) else xv
        start, end = px(left) / WIDTH * 100, px(right) / WIDTH * 100
        if i == 0:
            start -= 0.5
        if i + 1 == len(x):
            end += 0.5
        figures = [f"{x_title} {shown_x(xv)}"] + [
            f"{line.label}: "
            + ("–" if math.isnan(line.values[i]) else _number(line.values[i], y_places))
            for line in lines
        ]
        title = "&#10;".join(escape(f) for f in figures)  # a line each
        boxes.append(f'<div style="left:{start:.3f}%;width:{max(end - start, 0.05):.3f}%" '
                     f'title="{title}"></div>')  # fmt: skip
    top, height = TOP / HEIGHT * 100, (HEIGHT - TOP - BOTTOM) / HEIGHT * 100
    return (
        f"{STYLE}<div class='pokerhh-chart' data-points='{len(x)}'><div class='legend'>"
        f"{legend}</div><div class='plot'><div class='image' role='img' aria-label="
        f"'{escape(y_title)}' style='background-image:url(data:image/svg+xml;base64,{image})'>"
        f"</div><div class='tips' style='top:{top:.2f}%;height:{height:.2f}%'>"
        f"{''.join(boxes)}</div></div></div>"
    )


STYLE = """<style>
.pokerhh-chart .legend {font-size: 0.8rem; color: #333; margin-bottom: 0.2rem;}
.pokerhh-chart .key {margin-right: 1rem; white-space: nowrap;}
.pokerhh-chart .swatch {display: inline-block; width: 14px; height: 3px;
  vertical-align: middle; margin-right: 0.3rem;}
.pokerhh-chart .plot {position: relative; width: 100%; max-width: 1000px;}
.pokerhh-chart .plot .image {width: 100%; aspect-ratio: 1000 / 320;
  background-size: 100% 100%;}
.pokerhh-chart .tips {position: absolute; left: 0; right: 0;}
.pokerhh-chart .tips div {position: absolute; top: 0; bottom: 0;}
.pokerhh-chart .tips div:hover {background: rgba(0, 0, 0, 0.06);}
</style>"""
