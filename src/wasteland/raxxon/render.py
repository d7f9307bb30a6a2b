"""Text and drawing: the table for a reader, a few words per action, the events as sentences.

``render(state, player)`` draws the crowd (face-down cards as ``##``, a card the
reader looked at in brackets), the piles and their counts, the power track, each
character sheet with its tokens and the consequence under every slot, what is
pending and who decides, what happened since the last decision and, once over,
how it ended. ``svg(state, player)`` draws the same as a table a player would
recognise: the crowd as cards, the piles as stacks, each sheet as a panel with its
token slots (see ``svg``). ``player`` on a full state draws that seat's view:
nothing hidden from the seat is read.
``describe(state, action)`` names an action in a few words; ``events(state)``
tells the events as sentences.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.game import describer, need_state, seen_by
from wasteland.core.svg import BOLD_WIDTH, PALETTE, Drawing, wrap
from wasteland.core.words import counted, plural
from wasteland.raxxon import cards as C
from wasteland.raxxon.actions import (
    Act, Decline, Line, Option, Pass, Place, Take, Target, Turn, cell_code, notation, place_code,
)
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.rules import actions_of, ending, pending
from wasteland.raxxon.state import (
    COLUMNS, EMPTY, HIDDEN, K_OPTION, K_OPTIONAL, K_PLACE, ROWS, START, Added, DayBegan, DayEnded, Event,
    Evacuated, Flipped, Hidden, HostileBack, Infected, Killed, Looked, Phase, PowerChanged, Quarantined,
    RaxxonDrawn, Released, Reshuffled, Spread, State, Swapped,
)
from wasteland.raxxon.turn import side
from wasteland.raxxon.view import view

__all__ = ["render", "svg", "describe", "events", "event_text", "card_label", "trigger_text", "LEGEND", "SVG_LEGEND",
           "EFFECT_WORDS", "STEP_WORDS", "effect_words", "summary"]

LEGEND = ("key: ## a face-down card; [Car!] a face-down card you (with table talk, the team) looked at, "
          "infected ([Hos+] healthy; "
          "the referee sees them all); ##'02 a face-down card players 0 and 2 looked at; "
          "Hos+ a face-up healthy card, "
          "Car! a face-up infected one; . an empty cell of the 6 x 6 frame; (h) / (i) healthy / infected")
_SHORT = ("Hos", "Cel", "Sus", "Inn", "Fml", "Fam", "Car", "Vol", "Cha")

#: The effects as the text names them (in effect-code order); ``summary`` says what each does.
EFFECT_WORDS: tuple[str, ...] = (
    "infect", "Raxxon card", "power+1", "end day", "Hostile back", "add", "flip", "reshuffle", "release",
    "hide Hostiles", "kill face-up", "calm", "evacuate face-up",
)
#: What a pending step asks for, by step kind (``state.KINDS`` order), after "choose".
STEP_WORDS: tuple[str, ...] = (
    "a face-down card to look at", "a face-down card to flip face up", "a card to evacuate",
    "a card to evacuate with the face-up healthy cards beside it", "a row to evacuate",
    "a card to quarantine", "a card to quarantine with the face-up infected cards beside it", "a card to kill",
    "a row to kill", "a column to kill", "a card to swap", "a card to kill with the face-up infected cards beside it",
    "the adjacent card to swap it with", "a face-up card to kill", "a face-up healthy card to evacuate",
    "where the added card goes", "an option", "whether to take the optional effect",
)


def effect_words(effects: tuple[int, ...] | list[int]) -> str:
    """Effects in the game's words: ``power+1, Raxxon card``; ``-`` for none."""
    return ", ".join(EFFECT_WORDS[e] if 0 <= e < len(EFFECT_WORDS) else "?" for e in effects) if effects else "-"


def _step_words(kind: int) -> str:
    return STEP_WORDS[kind] if 0 <= kind < len(STEP_WORDS) else "a choice"


def card_label(state: State, card: int) -> str:
    """``Carrier #42 (i)``: type, id, health."""
    table = table_of(state)
    if card < 0:
        return "a hidden card"
    return f"{C.TYPE_NAMES[table.kind[card]]} #{card} ({'h' if table.healthy[card] else 'i'})"


def _lookers(state: State, cell: int) -> str:
    """``'02``: the other seats that looked at the face-down card of ``cell``."""
    seats = "".join(str(p) for p in _looked_by(state, cell) if p != state.viewer)
    return f"'{seats}" if seats else ""


def _cell_text(state: State, cell: int) -> str:
    card = state.crowd[cell]
    if card == EMPTY:
        return "."
    table = table_of(state)
    if card == HIDDEN:
        return "##" + _lookers(state, cell)
    short = _SHORT[table.kind[card]]
    if card in state.face_up:
        return short + ("+" if table.healthy[card] else "!")
    viewer = state.viewer
    if viewer is None or cell in state.seen[viewer]:
        return f"[{short}{'+' if table.healthy[card] else '!'}]" + _lookers(state, cell)
    return "##" + _lookers(state, cell)


#: The width of the crowd's row labels ("crowd:", "  r1"), the same for the header and the rows.
_LABEL = 12


def _crowd_lines(state: State) -> list[str]:
    """The crowd as a grid whose columns are as wide as its widest cell and a space (7 at least):
    a card looked at by other seats (``[Hos+]'123``) widens every column, never breaks them."""
    texts = [[_cell_text(state, r * COLUMNS + c) for c in range(COLUMNS)] for r in range(ROWS)]
    width = max(7, 2 + max(len(text) for row in texts for text in row))
    lines = ["crowd:".ljust(_LABEL) + "".join(f"c{c + 1}".center(width) for c in range(COLUMNS))]
    for r, row in enumerate(texts):
        lines.append(f"  r{r + 1}".ljust(_LABEL) + "".join(text.center(width) for text in row))
    return lines


def _pile(state: State, cards: tuple[int, ...]) -> str:
    if not cards:
        return "none"
    kind = table_of(state).kind
    counts: dict[int, int] = {}
    for card in cards:
        if card >= 0:
            counts[kind[card]] = counts.get(kind[card], 0) + 1
    return ", ".join(f"{C.TYPE_NAMES[k]} {n}" for k, n in sorted(counts.items())) or f"{len(cards)} cards"


def _verb_text(state: State, verb: int) -> str:
    """A verb of the sheets in words (``cards.VERB_TEXT``); a look is told to the whole team
    with table talk."""
    text = C.VERB_TEXT[verb]
    return text.replace("yourself only", "told to the team") if state.options.table_talk else text


def _sheet_lines(state: State, seat: int) -> list[str]:
    sheet = C.SHEETS[state.characters[seat]]
    s = side(state.options.players)
    mark = " (to decide)" if seat == state.active and state.phase is Phase.ACTIONS else ""
    passed = " - passed" if seat in state.passed else ""
    lines = [f"player {seat}: {sheet.name}, {sheet.role}{passed}{mark}",
             f"    investigate: {counted(_verb_text(state, sheet.investigate[0]), sheet.investigate[1])}"]
    for k, action in enumerate(sheet.actions):
        slots = action.slots[s]
        tokens = state.tokens[seat][k]
        cells = " ".join(("[X " if i < tokens else "[  ") + effect_words(slot) + "]" for i, slot in enumerate(slots))
        extra = ""
        if action.optional is not None:
            extra = f"; optional (+Raxxon card): {counted(_verb_text(state, action.optional[0]), action.optional[1])}"
        lines.append(f"    {k + 1} {action.name}: {counted(_verb_text(state, action.verb), action.count)}{extra}")
        lines.append(f"        slots: {cells}")
    return lines


def _pending_text(state: State) -> str:
    who = f"player {state.active}"
    ask = pending(state)
    if state.phase is Phase.OVER:
        return "nobody: the game is over"
    if ask is None:
        if state.stage == START:
            return f"{who}: take the turn or pass"
        return f"{who}: choose an action"
    if ask.kind == K_OPTION:
        table = table_of(state)
        options = "; ".join(f"{i + 1} {label}: {effect_words(e)}"
                            for i, (label, e) in enumerate(table.options[ask.arg]))
        return f"{who}: choose an option of '{table.title[ask.arg]}' ({options})"
    if ask.kind == K_OPTIONAL:
        return f"{who}: take the optional effect ({_verb(ask.arg, ask.count)}, then a Raxxon card) or decline"
    return f"{who}: choose {_step_words(ask.kind)}" + (f" ({ask.count} to go)" if ask.count > 1 else "")


def _header(state: State, player: int | None) -> str:
    seen = "referee" if state.viewer is None else f"seen by player {state.viewer}"
    result = ending(state)
    if result is not None:
        return (f"Raxxon ({state.options.difficulty}, {plural(state.options.players, 'player')}) - game over on day "
                f"{state.day}: {'won' if result.winners else 'lost'}, {result.reason} ({seen})")
    return (f"Raxxon ({state.options.difficulty}, {plural(state.options.players, 'player')}) - day {state.day}, "
            f"player {state.active} to decide ({seen})")


def _pile_lines(state: State) -> list[str]:
    table = table_of(state)
    total = sum(table.healthy) - sum(table.healthy[c] for c in state.removed)
    evacuated = sum(1 for c in state.evacuated if c >= 0 and table.healthy[c])
    return [
        f"Raxxon power {state.power} of {C.POWER_LIMIT} | infection supply {len(state.supply)} | population draw "
        f"{len(state.draw)} | discard {len(state.discard)}",
        f"evacuated {evacuated} of {total} healthy: {_pile(state, state.evacuated)}",
        f"discard: {_pile(state, state.discard)}",
        f"contained quarantine: {_pile(state, state.contained)} | uncontained: {_pile(state, state.uncontained)}",
        f"Raxxon cards: draw {len(state.raxxon_draw)}, triggered {len(state.triggered)}, untriggered "
        f"{len(state.untriggered)}",
    ]


def render(state: State, player: int | None = None) -> str:
    """The table as text, as ``player`` sees it (None: as the state is); see the module's text."""
    need_state(state, State, "a Raxxon")
    state = seen_by(state, player, view)
    lines = [_header(state, player), *_pile_lines(state), *_crowd_lines(state)]
    for seat in range(state.options.players):
        lines += _sheet_lines(state, seat)
    lines.append("pending: " + _pending_text(state))
    told = events(state)
    if told:
        lines.append("since the last decision:")
        lines += [f"  {line}" for line in told]
    lines.append(LEGEND)
    return "\n".join(lines)


# -- events --------------------------------------------------------------------------------------

def event_text(state: State, event: Event) -> str:
    """One event as a sentence."""
    return _table_event(state, event) or _crowd_event(state, event) or repr(event)


def _table_event(state: State, event: Event) -> str:
    """An event of the day, the piles or Raxxon as a sentence ("" for an event of the crowd)."""
    kind = type(event)
    e: Any = event
    if kind is DayBegan:
        return f"day {e.day} begins: {e.dealt} cards dealt to the crowd; player {e.first} starts"
    if kind is Infected:
        if e.card < 0:
            return "the infection rate rises but the infection supply is empty"
        return f"the infection rate rises: {card_label(state, e.card)} to the discard"
    if kind is PowerChanged:
        return f"Raxxon power is {e.power}"
    if kind is DayEnded:
        return "an end-of-day icon ends the player actions" if e.icon else "everyone has passed: the day ends"
    if kind is Spread:
        return (f"end of day: {plural(e.infected, 'infected card')} loose, the infection spreads "
                f"{plural(e.times, 'time')}")
    if kind is RaxxonDrawn:
        if e.card < 0:
            return "no Raxxon card left to draw"
        table = table_of(state)
        return f"Raxxon card '{table.title[e.card]}' drawn: " + ("triggered" if e.triggered else "not triggered")
    if kind is Reshuffled:
        return f"the {'Raxxon' if e.pile == 'raxxon' else e.pile} cards are reshuffled into the draw pile"
    if kind is Released:
        return f"{plural(e.count, 'contained card')} become{'s' * (e.count == 1)} uncontained"
    if kind is Hidden:
        return f"{plural(e.count, 'face-up Hostile card')} turn{'s' * (e.count == 1)} face down"
    return ""


def _crowd_event(state: State, event: Event) -> str:
    """An event of the crowd's cards as a sentence ("" for another event)."""
    kind = type(event)
    e: Any = event
    if kind is Added:
        return "no card to add to the crowd" if e.cell < 0 else f"a card is added face down at {cell_code(e.cell)}"
    if kind is Flipped:
        fired = f": {effect_words(e.fired)}" if e.fired else ""
        return f"{card_label(state, e.card)} flipped at {cell_code(e.cell)} ({e.count} face up){fired}"
    if kind is Looked:
        what = "" if e.card < 0 else f": {card_label(state, e.card)}"
        return f"player {e.player} looks at {cell_code(e.cell)}{what}"
    if kind is Killed:
        fired = f": {effect_words(e.fired)}" if e.fired else ""
        return f"{card_label(state, e.card)} is killed{fired}"
    if kind is Evacuated:
        if e.escaped:
            return f"{card_label(state, e.card)} was infected: to the discard, the infection rate rises"
        return f"{card_label(state, e.card)} is evacuated"
    if kind is Quarantined:
        return f"{card_label(state, e.card)} goes to the contained quarantine"
    if kind is Swapped:
        return f"the cards at {cell_code(e.a)} and {cell_code(e.b)} swap places"
    if kind is HostileBack:
        return ("no Hostile in the evacuation pile" if e.card < 0
                else f"{card_label(state, e.card)} goes back from the evacuation pile to the discard")
    return ""

# -- the rules in short --------------------------------------------------------------------------

_SUMMARY = (
    "Raxxon, cooperative: you all win or lose together. Goal: evacuate every healthy person. You win at "
    "once when every healthy card still in play is in the evacuation pile; you lose at once when Raxxon "
    "power reaches 8, or when the infection supply is empty and another infected card is needed.",
    "A day: the crowd is dealt face down; players take turns in order. On your turn: take the turn (the "
    "consequences under your tokens trigger, then you choose an action) or pass for the rest of the day. "
    "Investigate (look at face-down cards) is always there and takes no token; any other action puts a "
    "token on its next empty slot. When everyone has passed, or an end-day effect fires, the day ends: the "
    "infection spreads once for each infected card in the crowd and the uncontained quarantine (at most "
    "4 times), the crowd and the uncontained quarantine are shuffled back into the population, the "
    "contained quarantine becomes uncontained, the sheets are cleared, and the next day begins.",
    "Evacuate a healthy card to save it; an infected card you evacuate goes to the discard and raises the "
    "infection rate. Killing or quarantining removes a card from the crowd; killed healthy cards can feed "
    "Raxxon. A card's type shows when it is face up; some types do something when a given number of them "
    "are face up, or when killed.",
)


def summary(state: State) -> str:
    """The game in a few lines for a player at this table: the goal and how the game ends, a day, and
    the words and marks the text uses."""
    need_state(state, State, "a Raxxon")
    table = table_of(state)
    types = [f"  {_SHORT[k]} {C.TYPE_NAMES[k]}: {'healthy' if k in C.HEALTHY_TYPES else 'infected'}"
             for k in range(len(C.TYPE_NAMES)) if any(kind == k for kind in table.kind)]
    effects = [f"  {word}: {C.EFFECT_TEXT[e]}" for e, word in enumerate(EFFECT_WORDS)]
    talk = " Table talk: every look is told to the whole team." if state.options.table_talk else ""
    lines = [f"{_SUMMARY[0]} Difficulty: {state.options.difficulty}.{talk}", *_SUMMARY[1:],
             "The crowd's cards (three letters; + healthy, ! infected):", *types,
             "Effects (under the tokens' slots, on cards and Raxxon cards):", *effects,
             "Cells are written r<row>c<column>, row 1 at the top. " + LEGEND[0].upper() + LEGEND[1:]]
    return "\n".join(lines)


def events(state: State) -> tuple[str, ...]:
    """What happened without a decision since the last one, as sentences."""
    need_state(state, State, "a Raxxon")
    return tuple(event_text(state, event) for event in state.events)


# -- describe ------------------------------------------------------------------------------------

def _act(state: State, action: Any) -> str:
    sheet = C.SHEETS[state.characters[state.active]]
    if action.index == 0:
        return f"investigate: {counted(_verb_text(state, sheet.investigate[0]), sheet.investigate[1])}"
    chosen = sheet.actions[action.index - 1]
    return f"{chosen.name}: {counted(_verb_text(state, chosen.verb), chosen.count)}"


def _option(state: State, action: Any) -> str:
    ask = pending(state)
    table = table_of(state)
    assert ask is not None
    label, effects = table.options[ask.arg][action.index]
    return f"option {action.index + 1} ({label}): {effect_words(effects)}"


_NAMERS: dict[type, Callable[[Any, Any], str]] = {
    Turn: lambda state, action: "take the turn: the consequences trigger",
    Pass: lambda state, action: "pass for the rest of the day",
    Act: _act,
    Target: lambda state, action: f"the card at {cell_code(action.cell)}",
    Line: lambda state, action: (f"row {action.index + 1}" if action.index < 6 else f"column {action.index - 5}"),
    Place: lambda state, action: f"the added card at {place_code(action.cell)} of the frame",
    Option: _option,
    Take: lambda state, action: "take the optional effect (then draw a Raxxon card)",
    Decline: lambda state, action: "decline the optional effect",
}
_describe = describer(_NAMERS)


def describe(state: State, action: object) -> str:
    """A few words naming ``action`` in ``state`` (as the reader sees it); IllegalAction when
    ``state`` is not a state of this game, and otherwise never raises, whatever ``action`` is."""
    need_state(state, State, "a Raxxon")
    return _describe(state, action)


# -- the drawing ---------------------------------------------------------------------------------
#
# Layout (user units): the header band across the top; under it the crowd (the 6 x 6 frame) on the
# left and, on the right, the power track, the population piles and the Raxxon cards; under both
# one panel per character sheet; then the events, the words used and the legend.

_LEFT = 12.0
_WIDTH = 1084.0                                   # the content's width: the canvas is about 1100
_CARD_W, _CARD_H = 88.0, 76.0                     # a crowd card
_PITCH_X, _PITCH_Y = 94.0, 94.0                   # a crowd cell: the card and its code under it
_GUTTER = 26.0                                    # the row labels left of the crowd
_RIGHT_X = _LEFT + _GUTTER + COLUMNS * _PITCH_X + 16
_RIGHT_W = _LEFT + _WIDTH - _RIGHT_X
_SLOT_W, _SLOT_H, _SLOT_PITCH = 58.0, 34.0, 62.0   # a token slot of a sheet
_KNOWN_BACK = "#374151"                           # the back of a face-down card whose type the reader knows
_DECIDE_FILL = "#eff6ff"

#: The key under every drawing: a swatch (a palette role or a colour) and what it means.
SVG_LEGEND: tuple[tuple[str, str], ...] = (
    ("friend", "face-up healthy card"),
    ("foe", "face-up infected card"),
    ("hidden", "face-down card (its type hidden from this reader)"),
    (_KNOWN_BACK, "face-down card whose type this reader knows (looked at it / referee)"),
    ("table", "empty cell of the 6 x 6 frame"),
    ("focus", "blue: to decide, a legal choice, the active player"),
    ("gold", "optional effect: costs a Raxxon card if taken"),
    (PALETTE["ink"], "filled circle: a token on the slot"),
)

#: The Raxxon cards' triggers in words: (kind, count, argument) -> text.
_TRIGGER_TEXT: tuple[Callable[[int, int], str], ...] = (
    lambda n, a: "always",
    lambda n, a: f"{n}+ {C.TYPE_NAMES[a]} face up" if 0 <= a < len(C.TYPE_NAMES) else f"{n}+ of a type face up",
    lambda n, a: f"{n}+ infected cards face up",
    lambda n, a: f"{n}+ healthy cards face up",
    lambda n, a: f"{n}+ face-down crowd cards",
    lambda n, a: f"{n}+ cards evacuated",
    lambda n, a: f"Raxxon power {n}+",
    lambda n, a: f"{n}+ cards quarantined",
    lambda n, a: f"{n}+ triggered Raxxon cards",
    lambda n, a: (f"{C.SHEETS[a].name} at the table" if 0 <= a < len(C.SHEETS) else "a character at the table"),
    lambda n, a: f"a crowd of {n} cards or fewer",
    lambda n, a: f"{n}+ cards in the discard",
)

#: The verbs of the sheets in a few words (``VERB_TEXT`` in full goes to the words list).
_VERB_SHORT = ("look at {n}", "flip {n}", "evacuate {n}", "evacuate a group", "evacuate a row", "quarantine {n}",
               "quarantine a group", "kill {n}", "kill a row", "kill a column", "swap two", "kill a group")


def trigger_text(trigger: tuple[int, int, int]) -> str:
    """A Raxxon card's trigger in words: ``2+ Hostile face up``."""
    kind, count, arg = trigger
    if 0 <= kind < len(_TRIGGER_TEXT):
        return _TRIGGER_TEXT[kind](count, arg)
    return "never"


def _fx(effects: tuple[int, ...] | list[int]) -> str:
    """Effects in short: ``infect x2``, ``add + end day``; ``nothing`` for none."""
    if not effects:
        return "nothing"
    parts: list[str] = []
    counts: dict[int, int] = {}
    for e in effects:
        counts[e] = counts.get(e, 0) + 1
    for e in effects:
        if e in counts:
            n = counts.pop(e)
            name = C.EFFECT_NAMES[e].replace("_", " ")
            parts.append(f"{name} x{n}" if n > 1 else name)
    return " + ".join(parts)


def _verb(verb: int, count: int) -> str:
    return _VERB_SHORT[verb].format(n=count)


class _Words:
    """The effects and verbs drawn, to explain them once under the drawing."""

    def __init__(self) -> None:
        self.effects: set[int] = set()
        self.verbs: set[int] = set()

    def fx(self, effects: tuple[int, ...] | list[int]) -> str:
        self.effects.update(effects)
        return _fx(effects)

    def verb(self, verb: int, count: int) -> str:
        self.verbs.add(verb)
        return _verb(verb, count)


def _seat_name(state: State, seat: int) -> str:
    return f"player {seat} ({C.SHEETS[state.characters[seat]].name})"


def _decision(state: State, words: _Words) -> str:
    """Who decides now and on what, with the legal choices in notation."""
    who = _seat_name(state, state.active)
    ask = pending(state)
    if ask is None and state.stage != START:
        what = "choose an action (Investigate, or one with an empty slot: a token goes on it)"
    elif ask is None and any(state.tokens[state.active]):
        what = "take the turn (the consequences under the tokens trigger, then an action) or pass"
    elif ask is None:
        what = "choose an action (no token yet: nothing triggers), or pass"
    elif ask.kind == K_OPTION:
        what = f"choose an option of the Raxxon card '{table_of(state).title[ask.arg]}'"
    elif ask.kind == K_OPTIONAL:
        what = (f"take the optional effect ({words.verb(ask.arg, ask.count)}, then draw a Raxxon card) "
                "or decline it")
    elif ask.kind == K_PLACE:
        what = ("choose where the added card goes (a cell of the 8 x 8 frame: row or column 0 and 7 lie beside "
                "the crowd)")
    else:
        if ask.kind < len(C.VERB_NAMES):
            words.verbs.add(ask.kind)
        more = f", {ask.count} to go" if ask.count > 1 else ""
        what = f"choose {_step_words(ask.kind)}{more}"
    choices = ", ".join(notation(state, a) for a in actions_of(state))
    return f"{who}: {what}. Choices: {choices or 'none'}"


def _draw_header(d: Drawing, state: State, words: _Words) -> float:
    """The title line, the reader, then the decision (blue) or the game-over banner; returns the y under."""
    d.text(_LEFT, 30, "Raxxon", size=22, bold=True)
    n = state.options.players
    over = state.phase is Phase.OVER
    where = (f"{state.options.difficulty} · {plural(n, 'player')} · day {state.day}"
             + ("" if over else f" · {_seat_name(state, state.active)}'s turn"))
    d.text(_LEFT + 110, 30, where, size=14)
    seen = ("Referee: the whole table, face-down cards included" if state.viewer is None
            else f"Seen by player {state.viewer}: face-down cards show only what "
                 + ("the team looked at (table talk)" if state.options.table_talk else "this player looked at"))
    d.text(_LEFT, 52, seen, size=12, fill=PALETTE["muted"], italic=True)
    y = 64.0
    result = ending(state)
    if result is not None:
        won = bool(result.winners)
        ink = PALETTE["friend_ink"] if won else PALETTE["foe_ink"]
        d.rect(_LEFT, y, _WIDTH, 42, fill=PALETTE["friend"] if won else PALETTE["foe"], stroke=ink, width=2, rx=8)
        d.text(_LEFT + 14, y + 27, f"GAME OVER on day {state.day}: {'won' if won else 'lost'}, {result.reason} "
               f"(ending: {result.code})", size=15, bold=True, fill=ink)
        return y + 54
    lines = wrap("To decide: " + _decision(state, words), int((_WIDTH - 28) / (13 * BOLD_WIDTH)))
    height = 12 + 17 * len(lines)
    d.rect(_LEFT, y, _WIDTH, height, fill=_DECIDE_FILL, stroke=PALETTE["focus"], width=2, rx=8)
    d.lines(_LEFT + 14, y + 20, lines, size=13, bold=True)
    return y + height + 12


def _looked_by(state: State, cell: int) -> list[int]:
    """The seats that looked at the face-down card of ``cell`` (public); none named with table
    talk, where every look is told to the whole team."""
    if state.options.table_talk:
        return []
    return [p for p, seen in enumerate(state.seen) if cell in seen]


def _targets(state: State) -> frozenset[int]:
    """The crowd cells the pending decision may take (ringed in the drawing)."""
    if pending(state) is None:
        return frozenset()
    out: set[int] = set()
    for a in actions_of(state):
        if isinstance(a, Target):
            out.add(a.cell)
        elif isinstance(a, Line) and a.index < ROWS:
            out.update(a.index * COLUMNS + c for c in range(COLUMNS))
        elif isinstance(a, Line):
            out.update(r * COLUMNS + a.index - ROWS for r in range(ROWS))
        elif isinstance(a, Place):
            row, column = divmod(a.cell, 8)
            if 1 <= row <= ROWS and 1 <= column <= COLUMNS:
                out.add((row - 1) * COLUMNS + column - 1)
    return frozenset(out)


def _card_facts(state: State, card: int, words: _Words) -> list[str]:
    """A population card's health and its effects, in short."""
    table = table_of(state)
    lines = ["healthy" if table.healthy[card] else "infected"]
    for count, effects in table.flipped[card]:
        lines.append(f"flip {count}: {words.fx(effects)}")
    if table.killed[card]:
        lines.append(f"killed: {words.fx(table.killed[card])}")
    return lines


def _draw_face_down(d: Drawing, x: float, y: float, title: str, lines: list[str], *, known: bool,
                    healthy: bool | None, ring: bool) -> None:
    fill = _KNOWN_BACK if known else PALETTE["hidden"]
    d.rect(x, y, _CARD_W, _CARD_H, fill=fill, stroke=PALETTE["focus"] if ring else PALETTE["ink"],
           width=3 if ring else 1.2, rx=6)
    # a back's pattern: a diagonal band
    d.line(x + 6, y + _CARD_H - 6, x + _CARD_W - 6, y + 6, stroke="#6b7280", width=1)
    if healthy is not None:
        d.rect(x + 4, y + _CARD_H - 16, _CARD_W - 8, 12, fill=PALETTE["friend"] if healthy else PALETTE["foe"],
               stroke="none", rx=3)
        d.text(x + _CARD_W / 2, y + _CARD_H - 7, "healthy" if healthy else "infected", size=9, anchor="middle",
               fill=PALETTE["friend_ink"] if healthy else PALETTE["foe_ink"], bold=True)
    d.text(x + _CARD_W / 2, y + 16, title, size=11, anchor="middle", fill=PALETTE["paper"], bold=True)
    d.lines(x + _CARD_W / 2, y + 30, lines, size=9, fill=PALETTE["paper"], anchor="middle", gap=1.25)


def _draw_crowd(d: Drawing, state: State, x: float, y: float, words: _Words) -> float:
    """The 6 x 6 frame with its cards, each cell's code under it; returns the y under the crowd."""
    table = table_of(state)
    d.text(x, y + 14, "The crowd", size=14, bold=True)
    faced = sum(1 for c in state.crowd if c not in (EMPTY, HIDDEN) and c in state.face_up)
    cards = sum(1 for c in state.crowd if c != EMPTY)
    d.text(x + 100, y + 14, f"{cards} cards, {faced} face up, {cards - faced} face down", size=11,
           fill=PALETTE["muted"])
    top = y + 24
    targets = _targets(state)
    for c in range(COLUMNS):
        d.text(x + _GUTTER + c * _PITCH_X + _CARD_W / 2, top + 10, f"c{c + 1}", size=11, anchor="middle",
               fill=PALETTE["muted"])
    top += 16
    d.rect(x + _GUTTER - 4, top - 4, COLUMNS * _PITCH_X + 2, ROWS * _PITCH_Y + 2, stroke=PALETTE["line"],
           dash=True, rx=6)
    for r in range(ROWS):
        d.text(x + 2, top + r * _PITCH_Y + _CARD_H / 2 + 4, f"r{r + 1}", size=11, fill=PALETTE["muted"])
        for c in range(COLUMNS):
            cell = r * COLUMNS + c
            cx, cy = x + _GUTTER + c * _PITCH_X, top + r * _PITCH_Y
            card = state.crowd[cell]
            ring = cell in targets
            code = cell_code(cell)
            lookers = [p for p in _looked_by(state, cell) if p != state.viewer]
            looked = f"{', '.join(f'p{p}' for p in lookers)} looked" if lookers else ""
            if card == EMPTY:
                d.rect(cx, cy, _CARD_W, _CARD_H, fill=PALETTE["table"] if not ring else _DECIDE_FILL,
                       stroke=PALETTE["focus"] if ring else PALETTE["line"], width=2 if ring else 1, dash=True, rx=6)
                d.text(cx + _CARD_W / 2, cy + _CARD_H / 2 + 4, f"add {place_code((r + 1) * 8 + c + 1)}" if ring
                       else "empty", size=9, anchor="middle", fill=PALETTE["focus"] if ring else PALETTE["muted"])
                d.text(cx + _CARD_W / 2, cy + _CARD_H + 11, code, size=9, anchor="middle", fill=PALETTE["muted"])
                continue
            if card == HIDDEN:
                _draw_face_down(d, cx, cy, "face down", [looked] if looked else [], known=False, healthy=None,
                                ring=ring)
                label = code
            elif card in state.face_up:
                healthy = table.healthy[card]
                d.card(cx, cy, _CARD_W, _CARD_H, title=C.TYPE_NAMES[table.kind[card]],
                       lines=_card_facts(state, card, words), size=10,
                       fill=PALETTE["friend"] if healthy else PALETTE["foe"],
                       ink=PALETTE["friend_ink"] if healthy else PALETTE["foe_ink"], focus=ring)
                label = f"{code} · #{card}"
            else:
                kind = C.TYPE_NAMES[table.kind[card]]
                if state.viewer is None:
                    lines = ["(face down)"] + ([looked] if looked else [])
                else:
                    knew = "the team looked" if state.options.table_talk else "you looked"
                    lines = [f"{knew}: {kind}"] + ([looked] if looked else [])
                    kind = "face down"
                _draw_face_down(d, cx, cy, kind, lines, known=True, healthy=table.healthy[card], ring=ring)
                label = f"{code} · #{card}"
            d.text(cx + _CARD_W / 2, cy + _CARD_H + 11, label, size=9, anchor="middle", fill=PALETTE["muted"])
    return top + ROWS * _PITCH_Y


def _panel_title(d: Drawing, x: float, y: float, text: str, width: float = _RIGHT_W) -> float:
    d.text(x, y + 14, text, size=14, bold=True)
    d.line(x, y + 19, x + width, y + 19, stroke=PALETTE["line"])
    return y + 28


def _stack(d: Drawing, x: float, y: float, count: int, *, face: str | None = None, face_fill: str = "",
           face_ink: str = "", warn: bool = False) -> None:
    """A pile as a stack of cards 60 x 44 with its count (``face``: the top card's title, face up)."""
    w, h = 60.0, 44.0
    if count == 0:
        d.rect(x, y, w, h, fill=PALETTE["foe"] if warn else PALETTE["paper"],
               stroke=PALETTE["foe_ink"] if warn else PALETTE["line"], width=2 if warn else 1, rx=5, dash=True)
        d.text(x + w / 2, y + h / 2 + 4, "EMPTY" if warn else "0", size=11, anchor="middle", bold=warn,
               fill=PALETTE["foe_ink"] if warn else PALETTE["muted"])
        return
    for k in range(min(count, 4) - 1, 0, -1):
        d.rect(x + 2 * k, y - 2 * k, w, h, fill=PALETTE["hidden"], stroke=PALETTE["ink"], rx=5)
    if face is None:
        d.rect(x, y, w, h, fill=PALETTE["hidden"], stroke=PALETTE["ink"], rx=5)
        d.text(x + w / 2, y + h / 2 + 6, str(count), size=16, anchor="middle", bold=True, fill=PALETTE["paper"])
    else:
        d.rect(x, y, w, h, fill=face_fill, stroke=face_ink, rx=5)
        d.text(x + w / 2, y + 16, face, size=9, anchor="middle", bold=True, fill=face_ink)
        d.text(x + w / 2, y + 36, str(count), size=14, anchor="middle", bold=True, fill=face_ink)


def _by_type(state: State, cards: tuple[int, ...]) -> list[tuple[int, int]]:
    kind = table_of(state).kind
    counts: dict[int, int] = {}
    for card in cards:
        if card >= 0:
            counts[kind[card]] = counts.get(kind[card], 0) + 1
    return sorted(counts.items())


def _chips(d: Drawing, x: float, y: float, state: State, cards: tuple[int, ...], width: float) -> float:
    """A pile's cards grouped by type as small face-up chips (healthy first); returns the y under them."""
    groups = _by_type(state, cards)
    if not groups:
        d.text(x, y + 12, "none", size=10, fill=PALETTE["muted"])
        return y + 18
    cx = x
    for healthy in (True, False):
        for kind, n in groups:
            if (kind in C.HEALTHY_TYPES) != healthy:
                continue
            label = f"{n} {C.TYPE_NAMES[kind]} ({'h' if healthy else 'i'})"
            w = len(label) * 6 + 12
            if cx > x and cx + w > x + width:
                cx, y = x, y + 21
            d.rect(cx, y, w, 17, fill=PALETTE["friend"] if healthy else PALETTE["foe"],
                   stroke=PALETTE["friend_ink"] if healthy else PALETTE["foe_ink"], rx=4)
            d.text(cx + 6, y + 12.5, label, size=10, fill=PALETTE["friend_ink"] if healthy else PALETTE["foe_ink"])
            cx += w + 5
    return y + 22


def _draw_piles(d: Drawing, state: State, x: float, y: float) -> float:
    """The population piles: stacks with counts, then each face-up pile by type."""
    table = table_of(state)
    y = _panel_title(d, x, y, "Population piles")
    supply = len(state.supply)
    top = state.discard[-1] if state.discard else None
    stacks: list[tuple[str, str]] = [
        ("Draw pile", f"{len(state.draw)} face down"),
        ("Infection supply", f"{supply} left" if supply else "EMPTY: the next infection loses"),
        ("Discard", f"{len(state.discard)}, top: {C.TYPE_NAMES[table.kind[top]]}" if top is not None else "0"),
    ]
    total = sum(table.healthy) - sum(table.healthy[c] for c in state.removed)
    saved = sum(1 for c in state.evacuated if c >= 0 and table.healthy[c])
    stacks.append(("Evacuated", f"{saved} of {total} healthy"))
    sy = y + 8
    for i, (name, what) in enumerate(stacks):
        sx = x + i * 121
        if i == 0:
            _stack(d, sx, sy, len(state.draw))
        elif i == 1:
            _stack(d, sx, sy, supply, warn=True)
        elif i == 2:
            if top is None:
                _stack(d, sx, sy, 0)
            else:
                healthy = table.healthy[top]
                _stack(d, sx, sy, len(state.discard), face=C.TYPE_NAMES[table.kind[top]],
                       face_fill=PALETTE["friend"] if healthy else PALETTE["foe"],
                       face_ink=PALETTE["friend_ink"] if healthy else PALETTE["foe_ink"])
        else:
            _stack(d, sx, sy, len(state.evacuated), face="evacuated", face_fill=PALETTE["friend"],
                   face_ink=PALETTE["friend_ink"])
        d.text(sx, sy + 60, name, size=11, bold=True)
        warn = i == 1 and supply == 0
        for k, line in enumerate(wrap(what, 19)):
            d.text(sx, sy + 74 + 12 * k, line, size=10, bold=warn,
                   fill=PALETTE["foe_ink"] if warn else PALETTE["ink"])
    y = sy + 104
    if state.removed:
        d.text(x, y, f"back in the box (the intro's removals): {len(state.removed)} cards", size=10,
               fill=PALETTE["muted"])
        y += 8
    for name, cards in (("Evacuation pile", state.evacuated), ("Discard", state.discard),
                        ("Contained quarantine", state.contained), ("Uncontained quarantine", state.uncontained)):
        d.text(x, y + 12, f"{name}: {plural(len(cards), 'card')}", size=11, bold=True)
        y = _chips(d, x + 10, y + 18, state, cards, _RIGHT_W - 10)
    return y + 4


def _draw_raxxon(d: Drawing, state: State, x: float, y: float, words: _Words) -> float:
    """The Raxxon piles and the card(s) being read; returns the y under them."""
    table = table_of(state)
    y = _panel_title(d, x, y, "Raxxon cards")
    sy = y + 8
    piles = (("Draw pile", state.raxxon_draw, False), ("Triggered", state.triggered, True),
             ("Untriggered", state.untriggered, True))
    for i, (name, cards, up) in enumerate(piles):
        sx = x + i * 162
        face = "Raxxon" if up and cards else None
        _stack(d, sx, sy, len(cards), face=face, face_fill=PALETTE["calm"], face_ink=PALETTE["calm_ink"])
        d.text(sx + 68, sy + 14, name, size=11, bold=True)
        d.text(sx + 68, sy + 28, plural(len(cards), 'card'), size=10)
        if up and cards:
            for k, line in enumerate(wrap(f"top: {table.title[cards[-1]]}", 15)[:2]):
                d.text(sx + 68, sy + 41 + 11 * k, line, size=9, fill=PALETTE["calm_ink"])
    y = sy + 60
    ask = pending(state)
    for card in state.reading:
        choosing = ask is not None and ask.kind == K_OPTION and ask.arg == card
        options = table.options[card]
        lines = [f"trigger: {trigger_text(table.trigger[card])} (it applied)"]
        if len(options) == 1:
            lines.append(f"effect: {words.fx(options[0][1])}")
        else:
            lines += [f"option {i + 1} '{label}': {words.fx(effects)}" for i, (label, effects) in enumerate(options)]
        height = 30 + 14 * len(lines)
        d.rect(x, y, _RIGHT_W, height, fill=_DECIDE_FILL if choosing else PALETTE["calm"],
               stroke=PALETTE["focus"] if choosing else PALETTE["calm_ink"], width=3 if choosing else 1.2, rx=6)
        d.text(x + 10, y + 18, f"Being read: '{table.title[card]}'" + (" - choose an option" if choosing else ""),
               size=12, bold=True, fill=PALETTE["calm_ink"])
        d.lines(x + 10, y + 34, lines, size=11, gap=1.27)
        y += height + 8
    return y


def _draw_sheet(d: Drawing, state: State, seat: int, x: float, y: float, w: float, words: _Words) -> float:
    """One character sheet as a panel; returns the y under it."""
    sheet = C.SHEETS[state.characters[seat]]
    s = side(state.options.players)
    playing = state.phase is not Phase.OVER
    active = playing and seat == state.active
    passed = playing and seat in state.passed
    status = ("to decide" if active else "passed: out for the day" if passed else "waiting") if playing else ""
    if state.viewer == seat:
        status = "you" + (f", {status}" if status else "")
    chars = int((w - 20) / (10 * 0.6))
    body: list[tuple[float, str, float, str, bool]] = []  # (indent, text, size, colour, bold)
    body.append((0, f"Player {seat}: {sheet.name}", 13, PALETTE["focus"] if active else PALETTE["ink"], True))
    body.append((0, f"{sheet.role}" + (f" · {status}" if status else ""), 11,
                 PALETTE["focus"] if active else PALETTE["muted"], active))
    inv = f"Investigate (top, no token): {words.verb(*sheet.investigate)}"
    body += [(0, line, 10, PALETTE["ink"], False) for line in wrap(inv, chars)]
    height = 14 + sum(t[2] * 1.35 for t in body)
    rows: list[tuple[float, int]] = []
    for k, action in enumerate(sheet.actions):
        height += 6
        slots = action.slots[s]
        tokens = state.tokens[seat][k]
        full = " (full)" if tokens >= len(slots) else ""
        head = f"{k + 1} {action.name}: {words.verb(action.verb, action.count)} · tokens {tokens}/{len(slots)}{full}"
        block = [(0.0, line, 10.0, PALETTE["ink"], True) for line in wrap(head, int((w - 20) / 7))]
        if action.optional is not None:
            opt = f"optional: + {words.verb(*action.optional)}, then a Raxxon card"
            block += [(0.0, line, 9.0, PALETTE["gold_ink"], False) for line in wrap(opt, int((w - 20) / 5.4))]
        body += block
        height += sum(t[2] * 1.35 for t in block)
        rows.append((height, k))
        height += _SLOT_H + 6
        body.append((-1, "", _SLOT_H + 6, "", False))
    height += 6
    d.rect(x, y, w, height, fill=PALETTE["paper"] if not passed else PALETTE["table"],
           stroke=PALETTE["focus"] if active else PALETTE["ink"], width=3 if active else 1, rx=8, dash=passed)
    ty = y + 8
    k = 0
    for indent, text, size, colour, bold in body:
        if indent < 0:
            action = sheet.actions[k]
            slots = action.slots[s]
            tokens = state.tokens[seat][k]
            for i, slot in enumerate(slots):
                sx = x + 10 + i * _SLOT_PITCH
                filled = i < tokens
                d.rect(sx, ty, _SLOT_W, _SLOT_H, fill=PALETTE["gold"] if filled else PALETTE["paper"],
                       stroke=PALETTE["gold_ink"] if filled else PALETTE["line"], rx=4)
                d.circle(sx + _SLOT_W / 2, ty + 10, 6, fill=PALETTE["ink"] if filled else "none",
                         stroke=PALETTE["ink"] if filled else PALETTE["muted"], width=1)
                d.text(sx + _SLOT_W / 2, ty + 29, words.fx(slot) if slot else "free", size=8, anchor="middle",
                       fill=PALETTE["ink"] if slot else PALETTE["muted"])
            ty += _SLOT_H + 6
            k += 1
            continue
        ty += size * 1.35
        d.text(x + 10, ty - size * 0.3, text, size=size, fill=colour, bold=bold)
    return y + height


def _draw_sheets(d: Drawing, state: State, y: float, words: _Words) -> float:
    n = state.options.players
    y = _panel_title(d, _LEFT, y, "Character sheets: tokens fill the slots from the left; the consequences under "
                     "them trigger when a turn is taken", _WIDTH)
    w = min((_WIDTH - (n - 1) * 12) / n, 536.0)
    bottom = y
    for seat in range(n):
        bottom = max(bottom, _draw_sheet(d, state, seat, _LEFT + seat * (w + 12), y, w, words))
    return bottom + 10


def _draw_bullets(d: Drawing, x: float, y: float, title: str, items: list[str], *, size: float = 11) -> float:
    y = _panel_title(d, x, y, title, _WIDTH)
    for item in items:
        d.circle(x + 3, y + 5, 2, fill=PALETTE["ink"], stroke=PALETTE["ink"])
        y = d.paragraph(x + 10, y + 9, item, width=_WIDTH - 10, size=size) - size * 1.3 + 5
    return y + 8


def svg(state: State, player: int | None = None) -> str:
    """The table as one SVG drawing, as ``player`` sees it (None: the state as it is).

    ``player`` on a full state draws ``view(state, player)``, so nothing hidden from that seat
    is read. A header (difficulty, players, day, whose turn, "referee" or "seen by player p", who
    decides on what with the legal choices, or the game-over banner with its ending), the crowd
    as cards in the 6 x 6 frame (face up: type, health, "when flipped" and "when killed" effects;
    face down: a back, with the type where the reader knows it, and who looked), the power track,
    the population and Raxxon piles (the card being read with its trigger and options), one panel
    per character sheet (slots, tokens, consequences, optional effects, passed, the active player
    ringed), the events since the last decision, the words used, and a legend.
    """
    need_state(state, State, "a Raxxon")
    state = seen_by(state, player, view)
    words = _Words()
    seen = "referee" if state.viewer is None else f"seen by player {state.viewer}"
    playing = "game over" if state.phase is Phase.OVER else "in play"
    d = Drawing(width=_LEFT + _WIDTH + _LEFT, title=f"Raxxon, day {state.day}, {playing} ({seen})")
    y = _draw_header(d, state, words)
    crowd_bottom = _draw_crowd(d, state, _LEFT, y, words)
    ry = _panel_title(d, _RIGHT_X, y, "Raxxon power")
    d.track(_RIGHT_X, ry + 18, label=f"{state.power} of {C.POWER_LIMIT}", low=0, high=C.POWER_LIMIT,
            value=state.power, step=28, danger=C.POWER_LIMIT)
    d.text(_RIGHT_X + 70 + 9 * 28, ry + 22, "8: Raxxon wins", size=11, bold=True, fill=PALETTE["foe_ink"])
    ry = _draw_piles(d, state, _RIGHT_X, ry + 40)
    ry = _draw_raxxon(d, state, _RIGHT_X, ry + 4, words)
    y = _draw_sheets(d, state, max(crowd_bottom, ry) + 12, words)
    told = list(events(state))
    y = _draw_bullets(d, _LEFT, y, "Since the last decision", told or ["nothing happened by itself"])
    glossary = [f"{C.EFFECT_NAMES[e].replace('_', ' ')}: {C.EFFECT_TEXT[e]}" for e in sorted(words.effects)]
    glossary += [f"{_verb(v, 1 if '{n}' in C.VERB_TEXT[v] else 0).replace(' 1', ' n')}: "
                 f"{counted(_verb_text(state, v), 'n')}" for v in sorted(words.verbs)]
    y = _draw_bullets(d, _LEFT, y, "Words used in this drawing", glossary, size=10)
    d.legend(_LEFT, y, SVG_LEGEND, width=_WIDTH)
    return d.svg()
