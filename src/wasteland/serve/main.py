"""``wasteland serve``: open the storage, print the address to open, and run the server until
Ctrl-C (or SIGTERM) stops it."""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn

from wasteland.serve.app import create_app
from wasteland.serve.lobby import Limits
from wasteland.serve.storage import POSTGRES_SCHEMES, StorageError, open_storage

__all__ = ["run", "DEFAULT_DB"]

#: The database when none is named: an SQLite file in the current folder.
DEFAULT_DB = "wasteland-games.sqlite"


def run(host: str, port: int, db: str, *, bot_seconds: float = 1.0, replays_folder: Path | None = None,
        limits: Limits | None = None, poll: float = 0.5) -> int:
    """Serve on ``host:port`` with matches kept in ``db``; returns the exit code."""
    try:
        storage = open_storage(db)
    except StorageError as exc:
        print(f"wasteland serve: {exc}", file=sys.stderr)
        return 1
    app = create_app(storage, bot_seconds=bot_seconds, replays_folder=replays_folder, limits=limits, poll=poll)
    shown = "[" + host + "]" if ":" in host else host
    where = "a PostgreSQL database" if db.startswith(POSTGRES_SCHEMES) else db
    print(f"wasteland serve: open http://{shown}:{port}/ in a browser (matches kept in {where}; "
          "Ctrl-C stops the server)", flush=True)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, ws_max_size=64 * 1024,
                    timeout_graceful_shutdown=3)
    finally:
        storage.close()
    print("wasteland serve: stopped", flush=True)
    return 0
