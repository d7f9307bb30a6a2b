"""Plots of playouts, tournaments and balance studies: sane, non-blank, reproducible images."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

import matplotlib.image  # noqa: E402
import numpy as np  # noqa: E402

from wasteland.balance import balance  # noqa: E402
from wasteland.plot import (  # noqa: E402
    COLOURS,
    MISSING,
    balance_panels,
    plot_balance,
    plot_balance_table,
    plot_summary,
    plot_tournament,
)
from wasteland.simulate import Summary, simulate  # noqa: E402
from wasteland.tournament import tournament  # noqa: E402

CARDS = Path(__file__).parent.parent / "examples" / "cards"


@pytest.fixture(scope="module")
def solo() -> Summary:
    return simulate("lucky_seven", 20, ["random"], seed=3, workers=1)


@pytest.fixture(scope="module")
def three_tribes() -> Summary:
    return simulate("arctic_scavengers", 10, ["random"], seed=0, options={"players": 3}, workers=1)


def _pixels(path: Path) -> Any:
    """The image's RGB pixels as whole numbers 0-255."""
    image = matplotlib.image.imread(str(path))
    return np.round(np.asarray(image)[:, :, :3] * 255).astype(np.int64)


def _colours(pixels: Any) -> set[tuple[int, int, int]]:
    """The image's distinct colours (found by numpy: a set of every pixel's tuple takes seconds)."""
    packed = np.unique((pixels[:, :, 0] << 16) | (pixels[:, :, 1] << 8) | pixels[:, :, 2])
    return {(int(v) >> 16, (int(v) >> 8) & 255, int(v) & 255) for v in packed}


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _assert_drawn(path: Path, series: int = 1) -> None:
    """A PNG of a sane size, with text and bars on it in the first ``series`` colours."""
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = _pixels(path)
    height, width = pixels.shape[:2]
    assert 800 <= width <= 3000 and 300 <= height <= 1500, (width, height)
    colours = _colours(pixels)
    assert len(colours) > 50, "hardly any colours: the image is blank"
    assert float(pixels.std()) > 10.0
    for colour in COLOURS[:series]:
        assert _hex(colour) in colours, f"no bar drawn in {colour}"


def test_summary_plot_of_the_solo_game_shows_one_seat(solo: Summary, tmp_path: Path) -> None:
    path = tmp_path / "solo.png"
    plot_summary(solo, path)
    _assert_drawn(path)


def test_summary_plot_of_a_three_player_game(three_tribes: Summary, tmp_path: Path) -> None:
    path = tmp_path / "three.png"
    plot_summary(three_tribes, str(path))  # a path as text works too
    _assert_drawn(path)


def test_the_same_summary_gives_the_same_bytes(solo: Summary, tmp_path: Path) -> None:
    for suffix in ("png", "svg", "pdf"):
        first, second = tmp_path / f"a.{suffix}", tmp_path / f"b.{suffix}"
        plot_summary(solo, first)
        plot_summary(solo, second)
        assert first.read_bytes() == second.read_bytes(), suffix
    assert b"<svg" in (tmp_path / "a.svg").read_bytes()
    assert (tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")


def test_summary_counts_lengths_and_endings_the_same_on_any_number_of_workers() -> None:
    one = simulate("arctic_scavengers", 12, ["random"], seed=5, options={"players": 2}, workers=1)
    two = simulate("arctic_scavengers", 12, ["random"], seed=5, options={"players": 2}, workers=2)
    assert one == two
    assert one.seed == 5
    assert sum(n for _, n in one.lengths) == sum(n for _, n in one.codes) == one.games == 12
    assert [d for d, _ in one.lengths] == sorted(d for d, _ in one.lengths)
    assert one.lengths[0][0] == one.min_decisions and one.lengths[-1][0] == one.max_decisions
    assert sum(d * n for d, n in one.lengths) / one.games == pytest.approx(one.mean_decisions)
    assert sorted(n for _, n in one.codes) == sorted(n for _, n in one.reasons)


def test_a_summary_without_lengths_or_codes_still_draws(tmp_path: Path) -> None:
    made = Summary(game="lucky_seven", bots=("random", "random"), games=4, team_wins=1, wins_by_seat=(1, 1),
                   reasons=(("the squad was eliminated", 3), ("the landing zone was clear", 1)),
                   mean_decisions=20.0, min_decisions=10, max_decisions=30)
    path = tmp_path / "made.png"
    plot_summary(made, path)
    _assert_drawn(path)


def test_versus_tournament_plot(tmp_path: Path) -> None:
    result = tournament("arctic_scavengers", ["random", "heuristic"], 4, players=2, workers=1)
    path = tmp_path / "versus.png"
    plot_tournament(result, path)
    _assert_drawn(path)


def test_paired_tournament_plot_shows_each_bot(tmp_path: Path) -> None:
    result = tournament("lucky_seven", ["random", "random"], 5, workers=1)
    assert result.mode == "paired"
    path = tmp_path / "paired.png"
    plot_tournament(result, path)
    _assert_drawn(path, series=2)


def test_balance_plot_puts_card_sets_side_by_side(solo: Summary, tmp_path: Path) -> None:
    cards = json.loads((CARDS / "lucky_seven_light_machine_guns.json").read_text(encoding="utf-8"))
    other = simulate("lucky_seven", 20, ["random"], seed=3, options={"cards": cards}, workers=1)
    path = tmp_path / "balance.png"
    plot_balance([("public cards", solo), ("light machine guns", other)], path)
    _assert_drawn(path, series=2)


def test_balance_plot_needs_a_row(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one"):
        plot_balance([], tmp_path / "none.png")


def test_a_versus_balance_plot_shows_each_seat_of_each_bot(tmp_path: Path) -> None:
    """Every versus game has a winner: its table's win rate says nothing, its seats' rates do."""
    result = balance("arctic_scavengers", ["random", "heuristic"], 3, vary={"players": [2, 3]}, workers=1)
    panels = balance_panels(result)
    assert [p.title for p in panels] == ["random: games won by each seat (95% interval)",
                                         "heuristic: games won by each seat (95% interval)"]
    first = panels[0]
    assert first.labels == ("players=2", "players=3") and first.even == (0.5, 1 / 3)
    assert [name for _, _, name in first.series] == ["seat 0", "seat 1", "seat 2"]
    two, three = (r.summary.wins_by_seat for r in result.rows if r.bot == "random")
    assert tuple(wins for wins, _, _ in first.series) == tuple(zip(two + (0,), three))
    assert first.series[2][1] == (0, 3)  # no third seat at two players: no bar there
    path = tmp_path / "versus.png"
    plot_balance_table(result, path)
    _assert_drawn(path, series=3)


def test_a_balance_plot_gives_the_team_tables_one_panel_and_the_versus_tables_their_seats() -> None:
    result = balance("lucky_seven", ["random"], 2, options={"players": 2}, workers=1)
    team, seats = balance_panels(result)
    assert team.labels == ("players=2 variant=cooperative", "players=2 variant=cooperative depot=true")
    assert team.series == ((tuple(r.wins for r in result.rows if r.summary.team_play()), (2, 2), "random"),)
    assert seats.labels == ("players=2", "players=2 depot=true") and seats.even == (0.5, 0.5)
    assert [name for _, _, name in seats.series] == ["seat 0", "seat 1"]
    unfair = balance("lucky_seven", ["oracle:2:d2"], 1, options={"players": 2}, vary={"players": [2]}, workers=1)
    assert balance_panels(unfair)[0].title.startswith("oracle:2:d2 (not fair: sees the table): ")


def test_an_unknown_image_format_is_refused(solo: Summary, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.png, \.svg or \.pdf, not \.jpg"):
        plot_summary(solo, tmp_path / "out.jpg")
    assert not (tmp_path / "out.jpg").exists()


def test_without_matplotlib_a_plot_says_what_to_install(
    solo: Summary, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError) as caught:
        plot_summary(solo, tmp_path / "out.png")
    assert str(caught.value) == MISSING
    assert "pip install 'wasteland[plot]'" in MISSING and 'pip install -e ".[plot]"' in MISSING


def test_the_simulate_command_writes_a_plot_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from wasteland.cli import main

    out = tmp_path / "runs.png"
    assert main(["simulate", "arctic_scavengers", "--players", "3", "-n", "8", "--workers", "1", "--quiet",
                 "--plot", str(out)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"plot: {out}")
    _assert_drawn(out, series=1)


def test_the_tournament_command_writes_a_plot_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from wasteland.cli import main

    out = tmp_path / "ranking.png"
    assert main(["tournament", "arctic_scavengers", "--bots", "heuristic,random", "-n", "2", "--workers", "1",
                 "--quiet", "--plot", str(out)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"plot: {out}")
    _assert_drawn(out, series=1)


def test_the_summary_plot_s_title_names_the_game_players_and_roles(tmp_path: Path) -> None:
    """The title is the summary's table: the game's title, its player count and, where seats
    differ, what each plays (an SVG keeps the title as text)."""
    duel = simulate("lucky_seven", 2, ["random"], seed=1, options={"players": 2}, workers=1)
    path = tmp_path / "duel.svg"
    plot_summary(duel, path)
    text = path.read_text(encoding="utf-8")
    assert "The Lucky Seven, 2 players (seat 0 the squad, seat 1 the threats): 2 games, bots random" in text
