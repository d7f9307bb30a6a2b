"""The seed's clauses the engine once read otherwise, each from a hand-built table (``tables.py``):
where a later game of a campaign starts, leaving a page, the bookkeeper, the failure entry, time."""

from __future__ import annotations

from tests.aftermath.tables import book, card, entry, foe, page, table
from wasteland.core.records import replace
from wasteland.aftermath import End, Nest, apply, current_player, outcome, render, svg, view
from wasteland.aftermath.book import Dial, EndMission, GoToPage, Mission, Trigger, Wound
from wasteland.aftermath.campaign import finish_mission, new_campaign, start_mission
from wasteland.aftermath.cards import ENEMY_NAMES, NONE, ROUNDS
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.state import Ending, NextTurn, Phase, Resume, State

FOOD, MORALE, CLUES = 0, 3, 4


def run(state: State, *effects: object) -> State:
    """``state`` with ``effects`` resolved in order by the driver, then back to the actions."""
    return ENGINE.settle(replace(state, stack=(Resume(), *reversed(effects))))


# -- Preparar, step 14 ------------------------------------------------------------------------------

def test_the_first_game_of_a_campaign_starts_at_page_2_and_every_later_one_at_page_3() -> None:
    """Seed: "Si este es su primer juego en una campaña, comience el juego yendo a la página 2 ...
    Si este es su segundo juego o más tarde ..., yendo a la página 3"; a failed first mission is
    played again from page 3."""
    campaign = new_campaign()
    first = start_mission(campaign, 1, ["grumple", "whisper"])
    assert first.page == 2 and first.options.campaign is not None and not first.options.campaign.later
    failed = replace(first, phase=Phase.OVER, ending=Ending.FAILED.value, stack=())
    campaign = finish_mission(campaign, failed)
    assert campaign.mission == 0  # the same mission again...
    again = start_mission(campaign, 1, ["grumple", "whisper"])
    assert again.options.campaign is not None and again.options.campaign.later
    assert again.page == 3  # ...from page 3, not its first page 2


# -- Dejando una página -----------------------------------------------------------------------------

def test_leaving_a_page_ends_the_turn_including_check_threat() -> None:
    """Seed, leaving a page, step 1: "Termina el turno del jugador actual, incluido Comprobar
    amenaza": a hostile page with a threat card under each enemy runs an enemy turn first."""
    s = table(book(page(1), page(2)), players=2, spaces=("A", "D"), hostile=True,
              foes=(foe("raider_rat", "A"),), threats=(card("black", 1), NONE, NONE, NONE, NONE))
    s = run(s, GoToPage(2))
    assert s.wounds[0] == 1  # the raider rat attacked before the party left (no card to defend with)
    assert s.page == 2 and s.foes == () and ENEMY_NAMES.index("raider_rat") in s.hunt


def test_leaving_a_safe_page_reads_its_threat_entry_first() -> None:
    four = (card("black", 1), card("black", 2), card("black", 3), card("black", 1, (card("black", 1),)), NONE)
    s = table(book(page(1, entry("threat", Trigger.THREAT, Dial("clues", 1))), page(2)), threats=four)
    s = run(s, GoToPage(2))
    assert s.dials[CLUES] == 1 and s.page == 2 and s.threats == (NONE,) * 5


# -- the bookkeeper -------------------------------------------------------------------------------

def test_the_bookkeeper_passes_the_dashboard_left_and_takes_the_next_turn() -> None:
    """Seed, leaving a page, step 2: "El contable pasa el tablero de la campaña al jugador a su
    izquierda, que se convierte en el nuevo contador y tomará el siguiente turno del juego"."""
    s = table(book(page(1), page(2)), players=3, characters=("grumple", "whisper", "meziah"), active=2,
              bookkeeper=0)
    s = run(s, GoToPage(2))
    assert s.bookkeeper == 1 and s.active == 1 and s.phase is Phase.DRAW
    assert "Whisper is the new bookkeeper" in " | ".join(e.text for e in s.events)


def test_the_bookkeeper_decides_where_the_players_decide_together() -> None:
    """Seed, "Efectos ambiguos": where the players decide together, "el contable actual toma la
    decisión final": nesting (and travel, and where enemies equally near go) is the bookkeeper's."""
    s = table(players=2, wounds=(1, 0), spaces=("A", "A"), bookkeeper=1)
    s = apply(s, End())
    assert s.phase is Phase.NEST and s.active == 0 and current_player(s) == 1
    assert Nest() in ENGINE.legal_actions(s)


def test_the_bookkeeper_is_shown_in_views_and_drawings() -> None:
    s = table(players=2, bookkeeper=1)
    assert view(s, 0).bookkeeper == 1 and view(s, 1).bookkeeper == 1
    assert "Whisper (seat 1) bookkeeper" in render(s)
    assert "bookkeeper" in svg(s)


def test_a_round_is_as_many_turns_as_there_are_characters() -> None:
    s = table(players=2, active=1, turn=1)
    s = run(s, NextTurn())
    assert s.round == 1 and s.active == 0


# -- Finalizar una misión ---------------------------------------------------------------------------

def test_a_failed_mission_reads_the_failure_entry_and_its_effects_apply() -> None:
    """Seed: "Si todos los personajes están fuera de juego simultáneamente ... Ve a la página y la
    entrada que aparecen en la sección de fallas de tu tarjeta de misión principal": the entry's
    effects happen (here morale -1), and the mission ends as every character fled."""
    the_book = book(page(1, entry("fail", Trigger.NUMBERED, Dial("morale", -1))))
    s = run(table(the_book, wounds=(3, 3), spaces=("A", "A")), Wound(1, everyone=True))
    assert s.phase is Phase.OVER and s.ending == "all_fled" and s.dials[MORALE] == 4
    assert "entry fail" in " | ".join(e.text for e in s.events)


def test_a_failure_entry_that_ends_the_mission_still_ends_it_as_every_character_fled() -> None:
    the_book = book(page(1, entry("fail", Trigger.NUMBERED, Dial("food", -2), EndMission(False))))
    s = run(table(the_book, wounds=(3, 3), spaces=("A", "A")), Wound(1, everyone=True))
    assert s.phase is Phase.OVER and s.ending == "all_fled" and s.dials[FOOD] == 3


def test_the_failure_entry_may_be_on_another_page() -> None:
    pages = (page(1), page(2, entry("lost", Trigger.NUMBERED, Dial("morale", -2))))
    the_book = replace(book(*pages), missions=(Mission("test", 1, 2, "lost", 8),))
    s = run(table(the_book, wounds=(3, 3), spaces=("A", "A")), Wound(1, everyone=True))
    assert s.ending == "all_fled" and s.dials[MORALE] == 3 and s.page == 1


def test_going_over_the_time_does_not_fail_a_mission() -> None:
    """Seed: "Repasar el [tiempo] asignado a una misión no resulta en un fracaso de la misión": the
    mission goes on past its time; only the engine's bound of ROUNDS rounds cuts it, a truncation
    (``Outcome.truncated``: nobody won, nobody lost)."""
    s = table(players=2, round=12, turn=25, active=1)  # the test mission's time is 8 days
    s = run(s, NextTurn())
    assert s.phase is not Phase.OVER and s.round == 13
    s = table(players=2, round=ROUNDS - 1, turn=2 * ROUNDS - 1, active=1)
    s = run(s, NextTurn())
    result = outcome(s)
    assert s.phase is Phase.OVER and result is not None and result.truncated
    assert result.code == "decision_limit" and not result.winners and s.ending == Ending.CUT.value
