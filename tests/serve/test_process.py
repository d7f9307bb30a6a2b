"""`wasteland serve` as a person runs it: a real process on a free loopback port; killed with
SIGKILL mid-match it loses no acknowledged move and the match finishes after a restart; two
servers on one database serve one match alternately (the database orders the moves)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from wasteland import replay as replays
from wasteland.cli import main
from wasteland.serve.storage import open_storage

from .conftest import postgres_url
from .support import SRC, Served

EXAMPLES = SRC.parent / "examples"

LUCKY = {"game": "lucky_seven", "options": {"players": 2, "variant": "competitive"}, "seed": 4}


def test_serve_prints_the_address_and_ctrl_c_stops_it(tmp_path: Path) -> None:
    served = Served(str(tmp_path / "games.sqlite"))
    try:
        assert served.first_line.startswith(f"wasteland serve: open http://127.0.0.1:{served.port}/ in a browser")
        assert "Ctrl-C" in served.first_line
        page = served.request("GET", "/api/games")
        assert page[0] == 200
        code, out = served.stop()
        assert code == 0 and "wasteland serve: stopped" in out
    finally:
        served.close()


def _play(served: Served, match: str, token: str, moves: int) -> dict[int, str]:
    """Play up to ``moves`` of the seat's moves (the last legal action each time), whoever else
    moves between: each acknowledged move by its number (1 for the first of the match)."""
    acknowledged: dict[int, str] = {}
    while len(acknowledged) < moves:
        view = served.get(f"/api/matches/{match}/seat", token)
        if view["outcome"]:
            break
        if not view["your_turn"]:  # the bot thinks: ask again at a person's pace, under the server's rate limit
            time.sleep(0.1)
            continue
        answer = served.post(f"/api/matches/{match}/move", {"move": len(view["legal"]) - 1, "number": view["number"]},
                             token)
        acknowledged[answer["number"]] = answer["last"]["notation"]
    return acknowledged


def _stored(db: str, match: str) -> list[str]:
    """The moves the database holds, read by a storage of its own."""
    storage = open_storage(db)
    try:
        return storage.moves(match)
    finally:
        storage.close()


def test_sigkill_mid_match_loses_no_acknowledged_move_and_the_match_finishes(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    served = Served(db)
    try:
        made = served.post("/api/matches", {**LUCKY, "seats": ["human", "heuristic"]})
        token = served.post(f"/api/matches/{made['id']}/join", {"seat": 0})["token"]
        acknowledged = _play(served, made["id"], token, 8)
        served.kill()  # right after an acknowledged move, with the bot perhaps thinking
        stored = _stored(db, made["id"])
        assert {n: stored[n - 1] for n in acknowledged} == acknowledged, "every acknowledged move is there"
        served = Served(db, served.port)
        assert served.get(f"/api/matches/{made['id']}/seat", token)["number"] >= len(stored)
        _play(served, made["id"], token, 10_000)
        replay = replays.from_json(json.dumps(served.get(f"/api/matches/{made['id']}/replay")))
        replays.verify(replay)
        assert list(replay.moves[:len(stored)]) == stored
    finally:
        served.close()


def _live(stack: ExitStack, served: Served, match: str, token: str) -> Any:
    socket = stack.enter_context(connect(served.url.replace("http", "ws") + f"/api/matches/{match}/live"))
    socket.send(json.dumps({"token": token}))
    return socket


def test_two_servers_on_one_postgresql_database_serve_one_match_alternately() -> None:
    """Seat 0 talks to one server, seat 1 to the other, as behind a proxy; each seat's WebSocket,
    on its own server, learns of the other's moves; a move sent to both servers is stored once."""
    address = postgres_url()
    with ExitStack() as stack:
        servers = [Served(address, wait=False), Served(address, wait=False)]  # both start at once
        for served in servers:
            stack.callback(served.close)
            served.ready()
        made = servers[0].post("/api/matches", {**LUCKY, "seats": ["human", "human"]})
        tokens = [servers[p].post(f"/api/matches/{made['id']}/join", {"seat": p})["token"] for p in range(2)]
        sockets = [_live(stack, servers[p], made["id"], tokens[p]) for p in range(2)]
        views = [json.loads(s.recv(timeout=10)) for s in sockets]
        number = 0
        while not views[0]["outcome"]:
            mover = views[0]["turn"]
            sockets[mover].send(json.dumps({"move": 0, "number": number}))
            if number % 5 == 0:  # the same move through the other server too: one of the two is stale
                status, answer = servers[1 - mover].request(
                    "POST", f"/api/matches/{made['id']}/move", {"move": 0, "number": number}, tokens[mover])
                assert status == 200 or (status == 409 and "stale" in answer["error"])
            number += 1
            views = [_next_state(s, number) for s in sockets]
        assert views[1]["outcome"] == views[0]["outcome"] and views[0]["number"] == views[1]["number"]
        replay = replays.from_json(json.dumps(servers[1].get(f"/api/matches/{made['id']}/replay")))
        replays.verify(replay)
        assert len(replay.moves) == views[0]["number"]


def _next_state(socket: Any, number: int) -> dict[str, Any]:
    while True:
        message = json.loads(socket.recv(timeout=20))
        if message["type"] == "state" and message["number"] >= number:
            return dict(message)


@pytest.mark.parametrize(("arguments", "said"), [
    (["--port", "0"], "a port is a number from 1 to 65535"), (["--port", "x"], "a port is a number"),
    (["--bot-seconds", "0"], "above 0"), (["--replays", "/dev/null/finished"], "is not a folder")])
def test_serve_refuses_bad_arguments_in_one_line(arguments: list[str], said: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["serve", *arguments])
    except SystemExit as exit:
        code = exit.code
    assert code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_the_load_benchmark_runs_and_reports_its_figures() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / "serve_load.py"), "--matches", "2", "--seconds", "3"],
                          capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(SRC)})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["matches", "moves/s", "p50", "ms", "p99", "ms", "person", "moves"]
    matches, rate, p50, p99, moves = lines[2].split()
    assert matches == "2" and float(rate) > 0 and 0 < float(p50) <= float(p99) and int(moves) > 0
    assert "the server said" not in done.stdout
