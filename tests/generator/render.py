"""A generated hand written as PokerStars text, every player's cards shown ("Dealt to").

The lines are PokerStars' own (the corpus's files are the reference); the parser reads them
back, so generate → render → parse → replay must give the generator's result.
"""

from __future__ import annotations

from parser.model import events as ev
from parser.model.cards import Card
from parser.model.games import GAME_SPECS, Forced
from parser.model.hand import ParsedHand

_BOARD_TITLES = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
_STUD_TITLES = {"fourth": "4th STREET", "fifth": "5th STREET", "sixth": "6th STREET",
                "seventh": "RIVER"}  # fmt: skip
_DRAW_TITLES = {"first_draw": "FIRST DRAW", "second_draw": "SECOND DRAW",
                "third_draw": "THIRD DRAW"}  # fmt: skip
_SPLIT = {1: "FIRST", 2: "SECOND"}


def money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(c.text for c in cards)


def pokerstars_text(hand: ParsedHand) -> str:
    spec = GAME_SPECS[hand.game]
    stud = spec.forced is Forced.BRING_IN
    stakes = hand.stakes
    lines = [
        f"PokerStars Hand #{hand.hand_id}:  {spec.name} "
        f"({money(stakes.small)}/{money(stakes.big)} USD) - 2026/01/02 12:00:00 ET",
        f"Table '{hand.table}' {hand.max_seats}-max"
        + ("" if stud else f" Seat #{hand.button_seat} is the button"),
    ]
    lines += [f"Seat {s.seat}: {s.name} ({money(s.stack)} in chips)" for s in hand.seats]
    held: dict[str, list[Card]] = {}
    boards: dict[int, list[Card]] = {}
    dealt_marker = False

    def marker() -> None:
        nonlocal dealt_marker
        if not dealt_marker:
            dealt_marker = True
            if stud:
                lines.append("*** 3rd STREET ***")
            elif any(s.draw for s in spec.streets):
                lines.append("*** DEALING HANDS ***")
            else:
                lines.append("*** HOLE CARDS ***")

    for event in hand.events:
        all_in = " and is all-in" if getattr(event, "all_in", False) else ""
        match event:
            case ev.PostAnte(player=p, amount=a):
                lines.append(f"{p}: posts the ante {money(a)}{all_in}")
            case ev.PostBlind(player=p, amount=a, blind=b):
                kind = "small blind" if b is ev.Blind.SMALL else "big blind"
                lines.append(f"{p}: posts {kind} {money(a)}{all_in}")
            case ev.DealHole(player=p, cards=down, up=up):
                marker()
                before = list(held.get(p, []))
                held[p] = before + list(down) + list(up)
                if before:
                    lines.append(f"Dealt to {p} [{_cards(before)}] [{_cards(down + up)}]")
                else:
                    lines.append(f"Dealt to {p} [{_cards(down + up)}]")
            case ev.BringIn(player=p, amount=a):
                lines.append(f"{p}: brings in for {money(a)}{all_in}")
            case ev.Complete(player=p, amount=a):
                lines.append(f"{p}: completes it to {money(a)}{all_in}")
            case ev.Fold(player=p):
                lines.append(f"{p}: folds")
            case ev.Check(player=p):
                lines.append(f"{p}: checks")
            case ev.Call(player=p, amount=a):
                lines.append(f"{p}: calls {money(a)}{all_in}")
            case ev.Bet(player=p, amount=a):
                lines.append(f"{p}: bets {money(a)}{all_in}")
            case ev.RaiseTo(player=p, amount=a):
                by = money(a - _current(hand, event))
                lines.append(f"{p}: raises {by} to {money(a)}{all_in}")
            case ev.DealBoard(street=street, cards=cards, run=run):
                if street == spec.streets[0].name:  # Courchevel's first flop card
                    lines.append(f"*** PRE-FLOP *** [{_cards(cards)}]")
                    boards.setdefault(run, []).extend(cards)
                    continue
                if stud:  # S7: the community card
                    lines.append(f"*** RIVER *** [{_cards(cards)}]")
                    boards.setdefault(run, []).extend(cards)
                    continue
                board = boards.setdefault(run, [])
                title = _BOARD_TITLES[street]
                if spec.boards > 1:
                    title = f"{_SPLIT[run]} {title}"
                if street == "flop":
                    board.extend(cards)
                    lines.append(f"*** {title} *** [{_cards(board)}]")
                else:
                    lines.append(f"*** {title} *** [{_cards(board)}] [{_cards(cards)}]")
                    board.extend(cards)
            case ev.StreetStart(street=street):
                title = _STUD_TITLES.get(street) or _DRAW_TITLES[street]
                lines.append(f"*** {title} ***")
            case ev.Draw(player=p, count=count, discarded=thrown, drawn=drawn):
                if not count:
                    lines.append(f"{p}: stands pat")
                    continue
                word = "card" if count == 1 else "cards"
                lines.append(f"{p}: discards {count} {word} [{_cards(thrown)}]")
                kept = [c for c in held[p] if c not in thrown]
                held[p] = kept + list(drawn)
                lines.append(f"Dealt to {p} [{_cards(kept)}] [{_cards(drawn)}]")
            case ev.UncalledBetReturned(player=p, amount=a):
                lines.append(f"Uncalled bet ({money(a)}) returned to {p}")
            case ev.ShowdownStart():
                title = "SHOW DOWN" if spec.boards == 1 else "FIRST SHOW DOWN"
                lines.append(f"*** {title} ***")
            case ev.Show(player=p, cards=cards):
                lines.append(f"{p}: shows [{_cards(cards)}]")
            case ev.Collect(player=p, amount=a):
                lines.append(f"{p} collected {money(a)} from pot")
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {money(hand.summary.total_pot or 0)} | Rake {money(0)}")
    if boards and not stud:
        for run, board in sorted(boards.items()):
            label = f"{_SPLIT[run]} Board" if spec.boards > 1 else "Board"
            lines.append(f"{label} [{_cards(board)}]")
    return "\n".join(lines) + "\n\n\n"


def _current(hand: ParsedHand, raise_event: ev.RaiseTo) -> int:
    """The bet a raise is made over, for the "raises X to Y" increment (checked as a note
    only, so the simplest honest figure is enough: replay the round's bets up to it)."""
    spec = GAME_SPECS[hand.game]
    current = 0
    street = spec.streets[0].name
    for event in hand.events:
        if event is raise_event:
            return current
        if isinstance(event, ev.DealBoard | ev.StreetStart) and event.street != street:
            street, current = event.street, 0
        elif isinstance(event, ev.PostBlind | ev.BringIn | ev.Complete | ev.RaiseTo | ev.Bet):
            current = max(current, event.amount)
    return current
