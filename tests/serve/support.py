"""Real `wasteland serve` processes for the tests: started on a free loopback port, waited for,
and stopped (or killed); and a small HTTP client on the standard library."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[2] / "src"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """A `python -m wasteland serve` process on ``port`` over the database ``db``."""

    def __init__(self, db: str, port: int | None = None, *extra: str, wait: bool = True) -> None:
        self.db, self.port = db, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = {**os.environ, "PYTHONPATH": str(SRC)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "wasteland", "serve", "--port", str(self.port), "--db", db, "--bot-seconds", "0.05",
             "--poll", "0.05", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
        self.first_line = ""
        if wait:
            self.ready()

    def ready(self) -> Served:
        """Wait until the server answers (it prints its address first)."""
        assert self.process.stdout is not None and self.process.stderr is not None
        if not self.first_line:
            self.first_line = self.process.stdout.readline()
        end = time.monotonic() + 30
        while True:
            try:
                self.get("/api/games")
                return self
            except (OSError, urllib.error.URLError):
                if self.process.poll() is not None or time.monotonic() > end:
                    raise AssertionError(f"the server did not start: {self.process.stderr.read()}") from None
                time.sleep(0.05)

    def request(self, method: str, path: str, body: object = None, token: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        sent = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(sent, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path: str, token: str | None = None) -> Any:
        status, answer = self.request("GET", path, token=token)
        assert status == 200, answer
        return answer

    def post(self, path: str, body: object = None, token: str | None = None) -> Any:
        status, answer = self.request("POST", path, body, token)
        assert status == 200, answer
        return answer

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, as a person stops it; the exit code and what it printed after the address."""
        self.process.send_signal(signal.SIGINT)
        out, _ = self.process.communicate(timeout=30)
        return self.process.returncode, out

    def kill(self) -> None:
        self.process.kill()  # SIGKILL: no goodbye, no flush
        self.process.wait(timeout=30)

    def close(self) -> None:
        if self.process.poll() is None:
            self.kill()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
