"""Running independent jobs over many processes, with results in job order.

``run_jobs(function, jobs, workers=..., backend="process")`` calls
``function(job)`` for every job and yields the results in the order of the
jobs, whatever process ran them, so a summary built from them does not depend
on how many processes there were, nor on the backend. ``function`` must be a
module-level function (it is sent to other processes by name) and its jobs
and results plain data.

Two backends:

* ``process`` (the default) — a ``multiprocessing`` pool on this machine.
  Leaving the iteration for any reason (the last result, Ctrl-C, SIGTERM
  turned into an exception by the command) terminates the workers at once, and
  a worker whose parent died (even by SIGKILL) exits by itself within a second.
* ``ray`` — Ray (``pip install wasteland[ray]``). With no ``address`` a
  private local Ray is started for the call (``workers`` CPUs, no dashboard,
  quiet) and shut down when the iteration ends, however it ends (Ctrl-C and
  SIGTERM wait while Ray starts or stops, the few seconds it takes, so that no
  process of it is left behind, but never more than ``SIGNAL_GRACE_SECONDS``
  once they came: a start that hangs is given up, what it started killed);
  with an ``address`` (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``,
  checked before Ray is called) the call joins that cluster as a driver and
  only disconnects at the end: the cluster stays up, and Ray ends the tasks the
  call had sent. A start or a join that has not finished within
  ``RAY_START_SECONDS`` is given up; Ray's own warnings meanwhile are not
  shown. If this process already has Ray initialised, that session is used as
  it is and left running. At most twice as many jobs as there are workers (or,
  on a cluster, CPUs) are sent at a time, so a long list of jobs does not flood
  the cluster and results are collected as they come.

A backend that cannot be used (Ray not installed, a cluster that does not
answer) raises :class:`BackendError`, a ``ValueError`` with a one-line message.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import multiprocessing.pool
import os
import re
import signal
import socket
import sys
import threading
import time
import weakref
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Generator, Iterator, Sequence, TextIO, TypeVar

__all__ = ["run_jobs", "Workers", "BACKENDS", "BackendError", "check_backend", "default_workers"]

J = TypeVar("J")
R = TypeVar("R")

#: The backends ``run_jobs`` knows.
BACKENDS: tuple[str, ...] = ("process", "ray")

RAY_MISSING = "the ray backend needs `pip install wasteland[ray]`"
#: How long starting a local Ray, or joining a cluster, may take before the call gives up (seconds).
RAY_START_SECONDS = 60.0
#: How long Ctrl-C or SIGTERM wait for a Ray start under way before the call gives up on it.
SIGNAL_GRACE_SECONDS = 2.0
#: How long stopping Ray may take before what is left of a local one is killed.
RAY_STOP_SECONDS = 20.0


class BackendError(ValueError):
    """The backend asked for cannot be used here; the message is one line."""


def default_workers() -> int:
    """Every core of this machine."""
    return os.cpu_count() or 1


def check_backend(backend: str, address: str | None = None) -> None:
    """Raise ValueError (one line) unless ``backend`` and ``address`` can be used together here.

    Ray is imported (not started) to find out whether it is installed.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if address is not None:
        if backend != "ray":
            raise ValueError("an address names a Ray cluster: it needs the ray backend")
        _check_address(address)
    if backend == "ray":
        _import_ray()


_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\]")


def _check_address(address: object) -> None:
    """``auto``, ``HOST:PORT`` or ``ray://HOST:PORT`` (a name, an IPv4 address or a bracketed
    IPv6 one; a port from 1 to 65535), or BackendError (one line): Ray itself would try a
    malformed address for ever."""
    if not isinstance(address, str) or not address.strip():
        raise BackendError(f"the Ray address must be a non-empty string, got {_shown(address)}")
    if address.strip() == "auto":
        return
    host, _, port = address.strip().removeprefix("ray://").rpartition(":")
    port_ok = port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535
    if not _HOST.fullmatch(host) or not port_ok:
        raise BackendError(f"the Ray address {_shown(address)} is not auto, HOST:PORT or ray://HOST:PORT "
                           "(a port from 1 to 65535)")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _import_ray() -> ModuleType:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise BackendError(RAY_MISSING) from None


def run_jobs(
    function: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
) -> Generator[R, None, None]:
    """``function(job)`` for each job, yielded in job order.

    ``workers`` defaults to every core (with ``address``: every CPU of the
    cluster); with the process backend and one worker (or one job) everything
    runs in this process. ``backend`` is one of :data:`BACKENDS`; ``address``
    names an existing Ray cluster. The arguments are checked at once (a bad
    backend, a missing Ray); the work starts at the first ``next``. Close the
    generator (or use ``contextlib.closing``) to stop early: the workers stop
    with it.
    """
    check_backend(backend, address)
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number of at least 1, got {workers!r}")
    if backend == "ray":
        return _ray_jobs(_import_ray(), function, jobs, workers, address)
    return _process_jobs(function, jobs, workers or default_workers())


# -- the process backend -----------------------------------------------------------------------


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:  # the parent died (even by SIGKILL): nobody wants the results
            os._exit(1)


def _worker_start(parent: int, blocked: frozenset[int]) -> None:
    """In each worker: Ctrl-C is the parent's to handle, and an orphaned worker exits by itself.

    The worker was forked with the stops blocked (``_new_pool``); they are let through once it
    handles them its own way, so a SIGTERM the pool sent meanwhile ends it now."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _unblock(blocked)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _unblock(signals: frozenset[int]) -> None:
    if signals:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)


def _new_pool(count: int) -> multiprocessing.pool.Pool:
    """A ``multiprocessing`` pool of ``count`` workers, made with Ctrl-C and SIGTERM blocked.

    A stop that came while a worker was forked would otherwise run its handler inside fork's own
    callbacks, where Python reports the exception and drops it: the command would go on. Blocked,
    it waits until the pool is made, and is raised here once the workers are stopped. (The pool's
    own threads, started meanwhile, keep the stops blocked: only the main thread handles them.)
    """
    stops = {signal.SIGINT, signal.SIGTERM}
    blocked: frozenset[int] = frozenset()
    if hasattr(signal, "pthread_sigmask"):  # not on Windows, which does not fork
        blocked = frozenset(int(sig) for sig in stops - signal.pthread_sigmask(signal.SIG_BLOCK, stops))
    try:
        pool = multiprocessing.Pool(count, initializer=_worker_start, initargs=(os.getpid(), blocked))
    except BaseException:
        _unblock(blocked)
        raise
    try:
        _unblock(blocked)  # a stop that waited is raised here
    except BaseException:
        pool.terminate()
        raise
    return pool


def _process_jobs(function: Callable[[J], R], jobs: Sequence[J], count: int) -> Generator[R, None, None]:
    if count == 1 or len(jobs) <= 1:
        for job in jobs:
            yield function(job)
        return
    with _new_pool(min(count, len(jobs))) as pool:
        yield from pool.imap(function, jobs)


class Workers:
    """A pool of ``count`` processes kept for many small batches (a search bot's root searches, one
    batch a decision), so that each batch does not pay for starting processes.

    ``map(function, jobs)`` gives ``function(job)`` for every job, in job order, whichever process
    ran it. The processes start at the first ``map``, stop with ``close()`` or when the owner
    drops the pool (a finalizer), and exit by themselves if this process dies. In a process that
    may not have children (a worker of another pool), or with one job, the jobs run here.
    """

    def __init__(self, count: int) -> None:
        if type(count) is not int or count < 1:
            raise ValueError(f"count must be a whole number of at least 1, got {count!r}")
        self.count = count
        self._pool: Any = None
        self._finalizer: weakref.finalize[[], Workers] | None = None

    def map(self, function: Callable[[J], R], jobs: Sequence[J]) -> list[R]:
        if self.count == 1 or len(jobs) <= 1 or multiprocessing.current_process().daemon:
            return [function(job) for job in jobs]
        if self._pool is None:
            pool = _new_pool(self.count)
            self._pool = pool
            self._finalizer = weakref.finalize(self, pool.terminate)
        return list(self._pool.map(function, jobs, chunksize=1))

    def close(self) -> None:
        """Stop the processes (a later ``map`` starts new ones)."""
        if self._finalizer is not None:
            self._finalizer()
        self._pool = self._finalizer = None


# -- the Ray backend ---------------------------------------------------------------------------


def _call(function: Callable[[J], R], job: J) -> R:
    """What a Ray task runs: one job."""
    return function(job)


def _host_port(address: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (or ``ray://HOST:PORT``) split, or None for anything else (``auto``)."""
    rest = address.strip().removeprefix("ray://")
    host, _, port = rest.rpartition(":")
    if not host or not (port.isascii() and port.isdigit()):
        return None
    return host.strip("[]"), int(port)


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in seconds, with one line, when nothing answers at ``address``: Ray itself would
    wait for ever, logging a warning every few seconds."""
    where = _host_port(address)
    if where is None:
        return
    try:
        socket.create_connection(where, timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BackendError(f"no Ray cluster answers at {address}: {reason}") from None


@contextmanager
def _signals_held() -> Iterator[list[tuple[int, float]]]:
    """Ctrl-C and SIGTERM wait until the block is over, then go to this process's own handlers
    (the command's turns SIGTERM into KeyboardInterrupt); off the main thread, nothing to do.
    The block sees what came and when (``time.monotonic``), so that it can cut itself short."""
    held: list[tuple[int, float]] = []
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    # A signal this process ignores (a background job's Ctrl-C) stays ignored.
    previous = {sig: handler for sig in (signal.SIGINT, signal.SIGTERM)
                if (handler := signal.getsignal(sig)) is not signal.SIG_IGN}
    for sig in previous:
        signal.signal(sig, lambda signum, frame: held.append((signum, time.monotonic())))
    try:
        yield held
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for signum in dict.fromkeys(signum for signum, _ in held):
            signal.raise_signal(signum)


class _QuietStderr:
    """Standard error (the file descriptor, where Ray's own code logs) goes to the null device
    until :meth:`restore`: a failed connection logs a warning every few seconds, and the caller
    says it in one line instead. :meth:`hand_over` keeps the descriptor quiet for a start left
    running while Python's ``sys.stderr`` writes to the real one; the start's thread restores
    both when it ends."""

    def __init__(self) -> None:
        self._saved: int | None = None
        self._null: int | None = None
        self._python: TextIO | None = None
        self._lock = threading.Lock()
        try:
            self._saved = os.dup(2)
            self._null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(self._null, 2)
        except OSError:  # no standard error at all: nothing to quiet
            self.restore()

    def hand_over(self) -> None:
        with self._lock:
            if self._saved is None or self._python is not None:
                return
            try:
                if sys.stderr is None or sys.stderr.fileno() != 2:
                    return
                real = open(os.dup(self._saved), "w", buffering=1, encoding=sys.stderr.encoding,  # noqa: SIM115
                            errors=sys.stderr.errors)
            except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
                return
            self._python, sys.stderr = sys.stderr, real

    def restore(self) -> None:
        with self._lock:
            if self._saved is not None:
                os.dup2(self._saved, 2)
                os.close(self._saved)
                self._saved = None
            if self._null is not None:
                os.close(self._null)
                self._null = None
            if self._python is not None:
                real, sys.stderr, self._python = sys.stderr, self._python, None
                real.close()


def _ray_open(ray: Any, workers: int | None, address: str | None) -> Callable[[], None]:
    """Start a private local Ray (no address) or join the cluster at ``address``, quietly;
    returns what ends it (a local Ray is shut down, a cluster only left).

    Ray is started and ended by a thread of its own, which lives as long as the session: Ray's
    processes are bound to the thread that started them (they are killed when it ends), and
    ``ray.init`` run off the main thread leaves the process's SIGTERM handler alone. Ctrl-C
    and SIGTERM are held while Ray starts and stops, since a start or a stop cut half-way
    leaves processes behind; one that came meanwhile is raised as soon as it is over.
    """
    if address is not None:
        _check_reachable(address)
    options = _ray_options(workers, address)
    before = _ray_processes() if address is None else {}
    up = threading.Event()
    finish = threading.Event()
    failed: list[BaseException] = []

    quiet = _QuietStderr()

    def own() -> None:
        try:
            ray.init(**options)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            failed.append(exc)
            return
        finally:
            up.set()
            quiet.restore()
        finish.wait()
        if address is None:
            _ray_shutdown(ray, before)
        else:
            ray.shutdown()  # a cluster we joined stays up; it ends what our tasks were doing

    def close() -> None:
        with _signals_held():
            finish.set()
            owner.join(RAY_STOP_SECONDS)
        if owner.is_alive() and address is None:  # a stop that hangs: end what is left of it
            _kill_new(before)

    where = f"the Ray cluster at {address}" if address else "a local Ray"
    owner = threading.Thread(target=own, name="wasteland-ray", daemon=True)
    try:
        with _signals_held() as held:
            owner.start()
            deadline = time.monotonic() + RAY_START_SECONDS
            while not up.wait(0.05):
                now = time.monotonic()
                if now >= deadline or (held and now >= held[0][1] + SIGNAL_GRACE_SECONDS):
                    # give up; if Ray comes up after all, its thread takes it down again
                    finish.set()
                    if address is None:
                        _kill_new(before)
                    quiet.hand_over()
                    break
    except BaseException:  # interrupted while Ray started: if it is up, take it down whole
        if up.is_set() and not failed:
            close()
        raise
    finally:
        if up.is_set():
            quiet.restore()
    if not up.is_set():
        raise BackendError(f"{where} did not start within {RAY_START_SECONDS:g} seconds; gave up")
    if failed:
        owner.join()
        raise _ray_failure(failed[0], where, address)
    return close


def _ray_options(workers: int | None, address: str | None) -> dict[str, Any]:
    """``ray.init``'s arguments: quiet; a local Ray of our own, or the cluster at ``address``."""
    options: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    if address is None:
        # "local": a new Ray of our own, even when one started by `ray start` (or named by
        # RAY_ADDRESS) runs on this machine: joining a cluster is asked for with an address.
        options.update(address="local", num_cpus=workers or default_workers(), include_dashboard=False)
    else:
        options.update(address=address)
    return options


def _ray_failure(exc: BaseException, where: str, address: str | None) -> BaseException:
    """What a failed start raises: Ray's own error as one line (BackendError), anything else as it is."""
    if not isinstance(exc, (ConnectionError, RuntimeError, ValueError, TimeoutError)):
        return exc
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    hint = ""
    if address and "RAY_AUTH_MODE" not in os.environ:
        hint = " (a cluster with token authentication needs RAY_AUTH_MODE=token and its token here)"
    return BackendError(f"could not start or join {where}: {first}{hint}")


def _ray_processes() -> dict[int, str]:
    """Ray's processes descending from this one (its local Ray: the GCS and raylet are our
    children, Ray's agents and workers the raylet's), as pid -> start time; empty where there
    is no ``/proc``."""
    parent: dict[int, int] = {}
    started: dict[int, str] = {}
    command: dict[int, bytes] = {}
    try:
        entries = [e for e in Path("/proc").iterdir() if e.name.isdigit()]
    except OSError:
        return {}
    for entry in entries:
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (name) "; the name may hold anything
        if len(fields) < 20 or fields[0] == "Z":
            continue
        pid = int(entry.name)
        parent[pid], started[pid], command[pid] = int(fields[1]), fields[19], cmdline
    found: dict[int, str] = {}
    todo = [os.getpid()]
    while todo:
        here = todo.pop()
        for pid, ppid in parent.items():
            if ppid == here and pid not in found:
                todo.append(pid)
                if command[pid].startswith(b"ray::") or b"/ray/" in command[pid]:
                    found[pid] = started[pid]
    return found


def _kill_new(before: dict[int, str]) -> None:
    """SIGKILL the Ray processes below this one that were not there ``before``."""
    for pid, start in _ray_processes().items():
        if before.get(pid) != start:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def _still_running(pid: int, start: str) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    fields = stat[stat.rindex(")") + 2 :].split()
    return len(fields) >= 20 and fields[0] != "Z" and fields[19] == start  # same process, not a reused pid


def _ray_shutdown(ray: Any, before: dict[int, str], wait: float = 3.0) -> None:
    """``ray.shutdown()``, then end what it left of the local Ray this process started
    (Ray's processes below this one that were not there before it started).

    Ray's agents still connecting when the raylet goes (a run stopped just after the start)
    wait for it for ever; they are the raylet's children, found by pid before it goes.
    """
    ours = {pid: start for pid, start in _ray_processes().items() if before.get(pid) != start}
    ray.shutdown()
    deadline = time.monotonic() + wait
    while any(_still_running(pid, start) for pid, start in ours.items()) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid, start in ours.items():
        if _still_running(pid, start):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def _ray_jobs(
    ray: Any, function: Callable[[J], R], jobs: Sequence[J], workers: int | None, address: str | None
) -> Generator[R, None, None]:
    if not jobs:
        return
    close = None if ray.is_initialized() else _ray_open(ray, workers, address)
    pending: deque[Any] = deque()
    try:
        if workers is None:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(_call)
        waiting = iter(jobs)
        for job in waiting:
            pending.append(task.remote(function, job))
            if len(pending) >= 2 * workers:
                break
        while pending:
            try:
                result: R = ray.get(pending.popleft())
            except ray.exceptions.RayTaskError as exc:
                cause = getattr(exc, "cause", None)
                if isinstance(cause, Exception):  # the job's own exception, as the process backend gives it
                    raise cause from exc
                raise
            job = next(waiting, _DONE)
            if job is not _DONE:
                pending.append(task.remote(function, job))
            yield result
    finally:
        if close is not None:
            close()
        else:  # a session this process had already: leave it, but not our tasks running on it
            for ref in pending:
                ray.cancel(ref, force=True)


_DONE: Any = object()
