"""Where the server keeps its matches: one interface, SQLite (a file, the default) or PostgreSQL.

A match is stored as what replays it (the game's key, its rules version, the options, the seed
and every move in notation, one row a move) plus a snapshot of the table through the codec, so
that a server reads a match back without playing it again. Seats are rows too: what sits there
("human" or a bot name) and, once a person has joined, the SHA-256 of the seat's secret token
(never the token itself).

A move is one transaction: the row of move number ``n`` goes in and the match's count of moves
goes from ``n - 1`` to ``n`` together, or nothing does. The count moves only from the number a
move answers, and (match, move number) is a primary key, so of two moves that answer the same
number, from two threads or two servers on one database, exactly one is stored; the other is
refused as stale. The transaction is committed before :meth:`Storage.record` returns, so a move
the server acknowledged survives the server being killed.

``open_storage("games.sqlite")`` opens (or makes) an SQLite file in WAL mode, synchronous=FULL;
``open_storage("postgresql://user@host/db")`` a PostgreSQL database. Both make their tables on
first use.
"""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
from abc import ABC, abstractmethod
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from attrs import frozen

__all__ = ["MatchRow", "Storage", "SQLiteStorage", "PostgresStorage", "StorageError", "open_storage",
           "POSTGRES_SCHEMES"]

#: The address schemes that name a PostgreSQL database.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules_version INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        owner TEXT NOT NULL,
        moves INTEGER NOT NULL,
        snapshot TEXT NOT NULL,
        over INTEGER NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seats (
        match_id TEXT NOT NULL REFERENCES matches (id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        token_hash TEXT,
        PRIMARY KEY (match_id, seat))""",
    """CREATE TABLE IF NOT EXISTS moves (
        match_id TEXT NOT NULL REFERENCES matches (id),
        number INTEGER NOT NULL,
        move TEXT NOT NULL,
        PRIMARY KEY (match_id, number))""",
    "CREATE INDEX IF NOT EXISTS matches_open ON matches (over, created)",
    "CREATE INDEX IF NOT EXISTS matches_owner ON matches (owner, over)",
)


class StorageError(Exception):
    """A database that cannot be opened or used, said in one line."""


@frozen
class MatchRow:
    """A stored match: how to replay it, its seats, and where it stands.

    ``seats`` holds what sits in each seat ("human" or a bot name) and ``taken`` whether a
    person holds each human seat; ``moves`` is the number of moves played, ``snapshot`` the
    table after them (the codec's text), ``over`` whether the game has ended."""

    id: str
    game: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    taken: tuple[bool, ...]
    created: float
    owner: str
    moves: int
    snapshot: str
    over: bool


_MATCH_COLUMNS = "id, game, rules_version, options, seed, created, owner, moves, snapshot, over"


class Storage(ABC):
    """The matches, their seats and their moves, in a database that orders the moves."""

    #: "sqlite" or "postgresql".
    kind: str

    @abstractmethod
    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Any]:
        """A cursor inside one transaction, committed when the block ends, rolled back on an error
        (``write=False``: one that only reads)."""

    def _sql(self, text: str) -> str:
        return text

    def _execute(self, cursor: Any, text: str, parameters: Sequence[Any] = ()) -> Any:
        cursor.execute(self._sql(text), tuple(parameters))
        return cursor

    def _schema(self) -> None:
        with self._transaction() as cursor:
            for statement in _SCHEMA:
                self._execute(cursor, statement)

    def create(self, row: MatchRow) -> None:
        """Store a new match and its seats (all free)."""
        with self._transaction() as cursor:
            self._execute(cursor, f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          (row.id, row.game, row.rules_version, json.dumps(row.options, sort_keys=True), row.seed,
                           row.created, row.owner, row.moves, row.snapshot, int(row.over)))
            for seat, kind in enumerate(row.seats):
                self._execute(cursor, "INSERT INTO seats (match_id, seat, kind, token_hash) VALUES (?, ?, ?, NULL)",
                              (row.id, seat, kind))

    def _rows(self, cursor: Any, where: str, parameters: Sequence[Any]) -> list[MatchRow]:
        found = self._execute(cursor, f"SELECT {_MATCH_COLUMNS} FROM matches WHERE {where}", parameters).fetchall()
        rows = []
        for (match_id, game, rules_version, options, seed, created, owner, moves, snapshot, over) in found:
            seats = self._execute(cursor, "SELECT kind, token_hash FROM seats WHERE match_id = ? ORDER BY seat",
                                  (match_id,)).fetchall()
            rows.append(MatchRow(match_id, game, int(rules_version), json.loads(options), int(seed),
                                 tuple(kind for kind, _ in seats), tuple(token is not None for _, token in seats),
                                 float(created), owner, int(moves), snapshot, bool(over)))
        return rows

    def match(self, match_id: str) -> MatchRow | None:
        """The match called ``match_id``, or None."""
        with self._transaction(write=False) as cursor:
            rows = self._rows(cursor, "id = ?", (match_id,))
        return rows[0] if rows else None

    def progress(self, match_id: str) -> int | None:
        """The number of moves of ``match_id`` (None for no such match): what a server polls to
        learn that another server moved."""
        with self._transaction(write=False) as cursor:
            found = self._execute(cursor, "SELECT moves FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if found is None else int(found[0])

    def open_matches(self, limit: int) -> list[MatchRow]:
        """The newest ``limit`` matches that are not over, newest first."""
        with self._transaction(write=False) as cursor:
            return self._rows(cursor, "over = 0 ORDER BY created DESC, id LIMIT ?", (limit,))

    def count_open(self, owner: str) -> int:
        """How many matches that are not over ``owner`` made."""
        with self._transaction(write=False) as cursor:
            found = self._execute(cursor, "SELECT COUNT(*) FROM matches WHERE owner = ? AND over = 0",
                                  (owner,)).fetchone()
        return int(found[0])

    def claim(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give the free human seat ``seat`` to the holder of the token hashed ``token_hash``;
        False when it is not a free human seat (someone else took it first)."""
        with self._transaction() as cursor:
            done = self._execute(cursor, "UPDATE seats SET token_hash = ? WHERE match_id = ? AND seat = ? "
                                         "AND kind = 'human' AND token_hash IS NULL",
                                 (token_hash, match_id, seat))
            return bool(done.rowcount == 1)

    def release(self, match_id: str, token_hash: str) -> int | None:
        """Free the seat held by ``token_hash``; its number, or None when no seat holds it."""
        with self._transaction() as cursor:
            found = self._execute(cursor, "SELECT seat FROM seats WHERE match_id = ? AND token_hash = ?",
                                  (match_id, token_hash)).fetchone()
            if found is None:
                return None
            self._execute(cursor, "UPDATE seats SET token_hash = NULL WHERE match_id = ? AND seat = ?",
                          (match_id, found[0]))
            return int(found[0])

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        """The seat of ``match_id`` that the token hashed ``token_hash`` holds, or None."""
        with self._transaction(write=False) as cursor:
            found = self._execute(cursor, "SELECT seat FROM seats WHERE match_id = ? AND token_hash = ?",
                                  (match_id, token_hash)).fetchone()
        return None if found is None else int(found[0])

    def record(self, match_id: str, number: int, move: str, snapshot: str, over: bool) -> bool:
        """Store move ``number`` (1 for the first) of ``match_id`` and the table after it, in one
        committed transaction; False (and nothing stored) when the match does not stand at
        ``number - 1`` moves: another move answered that number first."""
        with self._transaction() as cursor:
            done = self._execute(cursor, "UPDATE matches SET moves = ?, snapshot = ?, over = ? "
                                         "WHERE id = ? AND moves = ? AND over = 0",
                                 (number, snapshot, int(over), match_id, number - 1))
            if done.rowcount != 1:
                return False
            self._execute(cursor, "INSERT INTO moves (match_id, number, move) VALUES (?, ?, ?)",
                          (match_id, number, move))
            return True

    def moves(self, match_id: str) -> list[str]:
        """Every move of ``match_id`` in notation, first to last."""
        with self._transaction(write=False) as cursor:
            found = self._execute(cursor, "SELECT move FROM moves WHERE match_id = ? ORDER BY number",
                                  (match_id,)).fetchall()
        return [move for (move,) in found]

    @abstractmethod
    def close(self) -> None:
        """Let go of the database."""


class SQLiteStorage(Storage):
    """Matches in an SQLite file (WAL mode; every commit synced): nothing to set up. A connection
    for each thread, so that readers never wait for a writer; a move's transaction takes the
    write lock at its start (other processes may open the same file: they wait their turn)."""

    kind = "sqlite"

    def __init__(self, path: str) -> None:
        self._path = path
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._schema()

    def _connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            try:
                connection = sqlite3.connect(self._path, timeout=30.0, isolation_level=None, check_same_thread=False)
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=FULL")
                connection.execute("PRAGMA foreign_keys=ON")
            except sqlite3.Error as exc:
                raise StorageError(f"cannot open the database {self._path!r}: {exc}") from None
            self._local.connection = connection
            with self._lock:
                self._connections.append(connection)
        return connection

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Any]:
        cursor = self._connection().cursor()
        # IMMEDIATE: a write takes the lock at its start, so two servers on one file never both
        # read a count of moves and then both try to raise it.
        cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield cursor
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            for connection in self._connections:
                connection.close()
            self._connections.clear()
        self._local = threading.local()


class PostgresStorage(Storage):
    """Matches in a PostgreSQL database, through a small pool of connections (psycopg). Several
    servers may share one database: it orders the moves of each match."""

    kind = "postgresql"

    def __init__(self, url: str, connections: int = 8) -> None:
        try:
            import psycopg
        except ImportError:  # pragma: no cover - the serve extra installs it
            raise StorageError("a postgresql:// database needs psycopg: pip install 'wasteland[serve]'") from None
        self._psycopg = psycopg
        self._url = url
        self._pool: queue.LifoQueue[Any] = queue.LifoQueue()
        self._made = 0
        self._most = connections
        self._lock = threading.Lock()
        self._schema()

    def _sql(self, text: str) -> str:
        return text.replace("?", "%s")

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self._url, connect_timeout=10, autocommit=True)
        except self._psycopg.Error as exc:
            raise StorageError(f"cannot open the PostgreSQL database: {str(exc).splitlines()[0][:200]}") from None

    def _take(self) -> Any:
        try:
            return self._pool.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            make = self._made < self._most
            if make:
                self._made += 1
        if make:
            try:
                return self._connect()
            except BaseException:
                with self._lock:
                    self._made -= 1
                raise
        return self._pool.get()

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Any]:
        connection = self._take()
        try:
            with connection.transaction(), connection.cursor() as cursor:
                yield cursor
        except self._psycopg.OperationalError:
            connection.close()
            with self._lock:
                self._made -= 1
            raise
        except BaseException:
            self._pool.put(connection)
            raise
        self._pool.put(connection)

    def _schema(self) -> None:
        with self._transaction() as cursor:
            # Two servers starting on one new database: the lock makes the second wait for the first.
            cursor.execute("SELECT pg_advisory_xact_lock(2029)")
            for statement in _SCHEMA:
                cursor.execute(statement)

    def close(self) -> None:
        while True:
            try:
                self._pool.get_nowait().close()
            except queue.Empty:
                return


def open_storage(where: str) -> Storage:
    """The storage at ``where``: a ``postgresql://`` address, or the path of an SQLite file."""
    if where.startswith(POSTGRES_SCHEMES):
        return PostgresStorage(where)
    return SQLiteStorage(where)
