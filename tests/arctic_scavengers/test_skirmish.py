"""Skirmish clauses: reveal, declarations in order, fight totals, ties, stalemate, the prize, the initiator."""

from __future__ import annotations

from typing import Any

from wasteland.arctic_scavengers import GAME, EndDeclarations, EndGathering, Equip, Sabotage, Snipe, legal_actions
from wasteland.arctic_scavengers.skirmish import fight_total, people_present
from wasteland.arctic_scavengers.cards import PUBLIC_TABLE as PUBLIC
from wasteland.arctic_scavengers.state import ForcesRevealed, Phase, SkirmishResolved, State
from wasteland.arctic_scavengers.view import view
from tests.support import assert_illegal

from .tables import card_ids, ids, one, play, table


def skirmish(players: int, hands: dict[int, tuple[int, ...]], prize: int | None = None, **kw: Any) -> State:
    """Round 3, seat 0 initiates, the last seat ends gathering: forces revealed."""
    prize = one("tribe_family_5") if prize is None else prize
    state = table(players=players, round=3, hands=hands, turn=players - 1, contested=(prize,), **kw)
    return play(state, EndGathering())


def test_no_skirmish_before_round_three() -> None:
    state = table(players=2, round=2, turn=1, hands={0: ids("brawler", 2), 1: ()})
    contested = state.contested
    state = play(state, EndGathering())
    assert state.round == 3 and state.contested == contested and state.initiator == 0


def test_fight_totals_decide_the_winner() -> None:
    prize = one("field_crew")
    state = skirmish(3, {0: (one("brawler"),), 1: ids("brawler", 2, 1), 2: (one("scavenger"),)}, prize)
    assert prize in state.discards[1] and prize in state.secret[1]
    assert state.round == 4


def test_winner_takes_the_resource_unseen_by_others() -> None:
    prize = one("grenade")
    state = skirmish(3, {0: (), 1: (one("brawler"),), 2: ()}, prize)
    assert prize in view(state, 1).discards[1]
    for other in (0, 2):
        seen = view(state, other).discards[1]
        assert prize not in seen and -1 in seen


def test_fight_uses_tools_one_per_person_and_group_leaders() -> None:
    brawler, spear, grenade, leaders = one("brawler"), one("spear"), one("grenade"), one("group_leaders")
    assert fight_total(PUBLIC, (brawler, spear, grenade)) == 2 + 3  # one tool per person
    assert fight_total(PUBLIC, (brawler, spear, leaders)) == 2 + 2 + 2
    assert fight_total(PUBLIC, (one("refugee"), spear)) == 0  # a Refugee cannot fight
    assert fight_total(PUBLIC, (one("tribe_family_3"), spear)) == 2  # fight 0 counts


def test_tie_broken_by_people_present() -> None:
    # Brawler (fight 2, 1 person) against Scavenger + Refugee + Spear? Scavenger 1 + Spear 2 = 3; use two Scavengers.
    prize = one("sled_team")
    state = skirmish(3, {0: (one("brawler"),), 1: ids("scavenger", 2) + (one("refugee"),), 2: ()}, prize)
    assert prize in state.discards[1]


def test_tie_in_people_too_is_a_stalemate() -> None:
    prize = one("sled_team")
    state = skirmish(3, {0: (one("brawler"),), 1: (one("brawler", 1),), 2: ()}, prize)
    assert prize in state.junkyard and all(prize not in d for d in state.discards)


def test_stalemate_resource_to_the_junkyard_then_shuffle() -> None:
    prize = one("wolf_pack")
    before = table(players=3)
    state = skirmish(3, {0: (one("brawler"),), 1: (one("brawler", 1),), 2: ()}, prize)
    assert len(state.junkyard) >= len(before.junkyard) and prize in state.junkyard
    assert card_ids(state) == list(range(149))


def test_two_players_people_no_longer_break_ties() -> None:
    prize = one("sled_team")
    state = skirmish(2, {0: (one("brawler"),), 1: ids("scavenger", 2) + (one("refugee"),)}, prize)
    assert prize in state.junkyard


def test_two_players_must_win_by_two() -> None:
    prize = one("sled_team")
    state = skirmish(2, {0: (one("brawler"),), 1: (one("scavenger"),)}, prize)
    assert prize in state.junkyard  # 2 against 1: stalemate
    prize2 = one("sled_team", 1)
    state = skirmish(2, {0: ids("brawler", 2), 1: (one("scavenger"),)}, prize2)
    assert prize2 in state.discards[0]  # 4 against 1


def test_initiator_passes_left_after_the_skirmish() -> None:
    state = skirmish(4, {0: (), 1: (), 2: (), 3: ()})
    assert state.initiator == 1 and state.turn == 1


def test_forces_revealed_in_the_skirmish() -> None:
    sniper = one("sniper_team")
    brawler = one("brawler")
    state = skirmish(3, {0: (sniper,), 1: (brawler,), 2: ()})
    assert state.phase is Phase.SKIRMISH and state.turn == 0
    assert view(state, 2).hands[1] == (brawler,) and view(state, 2).hands[0] == (sniper,)


def test_saboteur_disarms_a_tool() -> None:
    saboteur = one("saboteur")
    brawler, grenade = one("brawler"), one("grenade")
    state = skirmish(3, {0: (saboteur,), 1: (brawler, grenade), 2: (one("scavenger"),)})
    assert Sabotage(saboteur, grenade) in legal_actions(state)
    state = play(state, Sabotage(saboteur, grenade))
    assert grenade in state.discards[1]  # design: a disarmed tool goes to its owner's discard


def test_sniper_team_snipes_a_person() -> None:
    sniper = one("sniper_team")
    b1 = one("brawler")
    prize = one("tribe_family_4")
    state = skirmish(3, {0: (sniper, one("scavenger")), 1: (b1,), 2: ()}, prize)
    state = play(state, Snipe(sniper, b1))
    assert b1 in state.discards[1]
    assert prize in state.discards[0]  # 1 fight against 0


def test_unit_hit_before_declaring_loses_its_action() -> None:
    sniper = one("sniper_team")
    enemy_saboteur = one("saboteur")
    grenade = one("grenade")
    state = skirmish(3, {0: (sniper, one("brawler"), grenade), 1: (enemy_saboteur,), 2: ()})
    state = play(state, Snipe(sniper, enemy_saboteur))
    assert state.round == 4  # seat 1 had nothing left to declare: resolved at once
    assert grenade not in state.discards[1] and enemy_saboteur in state.discards[1]


def test_declarations_from_the_initiator_clockwise() -> None:
    s0, s2 = one("sniper_team"), one("sniper_team", 1)
    state = skirmish(3, {0: (s0,), 1: (one("brawler"),), 2: (s2, one("scout"))})
    assert state.turn == 0
    state = play(state, EndDeclarations())
    assert state.turn == 2  # seat 1 has no special unit and is skipped
    assert_illegal(GAME, state, Snipe(s0, one("scout")), "not in your force")


def test_sniped_player_may_reassign_tools() -> None:
    sniper, late_sniper = one("sniper_team"), one("sniper_team", 1)
    brawler, scavenger, grenade = one("brawler"), one("scavenger"), one("grenade")
    force = (brawler, scavenger, grenade)
    assert fight_total(PUBLIC, force) == 2 + 3 + 1  # the Grenade on the Brawler or the Scavenger: same total
    state = skirmish(3, {0: (sniper,), 1: force, 2: (late_sniper,)})
    state = play(state, Snipe(sniper, brawler))
    assert state.phase is Phase.SKIRMISH and state.turn == 2
    # design: the Grenade is reassigned (at best) to the Scavenger left standing
    assert state.hands[1] == (scavenger, grenade) and fight_total(PUBLIC, state.hands[1]) == 1 + 3


def test_people_present_count_refugees_and_families() -> None:
    assert people_present(PUBLIC, (one("refugee"), one("tribe_family_5"), one("sniper_team"))) == 1 + 5 + 2


def test_tool_on_a_sniper_team_refused() -> None:
    sniper, spear = one("sniper_team"), one("spear")
    s1 = one("scavenger")
    state = table(hands={0: (sniper, spear, s1)})
    from wasteland.arctic_scavengers import Begin, Commit
    from wasteland.arctic_scavengers.state import Task
    state = play(state, Begin(Task.HUNT))
    assert_illegal(GAME, state, Commit(sniper), "cannot hunt")
    state = play(state, Commit(s1))
    assert_illegal(GAME, state, Equip(spear, sniper), "not committed")


def test_revealed_force_enters_the_discard_face_up() -> None:
    brawler = one("brawler")
    state = skirmish(3, {0: (), 1: (brawler,), 2: ()}, decks={1: ids("junk", 5)}, discards={1: ()})
    assert state.round == 4 and brawler in state.discards[1]
    assert brawler in view(state, 0).discards[1]


def test_skirmish_events_tell_forces_totals_people_and_winner() -> None:
    brawler, s1, s2 = one("brawler"), *ids("scavenger", 2)
    prize = one("field_crew")
    state = skirmish(3, {0: (brawler,), 1: (s1, s2), 2: ()}, prize)
    revealed, fought = state.events[0], state.events[1]
    assert revealed == ForcesRevealed(((brawler,), (s1, s2), ()))
    assert fought == SkirmishResolved(((brawler,), (s1, s2), ()), (2, 2, 0), (1, 2, 0), 1, prize)
    assert state.events[2].round == 4  # type: ignore[union-attr]


def test_stalemate_event_names_no_prize_for_anyone() -> None:
    prize = one("sled_team")
    state = skirmish(3, {0: (one("brawler"),), 1: (one("brawler", 1),), 2: ()}, prize)
    fought = state.events[1]
    assert isinstance(fought, SkirmishResolved) and fought.winner is None
    for seat in range(3):
        seen = view(state, seat).events[1]
        assert isinstance(seen, SkirmishResolved) and seen.prize == -1
