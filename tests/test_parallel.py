"""Jobs over processes or Ray: results in job order, the same summary on every backend, and a
wrong backend said in one line. Ray is started once for this module (it takes seconds)."""

from __future__ import annotations

import os
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
    play = ["simulate", "lucky_seven", "-n", "2", "--bot", "random", "--quiet"]
    assert main([*play, "--backend", "ray", "--address", "head:6379"]) == 0
    assert seen["backend"] == "ray" and seen["address"] == "head:6379"
    assert main(play) == 0
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


# -- Ray addresses and starts that do not end ------------------------------------------------


@pytest.mark.parametrize(
    "address",
    ["localhost:-1", "localhost:0", "localhost:65536", "localhost:0006379", "localhost", ":6379", "ray://",
     "a b:1", "head:6379x", "[::1:6379", "head:\u0663", "-head:1", "x" * 5000 + ":1", 6379],
)
def test_a_malformed_ray_address_is_refused_in_one_line_at_once(
    address: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.process_time()
    with pytest.raises(BackendError, match="Ray address") as err:
        parallel.check_backend("ray", address)
    assert "\n" not in str(err.value) and len(str(err.value)) < 200
    if isinstance(address, str):
        assert main(["simulate", "lucky_seven", "-n", "2", "--backend", "ray", "--address", address, "--quiet"]) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert time.process_time() - start < 1.0


def test_well_formed_ray_addresses_pass_the_check() -> None:
    pytest.importorskip("ray")
    for address in ("auto", "head:6379", "ray://10.0.0.1:10001", "[::1]:6379", "node-1.cluster.local:65535"):
        parallel.check_backend("ray", address)


_START = """
import signal
import sys
from wasteland import cli, parallel
signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C as at a terminal, whatever the runner ignores
parallel.RAY_START_SECONDS = float(sys.argv[2])
sys.exit(cli.main(["simulate", "lucky_seven", "-n", "2", "--backend", "ray", "--address", sys.argv[1], "--quiet"]))
"""


def _silent_listener() -> Any:
    """A port that takes connections and never says a word: Ray would wait on it for ever."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    return listener


def test_a_ray_start_that_takes_too_long_gives_up_within_the_bound_in_one_line() -> None:
    import subprocess

    pytest.importorskip("ray")
    with _silent_listener() as listener:
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-c", _START, address, "4"], capture_output=True, text=True,
                              timeout=60)
        took = time.monotonic() - start
    assert done.returncode == 2, done.stderr
    said = f"wasteland: the Ray cluster at {address} did not start within 4 seconds; gave up"
    assert done.stderr.splitlines() == [said]
    assert took < 4 + 15  # the bound, and starting Python and importing Ray


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_a_signal_during_a_ray_start_ends_the_command_promptly(sig: str) -> None:
    """Signals wait while Ray starts (a start cut half-way leaves processes behind), but only
    ``SIGNAL_GRACE_SECONDS``: a start that hangs is given up."""
    import signal
    import subprocess

    pytest.importorskip("ray")
    with _silent_listener() as listener:
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        child = subprocess.Popen([sys.executable, "-c", _START, address, "600"], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            listener.settimeout(120)
            caller, _ = listener.accept()  # the command checked that the port answers; Ray starts next
            with caller:  # and hears nothing on it
                time.sleep(0.5)
                sent = time.monotonic()
                child.send_signal(getattr(signal, sig))
                _, err = child.communicate(timeout=30)
                took = time.monotonic() - sent
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    assert (child.returncode, err.strip()) == (130, "wasteland: interrupted")
    assert took < parallel.SIGNAL_GRACE_SECONDS + 8


def _square_and_pid(job: int) -> tuple[int, int]:
    return job * job, os.getpid()


def test_workers_keep_their_processes_between_batches_and_give_results_in_order() -> None:
    workers = parallel.Workers(2)
    first = workers.map(_square_and_pid, [3, 1, 2])
    second = workers.map(_square_and_pid, [5, 4])
    assert [r for r, _ in first] == [9, 1, 4] and [r for r, _ in second] == [25, 16]
    used = {pid for _, pid in first + second}
    assert os.getpid() not in used and len(used) <= 2  # the same two processes served both batches
    workers.close()
    assert workers.map(_square_and_pid, [2]) == [(4, os.getpid())]  # one job: here
    assert parallel.Workers(1).map(_square_and_pid, [1, 2]) == [(1, os.getpid()), (4, os.getpid())]
    with pytest.raises(ValueError, match="count"):
        parallel.Workers(0)


def test_a_signal_the_process_ignores_stays_ignored_while_signals_are_held() -> None:
    """A background job ignores Ctrl-C: holding signals around a Ray start must not turn an ignored
    SIGINT into one that gives the start up."""
    import signal

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with parallel._signals_held() as held:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            assert held == []
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


_SIGNAL_WHILE_FORKING = """
import multiprocessing
import os
import signal
import sys
from wasteland import cli, parallel
sent = []
def stop_once():  # the stop arrives while a worker is being forked: inside fork's own callbacks
    if not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGTERM)
os.register_at_fork(after_in_parent=stop_once)
signal.signal(signal.SIGTERM, cli._terminate)
try:
    if sys.argv[1] == "run_jobs":
        results = list(parallel.run_jobs(abs, list(range(-400, 0)), workers=2))
    else:
        results = parallel.Workers(2).map(abs, list(range(-400, 0)))
except KeyboardInterrupt:
    sys.exit(f"workers left: {left}" if (left := multiprocessing.active_children()) else 130)
sys.exit(f"the stop was lost: {len(results)} results")
"""


@pytest.mark.parametrize("where", ["run_jobs", "Workers"])
def test_a_stop_that_comes_while_the_workers_are_forked_is_not_lost(where: str) -> None:
    """A SIGTERM delivered inside fork's callbacks (Python drops an exception raised there) waits
    until the pool is made, then stops the call, workers and all."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", _SIGNAL_WHILE_FORKING, where], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stderr) == (130, ""), done.stderr
