"""Maneuver (seed: "Cada miembro del escuadrón que NO ESTÉ ROTADO podrá realizar UNA de las siguientes acciones")."""

from __future__ import annotations

from tests.lucky_seven.grids import at, cell, member, table
from tests.support import assert_illegal
from wasteland.core.records import replace
from wasteland.lucky_seven import GAME, Deselect, EndPhase, GetDown, GetUp, Move, Select, Stop, apply, legal_actions


def moves(state: object) -> set[int]:
    return {a.cell for a in legal_actions(state) if isinstance(a, Move)}  # type: ignore[arg-type]


def test_each_unrotated_member_takes_one_action_then_rotates() -> None:
    state = table("""
    . .   .   .   .   .   .
    . LDR .   .   .   .   .
    . .   ATH* .  .   .   .
    . PAC .   .   .   .   INF1
    """)
    assert Select(member("ATH")) not in legal_actions(state), "a rotated member has acted"
    state = apply(apply(state, Select(member("LDR"))), Move(cell(1, 1)))
    assert at(state, 1, 1) == "LDR*"
    assert_illegal(GAME, state, Select(member("LDR")), "already acted")


def test_maneuver_end_resets_rotation() -> None:
    """At the end of the maneuver, reset all members so they are no longer rotated."""
    state = table("""
    . .   .   .   .   .   .
    . LDR* .  .   .   .   .
    . .   ATH .   .   .   .
    . .   .   .   .   .   INF1
    """)
    after = apply(state, EndPhase())
    assert not after.rotated


def test_move_orthogonal_or_diagonal() -> None:
    state = apply(table("""
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   NAT .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("NAT")))
    assert moves(state) == {cell(r, c) for r in (2, 3, 4) for c in (2, 3, 4)} - {cell(3, 3)}


def test_no_diagonal_move_between_two_threats() -> None:
    """A member may not move diagonally between two adjacent threats."""
    state = apply(table("""
    . .   .   .   .   .   .
    . .   INF1 .  .   .   .
    . .   NAT MG  .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("NAT")))
    assert cell(2, 3) not in moves(state)
    assert cell(4, 3) in moves(state)
    assert_illegal(GAME, state, Move(cell(2, 3)), "cannot move there")


def test_diagonal_move_between_member_and_threat_allowed() -> None:
    """Diagonally between two members, or a member and a threat, is allowed."""
    state = apply(table("""
    . .   .    .   .   .   .
    . .   INF1 .   .   .   .
    . .   PAC  LDR .   .   .
    . .   ATH  .   .   .   .
    """), Select(member("PAC")))
    assert cell(2, 3) in moves(state), "between the Infantry and the Leader"
    assert cell(4, 3) in moves(state), "between the Athlete and the Leader"


def test_swap_two_members() -> None:
    """Two members may move at once to swap their places; both have acted."""
    state = table("""
    . .   .   .   .   .   .
    . .   HAM ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    state = apply(apply(state, Select(member("HAM"))), Move(cell(2, 3)))
    assert at(state, 2, 3) == "HAM*" and at(state, 2, 2) == "ANV*"


def test_swap_needs_partner_able_to_move() -> None:
    state = apply(table("""
    . .   .   .   .   .   .
    . .   HAM ANV* pac .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM")))
    assert cell(2, 3) not in moves(state)
    state = apply(table("""
    . .   .   .   .   .   .
    . .   .   ANV pac .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("ANV")))
    assert cell(2, 4) not in moves(state), "a down member cannot move, so cannot swap"


def test_get_down() -> None:
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . .   HAM .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM"))), GetDown())
    assert at(state, 2, 2) == "ham*"


def test_get_up_needs_adjacent_up_member() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   ham .   .   .   .
    . .   .   ANV .   .   .
    . .   .   .   .   .   INF1
    """)
    assert Select(member("HAM")) not in legal_actions(state), "diagonal help is only the Leader's"
    state = table("""
    . .   .   .   .   .   .
    . .   ham ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    state = apply(apply(state, Select(member("HAM"))), GetUp())
    assert at(state, 2, 2) == "HAM*"


def test_rotated_member_still_helps_get_up() -> None:
    """Design: "up" ignores rotation."""
    state = table("""
    . .   .   .   .   .   .
    . .   ham ANV* .  .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    assert GetUp() in legal_actions(apply(state, Select(member("HAM"))))


def test_down_member_cannot_move() -> None:
    state = apply(table("""
    . .   .   .   .   .   .
    . .   ham ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM")))
    assert moves(state) == set()
    assert_illegal(GAME, state, Move(cell(3, 2)), "cannot move")


def test_athlete_moves_twice() -> None:
    """The Athlete moves two cells when he moves."""
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . ATH .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("ATH"))), Move(cell(2, 2)))
    assert set(legal_actions(state)) == {Move(c) for c in moves(state)} | {Stop()}
    state = apply(state, Move(cell(2, 3)))
    assert at(state, 2, 3) == "ATH*" and state.selected == -1


def test_athlete_double_move_is_only_moving() -> None:
    """No getting down between or after the two steps."""
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . ATH .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("ATH"))), Move(cell(2, 2)))
    assert GetDown() not in legal_actions(state)
    assert_illegal(GAME, state, GetDown(), "second step or stop")
    state = apply(state, Stop())
    assert at(state, 2, 2) == "ATH*" and state.selected == -1


def test_athlete_swaps_each_step() -> None:
    state = table("""
    . .   .   .   .   .   .
    . ATH HAM ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    state = apply(apply(apply(state, Select(member("ATH"))), Move(cell(2, 2))), Move(cell(2, 3)))
    assert [at(state, 2, c) for c in (1, 2, 3)] == ["HAM*", "ANV*", "ATH*"]


def test_mouse_moves_while_down() -> None:
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . mou .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("MOU"))), Move(cell(3, 2)))
    assert at(state, 3, 2) == "mou*" and state.selected == -1


def test_mouse_flips_down_after_moving() -> None:
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . MOU .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("MOU"))), Move(cell(2, 2)))
    assert set(legal_actions(state)) == {GetDown(), Stop()}
    state = apply(state, GetDown())
    assert at(state, 2, 2) == "mou*"


def test_leader_helps_diagonally() -> None:
    state = table("""
    . .   .   .   .   .   .
    . ham .   .   .   .   .
    . .   LDR .   .   .   .
    . .   .   .   .   .   PAC
    """)
    assert GetUp() in legal_actions(apply(state, Select(member("HAM"))))


def test_leader_down_does_not_help_diagonally() -> None:
    state = table("""
    . .   .   .   .   .   .
    . ham .   .   .   .   .
    . .   ldr .   .   .   .
    . .   .   .   .   .   PAC
    """)
    assert Select(member("HAM")) not in legal_actions(state)


def test_leader_gets_up_alone() -> None:
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . ldr .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("LDR"))), GetUp())
    assert at(state, 2, 1) == "LDR*"


def test_flare_pins_member_but_allows_flipping() -> None:
    """Flares stop the member in their cell from moving, not from getting up or down."""
    state = apply(table("""
    . .   .   .   .   .   .
    . .   HAM+FL .  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM")))
    assert legal_actions(state) == (GetDown(), Deselect())


def test_flare_cell_cannot_be_entered() -> None:
    state = apply(table("""
    . .   .   .   .   .   .
    . .   HAM FL  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM")))
    assert cell(2, 3) not in moves(state)


def test_flares_discarded_at_end_of_maneuver() -> None:
    before = table("""
    . .   .   .   .   .   .
    . .   HAM FL  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    flare = before.flares[0][1]
    after = apply(before, EndPhase())
    assert after.flares == () and flare in after.discard


def test_no_move_into_the_tank_column() -> None:
    state = apply(table("""
    . .   .   .   .   .   .
    . HAM .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM")))
    assert all(c % 7 for c in moves(state))


def test_phase_ends_by_itself_when_nobody_can_act() -> None:
    """Design: when ending the phase is the only choice, it ends."""
    state = table("""
    . .   .   .   .   .   .
    . HAM ANV* .  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   INF1
    """)
    state = apply(apply(state, Select(member("HAM"))), GetDown())
    assert state.turn == 2, "attack, counter-attack and the next encounter followed"


def test_athlete_helps_members_get_up_wherever_his_steps_leave_him() -> None:
    """FAQ (seed: "El Atleta puede usarse para poner de pie/tumbar a los miembros del escuadrón
    adyacentes cada vez que se mueve"), our reading: where his move leaves him, the up Athlete
    helps an adjacent down member get up, as any up member does; he flips nobody himself."""
    state = table("""
    . .   .   .   .   .   .
    . ATH .   .   ham .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    assert Select(member("HAM")) not in legal_actions(state), "nobody is next to the Hammer yet"
    state = apply(apply(apply(state, Select(member("ATH"))), Move(cell(2, 2))), Move(cell(2, 3)))
    assert at(state, 2, 3) == "ATH*" and at(state, 2, 4) == "ham", "his move flipped nobody"
    state = apply(apply(state, Select(member("HAM"))), GetUp())
    assert at(state, 2, 4) == "HAM*"


# -- Deselect (design) ----------------------------------------------------------------------------

def test_deselect_puts_the_member_back_before_it_acts() -> None:
    """Design: a member selected by mistake goes back unused, and another may be chosen."""
    state = table("""
    . .   .   .   .   .   .
    . .   HAM ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    assert Deselect() not in legal_actions(state)
    assert_illegal(GAME, state, Deselect(), "select a squad member first")
    selected = apply(state, Select(member("HAM")))
    assert Deselect() in legal_actions(selected) and EndPhase() not in legal_actions(selected)
    back = apply(selected, Deselect())
    assert replace(back, backed=frozenset()) == state, "nothing else changed: the Hammer has not acted"
    assert Select(member("ANV")) in legal_actions(back)


def test_a_member_put_back_is_not_chosen_again_until_another_acts() -> None:
    """Design: a choice taken back is not made again in the same step, so select and back cannot
    alternate for ever; once another member acts, the one put back may be chosen again."""
    state = table("""
    . .   .   .   .   .   .
    . .   HAM ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """)
    back = apply(apply(state, Select(member("HAM"))), Deselect())
    assert Select(member("HAM")) not in legal_actions(back)
    assert_illegal(GAME, back, Select(member("HAM")), "put back")
    acted = apply(apply(back, Select(member("ANV"))), GetDown())
    assert acted.backed == frozenset() and Select(member("HAM")) in legal_actions(acted)


def test_putting_back_every_member_ends_the_maneuver() -> None:
    """With every member that could act put back, only ending the phase is left: it ends by itself."""
    state = table("""
    . .   .   .   .   .   .
    . .   HAM .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """)
    back = apply(apply(state, Select(member("HAM"))), Deselect())
    assert back.turn == state.turn + 1 and back.backed == frozenset(), "the turn went on to the next one"


def test_deselect_not_after_moving() -> None:
    """A member that has moved has acted: the Athlete after one step may step again or stop."""
    state = apply(apply(table("""
    . .   .   .   .   .   .
    . ATH .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("ATH"))), Move(cell(2, 2)))
    assert Deselect() not in legal_actions(state)
    assert_illegal(GAME, state, Deselect(), "has moved")
