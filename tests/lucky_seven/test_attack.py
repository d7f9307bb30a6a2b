"""Attack (seed: "Cada miembro del escuadrón que esté DE PIE puede atacar UNA amenaza adyacente...")."""

from __future__ import annotations

from tests.lucky_seven.grids import at, cell, member, play, table
from tests.support import assert_illegal
from wasteland.lucky_seven import GAME, Attack, EndPhase, apply, legal_actions
from wasteland.lucky_seven.attack import attacker_strength, resolve_attack, threat_strength
from wasteland.lucky_seven.state import Phase, State


def attacks(state: State) -> set[tuple[int, int]]:
    return {(a.member, a.cell) for a in legal_actions(state) if isinstance(a, Attack)}


def resolved(grid: str, *pairs: tuple[str, int]) -> State:
    state = table(grid, phase=Phase.ATTACK, attacks=tuple((member(m), c) for m, c in pairs))
    return play(state, resolve_attack)


def test_standing_member_attacks_adjacent_threat() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   HAM INF1 .  .   .
    . .   .   .   INF1 .  .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    assert attacks(state) == {(member("HAM"), cell(2, 3))}, "adjacent means orthogonal"
    after = resolved("""
    . .   .   .   .   .   .
    . .   HAM INF1 .  .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, ("HAM", cell(2, 3)))
    assert at(after, 2, 3) == "."


def test_down_member_cannot_attack() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   ham INF1 .  .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    assert attacks(state) == set()
    assert_illegal(GAME, state, Attack(member("HAM"), cell(2, 3)), "cannot attack")


def test_threat_falls_when_combined_strength_reaches_strength() -> None:
    after = resolved("""
    . .   .   .   .   .   .
    . .   HAM INF2 ANV .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, ("HAM", cell(2, 3)), ("ANV", cell(2, 3)))
    assert at(after, 2, 3) == "."


def test_threat_survives_when_strength_falls_short() -> None:
    grid = """
    . .   .   .   .   .   .
    . .   HAM MG  ANV .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    after = resolved(grid, ("HAM", cell(2, 3)), ("ANV", cell(2, 3)))
    assert at(after, 2, 3) == "MG"


def test_threats_without_strength_cannot_be_attacked() -> None:
    state = table("""
    TANK HAM .  .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    assert attacks(state) == set()


def test_joker_and_pacifist_cannot_attack() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   JOK INF1 PAC .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    assert attacks(state) == set()


def test_joker_weakens_adjacent_threats() -> None:
    grid = """
    . .   .   .   .   .   .
    . .   JOK INF2 HAM .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    assert threat_strength(table(grid), cell(2, 3)) == 1
    assert at(resolved(grid, ("HAM", cell(2, 3))), 2, 3) == "."


def test_joker_weakened_threat_needs_a_real_attacker() -> None:
    """The Joker and the Pacifist cannot destroy a threat alone, even one brought down to 0."""
    grid = """
    . .   .   .   .   .   .
    . .   JOK INF1 PAC .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    assert threat_strength(table(grid), cell(2, 3)) == 0
    assert at(resolved(grid), 2, 3) == "INF1"


def test_hammer_strength_two_next_to_up_pacifist() -> None:
    grid = """
    . .   .   .   .   .   .
    . .   PAC HAM INF2 .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    assert attacker_strength(table(grid), member("HAM"), cell(2, 3)) == 2
    assert at(resolved(grid, ("HAM", cell(2, 4))), 2, 4) == "."


def test_anvil_strength_one_when_pacifist_down() -> None:
    grid = """
    . .   .   .   .   .   .
    . .   pac ANV INF2 .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    assert attacker_strength(table(grid), member("ANV"), cell(2, 3)) == 1
    assert at(resolved(grid, ("ANV", cell(2, 4))), 2, 4) == "INF2"


def test_natural_attacks_diagonally() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   NAT .   .   .   .
    . .   .   INF1 .  .   .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    assert attacks(state) == {(member("NAT"), cell(3, 3))}


def test_mouse_attacks_while_down() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   mou INF1 .  .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    assert attacks(state) == {(member("MOU"), cell(2, 3))}


def test_each_member_attacks_one_threat() -> None:
    state = table("""
    . .   .   .   .   .   .
    . .   INF1 HAM INF1 .  .
    . .   .   ANV .   .   .
    . .   .   INF1 .  .   .
    """, phase=Phase.ATTACK)
    state = apply(state, Attack(member("HAM"), cell(2, 2)))
    assert state.attacks == ((member("HAM"), cell(2, 2)),)
    assert_illegal(GAME, state, Attack(member("HAM"), cell(2, 4)), "already attacked")
    assert EndPhase() in legal_actions(state)


def test_any_attack_agrees_with_the_listed_attacks() -> None:
    """``any_attack`` inlines ``can_attack`` and ``reach`` for speed; it must answer as they do."""
    from wasteland.core.rng import Rng
    from wasteland.lucky_seven import GAME
    from wasteland.lucky_seven.attack import any_attack, attack_actions

    checked = 0
    for seed in range(60):
        for options in ({}, {"players": 2, "variant": "cooperative"}):
            state = GAME.new_game(seed, **options)
            pick = Rng.from_seed(seed)
            while GAME.outcome(state) is None:
                if state.phase.value == "attack":
                    assert any_attack(state) == bool(attack_actions(state))
                    checked += 1
                action, pick = pick.choice(GAME.legal_actions(state))
                state = GAME.apply(state, action)
    assert checked > 500
