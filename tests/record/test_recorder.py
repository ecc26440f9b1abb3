"""The Recorder offers what the engine allows at each step and refuses the rest with the
engine's rule id (issue 8, "Recording a live hand")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from analytics.recording.recorder import Phase, Recorder, RecordingError
from analytics.recording.table import SetupError
from parser.model import events as ev
from parser.model.errors import RuleViolation
from replayer.engine import replay
from tests.record.tables import cards, e6_hand, table


def test_it_offers_exactly_the_engines_legal_actions_at_every_step() -> None:
    """Every step of a scripted hand, against a plain replay of the finished hand: where
    a player is to act, the offered options are the engine's ``LegalActions`` after the
    event before; elsewhere no player action is offered."""
    # Ann small blind, Bob big blind, Cy first to act, Dee (60 chips) on the button.
    r = Recorder(table(200, 200, 200, 60, button=4))
    steps: list[Callable[[], None]] = [
        lambda: r.deal({"Dee": cards("AsAd")}),
        lambda: r.bet(6),  # Cy raises to 6
        r.call,  # Dee
        r.call,  # Ann
        r.fold,  # Bob
        lambda: r.deal_board(cards("2c7d9h")),
        r.check,  # Ann
        lambda: r.bet(20),  # Cy
        lambda: r.bet(54),  # Dee raises all-in
        r.call,  # Ann
        r.call,  # Cy
        lambda: r.deal_board(cards("Qs")),
        r.check,  # Ann
        lambda: r.bet(100),  # Cy
        r.fold,  # Ann: Cy's 100 goes back (B11)
        lambda: r.deal_board(cards("3d")),
        lambda: r.show("Dee"),
        lambda: r.show("Cy", cards("KhKd")),
    ]
    offered = []
    for step in steps:
        offered.append((len(r.events), r.options()))
        step()
    result = replay(r.hand, record_states=True)
    betting = [o.legal for _, o in offered if o.phase is Phase.BETTING]
    assert len(betting) == 12
    for index, options in offered:
        if options.phase is Phase.BETTING:
            assert options.legal == result.states[index - 1].legal
        else:
            assert options.legal is None
    # By hand: Cy faces the big blind (call 2, raise 4 to 200); Dee's range ends at his
    # 60; after Cy's bet of 20, Dee's raise is at least to 40 and at most his 54.
    cy, dee = betting[0], betting[1]
    assert cy is not None
    assert dee is not None
    assert (cy.player, cy.call_amount, cy.min_raise_to, cy.max_raise_to) == ("Cy", 2, 4, 200)
    assert (dee.player, dee.call_amount, dee.max_raise_to) == ("Dee", 6, 60)
    dee_flop = betting[6]
    assert dee_flop is not None
    assert (dee_flop.player, dee_flop.call_amount, dee_flop.min_raise_to,
            dee_flop.max_raise_to) == ("Dee", 20, 40, 54)  # fmt: skip
    assert r.finish().result is not None


def test_a_step_the_rules_forbid_is_refused_with_the_rule_and_changes_nothing() -> None:
    r = Recorder(table(200, 200, 200))
    r.deal()
    before = r.events
    with pytest.raises(RuleViolation, match="minimum") as raised:
        r.bet(3)  # Cy: a raise to 3 over the big blind of 2
    assert raised.value.rule == "B5"
    assert r.events == before
    r.call()
    r.call()
    r.check()
    r.deal_board(cards("2c7d9h"))
    r.check()
    r.deal_board(cards("Kc"))  # the turn, while Bob and Cy are still to act
    with pytest.raises(RuleViolation) as raised:
        r.check()
    assert raised.value.rule == "B4"
    assert "the turn is dealt before the betting round ended" in raised.value.message
    options = r.options()
    assert options.phase is Phase.CORRECTION
    assert options.required.startswith("[B4] the turn is dealt before")
    assert [c.kind for c in options.corrections] == ["return"]
    (back,) = options.corrections
    assert (back.place, back.rule, back.cards) == (ev.CardPlace.SET_ASIDE, "E6", cards("Kc"))


def test_e6_the_river_waits_for_the_reshuffle_and_is_dealt_without_burning() -> None:
    r = e6_hand()
    # Take the hand back to the river and try it the wrong ways.
    while not any(isinstance(e, ev.Reshuffle) for e in r.events[-1:]):
        assert r.undo()
    r.undo()  # the reshuffle too: the turn's betting is over, the river is due
    options = r.options()
    assert options.phase is Phase.BOARD
    assert not options.can_deal_board
    assert options.board_problem == "[E6] the set-aside Kc is not reshuffled back before the river"
    assert not options.can_burn  # E6: the river is dealt without burning
    with pytest.raises(RuleViolation) as raised:
        r.deal_board(cards("3d"))
    assert raised.value.rule == "E6"
    assert [c.kind for c in options.corrections if c.rule == "E6"] == ["reshuffle"]
    r.reshuffle()
    assert not r.options().can_burn
    with pytest.raises(RuleViolation, match="dealt without burning") as raised:
        r.burn()  # refused at the burn itself (issue 24), not at the river after it
    assert raised.value.rule == "E6"
    assert r.options().can_deal_board
    r.deal_board(cards("3d"))


def test_the_dealers_errors_are_offered_when_the_engine_accepts_them() -> None:
    r = Recorder(table(200, 200, 200))
    assert r.options().phase is Phase.DEAL
    # Before the deal: what the engine takes then (E1's first card, another exposed, E8).
    offered = [(c.kind, c.rule) for c in r.options().corrections]
    assert offered == [("exposed", "E1"), ("exposed", "E2"), ("misdeal", "E8")]
    r.deal()
    offered = [(c.kind, c.rule) for c in r.options().corrections]
    assert offered == [("exposed", "E1"), ("exposed", "E2"), ("extra", "E3"), ("burn", "E5"),
                       ("premature", "E5"), ("misdeal", "E8")]  # fmt: skip
    r.expose(cards("7c")[0], "Bob")
    options = r.options()
    assert options.phase is Phase.CORRECTION
    assert options.legal is None  # no betting before the exposed card is replaced (E2)
    kinds = {c.kind for c in options.corrections}
    assert "replace" in kinds
    assert "misdeal" not in kinds  # E2: one exposed card is no misdeal (issue 24)
    r.replace_card("Bob", cards("7c")[0])
    options = r.options()
    assert options.phase is Phase.BETTING
    assert "replace" not in {c.kind for c in options.corrections}
    r.call()
    assert "extra" not in {c.kind for c in r.options().corrections}  # E3: before the betting
    r.call()
    r.check()
    options = r.options()
    assert options.phase is Phase.BOARD
    assert options.burn_card == cards("7c")[0]  # E2: the exposed card is the flop's burn
    with pytest.raises(RuleViolation, match="burn card must be 7c") as raised:
        r.burn(cards("8d")[0])
    assert raised.value.rule == "E2"
    r.burn(cards("7c")[0])
    r.deal_board(cards("2c8d9h"))
    assert r.state().boards[0] == cards("2c8d9h")


def test_a_first_card_exposed_is_a_misdeal_and_the_hand_is_void() -> None:
    r = Recorder(table(200, 200, 200))
    r.deal()
    r.expose(cards("7c")[0], "Ann", first=True)
    options = r.options()
    assert options.required.startswith("[E1]")
    assert [c.kind for c in options.corrections] == ["misdeal"]
    assert options.corrections[0].rule == "E1"
    with pytest.raises(RuleViolation) as raised:
        r.call()
    assert raised.value.rule == "E1"
    r.misdeal("first card exposed")
    assert r.options().phase is Phase.VOID
    recorded = r.finish()
    assert recorded.result is None
    assert recorded.void is not None
    assert recorded.void.rule == "E1"
    assert ' d exposed 7c p1 first",' in recorded.text
    assert ' d misdeal E1 first card exposed",' in recorded.text


def test_a_time_out_checks_or_folds_as_the_engine_says() -> None:
    r = Recorder(table(200, 200, 200))
    r.deal()
    assert r.options().can_time_out
    r.time_out()  # Cy faces the big blind: he folds (B12)
    assert [type(e) for e in r.events[-2:]] == [ev.TimeOut, ev.Fold]
    r.call()
    r.time_out()  # Bob, the big blind, may check: he checks
    assert [type(e) for e in r.events[-2:]] == [ev.TimeOut, ev.Check]
    assert r.undo()
    assert r.options().legal is not None
    assert r.options().legal.player == "Bob"


def test_the_uncalled_bet_goes_back_and_the_saved_text_replays_the_same() -> None:
    r = Recorder(table(100, 100, 100))
    r.deal()
    r.bet(10)
    r.fold()
    r.fold()
    assert r.events[-1] == ev.UncalledBetReturned(player="Cy", amount=8)
    assert r.options().phase is Phase.OVER
    assert r.options().can_finish
    recorded = r.finish()
    assert recorded.result is not None
    assert {p.name: p.net for p in recorded.result.players} == {"Ann": -1, "Bob": -2, "Cy": 3}


def test_heads_up_the_button_posts_the_small_blind() -> None:
    r = Recorder(table(50, 80, button=2))
    assert r.events == (
        ev.PostBlind(player="Bob", amount=1, blind=ev.Blind.SMALL),
        ev.PostBlind(player="Ann", amount=2, blind=ev.Blind.BIG),
    )
    r.deal({"p1": cards("AhAd"), "p2": cards("KsKd")})
    r.bet(80)  # Bob, all-in for 80, more than Ann's 50
    r.call()  # Ann all-in for 48 more
    assert r.events[-1] == ev.UncalledBetReturned(player="Bob", amount=30)
    for board in ("2c7d9h", "3s", "4c"):
        assert r.options().phase is Phase.BOARD
        r.deal_board(cards(board))
    recorded = r.finish()
    assert recorded.result is not None
    assert {p.name: p.final_stack for p in recorded.result.players} == {"Ann": 100, "Bob": 30}


def test_undo_takes_back_one_step_and_never_the_blinds() -> None:
    r = Recorder(table(200, 200, 200))
    blinds = r.events
    r.deal()
    r.call()
    assert r.undo()
    assert r.options().legal is not None
    assert r.options().legal.player == "Cy"
    assert r.undo()
    assert not r.undo()
    assert r.events == blinds


def test_a_hand_not_over_does_not_finish() -> None:
    r = Recorder(table(200, 200, 200))
    r.deal()
    options = r.options()
    assert not options.can_finish
    with pytest.raises(Exception, match="still to act"):
        r.finish()


def test_setup_and_recording_mistakes_say_what_is_wrong() -> None:
    with pytest.raises(SetupError, match="2 to 10 players"):
        Recorder(table(200))
    with pytest.raises(SetupError, match="button"):
        Recorder(table(200, 200, button=5))
    with pytest.raises(SetupError, match="cannot record 'FL7S'"):
        Recorder(table(200, 200, game="FL7S"))
    r = Recorder(table(200, 200, 200))
    with pytest.raises(RecordingError, match=r"\[D7\] Ann is given 3 cards"):
        r.deal({"Ann": cards("AhKhQh")})
    with pytest.raises(RecordingError, match="no player 'Zed'"):
        r.deal({"Zed": cards("AhKh")})
    r.deal()
    with pytest.raises(RecordingError, match="Ann has nothing to show"):
        r.show("Ann", cards("AhKh"))
    r.call()  # Cy
    r.call()  # Ann
    r.call()  # Bob owes nothing: "c" is a check, as PHH's cc
    assert r.events[-1] == ev.Check(player="Bob")


def test_e5_a_burn_before_the_betting_ended_is_offered_and_stays() -> None:
    """Issue 24: the dealer burns and turns the flop too early; the burn stays, the new
    flop comes after the reshuffle without another burn."""
    r = Recorder(table(200, 200, 200))
    r.deal()
    r.call()  # Cy; Ann and Bob still to act
    assert "burn" in {c.kind for c in r.options().corrections}
    r.burn(cards("8c")[0])
    options = r.options()
    assert options.phase is Phase.CORRECTION
    assert options.required.startswith("[D5]")
    assert [c.kind for c in options.corrections] == ["premature"]
    r.deal_board(cards("4s5s6s"))
    r.return_board()
    r.reshuffle()
    r.call()
    r.check()
    options = r.options()
    assert options.phase is Phase.BOARD
    assert not options.can_burn  # E5: the new flop without burning
    assert options.can_deal_board
    with pytest.raises(RuleViolation) as raised:
        r.deal_board(cards("8c7d9h"))  # the burn card stays out of play
    assert raised.value.rule == "E5"
    r.deal_board(cards("2c7d9h"))
