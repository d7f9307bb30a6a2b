"""The seed's clauses the engine once read otherwise, each from a hand-built table (``tables.py``):
where a later game of a campaign starts, leaving a page, the bookkeeper, the failure entry, time."""

from __future__ import annotations

from tests.aftermath.tables import book, card, entry, foe, page, table
from wasteland.core.records import replace
from wasteland.aftermath import (
    Ability, Card, Done, End, Equip, Nest, Scavenge,
    apply, current_player, legal_actions, outcome, render, svg, view
)
from wasteland.aftermath.actions import Charge, Eat, Pass, Scrap, Stand, Stow, Wear
from wasteland.aftermath.book import Dial, DrawItems, EndMission, GoToPage, Mission, Trigger, Wound
from wasteland.aftermath.campaign import finish_mission, new_campaign, start_mission
from wasteland.aftermath.cards import CACHES, ENEMY_NAMES, ITEM_NAMES, ITEMS, NONE, ROUNDS
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.state import Cache, Ending, NextTurn, Phase, Resume, State

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


# -- Acción: Equipar / intercambiar, Artículos, Baterías, Nido ----------------------------------------

KNIFE, HELMET, VEST, PISTOL = (ITEM_NAMES.index(n) for n in ("steak_knife", "thimble_helmet", "tin_vest", "one_shot"))
EMPTY = (NONE,) * 5


def _deck_without(*items: int) -> tuple[int, ...]:
    return tuple(i for i in table().item_deck if i not in items)


def test_equip_moves_any_number_of_items_for_one_discarded_card() -> None:
    """Seed: "descarta cualquier tipo de carta de acción y mueve cualquier número de elementos
    entre tu mochila y las ranuras de tu equipo"."""
    red1, red2 = card("red", 1), card("red", 2)
    s = table(hands=((red1, red2), ()), gear=(EMPTY, EMPTY), pack=((HELMET, VEST), ()),
              item_deck=_deck_without(HELMET, VEST, KNIFE), scrapped=(KNIFE, ITEM_NAMES.index("chopstick")))
    assert set(legal_actions(s)) >= {Equip(red1), Equip(red2)}  # any card pays
    s = apply(s, Equip(red1))
    s = apply(apply(s, Wear(HELMET, 0)), Wear(VEST, 0))
    s = apply(s, Done())
    assert HELMET in s.gear[0] and VEST in s.gear[0] and s.pack[0] == () and s.hands[0] == (red2,)
    assert s.phase is Phase.ACT and s.moved == ()


def test_a_trade_gives_and_receives_items_with_a_character_in_the_same_space() -> None:
    """Seed: "También puedes dar y recibir artículos de cualquier jugador cuyo personaje esté en el
    mismo espacio ... deben equiparse inmediatamente o almacenarse en la mochila"."""
    s = table(players=2, hands=((card("red", 1),), ()), spaces=("A", "A"), pack=((), (HELMET,)),
              item_deck=_deck_without(HELMET))
    s = apply(s, Equip(card("red", 1)))
    options = set(legal_actions(s))
    assert {Wear(HELMET, 0), Stow(HELMET, 0)} <= options  # receive
    whisper_knife = s.gear[1][2]
    assert {Stow(whisper_knife, 0)} <= options  # take the companion's equipped item too
    grumple_knife = s.gear[0][2]
    assert Stow(grumple_knife, 1) in options  # give
    s = apply(apply(s, Wear(HELMET, 0)), Stow(grumple_knife, 1))
    assert HELMET in s.gear[0] and s.pack[1] == (grumple_knife,)
    far = replace(s, spaces=("A", "C"), moved=())
    assert not any(getattr(a, "to", 0) == 1 for a in legal_actions(far))  # not in the same space


def test_batteries_are_placed_one_at_a_time_as_part_of_equip() -> None:
    """Seed, "Baterías": "un jugador con fichas de batería puede colocar 1 o más baterías en 1 o más
    elementos como parte de una acción de equipar"; packing or trading the item discards them."""
    s = table(hands=((card("red", 1), card("red", 2)), ()), batteries=(3, 0),
              gear=((NONE, NONE, PISTOL, NONE, NONE), EMPTY), item_deck=_deck_without(PISTOL))
    s = apply(apply(s, Equip(card("red", 1))), Charge(PISTOL))
    s = apply(s, Done())
    assert s.charge[0][2] == 1 and s.batteries[0] == 2
    s = apply(apply(s, Equip(card("red", 2))), Stow(PISTOL, 0))
    assert s.charge[0] == (0,) * 5 and s.batteries[0] == 2


def test_a_gained_item_is_equipped_packed_traded_or_discarded_for_its_value() -> None:
    """Seed, "Artículos": "realice inmediatamente una de las siguientes acciones con ese elemento:
    Equípalo ... Guárdalo en la mochila ... Cámbielo a otro personaje en el mismo espacio ...
    Deséchelo para obtener una ganancia equivalente al costo de reparación"."""
    s = table(players=2, spaces=("A", "A"), item_deck=(HELMET, *_deck_without(HELMET)), reader=1)
    s = run(s, DrawItems(1))
    assert s.phase is Phase.GAIN and current_player(s) == 1  # the one who gained it decides
    assert set(legal_actions(s)) == {Wear(HELMET, 1), Stow(HELMET, 1), Wear(HELMET, 0), Stow(HELMET, 0),
                                     Scrap(HELMET)}
    assert "gained: Whisper places the" in render(s) and "gained: Whisper places the" in svg(s)
    kept = apply(s, Stow(HELMET, 0))
    assert kept.pack[0] == (HELMET,) and kept.phase is Phase.ACT
    scrapped = apply(s, Scrap(HELMET))
    assert HELMET in scrapped.scrapped and scrapped.dials[1] == 3 + ITEMS[HELMET].repair


def test_each_character_may_choose_once_to_eat() -> None:
    """Seed, "Nido" step 1: "En orden de turno, cada personaje puede elegir una vez para reducir
    [la comida] en 1 para eliminar 1 herida normal"."""
    s = table(players=2, spaces=("A", "A"), wounds=(2, 1), active=1)
    s = apply(apply(s, End()), Nest())
    assert s.phase is Phase.EAT and current_player(s) == 1  # turn order from the one whose turn ends
    s = apply(s, Eat())
    assert s.phase is Phase.EAT and current_player(s) == 0
    s = apply(s, Pass())  # Grumple keeps the food
    assert s.wounds == (2, 0) and s.dials[FOOD] == 4 and s.phase is Phase.DRAW


# -- Acción: Scavenge ---------------------------------------------------------------------------------

def test_a_scavenge_test_is_of_instincts_or_agility() -> None:
    """Seed: "resuelve una prueba de habilidad [ ] O [ ]": a yellow or a green card (or a white one)
    starts it, and the character's bonus to the first card's attribute counts (Whisper: green +2)."""
    green1, blue1, yellow1 = card("green", 1), card("blue", 1), card("yellow", 1)
    token = next(k for k, c in enumerate(CACHES) if c.difficulty == 4)
    s = table(players=2, hands=((), (green1, blue1, yellow1)), active=1, caches=(Cache("A", 4, token),),
              piles=((), (), ()))
    s = apply(s, Scavenge(0))
    assert set(legal_actions(s)) == {Card(green1), Card(yellow1)}  # blue cannot start it
    s = apply(apply(s, Card(green1)), Done())
    said = " | ".join(e.text for e in s.events)
    assert "Whisper tests green: " in said and f"{1 + 2 + 0}" in said
    assert "scavenge" not in [type(a).__name__.lower() for a in legal_actions(table(hands=((blue1,), ())))]


# -- Personaje derrotado ------------------------------------------------------------------------------

def test_a_returning_character_stands_in_any_space_a_companion_holds() -> None:
    """Seed: "coloque su figura en cualquier espacio ocupado por un personaje compañero": the
    returning character's player chooses among the companions' spaces."""
    s = table(players=3, characters=("grumple", "whisper", "meziah"), spaces=("", "C", "E"), fled=(True, False, False),
              active=2, turn=2)
    s = run(s, NextTurn())
    assert s.phase is Phase.RETURN and s.active == 0 and current_player(s) == 0
    assert set(legal_actions(s)) == {Stand(2), Stand(4)}  # C or E
    s = apply(s, Stand(4))
    assert s.spaces[0] == "E" and s.phase is Phase.DRAW and "seriously_wounded" in s.statuses[0]
    one = run(replace(table(players=2, spaces=("", "C"), fled=(True, False), active=1, turn=1)), NextTurn())
    assert one.phase is Phase.DRAW and one.spaces[0] == "C"  # one companion's space: no choice to make


# -- Acción: Activar habilidad ------------------------------------------------------------------------

def test_an_ability_is_paid_with_white_cards_the_player_chooses_and_what_is_over_is_lost() -> None:
    """Seed: "jugando suficientes cartas blancas para que su valor combinado sea igual o mayor que el
    costo ... cualquier valor restante se pierde": the player plays the white cards of its choice,
    one at a time, until they reach the cost (Meziah's Team Focus: 2)."""
    white1, white2 = card("white", 1), card("white", 2)
    s = table(players=2, characters=("meziah", "whisper"), hands=((white1, white2, card("red", 1)), ()),
              spaces=("A", "B"))
    s = apply(s, Ability(NONE, 0))
    assert s.phase is Phase.PAY and set(legal_actions(s)) == {Card(white1), Card(white2)}
    assert "pays for Team Focus with white cards (0 of 2)" in render(s)
    s = apply(s, Card(white1))
    assert s.phase is Phase.PAY and s.focus == 0  # 1 of 2: not yet
    s = apply(s, Card(white2))  # 3 against 2: the 1 over is lost
    assert s.phase is Phase.ACT and s.focus == 1 and {white1, white2} <= set(s.discard)


def test_a_table_dealt_from_a_view_may_give_up_a_payment_its_hand_cannot_make() -> None:
    """A table ``determinize`` deals may hold, in the paying hand, no white card that completes the
    cost: the payment is given up (never so on a table: the ability is offered only when they do)."""
    s = table(players=2, characters=("meziah", "whisper"), hands=((card("white", 1), card("white", 2)), ()),
              spaces=("A", "B"))
    s = apply(apply(s, Ability(NONE, 0)), Card(card("white", 1)))
    dealt = replace(s, hands=((card("red", 1),), ()))
    assert legal_actions(dealt) == (Done(),)
    after = apply(dealt, Done())
    assert after.phase is Phase.ACT and card("white", 1) in after.discard and after.focus == 0
