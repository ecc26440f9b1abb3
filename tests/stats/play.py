"""Play a hand written in the test DSL and read its statistics flags.

``play`` replays the script twice: once with the whole pot taken as "rake" to learn what
the rules award, then with those amounts as the log's "collects" lines and no rake, so a
test writes only the action. Every hand played here also checks the flags' "could raise"
predicate against the engine's recorded ``LegalActions`` at each action.
"""

from __future__ import annotations

from analytics.flags import PlayerFlags, player_flags, raise_options
from replayer import replay
from replayer.result import ReplayResult
from tests.handdsl import hand

#: Six players named after their seats' positions when the button is seat 6.
SIX = [("sb", 1000), ("bb", 1000), ("utg", 1000), ("mp", 1000), ("co", 1000), ("btn", 1000)]
SIX_BUTTON = 6


def play(
    script: str,
    *,
    seats: list[tuple[str, int]] | None = None,
    button: int = SIX_BUTTON,
    game: str = "NLHE",
    stakes: tuple[int, int] = (1, 2),
    rake: int = 0,
) -> ReplayResult:
    seats = seats or SIX
    probe = replay(hand(script, seats=seats, button=button, game=game, stakes=stakes, rake=None))
    won: dict[str, int] = {}
    for pot in probe.pots:
        for name, amount in pot.winners:
            won[name] = won.get(name, 0) + amount
    collects: list[str] = []
    left = rake
    for name, amount in won.items():
        if amount:
            taken = min(left, amount)
            left -= taken
            collects.append(f"{name}: collects {amount - taken}")
    full = script + "\n" + "\n".join(collects)
    parsed = hand(full, seats=seats, button=button, game=game, stakes=stakes, rake=rake)
    result = replay(parsed, record_states=True)
    check_raise_options(result)
    return result


def check_raise_options(result: ReplayResult) -> None:
    """The flags' "could bet or raise" equals the engine's legal actions before each action."""
    states = result.states
    for index, could in raise_options(result).items():
        legal = states[index - 1].legal
        engine = legal is not None and legal.min_raise_to is not None
        assert could == engine, (result.hand.hand_id, index, result.hand.events[index], legal)


def flags(script: str, **kw: object) -> dict[str, PlayerFlags]:
    return player_flags(play(script, **kw))  # type: ignore[arg-type]


def blinds(small: int = 1, big: int = 2) -> str:
    return f"sb: posts small {small}\nbb: posts big {big}\n"
