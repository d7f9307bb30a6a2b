"""Reading a stranger's data: each check names the path of the entry and what is allowed."""

from __future__ import annotations

import pytest

from wasteland.core.data import (
    at, check_provenance, need_bool, need_int, need_list, need_name, need_object,
)
from wasteland.core.game import ConfigError


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
