"""The campaign, clause by clause (docs/rules/aftermath.md, "The campaign"): the dashboard's dials,
losing and infinite lives, the travel map, discovery and the colony supply, goals across missions,
the colony phase, restarting, the record's properties, and the demo campaign played by bots."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from wasteland import replay
from wasteland.agents.aftermath import HeuristicBot
from wasteland.cli import main
from wasteland.core.codec import dumps, loads
from wasteland.core.game import ConfigError, IllegalAction
from wasteland.core.records import replace
from wasteland.aftermath import GAME, legal_actions, view
from wasteland.aftermath.book import (
    EFFECT_NAMES, Choice, Dial, Discover, Effect, EndMission, Goal, GroupTask, LiftCap, SHARED_NAMES, Test as SkillTest,
    Travel, Trigger, book_data, read_book, step,
)
from wasteland.aftermath.campaign import (
    GOALS_TO_WIN, START, Campaign, campaign_book, finish_mission, infinite_lives, main_mission, mission_options,
    new_campaign, played_campaign, restart, start_mission, won,
)
from wasteland.aftermath.cards import ITEM_NAMES, NONE
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.setup import names_for
from wasteland.aftermath.state import Ending, Phase, State
from wasteland.aftermath.vocabulary import DIAL_TOPS, DIALS, LINE_NAMES

FOOD, SCRAP, POPULATION, MORALE, CLUES, TIME = range(6)


def run(state: State, *effects: Effect) -> State:
    """``state`` after the rules work out ``effects`` (the first first) on top of its stack."""
    return ENGINE.settle(replace(state, stack=(*state.stack, *reversed(effects))))


def mission(campaign: Campaign | None = None, characters: tuple[str, ...] = ("grumple", "whisper"),
            seed: int = 3) -> State:
    return start_mission(campaign or new_campaign(), seed, characters)


def over(state: State, ending: Ending = Ending.WON, **changes: Any) -> State:
    """``state`` as a finished mission (its dials, cards and goals as they are, or as changed)."""
    return replace(state, phase=Phase.OVER, ending=ending.value, stack=(), **changes)


def said(state: State) -> str:
    return " | ".join(GAME.events(state))


# -- the dashboard ------------------------------------------------------------------------------


def test_a_dial_stops_at_its_top() -> None:
    s = run(mission(), Dial("food", 20), Dial("scrap", 20), Dial("clues", 20))
    assert s.dials[FOOD] == s.dials[SCRAP] == s.dials[CLUES] == 15
    s = run(s, Dial("scrap", -20))
    assert s.dials[SCRAP] == 0


def test_population_stops_at_15_until_its_cap_is_lifted() -> None:
    s = run(mission(), Dial("population", 20))
    assert s.dials[POPULATION] == 15
    s = run(s, LiftCap("population"), Dial("population", 20))
    assert s.dials[POPULATION] == DIAL_TOPS[POPULATION] == 20
    campaign = finish_mission(new_campaign(), over(s))
    assert campaign.lifted  # lifted stays lifted from mission to mission
    assert run(mission(campaign), Dial("population", 20)).dials[POPULATION] == 20


def test_morale_rises_only_once_a_mission() -> None:
    s = run(mission(), Dial("morale", 1), Dial("morale", 2))
    assert s.dials[MORALE] == START[MORALE] + 1 and "morale may rise only once a mission" in said(s)
    s = run(s, Dial("morale", -2))
    assert s.dials[MORALE] == START[MORALE] - 1  # lowering it is not limited
    # the colony phase is part of the mission: the demo's first mission won gives +1 morale, not given again
    campaign = finish_mission(new_campaign(), over(s))
    assert campaign.dials[MORALE] == START[MORALE] - 1
    # the next mission may raise it again
    assert run(mission(campaign), Dial("morale", 1)).dials[MORALE] == START[MORALE]


# -- losing, and infinite lives -----------------------------------------------------------------


def test_food_at_0_loses_the_campaign_on_page_100_entry_100_23() -> None:
    s = run(mission(), Dial("food", -20))
    assert s.phase is Phase.OVER and s.ending == Ending.LOST.value
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.code == "campaign_lost" and not outcome.winners
    assert "page 100, 100-23" in said(s)
    campaign = finish_mission(new_campaign(), s)
    assert campaign.lost and campaign.results == ("campaign_lost",)
    with pytest.raises(IllegalAction, match="the campaign is lost"):
        start_mission(campaign, 1, ["grumple", "whisper"])


def test_morale_at_0_in_the_mission_loses_the_campaign() -> None:
    s = run(mission(), Dial("morale", -5))
    assert s.ending == Ending.LOST.value and "morale reached 0" in said(s)


def test_morale_at_0_in_the_colony_phase_loses_the_campaign() -> None:
    s = run(mission(), Dial("morale", -4))  # morale 1; the first mission lost costs 1 morale
    campaign = finish_mission(new_campaign(), over(s, Ending.FLED))
    assert campaign.lost and campaign.dials[MORALE] == 0


def test_infinite_lives_sets_food_and_morale_to_5_and_the_mission_goes_on() -> None:
    s = run(mission(new_campaign(infinite=True)), Dial("food", -20), Dial("scrap", 1))
    assert s.phase is not Phase.OVER and s.dials[FOOD] == s.dials[MORALE] == 5
    assert s.dials[SCRAP] == START[SCRAP] + 1 and s.outing.lives == 1  # the mission went on
    assert legal_actions(s)


def test_a_lost_campaign_may_switch_to_infinite_lives() -> None:
    lost = finish_mission(new_campaign(), run(mission(), Dial("food", -20)))
    again = infinite_lives(lost)
    assert again.infinite and not again.lost and again.dials[FOOD] == again.dials[MORALE] == 5
    assert again.mission == lost.mission == 0  # the lost mission is played again
    assert mission(again).options.campaign is not None


def test_a_view_of_a_campaign_mission_keeps_the_map_and_hides_the_colony_phase() -> None:
    s = run(mission(), Discover("compass"))
    seen = view(s, 0)
    assert seen.book.map == s.book.map and seen.book.goals == s.book.goals
    assert seen.book.colony == () and all(not m.won and not m.lost for m in seen.book.missions)
    assert s.book.colony and s.book.missions[0].won
    for seed in range(5):
        dealt = GAME.determinize(seen, 0, seed)
        names = {ITEM_NAMES[i] for i in dealt.item_deck}
        assert "compass" in names and not names & {"walnut_helm", "tin_vest", "goggles", "magnifier"}
        assert len(dealt.item_deck) == len(s.item_deck)


# -- the travel map -----------------------------------------------------------------------------


def test_travel_is_refused_diagonally() -> None:
    travel_map = campaign_book(new_campaign()).map
    assert travel_map is not None and travel_map.start == "abbigail_lane"
    with pytest.raises(IllegalAction, match="diagonal"):
        step(travel_map, "abbigail_lane", "old_library")
    with pytest.raises(IllegalAction, match="not next to"):
        step(travel_map, "abbigail_lane", "enjo_market")
    assert step(travel_map, "abbigail_lane", "bakers_row").page == 4
    # on the table: the diagonal's page is never offered
    s = run(mission(), Travel(()))
    assert s.phase is Phase.TRAVEL and sorted(s.travel) == [4, 7]  # Baker's Row, the Storm Drain
    assert 8 not in s.travel  # the Old Library, diagonal from Abbigail Lane
    with pytest.raises(IllegalAction):
        GAME.parse(s, "go 8")  # the notation names the page


def test_travel_offers_the_orthogonal_neighbours_and_costs_a_day() -> None:
    s = run(mission(), Travel(()))
    time = s.dials[TIME]
    s = GAME.apply(s, GAME.parse(s, "go 4"))
    assert s.page == 4 and s.outing.location == "bakers_row" and s.dials[TIME] == time + 1
    s = run(s, Travel(()))
    assert sorted(s.travel) == [3, 5, 8]  # Abbigail Lane, Enjo Market, the Old Library


def test_the_mission_is_completed_only_at_its_location() -> None:
    s = run(mission(), EndMission(True))
    assert s.phase is not Phase.OVER and "completed at enjo_market, not here" in said(s)
    at_enjo = replace(s, outing=replace(s.outing, location="enjo_market"))
    assert run(at_enjo, EndMission(True)).ending == Ending.WON.value


def test_overtime_costs_each_day_over() -> None:
    s = mission()
    allowed = campaign_book(new_campaign()).missions[0].time
    on_time = finish_mission(new_campaign(), over(s, dials=(*s.dials[:TIME], allowed)))
    late = finish_mission(new_campaign(), over(s, dials=(*s.dials[:TIME], allowed + 3)))
    assert on_time.dials[SCRAP] - late.dials[SCRAP] == 3  # the demo's overtime: 1 scrap a day over


# -- discovery and the colony supply ------------------------------------------------------------


def test_a_discovered_card_goes_to_the_bottom_of_the_item_deck_unshuffled() -> None:
    s = mission()
    walnut = ITEM_NAMES.index("walnut_helm")
    assert walnut not in s.item_deck  # the discovery deck is out of the item deck
    after = run(s, Discover("walnut_helm"))
    assert after.item_deck == (*s.item_deck, walnut) and after.outing.discovered == ("walnut_helm",)
    campaign = finish_mission(new_campaign(), over(after))
    assert "walnut_helm" in campaign.found and "walnut_helm" not in campaign.box
    assert walnut in mission(campaign).item_deck


def test_a_card_fetched_twice_is_ignored() -> None:
    s = run(mission(), Discover("tin_vest"))
    again = run(s, Discover("tin_vest"))
    assert again.item_deck == s.item_deck and "fetched already" in said(again)
    campaign = finish_mission(new_campaign(), over(again))
    # and in a later mission, and in the colony phase
    later = run(mission(campaign), Discover("tin_vest"))
    assert later.outing.discovered == () and later.item_deck.count(ITEM_NAMES.index("tin_vest")) == 1
    assert finish_mission(campaign, over(later)).found.count("tin_vest") == 1


def test_the_colony_supply_keeps_what_the_party_brings_home() -> None:
    s = run(mission(), Discover("goggles"))
    goggles = ITEM_NAMES.index("goggles")
    carried = replace(s, item_deck=tuple(i for i in s.item_deck if i != goggles), pack=((goggles,), ()))
    campaign = finish_mission(new_campaign(), over(carried))
    assert campaign.stash == ("goggles",) and "goggles" not in campaign.found
    nxt = mission(campaign, ("ringr", "meziah", "whisper"))
    assert nxt.pack[0] == (goggles,) and goggles not in nxt.item_deck  # dealt into the packs
    # not carried home at the end of that mission: back to the item deck, fetched
    back = finish_mission(campaign, over(replace(nxt, pack=((), (), ()), item_deck=(*nxt.item_deck, goggles))))
    assert back.stash == () and "goggles" in back.found


# -- characters and goals ---------------------------------------------------------------------


def test_four_goals_done_across_missions_with_characters_changing_win_the_campaign() -> None:
    campaign = new_campaign()
    casts = [("grumple", "whisper"), ("ringr", "meziah", "whisper"), ("meziah", "ringr"),
             ("grumple", "ringr", "whisper", "meziah")]
    goals = ["whisper", "ringr", "grumple", "meziah"]
    for k, (cast, goal) in enumerate(zip(casts, goals)):
        s = mission(campaign, cast, seed=k)
        assert s.options.characters == cast
        s = run(s, Goal(goal), Goal("whisper"))  # Whisper's again: done stays done, once
        assert not won(campaign)
        campaign = finish_mission(campaign, over(s, Ending.WON if k != 1 else Ending.FAILED))
        assert campaign.goals == tuple(goals[:k + 1])
    assert won(campaign) and len(campaign.goals) == GOALS_TO_WIN
    # play may go on: one mission was failed, so a main mission remains
    assert main_mission(campaign) is not None and mission(campaign).phase is not Phase.OVER
    campaign = finish_mission(campaign, over(mission(campaign)))
    assert won(campaign) and main_mission(campaign) is None
    with pytest.raises(IllegalAction, match="every main mission"):
        start_mission(campaign, 1, ["grumple", "whisper"])


def test_the_colony_phase_follows_a_failed_mission_too() -> None:
    s = mission()
    for ending in (Ending.FAILED, Ending.FLED):
        campaign = finish_mission(new_campaign(), over(s, ending))
        # the demo: a lost mission costs 1 morale, the colony eats 1 food; the same mission again
        assert campaign.dials[MORALE] == START[MORALE] - 1 and campaign.dials[FOOD] == START[FOOD] - 1
        assert campaign.mission == 0 and campaign.results == (ending.value,)
    # a mission the engine cut at its bound is not lost: the colony eats, the mission is played again
    campaign = finish_mission(new_campaign(), over(s, Ending.CUT))
    assert campaign.dials[MORALE] == START[MORALE] and campaign.dials[FOOD] == START[FOOD] - 1
    assert campaign.mission == 0 and campaign.results == ("decision_limit",)
    campaign = finish_mission(new_campaign(), over(s, Ending.WON))
    assert campaign.mission == 1 and campaign.dials[FOOD] == START[FOOD] + 2 - 1


def test_restart_returns_every_discovered_card() -> None:
    s = run(mission(), Discover("compass"), Discover("goggles"), Goal("ringr"), LiftCap("population"))
    campaign = finish_mission(new_campaign(), over(s))
    assert campaign.found and campaign.goals and campaign.lifted and campaign.mission == 1
    fresh = restart(campaign)
    assert fresh == new_campaign()
    assert set(fresh.box) == set(campaign_book(fresh).discovery) and not fresh.found and not fresh.stash


# -- refusals -----------------------------------------------------------------------------------


def test_start_and_finish_refuse_a_wrong_argument_in_one_line() -> None:
    campaign = new_campaign()
    s = mission()
    cases: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: start_mission("campaign", 1, ["grumple"]), IllegalAction, "not an Aftermath campaign"),  # type: ignore[arg-type]
        (lambda: start_mission(campaign, 1, ["grumple"]), ConfigError, "1 player play 2 characters"),
        (lambda: start_mission(campaign, 1, "grumple"), ConfigError, "characters must be a list"),
        (lambda: start_mission(campaign, "1", ["grumple", "whisper"]), ConfigError, "seed"),  # type: ignore[arg-type]
        (lambda: finish_mission(campaign, s), IllegalAction, "the mission is not over"),
        (lambda: finish_mission(campaign, view(over(s), 0)), IllegalAction, "view"),
        (lambda: finish_mission(campaign, "state"), IllegalAction, "not an Aftermath state"),  # type: ignore[arg-type]
        (lambda: finish_mission(replace(campaign, dials=(1, 1, 1, 1, 1, 0)), over(s)), IllegalAction,
         "not started from this campaign"),
        (lambda: finish_mission(campaign, over(GAME.new_game(1))), IllegalAction, "not started from this campaign"),
        (lambda: finish_mission(campaign, over(s, dials=(99, 0, 0, 0, 0, 0))), IllegalAction, "out of its range"),
        (lambda: new_campaign({"format": "x"}), ConfigError, "book"),
        (lambda: GAME.new_game(1, campaign=3), ConfigError, "campaign: must be an object, got 3"),
    ]
    for call, error, words in cases:
        with pytest.raises(error) as caught:
            call()
        assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_campaign_mission_s_options_are_plain_json_data() -> None:
    campaign = finish_mission(new_campaign(), over(run(mission(), Discover("compass"), Goal("ringr"))))
    options = mission_options(campaign, ["meziah", "ringr", "grumple", "whisper"])
    assert json.loads(json.dumps(options)) == options and options["book"] == "campaign"
    assert GAME.new_game(5, **options) == start_mission(campaign, 5, ("meziah", "ringr", "grumple", "whisper"))
    start = options["campaign"]
    for key, value, words in [
        ("dials", [6, 4, 16, 5, 0, 0], "campaign.dials[2]: must be a whole number from 0 to 15"),
        ("box", ["compass", "compass"], "campaign.box: names one twice"),
        ("stash", ["one_shot"], "campaign.stash[0] must be one of"),
        ("goals", ["nobody"], "campaign.goals[0] must be one of"),
        ("mission", 4, "campaign.mission: must be a whole number from 0 to 3"),
    ]:
        with pytest.raises(ConfigError) as caught:
            GAME.new_game(5, **{**options, "campaign": {**start, key: value}})
        assert words in str(caught.value), str(caught.value)


# -- the book's campaign parts --------------------------------------------------------------------


def test_the_demo_campaign_book_is_version_2_and_reads_back() -> None:
    book = campaign_book(new_campaign())
    data = book_data(book)
    assert data["version"] == 2 and read_book(data, names_for(None)) == book
    assert book.map is not None and len(book.map.spaces) >= 12 and len(book.missions) >= 4
    first = book.map.spaces[0]
    assert (first.name, first.x, first.y) == ("abbigail_lane", 0, 0)
    assert all(m.location in {sp.name for sp in book.map.spaces} for m in book.missions)
    assert any(p.number == 100 and any(e.id == "100-23" for e in p.entries) for p in book.pages)


def test_the_demo_campaign_uses_every_effect_trigger_and_line_kind() -> None:
    book = campaign_book(new_campaign())

    def effects(es: tuple[Effect, ...]) -> list[Effect]:
        out: list[Effect] = []
        for e in es:
            out.append(e)
            if isinstance(e, (SkillTest, GroupTask)):
                out += effects(e.success + (e.failure if isinstance(e, SkillTest) else ()))
            elif isinstance(e, Choice):
                for o in e.options:
                    out += effects(o.effects)
        return out

    used = {type(e) for p in book.pages for en in p.entries for e in effects(en.effects)}
    used |= {type(e) for m in book.missions for e in (*m.won, *m.lost)}
    assert used == set(EFFECT_NAMES.values())
    assert {en.trigger for p in book.pages for en in p.entries} == set(Trigger)
    assert {ln.kind for p in book.pages for ln in p.lines} == set(LINE_NAMES)
    assert book.colony and book.overtime and len(book.goals) == 4 and book.discovery


def test_a_version_1_book_may_not_use_the_campaign_parts() -> None:
    data = book_data(campaign_book(new_campaign()))
    data["version"] = 1
    with pytest.raises(ConfigError, match="unknown key 'map'"):
        read_book(data, names_for(None))
    for key in ("map", "discovery", "colony", "overtime", "goals"):
        del data[key]
    for m in data["missions"]:
        for key in ("location", "won", "lost"):
            m.pop(key, None)
    with pytest.raises(ConfigError, match="needs version 2"):
        read_book(data, names_for(None))


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["map"]["spaces"][1].update(x=0, y=0), "are both at (0, 0)"),
    (lambda d: d["map"]["spaces"][1].update(page=3), "both name page 3"),
    (lambda d: d["map"]["spaces"][1].update(page=77), "no page 77 in this book"),
    (lambda d: d["map"].update(start="nowhere"), "book.map.start: no travel map space named 'nowhere'"),
    (lambda d: d["missions"][0].update(location="nowhere"), "book.missions[0].location: no space 'nowhere'"),
    (lambda d: d["colony"].append({"do": "wound", "amount": 1}), "book.colony[1]: the colony phase has only"),
    (lambda d: d["discovery"].append("compass"), "book.discovery: names a card twice"),
    (lambda d: [d.pop("map"), *(m.pop("location") for m in d["missions"])],
     "travels on the travel map, and the book has none"),
    (lambda d: d["goals"][1].update(character="whisper"), "whisper has one personal goal"),
])
def test_a_broken_campaign_book_is_refused_naming_the_place(change: Any, words: str) -> None:
    data = book_data(campaign_book(new_campaign()))
    change(data)
    with pytest.raises(ConfigError) as caught:
        read_book(data, names_for(None))
    assert words in str(caught.value)


def test_the_starter_book_reads_as_version_1_and_plays_as_before() -> None:
    s = GAME.new_game(1)
    assert s.book.map is None and s.outing.location == "" and s.options.campaign is None
    assert book_data(s.book)["version"] == 1 and read_book(book_data(s.book), SHARED_NAMES) == s.book


# -- properties ---------------------------------------------------------------------------------

DEMO_DISCOVERY = ("compass", "walnut_helm", "tin_vest", "goggles", "magnifier")
ENDINGS = (Ending.WON, Ending.FAILED, Ending.FLED, Ending.CUT, Ending.LOST)


@st.composite
def results(draw: st.DrawFn, campaign: Campaign) -> State:
    """A random mission result of ``campaign``: its dials anywhere in range, cards fetched from
    the discovery deck, some of them carried home, goals done, the cap lifted or not."""
    s = mission(campaign, seed=draw(st.integers(0, 3)))
    dials = tuple(draw(st.integers(0, DIAL_TOPS[k] if k != POPULATION or s.outing.lifted else 15))
                  for k in range(len(DIALS)))
    fetched = tuple(draw(st.lists(st.sampled_from(campaign.box), unique=True))) if campaign.box else ()
    held = [ITEM_NAMES.index(n) for n in (*fetched, *campaign.stash) if draw(st.booleans())]
    goals = tuple(draw(st.lists(st.sampled_from(("meziah", "whisper", "ringr", "grumple")), unique=True)))
    outing = replace(s.outing, discovered=fetched, goals=goals, lifted=draw(st.booleans()),
                     raised=draw(st.booleans()))
    pack = ((*held[:2],), (*held[2:4],))
    gear = (s.gear[0], (*s.gear[1][:4], held[4] if len(held) > 4 else NONE))
    ending = draw(st.sampled_from(ENDINGS))
    return over(s, ending, dials=dials, outing=outing, pack=pack, gear=gear)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_finish_mission_keeps_every_dial_in_range_and_every_card_in_one_place(data: st.DataObject) -> None:
    campaign = new_campaign(infinite=data.draw(st.booleans()))
    for _ in range(3):
        if campaign.lost or main_mission(campaign) is None:
            break
        campaign = finish_mission(campaign, data.draw(results(campaign)))
        top = {k: DIAL_TOPS[k] if k != POPULATION or campaign.lifted else 15 for k in range(len(DIALS))}
        assert all(0 <= v <= top[k] for k, v in enumerate(campaign.dials))
        places = [*campaign.box, *campaign.found, *campaign.stash]
        assert sorted(places) == sorted(DEMO_DISCOVERY)  # every card in exactly one place
        assert len(set(campaign.goals)) == len(campaign.goals)
        assert loads(dumps(campaign)) == campaign  # a campaign survives the codec between missions
        assert campaign.lost == (any(campaign.dials[k] == 0 for k in (FOOD, MORALE)) and not campaign.infinite
                                 or campaign.results[-1] == Ending.LOST.value)


# -- the demo campaign, start to end ------------------------------------------------------------


def play_campaign(seed: int) -> tuple[Campaign, list[tuple[str, ...]]]:
    """The demo campaign played by the heuristic bot on every seat until it is won and no main
    mission is left, or lost (at most 10 missions), the cast changing each mission; the campaign
    goes through the codec between missions."""
    casts = [("grumple", "whisper"), ("ringr", "meziah", "whisper"), ("meziah", "ringr"),
             ("grumple", "ringr", "whisper", "meziah")]
    campaign, played = new_campaign(), []
    for k in range(10):
        if campaign.lost or main_mission(campaign) is None:
            break
        cast = casts[k % len(casts)]
        s = start_mission(campaign, seed * 100 + k, cast)
        bots = [HeuristicBot(seed * 1000 + 10 * k + p) for p in range(s.options.players)]
        while (seat := GAME.current_player(s)) is not None:
            s = GAME.apply(s, bots[seat].choose(GAME, view(s, seat), GAME.legal_actions(s)))
        campaign = loads(dumps(finish_mission(campaign, s)))
        played.append(cast)
    return campaign, played


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_demo_campaign_is_played_start_to_end_by_bots(seed: int) -> None:
    campaign, played = play_campaign(seed)
    assert won(campaign) and main_mission(campaign) is None and not campaign.lost
    assert campaign.results.count("mission_won") == 4 and len(played) == len(campaign.results) <= 6
    assert len({len(c) for c in played}) > 1  # the number of characters changed between missions
    assert sorted(campaign.goals) == ["grumple", "meziah", "ringr", "whisper"]


# -- the campaign replay ----------------------------------------------------------------------

CAMPAIGN_REPLAY = Path(__file__).resolve().parents[2] / "examples" / "replays" / "aftermath_campaign.json"


def test_the_campaign_replay_plays_the_whole_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    recorded = replay.load(CAMPAIGN_REPLAY)
    final = replay.verify(recorded)  # the missions before the last are played again by its options
    before = played_campaign(recorded.options["campaign"], recorded.options["book"])
    assert len(before.results) == len(recorded.options["campaign"]["missions"]) >= 3
    after = finish_mission(before, final)
    assert won(after) and main_mission(after) is None and after.results.count("mission_won") == 4
    assert len({len(m["characters"]) for m in recorded.options["campaign"]["missions"]}) > 1
    assert main(["replay", str(CAMPAIGN_REPLAY)]) == 0
    assert "ok   " in capsys.readouterr().out


def test_a_campaign_of_missions_played_is_refused_naming_the_mission_and_the_move() -> None:
    options = replay.load(CAMPAIGN_REPLAY).options
    played = options["campaign"]

    def broken(k: int, moves: list[str]) -> dict[str, Any]:
        missions = [dict(m) for m in played["missions"]]
        missions[k]["moves"] = moves
        return {**options, "campaign": {**played, "missions": missions}}

    first = played["missions"][0]["moves"]
    for changed, words in [
        (broken(0, [*first[:3], "fly"]), "campaign.missions[0].moves[3]: 'fly' names no legal action now"),
        (broken(1, played["missions"][1]["moves"][:-1]), "campaign.missions[1].moves: the mission is not over"),
        (broken(0, [*first, "draw"]), f"campaign.missions[0].moves[{len(first)}]: the mission is over"),
    ]:
        with pytest.raises(ConfigError) as caught:
            GAME.new_game(1, **changed)
        assert words in str(caught.value), str(caught.value)
