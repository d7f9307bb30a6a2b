"""Tournaments: seats rotated fairly, the same summary whatever the number of processes, the
paired format for one seat, intervals and ratings, and the command's one-line errors."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from wasteland.cli import main
from wasteland.tournament import lineups, tournament, wilson


def test_lineups_put_each_entry_in_each_seat_equally_often() -> None:
    for entries, seats in [(2, 2), (3, 2), (4, 4), (5, 3), (3, 3)]:
        cycle = lineups(entries, seats)
        for lineup in cycle:
            assert len(set(lineup)) == seats  # nobody sits twice at one table
        per_seat = [Counter(lineup[s] for lineup in cycle) for s in range(seats)]
        counts = {c for seat in per_seat for c in seat.values()}
        assert len(counts) == 1, (entries, seats, per_seat)
        assert all(set(seat) == set(range(entries)) for seat in per_seat)
    with pytest.raises(ValueError, match="cannot fill"):
        lineups(2, 3)


def test_versus_rotates_seats_and_plays_each_deal_once_per_lineup() -> None:
    result = tournament("arctic_scavengers", ["heuristic", "random", "random"], 10, seed=4, workers=1)
    assert result.mode == "versus" and result.players == 2
    assert len(result.games) == 12 and "rounded up to 12" in result.note  # 6 lineups a deal
    for standing in result.standings:
        assert standing.seat_games == (4, 4)
        assert standing.games == 8
    deals = Counter(g.deal for g in result.games)
    assert deals == {4: 6, 5: 6}
    assert [s.label for s in result.standings] == ["heuristic", "random#1", "random#2"]
    assert result.ranking()[0].bot == "heuristic"
    text = result.format()
    assert "win rate [95% CI]" in text and "heuristic" in text


def test_one_search_bot_against_three_heuristic_ones_sits_in_every_seat() -> None:
    result = tournament("lucky_seven", ["flat:2", "random"], 4, players=2, seed=9, workers=1)
    assert [s.seat_games for s in result.standings] == [(2, 2), (2, 2)]
    four = tournament("arctic_scavengers", ["random", "heuristic", "heuristic", "heuristic"], 4, players=4,
                      seed=1, workers=1)
    assert [s.seat_games for s in four.standings] == [(1, 1, 1, 1)] * 4
    assert sum(s.wins for s in four.standings) >= 4  # every game has a winner (a shared win counts for each)


def test_the_summary_is_the_same_for_one_process_and_two() -> None:
    args = ("lucky_seven", ["random", "ismcts:3", "flat:2"], 12)
    one = tournament(*args, players=2, seed=12, workers=1)
    two = tournament(*args, players=2, seed=12, workers=2)
    assert one == two
    assert one.format() == two.format()


def test_paired_format_for_one_seat_compares_bots_on_the_same_deals() -> None:
    one = tournament("lucky_seven", ["random", "flat:4"], 4, seed=30, workers=1)
    two = tournament("lucky_seven", ["random", "flat:4"], 4, seed=30, workers=2)
    assert one == two
    assert one.mode == "paired"
    assert [s.games for s in one.standings] == [4, 4]
    assert [g.deal for g in one.games] == [30, 30, 31, 31, 32, 32, 33, 33]
    assert [g.seats for g in one.games[:2]] == [(0,), (1,)]
    (pair,) = one.pairs
    assert (pair.first, pair.second, pair.deals) == ("random", "flat:4", 4)
    assert pair.first_only + pair.second_only <= 4
    assert "deals for each bot" in one.format()


def test_a_cooperative_table_of_two_can_be_played_paired() -> None:
    result = tournament("lucky_seven", ["random", "random"], 3, players=2, options={"variant": "cooperative"},
                        mode="paired", seed=2, workers=1)
    assert result.mode == "paired" and result.players == 2
    assert [s.seat_games for s in result.standings] == [(3, 3), (3, 3)]
    assert [s.label for s in result.standings] == ["random#1", "random#2"]


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_rank_the_stronger_bot_first() -> None:
    result = tournament("arctic_scavengers", ["random", "heuristic"], 20, seed=3, workers=1)
    best = result.ranking()[0]
    assert best.bot == "heuristic" and best.mu > 25.0 and best.sigma < 25 / 3


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        tournament("lucky_seven", ["alphago"], 2)
    with pytest.raises(ValueError, match="name at least 2"):
        tournament("arctic_scavengers", ["random"], 2)
    with pytest.raises(ValueError, match="paired format"):
        tournament("lucky_seven", ["random", "heuristic"], 2, mode="versus")
    with pytest.raises(ValueError, match="whole number"):
        tournament("lucky_seven", ["random"], 0)
    with pytest.raises(ValueError, match="mode must be"):
        tournament("lucky_seven", ["random"], 2, mode="league")


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "arctic_scavengers", "--bots", "heuristic,random", "-n", "4", "--seed", "5",
                 "--workers", "1", "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "arctic_scavengers (2 players), versus: 4 games, seed 5" in out
    assert "heuristic" in out and "random" in out


@pytest.mark.parametrize("bots,words", [
    ("alphago,random", "unknown bot"),
    ("ismcts:fast,random", "cannot read"),
    ("random,,heuristic", "separated by commas"),
    ("random", "name at least 2"),
    ("heuristic:5,random", "takes no settings"),
])
def test_the_command_says_what_is_wrong_with_bots_in_one_line(
    bots: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "arctic_scavengers", "--bots", bots, "-n", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_command_refuses_a_bad_option_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "lucky_seven", "--bots", "random", "--option", "variant=chaos", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "variant" in err and err.count("\n") == 1


def test_too_few_games_for_one_rotation_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 6 games"):
        tournament("arctic_scavengers", ["heuristic", "random", "random"], 4)


def test_a_paired_difference_on_one_deal_says_it_has_no_interval() -> None:
    one = tournament("lucky_seven", ["random", "flat:2"], 1, seed=30, workers=1)
    (pair,) = one.pairs
    assert pair.deals == 1 and pair.low == -math.inf and pair.high == math.inf
    assert "paired: 1 deal for each bot" in one.format()
    line = one.format().splitlines()[-1]
    assert "on 1 deal," in line and line.endswith("(one deal gives no interval)")
    assert "inf" not in line
    two = tournament("lucky_seven", ["random", "flat:2"], 2, seed=30, workers=1)
    assert two.format().splitlines()[-1].endswith(f"[{two.pairs[0].low:+.3f}, {two.pairs[0].high:+.3f}]")
