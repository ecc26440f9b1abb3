"""A tiny script language for building hands in engine tests, independent of the parser.

    A: posts small 1 | A: posts big 2 | A: posts ante 1 | A: posts straddle 4
    A: dealt Ah Kh | A: folds | A: checks | A: calls 2 | A: bets 4 | A: raises to 8
    (append "all-in" to a post, call, bet or raise) | flop 9c Kc 3h | turn 5s | river 9d
    run2 river 2d | showdown | A: shows Qs 9h | A: mucks | A: returned 4 | A: collects 26
    cancelled

Stud and draw: ``street fourth`` (a round without board cards) | ``A: dealt 3d Th | As``
(down cards, then up cards after ``|``; ``A: dealt | Qc`` for an up card alone) |
``A: brings in 1`` | ``A: completes 4`` (to 4 in total) | ``A: draws 2`` (or
``A: draws 2 7h Th``, the cards thrown) | ``A: stands pat``. Stud hands have no button.

Names are single words; amounts are integers in the smallest unit.
"""

from __future__ import annotations

from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary


def _event(line: str, number: int) -> ev.Event:
    words = line.split()
    all_in = words[-1] == "all-in"
    if all_in:
        words = words[:-1]
    if words[0] in ("flop", "turn", "river"):
        return ev.DealBoard(street=words[0], cards=parse_cards(" ".join(words[1:])), line=number)
    if words[0].startswith("run"):
        run = int(words[0][3:])
        return ev.DealBoard(
            street=words[1], cards=parse_cards(" ".join(words[2:])), run=run, line=number
        )
    if words[0] == "street":
        return ev.StreetStart(street=words[1], line=number)
    if words[0] == "showdown":
        return ev.ShowdownStart(line=number)
    if words[0] == "cancelled":
        return ev.HandCancelled(line=number)
    player = words[0].rstrip(":")
    verb, rest = words[1], words[2:]
    if verb == "posts":
        kind, amount = rest[0], int(rest[1])
        if kind == "ante":
            return ev.PostAnte(player=player, amount=amount, all_in=all_in, line=number)
        return ev.PostBlind(
            player=player, amount=amount, blind=ev.Blind(kind), all_in=all_in, line=number
        )
    simple = {"folds": ev.Fold, "checks": ev.Check}
    if verb in simple:
        return simple[verb](player=player, line=number)
    if verb == "calls":
        return ev.Call(player=player, amount=int(rest[0]), all_in=all_in, line=number)
    if verb == "bets":
        return ev.Bet(player=player, amount=int(rest[0]), all_in=all_in, line=number)
    if verb == "raises":
        return ev.RaiseTo(player=player, amount=int(rest[1]), all_in=all_in, line=number)
    if verb == "dealt":
        down, _, up = " ".join(rest).partition("|")
        return ev.DealHole(
            player=player, cards=parse_cards(down.strip()), up=parse_cards(up.strip()), line=number
        )
    if verb == "brings":
        return ev.BringIn(player=player, amount=int(rest[1]), all_in=all_in, line=number)
    if verb == "completes":
        return ev.Complete(player=player, amount=int(rest[0]), all_in=all_in, line=number)
    if verb == "draws":
        thrown = parse_cards(" ".join(rest[1:]))
        return ev.Draw(player=player, count=int(rest[0]), discarded=thrown, line=number)
    if verb == "stands":
        return ev.Draw(player=player, count=0, line=number)
    if verb == "shows":
        return ev.Show(player=player, cards=parse_cards(" ".join(rest)), line=number)
    if verb == "mucks":
        return ev.Muck(player=player, line=number)
    if verb == "returned":
        return ev.UncalledBetReturned(player=player, amount=int(rest[0]), line=number)
    if verb == "collects":
        return ev.Collect(player=player, amount=int(rest[0]), line=number)
    raise ValueError(f"handdsl: cannot read {line!r}")


def hand(
    script: str,
    *,
    seats: list[tuple[str, int]],
    button: int | None,
    game: str = "NLHE",
    stakes: tuple[int, int] = (1, 2),
    total_pot: int | None = None,
    rake: int | None = 0,
    hand_id: str = "T1",
) -> ParsedHand:
    """Seats are numbered 1.. in the order given; ``button`` is a seat number."""
    lines = [s.strip() for s in script.strip().splitlines() if s.strip()]
    events = tuple(_event(line, number) for number, line in enumerate(lines, start=1))
    return ParsedHand(
        site="Test",
        hand_id=hand_id,
        game=game,
        game_name=game,
        stakes=Stakes(small=stakes[0], big=stakes[1]),
        currency="CHIPS",
        unit=1,
        button_seat=button,
        seats=tuple(
            Seat(seat=i, name=name, stack=stack) for i, (name, stack) in enumerate(seats, start=1)
        ),
        events=events,
        summary=Summary(total_pot=total_pot, rake=rake),
        source=Source(path="test.txt", first_line=1, text=script),
    )
