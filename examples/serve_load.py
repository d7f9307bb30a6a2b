"""Load on `wasteland serve`: simulated people play many matches at once over loopback.

Starts a real server (``python -m wasteland serve``) on a free loopback port over the database
given (an SQLite file in a temporary folder by default, or ``--db postgresql://...``), then
keeps ``--matches`` matches going at once for ``--seconds``: in each, one simulated person
(a client picking a random legal move) plays The Lucky Seven against a bot seat on the server
(``--bot``), over the seat's WebSocket, and a finished match is replaced by a new one. It
reports the moves a second (the people's and the bots', all stored and pushed) and the latency
of a person's move: from sending it to receiving the table it made, p50 and p99::

    python examples/serve_load.py --matches 10 100
    python examples/serve_load.py --matches 10 100 --db postgresql://user@127.0.0.1/db

This is a benchmark, not a test: the figures depend on the machine (docs/serve.md lists some).
It needs the serve extra (``pip install "wasteland[serve]"``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

GAME = {"game": "lucky_seven", "options": {"players": 2, "variant": "competitive"}}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: str, matches: int, log: Any) -> tuple[subprocess.Popen[bytes], str]:
    """A server on a free port (its messages go to ``log``) and its address."""
    port = free_port()
    many = str(10 * matches + 100)
    process = subprocess.Popen(
        [sys.executable, "-m", "wasteland", "serve", "--port", str(port), "--db", db, "--bot-seconds", "0.1",
         "--max-matches", many, "--max-connections", many, "--max-rate", "100000"],
        stdout=subprocess.DEVNULL, stderr=log)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while True:
        try:
            httpx2.get(url + "/api/games", timeout=2).raise_for_status()
            return process, url
        except httpx2.HTTPError:
            if process.poll() is not None or time.monotonic() > end:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


async def one_match(client: httpx2.AsyncClient, url: str, bot: str, pick: random.Random,
                    latencies: list[float], until: float) -> int:
    """Play one match (or until the time is up); the number of moves it stored."""
    made = (await client.post("/api/matches", json={**GAME, "seats": ["human", bot]})).json()
    token = (await client.post(f"/api/matches/{made['id']}/join", json={"seat": 0})).json()["token"]
    number = 0
    async with connect(url.replace("http", "ws") + f"/api/matches/{made['id']}/live") as live:
        await live.send(json.dumps({"token": token}))
        sent_at: float | None = None
        while time.monotonic() < until:
            view = json.loads(await live.recv())
            if view["type"] != "state":
                raise SystemExit(f"the server said: {view['error']}")
            number = view["number"]
            if sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["outcome"]:
                break
            if view["your_turn"]:
                sent_at = time.perf_counter()
                await live.send(json.dumps({"move": pick.randrange(len(view["legal"])), "number": number}))
    return number


async def keep_going(client: httpx2.AsyncClient, url: str, bot: str, seed: int, latencies: list[float],
                     until: float) -> int:
    pick = random.Random(seed)
    moves = 0
    while time.monotonic() < until:
        moves += await one_match(client, url, bot, pick, latencies, until)
    return moves


async def measure(url: str, matches: int, seconds: float, bot: str) -> tuple[float, float, float, int]:
    latencies: list[float] = []
    limits = httpx2.Limits(max_connections=matches + 10)
    async with httpx2.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        start = time.monotonic()
        until = start + seconds
        moves = await asyncio.gather(*(keep_going(client, url, bot, seed, latencies, until)
                                       for seed in range(matches)))
        elapsed = time.monotonic() - start
    latencies.sort()
    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else float("nan")
    return sum(moves) / elapsed, p50, p99, len(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[10, 100], help="matches at once (each a run)")
    parser.add_argument("--seconds", type=float, default=15.0, help="how long each run lasts")
    parser.add_argument("--db", help="a postgresql:// address (default: an SQLite file in a temporary folder)")
    parser.add_argument("--bot", default="heuristic", help="the server's bot seat (default heuristic)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "load.sqlite")
        kind = "PostgreSQL" if db.startswith("postgres") else "SQLite"
        print(f"wasteland serve under load: The Lucky Seven, a random person against the {args.bot} bot, "
              f"{kind}, {args.seconds:g} s a run, {os.cpu_count()} cores")
        print(f"{'matches':>8} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'person moves':>13}")
        with open(Path(folder) / "server.log", "w+", encoding="utf-8") as log:
            for matches in args.matches:
                process, url = start_server(db, matches, log)
                try:
                    rate, p50, p99, count = asyncio.run(measure(url, matches, args.seconds, args.bot))
                finally:
                    process.terminate()
                    process.wait(timeout=30)
                print(f"{matches:>8} {rate:>9.0f} {1000 * p50:>8.1f} {1000 * p99:>8.1f} {count:>13}", flush=True)
            log.seek(0)
            said = log.read()
        if said.strip():
            print("the server said:\n" + said[-3000:])


if __name__ == "__main__":
    main()
