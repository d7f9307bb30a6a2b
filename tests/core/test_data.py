"""Reading a stranger's data: each check names the path of the entry and what is allowed."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

from wasteland.core.data import (
    MAX_JSON_BYTES, at, check_provenance, need_bool, need_int, need_list, need_name, need_object, need_text,
    read_file, read_json,
)
from wasteland.core.game import ConfigError
from wasteland.registry import get_game


def test_paths_read_like_the_data() -> None:
    assert at("cards", "threats", 3, "strength") == "cards.threats[3].strength"
    assert at("cards") == "cards" and at(0) == "[0]"


def test_need_int_wants_a_whole_number_in_range() -> None:
    assert need_int("x", 3, 0, 5) == 3
    for bad in (-1, 6, True, 2.0, "3", None, 10**5000):
        with pytest.raises(ConfigError, match=r"^cards\.threats\[3\]\.strength: must be a whole number from 0 to 5"):
            need_int("cards.threats[3].strength", bad, 0, 5)
    with pytest.raises(ConfigError, match="or null"):
        need_int("x", None, 0, 5, none="cannot dig")


def test_need_object_names_unknown_keys() -> None:
    assert need_object("c", {"a": 1}, ("a", "b")) == {"a": 1}
    with pytest.raises(ConfigError, match=r"c: unknown key 'z'; allowed keys: 'a', 'b'"):
        need_object("c", {"z": 1}, ("a", "b"))
    with pytest.raises(ConfigError, match=r"c: must be an object like \{\}"):
        need_object("c", [1], ("a",), "{}")
    with pytest.raises(ConfigError, match="unknown key 1"):
        need_object("c", {1: 2}, ("a",))


def test_need_list_bool_and_name() -> None:
    assert need_list("l", (1, 2), 1, 3) == [1, 2]
    with pytest.raises(ConfigError, match="must hold 1 to 3 entries, got 4"):
        need_list("l", [1, 2, 3, 4], 1, 3)
    with pytest.raises(ConfigError, match="must be a list"):
        need_list("l", "abc")
    assert need_bool("b", False) is False
    with pytest.raises(ConfigError, match="true or false"):
        need_bool("b", 0)
    assert need_name("k", "machine gun", {"Machine Gun": 2}) == 2
    with pytest.raises(ConfigError, match="must be one of 'Machine Gun', got 'x'"):
        need_name("k", "x", {"Machine Gun": 2})


def test_messages_never_echo_a_whole_stranger_s_value() -> None:
    with pytest.raises(ConfigError) as caught:
        need_int("x", "9" * 100_000, 0, 5)
    assert len(str(caught.value)) < 200


def test_provenance_strings() -> None:
    assert check_provenance("public [RB] card renders")
    assert check_provenance("design: no public value; chosen to balance")
    assert check_provenance("user card set")
    assert not check_provenance("design") and not check_provenance("from a blog") and not check_provenance(None)


# -- a stranger's JSON: bounded, no key twice, valid text ------------------------------------


def test_read_json_refuses_what_plain_data_cannot_be() -> None:
    assert read_json(b'{"a": [1, 2.5, "x", null, true]}') == {"a": [1, 2.5, "x", None, True]}
    for text, said in [
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ('{"x": {"cards": 1, "cards": 2}}', "appears twice"),
        ("[NaN]", "NaN is not a JSON number"),
        ("[1e999]", "out of range"),
        ("[" + "9" * 30 + "]", "30 digits"),
        ('["\\ud800"]', "not valid Unicode text"),
        ('{"\\udfff": 1}', "not valid Unicode text"),
        ("[" * 40 + "]" * 40, "nests deeper than 32"),
        ("[" * 100_000, "nests too deeply"),
        (b"\xff[]", "not UTF-8"),
        ("{", "not JSON"),
    ]:
        with pytest.raises(ConfigError, match=re.escape(said)) as err:
            read_json(text)
        assert "\n" not in str(err.value)
        str(err.value).encode("utf-8")  # printable anywhere


def test_read_json_checks_the_size_before_parsing() -> None:
    for text in (b" " * (MAX_JSON_BYTES + 1), "[" + "0," * (MAX_JSON_BYTES // 2) + "0]"):
        start = time.process_time()
        with pytest.raises(ConfigError, match="larger than"):
            read_json(text)
        assert time.process_time() - start < 0.1
    start = time.process_time()
    with pytest.raises(ConfigError, match="nests"):
        read_json("[" * (MAX_JSON_BYTES // 2) + "]" * (MAX_JSON_BYTES // 2))
    assert time.process_time() - start < 2.0


def test_need_text_wants_printable_text_on_one_line() -> None:
    assert need_text("t", "Sirens – ¡ojo! 🐀", 1, 40) == "Sirens – ¡ojo! 🐀"
    for bad in ("", "x" * 41, None, 3, "a\ud800", "a\nb", "tab\there", "\x00", "\x9b", "a\u2028b",
                "\u202eevil", "\u2066x"):
        with pytest.raises(ConfigError, match=r"^cards\.raxxon\[0\]\.title: must be") as err:
            need_text("cards.raxxon[0].title", bad, 1, 40)
        str(err.value).encode("utf-8")


def test_a_replay_is_read_with_the_same_bounded_reader() -> None:
    from wasteland import replay

    head = '{"format": "wasteland-replay", "version": 2, "game": "lucky_seven", "rules_version": 1, "seed": 1, '
    for text, said in [
        (head + '"moves": [], "moves": []}', "appears twice"),
        (head + '"title": "\\ud800", "moves": []}', "not valid Unicode text"),
        (head + '"title": "a\\u0007b", "moves": []}', "title: must be printable text"),
        (head + '"moves": ["' + "x" * 10 + '"' + ', "x"' * (replay.MAX_BYTES // 5) + "]}", "larger than"),
    ]:
        with pytest.raises(replay.ReplayError, match=re.escape(said)):
            replay.from_json(text)


def test_a_replay_at_the_bound_is_read_or_refused_within_two_cpu_seconds(tmp_path: Path) -> None:
    from wasteland import replay

    game = get_game("lucky_seven")
    head = (f'{{"format": "wasteland-replay", "version": 2, "game": "lucky_seven", '
            f'"rules_version": {game.rules_version}, "seed": 1, "moves": [')
    move = '"' + "a" * 43 + '"'  # long enough that a file of 2 MB holds fewer than MAX_MOVES moves
    count = (replay.MAX_BYTES - len(head) - 4) // (len(move) + 1)
    assert count <= replay.MAX_MOVES
    just_under = head + ",".join([move] * count) + "]}"
    assert len(just_under) <= replay.MAX_BYTES
    over = tmp_path / "over.json"
    over.write_text(just_under + " " * (replay.MAX_BYTES + 1 - len(just_under)))
    start = time.process_time()
    assert len(replay.from_json(just_under).moves) == count
    with pytest.raises(replay.ReplayError, match="larger than 2 MB"):
        replay.load(over)
    assert time.process_time() - start < 2.0


def test_the_largest_real_replay_is_read_with_ten_times_to_spare(tmp_path: Path) -> None:
    """The longest game measured: five seats of Arctic Scavengers with every card count at 99,
    played at random (8,588 moves, 90 KB)."""
    from wasteland import replay
    from wasteland.arctic_scavengers.cards import CARD_TYPES

    game = get_game("arctic_scavengers")
    options = {"players": 5, "cards": {t.key: {"count": 99} for t in CARD_TYPES}}
    state = game.new_game(seed=0, **options)
    rng = random.Random(0)
    actions = []
    while game.outcome(state) is None and len(actions) < 9_000:
        legal = game.legal_actions(state)
        actions.append(legal[rng.randrange(len(legal))])
        state = game.apply(state, actions[-1])
    recorded = replay.record("arctic_scavengers", 0, options, actions)
    path = tmp_path / "long.json"
    replay.save(recorded, path)
    assert 10 * path.stat().st_size <= replay.MAX_BYTES
    assert replay.load(path).moves == recorded.moves


def test_read_file_reads_bounded_and_refuses_in_one_line_naming_the_file(tmp_path: Path) -> None:
    small = tmp_path / "small.json"
    small.write_bytes(b"[1, 2]")
    assert read_file(small, 6) == b"[1, 2]"
    with pytest.raises(ConfigError, match=r"^'.*small.json': larger than 5 bytes$"):
        read_file(small, 5)
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(ValueError, match="folder': is a directory, not a regular file"):
        read_file(folder, error=ValueError)
    deep = tmp_path / ("d" * 120) / "missing.json"
    with pytest.raises(ConfigError, match=r"^'\.\.\.d+/missing.json': cannot read it \(") as caught:
        read_file(deep)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 140
