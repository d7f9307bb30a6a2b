"""Counter-attack (seed: "Sigue las reglas de cualquier carta de amenaza que aún esté en juego...")."""

from __future__ import annotations

from tests.lucky_seven.grids import at, member, play, table
from wasteland.lucky_seven.counter_attack import counter_attack
from wasteland.lucky_seven.state import Phase


def test_infantry_discards_all_adjacent_members() -> None:
    after = play(table("""
    . .   .   ATH .   .   .
    . .   ham INF1 PAC .  .
    . .   .   NAT .   .   .
    . .   .   .   MOU .   .
    """), counter_attack)
    assert set(after.fallen) >= {member("ATH"), member("HAM"), member("PAC"), member("NAT")}
    assert at(after, 4, 4) == "MOU", "diagonal members are not adjacent"


def test_machine_gun_discards_adjacent_up_members() -> None:
    after = play(table("""
    . .   .   .   .   .   .
    . .   ham MG  PAC .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """), counter_attack)
    assert member("PAC") in after.fallen and at(after, 2, 2) == "ham"


def test_tank_discards_up_members_in_its_row_then_leaves() -> None:
    before = table("""
    . .   .   .   .   .   .
    TANK LDR ham .  .   .   PAC
    . ATH .   .   .   .   .
    . .   .   .   .   .   .
    """)
    tank = before.threats[7]
    after = play(before, counter_attack)
    assert member("LDR") in after.fallen and member("PAC") in after.fallen
    assert at(after, 2, 2) == "ham" and at(after, 3, 1) == "ATH"
    assert at(after, 2, 0) == "." and tank in after.discard


def test_threats_stay_after_counter_attack() -> None:
    after = play(table("""
    . .   .   .   .   .   .
    . .   .   INF1 .  .   .
    . .   .   .   .   .   .
    . .   LDR .   .   .   .
    """), counter_attack)
    assert at(after, 2, 3) == "INF1"


def test_squad_eliminated_ends_the_game() -> None:
    after = play(table("""
    . .   .   .   .   .   .
    . .   LDR INF1 .  .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """), counter_attack)
    assert after.phase is Phase.OVER
