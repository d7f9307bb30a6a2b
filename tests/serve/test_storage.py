"""The server's storage, the same tests on SQLite and on PostgreSQL: a match and its seats, moves
ordered by the database (one of two moves for one number is stored, the other refused), tokens
kept only as hashes, and everything still there when the storage is opened again."""

from __future__ import annotations

import threading
from pathlib import Path

from wasteland.serve.storage import MatchRow, SQLiteStorage, Storage, open_storage


def _row(match_id: str = "m1", owner: str = "127.0.0.1", over: bool = False) -> MatchRow:
    return MatchRow(match_id, "lucky_seven", 3, {"players": 2, "variant": "cooperative"}, 2**62 + 5,
                    ("human", "heuristic"), (False, False), 1.5, owner, 0, '{"table": 0}', over)


def test_a_match_reads_back_as_it_was_stored(storage: Storage) -> None:
    storage.create(_row())
    found = storage.match("m1")
    assert found == MatchRow("m1", "lucky_seven", 3, {"players": 2, "variant": "cooperative"}, 2**62 + 5,
                             ("human", "heuristic"), (False, False), 1.5, "127.0.0.1", 0, '{"table": 0}', False)
    assert storage.match("nothing") is None and storage.progress("nothing") is None
    assert storage.progress("m1") == 0


def test_moves_are_numbered_and_a_stale_number_is_refused(storage: Storage) -> None:
    storage.create(_row())
    assert storage.record("m1", 1, "LDR", "s1", False)
    assert not storage.record("m1", 1, "r2c3", "s1b", False), "move 1 is already stored"
    assert not storage.record("m1", 3, "end", "s3", False), "move 2 comes before move 3"
    assert storage.record("m1", 2, "end", "s2", True)
    assert not storage.record("m1", 3, "more", "s3", False), "nothing is stored once the match is over"
    found = storage.match("m1")
    assert found is not None and (found.moves, found.snapshot, found.over) == (2, "s2", True)
    assert storage.moves("m1") == ["LDR", "end"]


def test_two_moves_for_one_number_at_once_store_exactly_one(storage: Storage) -> None:
    storage.create(_row())
    results: list[bool] = []
    start = threading.Barrier(8)

    def move(i: int) -> None:
        start.wait()
        results.append(storage.record("m1", 1, f"move{i}", f"s{i}", False))

    threads = [threading.Thread(target=move, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False] * 7 + [True]
    assert len(storage.moves("m1")) == 1 and storage.progress("m1") == 1


def test_a_seat_is_claimed_once_and_only_by_its_hash(storage: Storage) -> None:
    storage.create(_row())
    assert storage.claim("m1", 0, "a" * 64)
    assert not storage.claim("m1", 0, "b" * 64), "a taken seat stays with its holder"
    assert not storage.claim("m1", 1, "b" * 64), "a bot's seat is nobody's"
    assert not storage.claim("m1", 5, "b" * 64)
    assert storage.seat_of("m1", "a" * 64) == 0 and storage.seat_of("m1", "b" * 64) is None
    found = storage.match("m1")
    assert found is not None and found.taken == (True, False)
    assert storage.release("m1", "b" * 64) is None
    assert storage.release("m1", "a" * 64) == 0
    assert storage.seat_of("m1", "a" * 64) is None and storage.claim("m1", 0, "c" * 64)


def test_open_matches_newest_first_and_counted_by_owner(storage: Storage) -> None:
    for i in range(5):
        storage.create(MatchRow(f"m{i}", "raxxon", 1, {}, i, ("human",), (False,), float(i),
                                "10.0.0.1" if i % 2 else "10.0.0.2", 0, "{}", i == 4))
    assert [row.id for row in storage.open_matches(10)] == ["m3", "m2", "m1", "m0"]
    assert [row.id for row in storage.open_matches(2)] == ["m3", "m2"]
    assert storage.count_open("10.0.0.1") == 2 and storage.count_open("10.0.0.2") == 2
    assert storage.count_open("elsewhere") == 0


def test_what_was_committed_is_there_when_the_database_is_opened_again(address: str) -> None:
    first = open_storage(address)
    first.create(_row())
    assert first.record("m1", 1, "LDR", "s1", False) and first.claim("m1", 0, "a" * 64)
    second = open_storage(address)  # a second server (or the same, restarted) on the same database
    assert second.moves("m1") == ["LDR"] and second.seat_of("m1", "a" * 64) == 0
    assert not second.record("m1", 1, "other", "x", False)
    first.close()
    second.close()


def test_sqlite_is_in_wal_mode(tmp_path: Path) -> None:
    storage = SQLiteStorage(str(tmp_path / "games.sqlite"))
    assert storage._connection().execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert open_storage(str(tmp_path / "games.sqlite")).kind == "sqlite"
