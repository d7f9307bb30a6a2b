"""Random games for 1-4 players, every difficulty, with and without table talk: the invariants
after every step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.raxxon.invariants import check_all, direct_check_agrees
from tests.support import check_v2_step, random_playout
from wasteland.raxxon import GAME
from wasteland.raxxon.actions import ACT, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN
from wasteland.raxxon.state import DIFFICULTIES

PROBES = [TURN, PASS, TAKE, DECLINE, *ACT, *OPTION, *TARGET, *LINE, *PLACE]


@given(seed=st.integers(0, 2**32), choice=st.integers(0, 2**32), players=st.integers(1, 4),
       difficulty=st.sampled_from(DIFFICULTIES), table_talk=st.booleans())
@settings(max_examples=12)
def test_random_play_keeps_every_invariant(seed: int, choice: int, players: int, difficulty: str,
                                           table_talk: bool) -> None:
    def every_step(state: object) -> None:
        check_all(state, choice)  # type: ignore[arg-type]
        direct_check_agrees(state, PROBES)  # type: ignore[arg-type]
        check_v2_step(GAME, state, choice)

    options = {"players": players, "difficulty": difficulty, "table_talk": table_talk}
    final = random_playout(GAME, seed, options, choice, max_steps=20_000, invariants=(every_step,),
                           full_checks_every=5)
    result = GAME.outcome(final)
    assert result is not None and result.code in ("evacuated", "infection", "power")
