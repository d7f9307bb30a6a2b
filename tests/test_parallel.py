"""Jobs over processes or Ray: results in job order, the same summary on every backend, and a
wrong backend said in one line. Ray is started once for this module (it takes seconds)."""

from __future__ import annotations

import sys
import time
from typing import Any

import pytest

from wasteland import parallel
from wasteland.cli import main
from wasteland.core.game import Game
from wasteland.parallel import RAY_MISSING, BackendError, run_jobs
from wasteland.registry import get_game
from wasteland.simulate import GameTooLong, play, simulate


def _slow_echo(job: int) -> int:
    """The first jobs take longest, so a pool that yielded results as they come would reorder them."""
    time.sleep(0.03 * (6 - job))
    return job * 10


def test_the_process_backend_yields_results_in_job_order() -> None:
    jobs = list(range(6))
    assert list(run_jobs(_slow_echo, jobs, workers=3)) == [j * 10 for j in jobs]
    assert list(run_jobs(_slow_echo, jobs, workers=1)) == [j * 10 for j in jobs]


def test_a_bad_backend_is_a_one_line_error_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="backend must be one of process, ray") as err:
        run_jobs(abs, [1, 2], backend="spark")  # before any iteration: the call itself refuses
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="backend must be one of"):
        simulate("lucky_seven", 4, ["random"], workers=1, backend="spark")
    with pytest.raises(ValueError, match="needs the ray backend"):
        run_jobs(abs, [1], address="auto")
    assert main(["simulate", "lucky_seven", "-n", "4", "--backend", "spark", "--quiet"]) == 2
    assert main(["simulate", "lucky_seven", "-n", "4", "--address", "auto", "--quiet"]) == 2
    err_lines = capsys.readouterr().err.strip().splitlines()
    assert len(err_lines) == 2 and "invalid choice: 'spark'" in err_lines[0] and "ray backend" in err_lines[1]


def test_without_ray_installed_the_ray_backend_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails, as in a base install
    with pytest.raises(BackendError) as err:
        run_jobs(abs, [1], backend="ray")
    assert str(err.value) == RAY_MISSING == "the ray backend needs `pip install wasteland[ray]`"
    assert main(["simulate", "lucky_seven", "-n", "4", "--backend", "ray", "--quiet"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"wasteland: {RAY_MISSING}"]


def test_nothing_answering_at_a_ray_address_fails_in_one_line() -> None:
    pytest.importorskip("ray")
    with pytest.raises(BackendError, match="no Ray cluster answers at 127.0.0.1:1") as err:
        list(run_jobs(abs, [1], backend="ray", address="127.0.0.1:1"))
    assert "\n" not in str(err.value)


def test_the_command_hands_backend_and_address_to_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    real = simulate

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.update(kwargs)
        return real(*args, **{**kwargs, "backend": "process", "address": None})

    monkeypatch.setattr("wasteland.cli.simulate", spy)
    assert main(["simulate", "lucky_seven", "-n", "2", "--quiet", "--backend", "ray", "--address", "head:6379"]) == 0
    assert seen["backend"] == "ray" and seen["address"] == "head:6379"
    assert main(["simulate", "lucky_seven", "-n", "2", "--quiet"]) == 0
    assert seen["backend"] == "process" and seen["address"] is None


def test_the_summary_does_not_depend_on_chunks_or_processes() -> None:
    one = simulate("lucky_seven", 40, ["random"], seed=9, workers=1)
    two = simulate("lucky_seven", 40, ["random"], seed=9, workers=2)  # 5 chunks of 8 games, added up
    assert one == two and one.games == 40


class _Spy:
    name = "spy"

    def __init__(self, reads: bool | None) -> None:
        if reads is not None:
            self.reads_view = reads
        self.views: list[Any] = []

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        self.views.append(view)
        return legal[0]


def test_a_bot_that_reads_no_view_is_handed_none_and_the_others_their_view() -> None:
    game = get_game("arctic_scavengers")
    bots = [_Spy(False), _Spy(True), _Spy(None)]
    with pytest.raises(GameTooLong):  # sixty decisions are enough to see
        play(game, game.new_game(3, players=3), bots, max_decisions=60)
    assert bots[0].views and all(v is None for v in bots[0].views)
    for bot in bots[1:]:
        assert bot.views and all(v is not None for v in bot.views)


def test_ray_gives_the_summary_of_the_process_backend() -> None:
    """One local Ray, started and shut down by the call itself, as the command does."""
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    options = {"players": 4}
    expected = simulate("arctic_scavengers", 24, ["random"], seed=5, options=options, workers=1, keep_moves=True)
    by_process = simulate("arctic_scavengers", 24, ["random"], seed=5, options=options, workers=2, keep_moves=True)
    by_ray = simulate(
        "arctic_scavengers", 24, ["random"], seed=5, options=options, workers=2, keep_moves=True, backend="ray"
    )
    assert by_ray == by_process == expected  # the games themselves too (moves kept), in seed order
    assert [r.seed for r in by_ray.results] == list(range(5, 29))
    assert not ray.is_initialized()
    assert parallel._ray_processes() == {}  # nothing of that Ray is left running
