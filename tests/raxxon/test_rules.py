"""The seed's clauses, one test each, on hand-built tables (see tests/raxxon/tables.py)."""

from __future__ import annotations

from wasteland.core.game import Outcome
from wasteland.core.records import replace
from wasteland.raxxon import GAME, apply, legal_actions, max_decisions, new_game, outcome
from wasteland.raxxon.actions import ACT, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN, Place
from wasteland.raxxon.cards import ADD, CALM, END_DAY, FLIP, HOSTILE_BACK, INFECT, POWER, RAXXON
from wasteland.raxxon.crowd import ADJACENT, MIDDLE, placements
from wasteland.raxxon.rules import DECISION_LIMIT, settle
from wasteland.raxxon.state import (
    Ask, Phase, State,
    CHOOSE, EMPTY, K_OPTION, K_PLACE, START, Added, DayBegan, Evacuated, Flipped, Icon, Infected, Killed,
    PowerChanged, RaxxonDrawn, Spread,
)

from tests.support import assert_illegal
from tests.raxxon.tables import (
    CARRIER, CELEBRITY, CHAOTIC, FAMILY, HOSTILE, INNOCENT, VOLATILE, asked, cell, table,
)


def _asked(state: State) -> Ask:
    ask = asked(state)
    assert ask is not None
    return ask


def _over(state: State) -> Outcome:
    result = outcome(state)
    assert result is not None
    return result


def _frame(row: int, column: int) -> int:
    """A crowd cell's number in the 8 x 8 frame of Place."""
    return (row + 1) * 8 + column + 1


def _effects(state: State, *codes: int) -> State:
    """``state`` with ``codes`` resolved in order (the first on top of the stack)."""
    from wasteland.core.records import replace

    return settle(replace(state, stack=tuple(Icon(c) for c in reversed(codes))))


# -- proximity -------------------------------------------------------------------------------------

def test_adjacency_is_orthogonal_and_a_gap_breaks_it() -> None:
    assert set(ADJACENT[cell(1, 1)]) == {cell(0, 1), cell(2, 1), cell(1, 0), cell(1, 2)}
    state = table(crowd={cell(1, 1): HOSTILE[0], cell(1, 2): INNOCENT[0], cell(2, 2): FAMILY[0],
                         cell(1, 4): CELEBRITY[0], cell(0, 0): INNOCENT[1]},
                  up=(HOSTILE[0], INNOCENT[0], FAMILY[0], CELEBRITY[0], INNOCENT[1]))
    state = apply(state, ACT[2])  # Thomas Heart's Carry Out: a card and the face-up healthy beside it
    assert asked(state) is not None
    state = apply(state, TARGET[cell(1, 1)])
    assert set(state.evacuated) == {HOSTILE[0], INNOCENT[0]}  # not the diagonal ones, not across the gap
    assert state.crowd[cell(2, 2)] == FAMILY[0] and state.crowd[cell(1, 4)] == CELEBRITY[0]
    assert state.crowd[cell(0, 0)] == INNOCENT[1]


# -- add a card to the crowd -----------------------------------------------------------------------

def test_added_card_goes_beside_as_many_cards_as_possible() -> None:
    crowd = {cell(2, c): HOSTILE[c] for c in range(3)} | {cell(1, 0): HOSTILE[5]}
    state = table(crowd=crowd)
    assert placements(state.crowd) == [_frame(1, 1)]  # beside two cards


def test_added_card_never_makes_the_crowd_wider_or_taller_than_6() -> None:
    row = {cell(2, c): HOSTILE[c] for c in range(6)}  # six wide
    options = placements(table(crowd=row).crowd)
    assert options and all(1 <= f % 8 <= 6 for f in options)
    column = {cell(r, 0): HOSTILE[r] for r in range(6)}  # six tall
    options = placements(table(crowd=column).crowd)
    assert options and all(1 <= f // 8 <= 6 for f in options)
    full = {c: i for i, c in enumerate(range(36))}
    assert placements(table(crowd=full, supply=(), draw=range(36, 60)).crowd) == []


def test_a_card_added_beside_the_frame_shifts_the_crowd_back_inside() -> None:
    state = table(crowd={cell(0, 0): HOSTILE[0]}, draw=[INNOCENT[0]], seen=(frozenset({cell(0, 0)}),))
    state = _effects(state, ADD)
    assert _asked(state).kind == K_PLACE
    assert {_frame(-1, 0), _frame(0, -1), _frame(1, 0), _frame(0, 1)} == set(placements(state.crowd))
    state = apply(state, Place(_frame(-1, 0)))
    assert state.crowd[cell(0, 0)] == INNOCENT[0] and state.crowd[cell(1, 0)] == HOSTILE[0]
    assert state.seen[0] == frozenset({cell(1, 0)}), "what was seen moves with its card"
    assert Added(cell(0, 0)) in state.events


def test_a_card_added_to_an_empty_crowd_goes_in_the_middle() -> None:
    state = _effects(table(draw=[INNOCENT[0], INNOCENT[1]]), ADD)
    assert placements(table().crowd) == [MIDDLE]
    assert state.crowd[cell(2, 2)] == INNOCENT[0] and INNOCENT[0] not in state.face_up


def test_adding_reshuffles_the_discard_when_the_draw_pile_is_empty_and_does_nothing_when_both_are() -> None:
    state = _effects(table(draw=[], discard=[INNOCENT[0]]), ADD)
    assert state.crowd[cell(2, 2)] == INNOCENT[0] and state.discard == ()
    state = _effects(table(draw=[]), ADD)
    assert all(c == EMPTY for c in state.crowd) and Added(-1) in state.events


# -- flip and "when flipped" -------------------------------------------------------------------------

def test_when_flipped_resolves_only_the_exact_count() -> None:
    state = _effects(table(crowd={cell(1, 0): CARRIER[0], cell(1, 1): CARRIER[1]}, up=CARRIER[:1], raxxon=[15]),
                     FLIP)
    flipped = next(e for e in state.events if type(e) is Flipped)
    assert flipped.count == 2 and flipped.fired == (RAXXON,)
    assert RaxxonDrawn(15, True) in state.events
    three = _effects(table(crowd={cell(1, c): CARRIER[c] for c in range(3)}, up=CARRIER[:2]), FLIP)
    assert next(e for e in three.events if type(e) is Flipped).fired == (END_DAY,)
    assert three.day == 2, "3 face-up Carriers end the day at once"
    four = _effects(table(crowd={cell(1, c): CARRIER[c] for c in range(4)}, up=CARRIER[:3]), FLIP)
    assert next(e for e in four.events if type(e) is Flipped).fired == () and four.day == 1


def test_flip_with_every_card_face_up_does_nothing() -> None:
    state = table(crowd={cell(1, 1): HOSTILE[0]}, up=(HOSTILE[0],))
    after = _effects(state, FLIP)
    assert after.face_up == state.face_up and not any(type(e) is Flipped for e in after.events)


def test_flip_with_a_choice_asks_the_active_player() -> None:
    state = _effects(table(crowd={cell(1, 1): HOSTILE[0], cell(1, 2): HOSTILE[1]}), FLIP)
    assert set(legal_actions(state)) == {TARGET[cell(1, 1)], TARGET[cell(1, 2)]}
    state = apply(state, TARGET[cell(1, 2)])
    assert state.face_up == {HOSTILE[1]}


# -- icons ---------------------------------------------------------------------------------------

def test_kill_resolves_the_when_killed_effect_face_down_too() -> None:
    state = table(players=4, crowd={cell(1, 1): CELEBRITY[0], cell(1, 2): HOSTILE[0]},
                  characters=("vance", "heart", "wolfe", "okafor"))
    state = apply(state, ACT[1])  # Sgt. Vance's Air Strike: a row
    state = apply(state, LINE[1]) if asked(state) else state
    assert set(state.discard) == {CELEBRITY[0], HOSTILE[0]}
    assert state.power == 2, "a Celebrity killed face down feeds Raxxon twice"
    assert Killed(CELEBRITY[0], (POWER, POWER)) in state.events


def test_infection_rate_moves_the_top_of_the_supply_face_up_to_the_discard() -> None:
    state = _effects(table(supply=(VOLATILE[5], VOLATILE[6])), INFECT)
    assert state.supply == (VOLATILE[6],) and state.discard == (VOLATILE[5],)
    assert Infected(VOLATILE[5]) in state.events


def test_hostile_back_moves_a_hostile_from_evacuation_to_the_discard() -> None:
    state = _effects(table(evacuated=(HOSTILE[0], INNOCENT[0])), HOSTILE_BACK)
    assert state.evacuated == (INNOCENT[0],) and state.discard == (HOSTILE[0],)


def test_raxxon_card_untriggered_goes_to_the_untriggered_pile() -> None:
    state = _effects(table(raxxon=[13]), RAXXON)  # Roadblock: 3+ evacuated, none here
    assert state.untriggered == (13,) and RaxxonDrawn(13, False) in state.events


def test_raxxon_card_with_options_is_chosen_by_the_active_player_then_filed_triggered() -> None:
    state = _effects(table(raxxon=[2]), RAXXON)  # Raxxon's Cover-Up: deny (power) or leak (infect, reshuffle)
    assert _asked(state).kind == K_OPTION and state.reading == (2,)
    assert legal_actions(state) == (OPTION[0], OPTION[1])
    after = apply(state, OPTION[0])
    assert after.power == 1 and after.triggered == (2,) and after.reading == ()


def test_a_raxxon_card_may_reshuffle_the_untriggered_pile() -> None:
    state = table(raxxon=[13, 1])  # Roadblock (untriggered), then Quiet Fix: reshuffle
    state = _effects(state, RAXXON, RAXXON)
    assert state.untriggered == () and 13 in state.raxxon_draw and state.triggered == (1,)


def test_power_and_calm() -> None:
    assert _effects(table(power=3), POWER).power == 4
    assert _effects(table(power=3), CALM).power == 2
    assert _effects(table(power=0), CALM).power == 0


# -- a turn ----------------------------------------------------------------------------------------

def test_consequences_trigger_top_to_bottom_and_left_to_right() -> None:
    # Dr. Okafor, 1-2 players: Sedate [- | - | - | add | power], Escort [- | - | - | flip | raxxon]
    state = table(characters=("okafor",), tokens=((0, 5, 5),), draw=[INNOCENT[0]], raxxon=[15],
                  supply=(VOLATILE[5], VOLATILE[6]))
    assert legal_actions(state) == (TURN, PASS)
    state = apply(state, TURN)
    kinds = [type(e).__name__ for e in state.events]
    assert kinds == ["Added", "PowerChanged", "Flipped", "RaxxonDrawn", "PowerChanged"]
    assert state.power == 0, "Sedate's power +1, then the Raxxon card's calm"
    assert state.stage == CHOOSE and PASS not in legal_actions(state)


def test_investigate_needs_no_token_and_an_action_takes_the_leftmost_empty_slot() -> None:
    state = table(crowd={cell(1, 1): HOSTILE[0], cell(1, 2): HOSTILE[1], cell(2, 2): HOSTILE[2]})
    state = apply(state, ACT[0])  # Heart investigates: look at 2
    state = apply(state, TARGET[cell(1, 1)])
    assert state.tokens == ((0, 0, 0),)
    state = apply(state, TARGET[cell(1, 2)]) if asked(state) else state
    assert state.seen[0] == {cell(1, 1), cell(1, 2)}
    assert state.stage == START and state.active == 0
    assert TURN not in legal_actions(state), "no token: nothing to trigger, the action comes at once"
    state = apply(state, ACT[1])  # Evacuate: its first slot
    assert state.tokens == ((1, 0, 0),)


def test_a_full_action_is_not_available() -> None:
    state = table(crowd={cell(1, 1): HOSTILE[0]}, tokens=((5, 0, 0),), stage=CHOOSE)
    assert ACT[1] not in legal_actions(state) and ACT[0] in legal_actions(state)


def test_a_pass_lasts_the_day_and_turns_go_clockwise() -> None:
    state = table(players=3, crowd={cell(1, 1): HOSTILE[0]})
    state = apply(state, PASS)
    assert state.active == 1 and state.passed == {0}
    state = apply(state, ACT[0])  # look
    assert state.active == 2
    state = apply(state, PASS)
    assert state.active == 1, "player 0 passed: skipped for the rest of the day"
    state = apply(state, PASS)
    assert state.day == 2 and state.first == 2, "the player left of the last active player starts"


def test_the_optional_effect_declined_draws_no_raxxon_card() -> None:
    crowd = {cell(1, 1): INNOCENT[0], cell(1, 2): INNOCENT[1]}
    state = apply(table(crowd=crowd, up=INNOCENT[:2]), ACT[1])  # Heart: Evacuate, optional +1
    state = apply(state, TARGET[cell(1, 1)])
    assert legal_actions(state) == (TAKE, DECLINE)
    declined = apply(state, DECLINE)
    assert len(declined.raxxon_draw) == 40 and declined.evacuated == (INNOCENT[0],)
    taken = apply(state, TAKE)
    assert set(taken.evacuated) == {INNOCENT[0], INNOCENT[1]}
    assert len(taken.raxxon_draw) == 39, "the Raxxon card comes after the action"
    drawn = [i for i, e in enumerate(taken.events) if type(e) is RaxxonDrawn]
    evacuated = [i for i, e in enumerate(taken.events) if type(e) is Evacuated]
    assert drawn and drawn[0] > max(evacuated)


def test_evacuating_a_face_down_infected_card_raises_the_infection_rate() -> None:
    state = apply(table(crowd={cell(1, 1): CARRIER[0], cell(1, 2): HOSTILE[0]}), ACT[1])
    state = apply(state, TARGET[cell(1, 1)])
    assert Evacuated(CARRIER[0], True) in state.events
    assert CARRIER[0] in state.discard and state.evacuated == ()
    assert len(state.supply) == 4, "the infection rate rose once"
    assert legal_actions(state) == (TAKE, DECLINE)


# -- the end of the day ----------------------------------------------------------------------------

def test_end_of_day_with_5_infected_spreads_4_times() -> None:
    crowd = {cell(1, c): CARRIER[c] for c in range(3)} | {cell(2, c): HOSTILE[c] for c in range(3)}
    state = table(crowd=crowd, uncontained=(CHAOTIC[0], CHAOTIC[1], INNOCENT[0]), contained=(CHAOTIC[2],),
                  tokens=((1, 0, 0),), supply=VOLATILE, stage=START)
    state = apply(state, PASS)
    assert Spread(5, 4) in state.events
    assert len(state.supply) == 6 and set(VOLATILE[:4]) <= set(state.draw) | set(state.crowd)
    assert state.uncontained == (CHAOTIC[2],) and state.contained == ()
    assert state.tokens == ((0, 0, 0),) and state.day == 2 and state.face_up == frozenset()
    assert CHAOTIC[0] not in state.uncontained and state.discard == ()
    assert any(type(e) is DayBegan for e in state.events)


def test_the_quarantine_cycle_contained_then_uncontained_then_the_population() -> None:
    state = table(crowd={cell(1, 1): CARRIER[0], cell(1, 2): HOSTILE[0]}, up=(CARRIER[0],),
                  characters=("okafor",))
    state = apply(state, ACT[1])  # Test: quarantine 1 card (optional +1)
    state = apply(state, TARGET[cell(1, 1)])
    state = apply(state, DECLINE) if asked(state) else state
    assert state.contained == (CARRIER[0],)
    state = apply(state, PASS)  # day 1 ends: the Carrier was contained, it did not spread
    assert Spread(0, 0) in state.events and state.uncontained == (CARRIER[0],)
    for _ in range(3):
        state = apply(state, PASS) if PASS in legal_actions(state) else state
        if state.day == 3:
            break
    assert state.day == 3 and CARRIER[0] not in state.uncontained
    spread = next(e for e in state.events if type(e) is Spread)
    assert spread.infected >= 1, "the uncontained Carrier counted in day 2's spread"


def test_the_crowd_is_dealt_by_player_count_in_successive_rows_when_short() -> None:
    from wasteland.raxxon import new_game

    for players, cards in ((1, 9), (2, 9), (3, 12), (4, 16)):
        state = new_game(3, players=players)
        assert sum(1 for c in state.crowd if c != EMPTY) == cards
    short = settle(table(draw=[INNOCENT[0], INNOCENT[1], INNOCENT[2], INNOCENT[0] - 1, HOSTILE[0]],
                         crowd={}, stage=START))
    state = apply(short, PASS)
    dealt = [c for c in range(36) if state.crowd[c] != EMPTY]
    assert dealt == [cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 2)]


# -- the endings -----------------------------------------------------------------------------------

def test_evacuating_the_last_healthy_card_wins_at_once() -> None:
    healthy = list(range(30))
    state = table(crowd={cell(1, 1): INNOCENT[0]}, up=(INNOCENT[0],),
                  evacuated=[c for c in healthy if c != INNOCENT[0]])
    state = apply(state, ACT[1])
    state = apply(state, TARGET[cell(1, 1)]) if asked(state) else state
    result = outcome(state)
    assert result is not None and result.code == "evacuated" and result.winners == {0}
    assert legal_actions(state) == ()


def test_an_empty_infection_supply_when_one_is_needed_loses() -> None:
    state = _effects(table(supply=()), INFECT)
    assert _over(state).code == "infection" and not _over(state).winners
    assert outcome(table(supply=())) is None, "an empty supply alone does not lose"


def test_raxxon_power_8_loses() -> None:
    state = _effects(table(power=7), POWER, ADD)
    assert _over(state).code == "power" and state.power == 8
    assert state.stack == (), "nothing resolves after the end"
    assert PowerChanged(8) in state.events


# -- the Raxxon cards' text effects ------------------------------------------------------------------

def test_release_makes_the_contained_quarantine_uncontained() -> None:
    from wasteland.raxxon.cards import RELEASE

    state = _effects(table(contained=(CARRIER[0],), uncontained=(CARRIER[1],)), RELEASE)
    assert state.contained == () and state.uncontained == (CARRIER[1], CARRIER[0])


def test_hide_hostiles_turns_them_face_down_and_every_seat_keeps_knowing_them() -> None:
    from wasteland.raxxon.cards import HIDE_HOSTILES
    from wasteland.raxxon.view import view

    state = table(players=2, crowd={cell(1, 1): HOSTILE[0], cell(1, 2): INNOCENT[0]}, up=(HOSTILE[0], INNOCENT[0]))
    state = _effects(state, HIDE_HOSTILES)
    assert state.face_up == {INNOCENT[0]}
    assert all(cell(1, 1) in seen for seen in state.seen)
    assert view(state, 1).crowd[cell(1, 1)] == HOSTILE[0]


def test_kill_up_and_evac_up_take_a_face_up_card_of_the_active_player_s_choice() -> None:
    from wasteland.raxxon.cards import EVAC_UP, KILL_UP

    crowd = {cell(1, 1): CARRIER[0], cell(1, 2): INNOCENT[0], cell(2, 2): HOSTILE[0], cell(2, 1): INNOCENT[1]}
    state = table(crowd=crowd, up=(CARRIER[0], INNOCENT[0], HOSTILE[0]))
    killing = _effects(state, KILL_UP)
    assert set(legal_actions(killing)) == {TARGET[cell(1, 1)], TARGET[cell(1, 2)], TARGET[cell(2, 2)]}
    assert apply(killing, TARGET[cell(1, 1)]).discard == (CARRIER[0],)
    evacuating = _effects(state, EVAC_UP)
    assert set(legal_actions(evacuating)) == {TARGET[cell(1, 2)], TARGET[cell(2, 2)]}
    assert apply(evacuating, TARGET[cell(2, 2)]).evacuated == (HOSTILE[0],)


def test_an_end_of_day_icon_drops_what_was_left_and_files_the_card_being_read() -> None:
    state = table(raxxon=[17], crowd={cell(r, c): HOSTILE[r * 3 + c] for r in range(3) for c in range(3)},
                  supply=VOLATILE)  # Overcrowding: 8+ face down: disperse (end of day) or endure
    state = _effects(state, RAXXON, ADD, ADD)
    assert _asked(state).kind == K_OPTION
    state = apply(state, OPTION[0])
    assert state.day == 2 and state.triggered == (17,) and state.reading == ()
    assert not any(type(e) is Added for e in state.events), "the two adds were dropped"


def test_swap_moves_what_players_have_seen_with_the_cards() -> None:
    state = table(characters=("vance",), crowd={cell(1, 1): HOSTILE[0], cell(1, 2): CARRIER[0],
                                               cell(3, 3): INNOCENT[0]}, seen=(frozenset({cell(1, 1)}),))
    state = apply(state, ACT[2])  # Crowd Control: swap two adjacent cards
    state = apply(state, TARGET[cell(1, 1)]) if _asked(state).kind == 10 else state
    state = apply(state, DECLINE) if asked(state) else state
    assert state.crowd[cell(1, 2)] == HOSTILE[0] and state.crowd[cell(1, 1)] == CARRIER[0]
    assert state.seen == (frozenset({cell(1, 2)}),)


def test_the_placer_chooses_among_the_best_cells() -> None:
    state = _effects(table(crowd={cell(2, 2): HOSTILE[0]}, draw=[INNOCENT[0]]), ADD)
    assert set(legal_actions(state)) == {PLACE[_frame(1, 2)], PLACE[_frame(3, 2)], PLACE[_frame(2, 1)],
                                          PLACE[_frame(2, 3)]}
    state = apply(state, PLACE[_frame(3, 2)])
    assert state.crowd[cell(3, 2)] == INNOCENT[0]


# -- every turn does something; the decision limit (design) ----------------------------------------

def test_investigate_is_offered_only_while_a_face_down_card_is_left_to_look_at() -> None:
    """Design: with every face-down card looked at (or none face down), Investigate would do
    nothing, so it is not offered; the actions with an empty slot still are."""
    crowd = {cell(1, 1): HOSTILE[0], cell(1, 2): HOSTILE[1]}
    fresh = table(crowd=crowd)
    assert ACT[0] in legal_actions(fresh)
    looked = table(crowd=crowd, seen=(frozenset({cell(1, 1), cell(1, 2)}),))
    assert ACT[0] not in legal_actions(looked) and ACT[1] in legal_actions(looked)
    assert_illegal(GAME, looked, ACT[0], "has no empty token slot")
    face_up = table(crowd=crowd, up=(HOSTILE[0], HOSTILE[1]))
    assert ACT[0] not in legal_actions(face_up)


def test_a_player_with_no_available_action_passes() -> None:
    """A turn is to choose an available action: with none (the sheet full, nothing to look at),
    the player may only pass."""
    full = table(crowd={cell(1, 1): HOSTILE[0]}, up=(HOSTILE[0],), tokens=((5, 5, 5),))
    assert legal_actions(full) == (PASS,)
    assert_illegal(GAME, full, TURN, "no action is available")


def test_a_turn_whose_consequences_leave_no_action_ends_with_them() -> None:
    """The consequences flip the last face-down card: nothing is left to choose, the turn ends."""
    state = table(players=2, crowd={cell(1, 1): HOSTILE[0], cell(1, 2): HOSTILE[1]}, up=(HOSTILE[1],),
                  tokens=((5, 5, 5), (0, 0, 0)), draw=(), raxxon=(1,))
    assert TURN in legal_actions(state)
    state = apply(state, TURN)  # add: nothing to add; flip: the last face-down card; a Raxxon card
    assert HOSTILE[0] in state.face_up
    assert state.active == 1 and state.stage == START


def test_investigating_whenever_it_is_offered_ends_the_game() -> None:
    """Solo, seed 3, Investigate whenever offered: every decision changes the table and the game
    ends (Investigate used to stay on offer with nothing to look at, and changed nothing)."""
    state = new_game(3, players=1)
    decisions = 0
    while outcome(state) is None:
        legal = legal_actions(state)
        action = ACT[0] if ACT[0] in legal else legal[0]
        after = apply(state, action)
        assert replace(after, decisions=state.decisions) != state, f"decision {decisions} changed nothing"
        state, decisions = after, decisions + 1
    assert decisions < max_decisions(state) and outcome(state).code != "decision_limit"


def test_a_game_that_reaches_the_decision_limit_is_cut() -> None:
    """Design: the published game sets no bound on its length; the engine ends a game at its
    5,000th decision with the outcome decision_limit, which nobody wins."""
    state = replace(table(crowd={cell(1, 1): HOSTILE[0]}), decisions=DECISION_LIMIT - 1)
    assert max_decisions(state) == DECISION_LIMIT == 5_000
    cut = apply(state, PASS)
    assert cut.cut and cut.decisions == DECISION_LIMIT and legal_actions(cut) == ()
    assert outcome(cut) == Outcome(winners=(), reason="the game reached the engine's limit of 5000 decisions",
                                   code="decision_limit")
    going = apply(replace(state, decisions=0), PASS)
    assert not going.cut and going.decisions == 1 and outcome(going) is None


def test_the_decision_at_the_limit_plays_out_before_the_cut() -> None:
    """The 5,000th decision is done with all its consequences (the solo player's pass ends the day:
    the infection spreads and a new crowd is dealt), then the game is cut, a step pending or not."""
    state = replace(table(crowd={cell(1, 1): HOSTILE[0], cell(1, 2): HOSTILE[1]}), decisions=DECISION_LIMIT - 1)
    cut, going = apply(state, PASS), apply(replace(state, decisions=0), PASS)
    assert cut.cut and not going.cut and going.phase is Phase.ACTIONS
    assert (cut.events, cut.crowd, cut.day, cut.rng) == (going.events, going.crowd, going.day, going.rng)
    assert isinstance(apply(replace(state, decisions=0), ACT[0]).stack[-1], Ask)
    asked = apply(state, ACT[0])
    assert asked.cut and asked.stack == () and asked.phase is Phase.OVER and legal_actions(asked) == ()
