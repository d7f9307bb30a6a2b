"""Balance tables: each bot at each difficulty on the same deals, win rates with 95% intervals."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import wasteland.balance
from wasteland import GAMES
from wasteland.agents import is_fair, parse_bot
from wasteland.balance import DEFAULT_BOTS, balance, balance_tables, default_bots
from wasteland.cli import EXIT_USAGE, main
from wasteland.plot import _balance_title
from wasteland.tournament import wilson

TINY = ["ismcts:2:d2", "oracle:2:d2"]


def test_the_tables_are_the_default_and_the_game_s_typical_ones_or_the_values_to_vary() -> None:
    tables = balance_tables("raxxon")
    assert tables[0] == ("default", {})
    assert [options for _, options in tables[1:]] == [dict(o) for o in GAMES["raxxon"].option_sets]
    assert ("players=2 difficulty=expert", {"players": 2, "difficulty": "expert"}) in tables
    # what the user gives (--players, --option) holds at every table, and a table is listed once
    solo = balance_tables("raxxon", {"players": 1})
    assert solo[0] == ("players=1", {"players": 1})
    assert all(options["players"] == 1 for _, options in solo)
    assert len({tuple(sorted(options.items())) for _, options in solo}) == len(solo)
    assert [label for label, _ in solo] == ["players=1", "players=1 difficulty=intro", "players=1 difficulty=expert"]
    varied = balance_tables("raxxon", {"players": 2}, {"difficulty": ["intro", "hard"], "characters": [None]})
    assert [label for label, _ in varied] == ["players=2 difficulty=intro characters=None",
                                              "players=2 difficulty=hard characters=None"]
    assert varied[1][1] == {"players": 2, "difficulty": "hard", "characters": None}
    with pytest.raises(ValueError, match="at least one value"):
        balance_tables("raxxon", None, {"difficulty": []})


def test_a_balance_table_plays_each_bot_on_the_same_deals_at_each_difficulty() -> None:
    result = balance("raxxon", TINY, 2, seed=5, vary={"difficulty": ["intro", "expert"]}, workers=1)
    assert [(r.table, r.bot) for r in result.rows] == [
        ("difficulty=intro", "ismcts:2:d2"), ("difficulty=intro", "oracle:2:d2"),
        ("difficulty=expert", "ismcts:2:d2"), ("difficulty=expert", "oracle:2:d2")]
    for row in result.rows:
        assert row.games == 2 and row.summary.seed == 5 and row.options["difficulty"] in ("intro", "expert")
        assert row.interval() == wilson(row.wins, 2)
    assert [r.fair for r in result.rows] == [True, False, True, False]
    assert balance("raxxon", TINY, 2, seed=5, vary={"difficulty": ["intro", "expert"]}, workers=2) == result
    text = result.format()
    assert "difficulty=expert" in text and "oracle:2:d2 !" in text and "not a fair player" in text
    assert "[" in text and "%" in text


def test_with_several_oracles_the_table_says_its_bound_is_the_highest_of_them() -> None:
    """Raxxon's balance plays two oracles, neither the stronger at every table size: the footnote
    says which rate bounds a table; with one oracle it has no such line."""
    two = balance("raxxon", ["oracle:2:d2", "oracle:2"], 1, seed=5, workers=1).format()
    assert "a table's bound is the highest of their rates" in two
    one = balance("raxxon", TINY, 1, seed=5, workers=1).format()
    assert "not a fair player" in one and "highest of their rates" not in one


def test_a_competitive_game_shows_the_rate_of_each_seat() -> None:
    result = balance("lucky_seven", ["random"], 3, options={"players": 2})
    assert result.tables() == ["players=2"] + [t for t in result.tables()[1:]]
    first = result.rows[0]
    assert not first.summary.team_play() and first.wins == 3  # a versus game always has a winner
    assert "by seat:" in result.format().splitlines()[2]
    assert "not a fair player" not in result.format()


def test_each_seat_s_rate_carries_its_interval_and_a_mark_where_it_lies_off_an_even_share() -> None:
    played = balance("arctic_scavengers", ["random"], 1, options={"players": 3}, vary={"players": [3]})
    row = played.rows[0]
    # 400 games of three seats: 112 wins (28%, 23.8-32.6%: below a third), 140 (35%: about it), 156 (39%: above)
    made = attrs.evolve(row, summary=attrs.evolve(row.summary, games=400, team_wins=400, wins_by_seat=(112, 140, 156)))
    text = attrs.evolve(played, games=400, rows=(made,)).format()
    low, high = wilson(112, 400)
    assert f"by seat: 28% [{low:.0%}, {high:.0%}]-, 35% [" in text
    assert text.splitlines()[2].endswith("]+") and "]+, " not in text  # 39%: 34.3-43.9%, above a third
    assert "below an even share" in text.splitlines()[-1]
    assert "by seat" not in balance("raxxon", ["random"], 1, vary={"players": [1]}).format()  # a team's game


def test_bad_balance_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one bot"):
        balance("raxxon", [], 2)
    with pytest.raises(ValueError, match="unknown bot"):
        balance("raxxon", ["alphazero"], 2)
    with pytest.raises(Exception, match="difficulty"):
        balance("raxxon", ["random"], 2, vary={"difficulty": ["impossible"]})
    assert DEFAULT_BOTS == ("ismcts:200:best", "oracle:200:best")


def test_a_game_may_name_its_own_best_fair_bot_and_oracle_for_balance_tables() -> None:
    """The Lucky Seven's search does not win, so its tables are its lookahead bot's and that bot's
    oracle form; Raxxon's search wins most at 50 iterations, and neither of its oracles wins more
    at every table size (to the end of the game with one to three players, with the cut with
    four), so its tables play both; every other game's are the library's defaults."""
    assert default_bots("lucky_seven") == ("lookahead", "oracle:lookahead")
    assert default_bots("raxxon") == ("ismcts:50:best", "oracle:50:heuristic", "oracle:50:best")
    fair, to_the_end, cut = (parse_bot(name) for name in default_bots("raxxon"))
    assert fair.budget("raxxon", 1) == to_the_end.budget("raxxon", 1) == cut.budget("raxxon", 1) == (50, None)
    assert fair.spelled("raxxon", 1) == "ismcts:50:heuristic:d12"
    assert to_the_end.spelled("raxxon", 1) == "oracle:50:heuristic"  # no depth: to the end of the game
    assert cut.spelled("raxxon", 1) == "oracle:50:heuristic:d12"
    assert is_fair(default_bots("raxxon")[0])
    assert not any(is_fair(name) for name in default_bots("raxxon")[1:])
    others = ("aftermath", "arctic_scavengers", "terror_below")
    assert all(default_bots(key) == DEFAULT_BOTS for key in others)


def test_a_balance_without_bots_plays_the_game_s_own(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """``balance`` with no bots, and the command with no ``--bots``, ask ``default_bots`` for the
    game's (here made the random bot, so that the test plays quickly)."""
    asked: list[str] = []

    def own(key: str) -> tuple[str, ...]:
        asked.append(key)
        return ("random",)

    monkeypatch.setattr(wasteland.balance, "default_bots", own)
    assert balance("raxxon", None, 1, workers=1).bots == ("random",)
    assert main(["balance", "raxxon", "-n", "1", "--workers", "1", "--quiet",
                 "--option", "difficulty=intro"]) == 0
    assert asked == ["raxxon", "raxxon"] and " random " in capsys.readouterr().out


def test_the_balance_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "raxxon", "--bots", "random", "-n", "2", "--vary", "difficulty=intro,hard",
                 "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "difficulty=intro" in out and "difficulty=hard" in out and "win rate [95% CI]" in out
    assert main(["balance", "raxxon", "--bots", "random", "--vary", "difficulty", "--quiet"]) == EXIT_USAGE
    assert "--vary takes NAME=V1,V2" in capsys.readouterr().err
    assert main(["balance", "raxxon", "--bots", "random", "-n", "1", "--vary", "difficulty=nightmare",
                 "--quiet"]) == EXIT_USAGE
    assert "difficulty" in capsys.readouterr().err


def test_the_balance_command_draws_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "balance.png"
    assert main(["balance", "raxxon", "--bots", ",".join(TINY), "-n", "1", "--vary", "difficulty=intro,expert",
                 "--workers", "1", "--quiet", "--plot", str(target)]) == 0
    assert target.read_bytes().startswith(b"\x89PNG")
    assert "plot:" in capsys.readouterr().out


def test_the_plot_s_title_names_the_players_only_when_every_table_has_the_same() -> None:
    mixed = balance("raxxon", ["random"], 1, vary={"players": [1, 2]})
    assert _balance_title(mixed) == "Raxxon: balance, 1 deal a table"
    solo = balance("raxxon", ["random"], 2, vary={"difficulty": ["intro", "hard"]})
    assert _balance_title(solo) == "Raxxon, 1 player: balance, 2 deals a table"
