"""Text for people: a terminal picture of a state (normally a view), the events, and
a few words naming an action.

``render`` shows the round, the contested and junkyard piles, the mercenary piles
with their costs and values, each tribe (the viewer's hand with card values), the
action under way, the skirmish declarations, the last events (a skirmish's
forces, totals, people and winner, reshuffles, the round starting) and, at the
end, the final scores. ``describe(state, action)`` names an action as the reader
of ``state`` may know it: another seat's trashed cards and kept dug card stay
unnamed in a view. ``svg(state, player)`` draws the same table as SVG, from the
seat's view (hidden cards as card backs); the rules page ("Drawing") lists what
it shows.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import ABILITY_NAMES, HIDDEN, MERCENARY_PILES, CardTable, type_of_id
from wasteland.arctic_scavengers.gathering import action_total
from wasteland.arctic_scavengers.skirmish import fight_total, people_present, skirmish_result
from wasteland.arctic_scavengers.state import (
    Cards, Declaring, Event, ForcesRevealed, GameEnded, Phase, Reshuffled, RoundStarted, SkirmishResolved, State,
    Task,
)
from wasteland.arctic_scavengers.view import view
from wasteland.core.game import describer, need_state, seen_by, short
from wasteland.core.svg import CHAR_WIDTH, PALETTE, Drawing
from wasteland.core.words import plural

__all__ = ["render", "svg", "describe", "events", "event_text", "card_name", "card_stats", "cards_text", "summary"]

#: Colours for a terminal: (regular expression, rich style) pairs over ``render``'s text; the
#: text says everything without them.
HIGHLIGHTS: tuple[tuple[str, str], ...] = (
    (r"^Arctic Scavengers, .*$", "bold"),
    (r"^> seat \d+: .*$", "bold cyan"),
    (r"\b[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*#\d+", "green"),
    (r"\b\d+ (?:food/med|med|food)\b", "yellow"),
    (r"\b\d+ hidden\b|(?<![\w?])\?(?![\w?])", "dim"),
    (r"^under way: .*$", "bold"),
    (r"\bseat \d+ (?:wins|share the win)\b.*$|^game over.*$", "bold magenta"),
)


def card_name(card: int, table: CardTable) -> str:
    """``Brawler#12``; ``?`` for a hidden card."""
    if card == HIDDEN:
        return "?"
    if card.__class__ is int and 0 <= card < len(table.name) and table.type_index[card] >= 0:
        return f"{table.name[card]}#{card}"
    ctype = type_of_id(card) if card.__class__ is int else None
    return f"card#{short(card)}" if ctype is None else f"{ctype.name}#{card}"


def cards_text(cards: Cards, table: CardTable) -> str:
    if not cards:
        return "-"
    if all(c == HIDDEN for c in cards):
        return f"{len(cards)} hidden"
    return ", ".join(card_name(c, table) for c in cards)


def _value_parts(card: int, table: CardTable) -> list[str]:
    """A card's values, one short piece each: people, abilities, modifiers, medicine, specials."""
    people, medicine = table.people[card], table.medicine[card]
    parts = [f"{people}p"] if people else []
    for a, word in enumerate(ABILITY_NAMES):
        base, bonus = table.base[a][card], table.bonus[a][card]
        if base >= 0:
            parts.append(f"{word} {base}")
        elif bonus:
            parts.append(f"{word} +{bonus}")
    if medicine:
        parts.append(f"med {medicine}")
    if table.is_saboteur[card]:
        parts.append("disarm")
    if table.is_sniper[card]:
        parts.append("snipe")
    return parts


def _values(card: int, table: CardTable) -> str:
    return ", ".join(_value_parts(card, table)) or "no use"


def card_stats(card: int, table: CardTable) -> str:
    """A card's values in a few characters: people, abilities, modifiers, medicine."""
    if card == HIDDEN:
        return "?"
    return f"{card_name(card, table)} ({_values(card, table)})"


def _cost(table: CardTable, pile: int) -> str:
    medicine, food, any_mix = table.pile_costs[pile]
    if any_mix:
        return f"{medicine + food} food/med"
    parts = ([f"{medicine} med"] if medicine else []) + ([f"{food} food"] if food else [])
    return " + ".join(parts) or "free"


def _seat(p: int | None) -> str:
    return "nobody" if p is None else f"seat {p}"


def event_text(event: Event, table: CardTable) -> str:
    """One event as a line of text."""
    if isinstance(event, RoundStarted):
        return f"round {event.round} begins; seat {event.initiator} is the initiator"
    if isinstance(event, Reshuffled):
        return f"seat {event.seat} shuffles its discard into a new deck"
    if isinstance(event, ForcesRevealed):
        return "forces revealed: " + "; ".join(
            f"seat {q} {cards_text(force, table)}" for q, force in enumerate(event.forces))
    if isinstance(event, SkirmishResolved):
        totals = ", ".join(f"seat {q} fight {f} ({p} people)"
                           for q, (f, p) in enumerate(zip(event.fights, event.people)))
        if event.winner is None:
            return (f"skirmish: {totals}: stalemate; the contested resource goes unseen to the junkyard, "
                    f"which is shuffled")
        prize = "a contested resource" if event.prize == HIDDEN else card_name(event.prize, table)
        return f"skirmish: {totals}: seat {event.winner} wins and takes {prize}"
    if isinstance(event, GameEnded):
        scores = ", ".join(f"seat {q} {s} people" for q, s in enumerate(event.scores))
        winners = " and ".join(f"seat {w}" for w in event.winners)
        verb = "share the win" if len(event.winners) > 1 else "wins"
        return f"game over: {scores}; {winners} {verb}"
    return short(event)

# -- the rules in short ---------------------------------------------------------------------------

_SUMMARY = (
    "Arctic Scavengers, {n} tribes, each for itself. Goal: the largest tribe. The game ends when the last "
    "contested resource is won (or lost in a stalemate); then the tribe with the most people on all its "
    "cards wins (a tie goes to the most contested resources, then the tied tribes share the win).",
    "A round: 1 draw: each tribe discards what it played and draws 5 (its discard reshuffled when the deck "
    "runs out). 2 gathering: in turn, from the initiator, each tribe uses its hand for actions, each "
    "action at most once a round and each card for one action: dig (look at junkyard cards, keep one), "
    "draw (more cards), hunt (food for hiring), hire (a mercenary, paid in food and medicine), trash "
    "(send cards to the junkyard); then ends its gathering, and the cards left in hand are its force. "
    "3 skirmish (from round 3): snipers and saboteurs are declared, the forces' fight totals are "
    "compared, and the highest takes the top contested resource (a tie: the most people present; still "
    "tied, a stalemate: the resource goes to the junkyard). With two players a skirmish must be won by 2.",
    "Words: a card is its name and id (Brawler#41); its values: 1p one person, dig/draw/hunt/fight n what "
    "it gives to that action, +n a tool's bonus to a person; 'food' and 'med' pay for hires; ? a card you "
    "cannot see. Notation: an action's word (dig, draw, hunt, hire, trash), c <id> commits a card, "
    "eq <tool>><person> equips, go resolves, keep <id>, end ends the gathering, pass ends the "
    "declarations.",
)


def summary(state: State) -> str:
    """The game in a few lines for a player at this table: the goal and how the game ends, a round,
    and the words the text uses."""
    need_state(state, State, "an Arctic Scavengers")
    return "\n".join((_SUMMARY[0].format(n=state.options.players), *_SUMMARY[1:]))


def events(state: State) -> tuple[str, ...]:
    """What happened without a decision since the last one, as text (as the state's reader sees it)."""
    need_state(state, State, "an Arctic Scavengers")
    table = table_of(state)
    return tuple(event_text(e, table) for e in state.events)


def _declarations(state: State) -> str:
    n = state.options.players
    order = [(state.initiator + k) % n for k in range(n)]
    now = state.stack[-1].seat if state.stack and isinstance(state.stack[-1], Declaring) else None
    marks = []
    done = True
    for q in order:
        if q == now:
            done = False
            marks.append(f"seat {q} declaring")
        else:
            marks.append(f"seat {q} {'done' if done else 'waiting'}")
    return "declarations (from the initiator): " + ", ".join(marks)


def render(state: State, player: int | None = None) -> str:
    """The state drawn as text, from seat ``player``'s eyes (None: the state as it is)."""
    need_state(state, State, "an Arctic Scavengers")
    state = seen_by(state, player, view)
    n = state.options.players
    table = table_of(state)
    seat = "referee" if player is None else f"seat {player}"
    top = ""
    if state.contested and state.contested[0] != HIDDEN and player is not None:
        top = f", top {card_stats(state.contested[0], table)} (you peeked)"
    lines = [
        f"Arctic Scavengers, round {state.round}, {state.phase.value}  ({seat}; initiator: seat {state.initiator})",
        f"contested: {len(state.contested)} left{top}",
        f"junkyard: {len(state.junkyard)} cards",
        "mercenaries (cost; values):",
    ]
    for i, (key, pile) in enumerate(zip(MERCENARY_PILES, state.piles)):
        ctype = table.card_type(key)
        values = _values(pile[-1], table) if pile else "-"
        lines.append(f"    {ctype.name:<14} {len(pile):>2} left  {_cost(table, i):<15} {values}")
    for q in range(n):
        mark = ">" if q == state.turn and state.phase is not Phase.OVER else " "
        lines.append(f"{mark} seat {q}: deck {len(state.decks[q])}, discard {len(state.discards[q])}, "
                     f"hand {len(state.hands[q])}")
        if q == player and state.hands[q]:
            lines.append("    hand: " + "; ".join(card_stats(c, table) for c in state.hands[q]))
        else:
            lines.append(f"    hand: {cards_text(state.hands[q], table)}")
        if state.played[q]:
            lines.append(f"    played: {cards_text(state.played[q], table)}")
        if state.discards[q]:
            lines.append(f"    discard: {cards_text(state.discards[q], table)}")
    if state.task is not None:
        total = len(state.committed) if HIDDEN in state.committed else action_total(state, table)
        lines.append(f"under way: {state.task.name.lower()} (total {total}); committed "
                     f"{cards_text(state.committed, table)}" + (
                         "; equipped " + ", ".join(f"{card_name(m, table)} on {card_name(c, table)}"
                                                   for m, c in state.equipped)
                         if state.equipped else ""))
    if state.phase is Phase.GATHERING and state.used:
        taken = [t.name.lower() for t in Task if state.used >> t._value_ & 1]
        lines.append(f"actions taken this round: {', '.join(taken)}")
    if state.food:
        lines.append(f"food this round: {state.food}")
    if state.dug:
        lines.append(f"dug: {cards_text(state.dug, table)}")
    if state.phase is Phase.SKIRMISH:
        lines.append(_declarations(state))
        if state.spent:
            lines.append(f"declared: {cards_text(state.spent, table)}")
    said = [event_text(e, table) for e in state.events]
    if said:
        lines.append("since the last decision:")
        lines += [f"    {line}" for line in said]
    if state.phase is Phase.OVER and not any(isinstance(e, GameEnded) for e in state.events):
        lines.append("game over")
    return "\n".join(lines)


# --- describe ----------------------------------------------------------------------------


def _task_word(task: Any) -> str:
    return task.name.lower() if task.__class__ is Task else short(task)


def _hidden_from(state: State) -> bool:
    """The reader of ``state`` is a seat other than the one deciding."""
    return state.viewer is not None and state.viewer != state.turn


def _commit(state: State, action: A.Commit) -> str:
    task = state.task
    if task is Task.TRASH:
        if _hidden_from(state):
            return "put a card face down to trash"
        return f"put {card_name(action.card, table_of(state))} face down to trash"
    where = f" to the {task.name.lower()}" if task is not None else ""
    return f"commit {card_name(action.card, table_of(state))}{where}"


def _resolve(state: State, action: A.Resolve) -> str:
    task = state.task
    if task is None:
        return "resolve the action"
    total = len(state.committed) if HIDDEN in state.committed else action_total(state)
    if task is Task.DIG:
        return f"dig {total} from the junkyard"
    if task is Task.DRAW:
        return f"draw {total}"
    if task is Task.HUNT:
        return f"hunt {total} food"
    return f"trash {plural(total, 'card')} to the junkyard"


def _keep(state: State, action: A.Keep) -> str:
    if action.card is None:
        return "keep none of the dug cards"
    if _hidden_from(state):
        return "keep one dug card"
    return f"keep {card_name(action.card, table_of(state))}"


def _hire(state: State, action: A.Hire) -> str:
    pile = action.pile
    if pile.__class__ is not int or not 0 <= pile < len(A.PILE_NAMES):
        return f"hire from pile {short(pile)}"
    return f"hire a {A.PILE_NAMES[pile]} ({_cost(table_of(state), pile)})"


def _stay(cards: int) -> str:
    """"1 card stays", "3 cards stay"."""
    return f"{plural(cards, 'card')} stay{'s' * (cards == 1)}"


_NAMERS: dict[type, Callable[[Any, Any], str]] = {
    A.Begin: lambda s, a: f"begin a {_task_word(a.task)}",
    A.Commit: _commit,
    A.Equip: lambda s, a: f"equip {card_name(a.modifier, table_of(s))} on {card_name(a.person, table_of(s))}",
    A.Resolve: _resolve,
    A.Keep: _keep,
    A.Hire: _hire,
    A.EndGathering: lambda s, a: f"end gathering; {_stay(len(s.hands[s.turn]))} as the force",
    A.Sabotage: lambda s, a: (f"{card_name(a.saboteur, table_of(s))} disarms "
                              f"{card_name(a.target, table_of(s))}"),
    A.Snipe: lambda s, a: f"{card_name(a.sniper, table_of(s))} snipes {card_name(a.target, table_of(s))}",
    A.EndDeclarations: lambda s, a: "declare nothing more",
}

#: ``describe(state, action)``: a few words naming ``action`` for the reader of ``state``; never raises.
_describe = describer(_NAMERS)


def describe(state: State, action: object) -> str:
    """A few words naming ``action`` in ``state`` (as the reader sees it); IllegalAction when
    ``state`` is not a state of this game, and otherwise never raises, whatever ``action`` is."""
    need_state(state, State, "an Arctic Scavengers")
    return _describe(state, action)



# --- the drawing (SVG) -------------------------------------------------------------------

#: The drawing's left edge and the width of every full-width block (the 8 mercenary cards).
_X = 16.0
_W = 8 * 124.0 + 7 * 8.0
#: Card sizes: a face with its values, a back, a mercenary pile; the gap between cards.
_FACE_W, _FACE_H = 100.0, 100.0
_BACK_W, _BACK_H = 46.0, 64.0
_MERC_W, _MERC_H = 124.0, 128.0
_GAP = 8.0
_CHIP_H = 20.0
_LEFT_COLUMN = 196.0


def _seat_word(q: int, viewer: int | None) -> str:
    return f"seat {q} (you)" if q == viewer else f"seat {q}"


def _seats(q: int, viewer: int | None) -> str:
    return "your" if q == viewer else f"seat {q}'s"


def _known(card: int, table: CardTable) -> bool:
    return card != HIDDEN and card.__class__ is int and 0 <= card < len(table.name) and table.type_index[card] >= 0


def _look(card: int, table: CardTable) -> tuple[str, str, str]:
    """A card's fill, ink and kind word (the colour repeats the word)."""
    if not _known(card, table):
        return PALETTE["hidden"], PALETTE["paper"], "hidden"
    if table.is_contested[card]:
        return PALETTE["gold"], PALETTE["gold_ink"], "contested"
    if table.is_person[card]:
        return PALETTE["friend"], PALETTE["friend_ink"], "person"
    if table.is_tool[card]:
        return PALETTE["calm"], PALETTE["calm_ink"], "tool"
    if table.is_medicine[card]:
        return PALETTE["foe"], PALETTE["foe_ink"], "medicine"
    return PALETTE["table"], PALETTE["ink"], "junk"


def _card_lines(parts: list[str], width: int = 16) -> list[str]:
    """Values packed into short lines ("1 person", "dig 1 · draw 1", ...)."""
    words = [f"{p[:-1]} {'person' if p == '1p' else 'people'}" if p.endswith("p") and p[:-1].isdigit() else p
             for p in parts] or ["no use"]
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 3 + len(word) <= width and not lines[-1].endswith(("person", "people")):
            lines[-1] += f" · {word}"
        else:
            lines.append(word)
    return lines


def _face(d: Drawing, x: float, y: float, card: int, table: CardTable, *, notes: tuple[str, ...] = (),
          focus: bool = False, dim: bool = False) -> None:
    """A card face up: id and kind on top, the name, its values, and ``notes`` under them."""
    fill, ink, kind = _look(card, table)
    d.rect(x, y, _FACE_W, _FACE_H, fill=fill, stroke=PALETTE["focus"] if focus else ink,
           width=3 if focus else 1.2, rx=6, dash=dim, tip=card_stats(card, table))
    d.text(x + 6, y + 13, f"#{card}", size=9, fill=ink)
    d.text(x + _FACE_W - 6, y + 13, kind, size=9, fill=ink, anchor="end", italic=True)
    name = table.name[card]
    d.text(x + _FACE_W / 2, y + 31, name, size=12 if len(name) <= 12 else 11, fill=ink, anchor="middle", bold=True)
    d.lines(x + _FACE_W / 2, y + 48, (_card_lines(_value_parts(card, table)) + list(notes))[:5], size=10,
            gap=1.3, fill=ink, anchor="middle")


def _back(d: Drawing, x: float, y: float, *, title: str = "?", lines: tuple[str, ...] = ("hidden",),
          w: float = _BACK_W, h: float = _BACK_H) -> None:
    """A card face down: nothing on it but what the reader may know."""
    ink = PALETTE["paper"]
    d.rect(x, y, w, h, fill=PALETTE["hidden"], stroke=PALETTE["ink"], width=1.2, rx=6)
    d.rect(x + 5, y + 5, w - 10, h - 10, stroke=PALETTE["line"], width=0.8, rx=4, dash=True)
    d.text(x + w / 2, y + h / 2 - 4, title, size=16 if title == "?" else 12, fill=ink, anchor="middle", bold=True)
    d.lines(x + w / 2, y + h / 2 + 14, lines, size=10 if w > 60 else 9, fill=ink, anchor="middle")


def _card_row(d: Drawing | None, x: float, y: float, width: float, cards: Cards, table: CardTable,
              notes: Callable[[int], tuple[str, ...]] = lambda c: (),
              focus: Callable[[int], bool] = lambda c: False,
              dim: Callable[[int], bool] = lambda c: False) -> float:
    """Cards in a row, faces or backs (smaller, when no face is among them), wrapping at
    ``width``; returns the y under them."""
    row_h = _FACE_H if any(_known(c, table) for c in cards) else _BACK_H
    cx, bottom = x, y
    for c in cards:
        w = _FACE_W if _known(c, table) else _BACK_W
        if cx > x and cx + w > x + width:
            cx, y = x, y + row_h + _GAP
        if d is not None:
            if w == _FACE_W:
                _face(d, cx, y, c, table, notes=notes(c), focus=focus(c), dim=dim(c))
            else:
                _back(d, cx, y, h=row_h)
        cx += w + _GAP
        bottom = y + row_h
    return bottom


Chip = tuple[str, str, str, str | None, bool]  # text, fill, ink, tooltip, ringed


def _chip_width(text: str, bold: bool = False) -> float:
    return len(text) * 10 * (CHAR_WIDTH + (0.07 if bold else 0)) + 16


def _chips(d: Drawing | None, x: float, y: float, width: float, chips: list[Chip], *,
           label: str = "") -> float:
    """Small rounded labels flowing left to right after ``label``; returns the y under them."""
    cx = x
    if label:
        if d is not None:
            d.text(x, y + 14, label, size=11, fill=PALETTE["muted"], bold=True)
        cx = x + len(label) * 11 * CHAR_WIDTH + 8
    start = cx
    for text, fill, ink, tip, ringed in chips:
        w = _chip_width(text, ringed)
        if cx > start and cx + w > x + width:
            cx, y = start, y + _CHIP_H + 4
        if d is not None:
            d.rect(cx, y, w, _CHIP_H, fill=fill, stroke=PALETTE["focus"] if ringed else ink,
                   width=2 if ringed else 1, rx=9, tip=tip)
            d.text(cx + 8, y + 14, text, size=10, fill=ink, bold=ringed)
        cx += w + 6
    return y + _CHIP_H


def _card_chip(card: int, table: CardTable, ringed: bool = False) -> Chip:
    fill, ink, _ = _look(card, table)
    if not _known(card, table):
        return ("face down", fill, ink, None, ringed)
    return (card_name(card, table), fill, ink, card_stats(card, table), ringed)


def _grouped_chips(cards: Cards, table: CardTable) -> list[Chip]:
    """A pile's cards grouped by name (``Refugee ×4``), the face-down ones last."""
    groups: dict[str, list[int]] = {}
    for c in sorted(cards, key=lambda c: (not _known(c, table), table.type_index[c] if _known(c, table) else 0, c)):
        groups.setdefault(table.name[c] if _known(c, table) else "", []).append(c)
    chips: list[Chip] = []
    for name, members in groups.items():
        fill, ink, _ = _look(members[0], table)
        text = f"{name or 'face down'} ×{len(members)}" if len(members) > 1 else (name or "face down")
        tip = ", ".join(card_name(c, table) for c in members) if name else None
        chips.append((text, fill, ink, tip, False))
    return chips


def _tag(text: str, role: str) -> Chip:
    return (text, PALETTE[role], PALETTE[f"{role}_ink"] if f"{role}_ink" in PALETTE else PALETTE["ink"], None, False)


def _force(state: State, table: CardTable, q: int) -> str | None:
    """Seat ``q``'s force as it stands in the skirmish (fight after modifiers, people), if seen."""
    hand = state.hands[q]
    if state.phase is not Phase.SKIRMISH or HIDDEN in hand:
        return None
    people = people_present(table, hand)
    return f"force: fight {fight_total(table, hand, state.spent)}, {people} {'person' if people == 1 else 'people'}"


def _seat_block(d: Drawing | None, state: State, table: CardTable, q: int, y: float) -> float:
    """One tribe's panel: who, counts, hand, played cards and discard; returns its bottom."""
    viewer = state.viewer
    deciding = q == state.turn and state.phase is not Phase.OVER
    x, w = _X, _W
    under = d.mark() if d is not None else 0  # the panel, drawn at the end beneath what it holds
    if d is not None:
        d.text(x + 12, y + 24, _seat_word(q, viewer).capitalize(), size=16, bold=True)
    tags: list[Chip] = []
    if q == state.initiator:
        tags.append(_tag("initiator", "gold"))
    if deciding:
        tags.append(("deciding now", PALETTE["focus"], PALETTE["paper"], None, False))
    left = y + 34
    if tags:
        left = _chips(d, x + 12, left, _LEFT_COLUMN - 16, tags) + 6
    facts = [f"deck: {len(state.decks[q])} cards", f"discard: {len(state.discards[q])} cards",
             f"hand: {len(state.hands[q])} cards"]
    force = _force(state, table, q)
    if d is not None:
        left = d.lines(x + 12, left + 12, facts, size=11, fill=PALETTE["ink"])
        if force is not None:
            left = d.lines(x + 12, left, [force], size=11, fill=PALETTE["foe_ink"], bold=True)
    else:
        left += 12 + 11 * 1.3 * (len(facts) + (force is not None))
    rx, rw = x + _LEFT_COLUMN, w - _LEFT_COLUMN - 12
    right = y + 10
    hand = state.hands[q]
    label = "Force" if state.phase is Phase.SKIRMISH and HIDDEN not in hand else "Hand"
    if d is not None:
        d.text(rx, right + 12, f"{label} ({len(hand)})" + ("" if hand else ": empty"), size=11,
               fill=PALETTE["muted"], bold=True)
    right += 18
    if hand:
        spent = frozenset(state.spent)
        right = _card_row(d, rx, right, rw, hand, table,
                          notes=lambda c: ("declared",) if c in spent else (),
                          dim=lambda c: c in spent) + 6
    if state.played[q]:
        committed = frozenset(state.committed) if q == state.turn else frozenset()
        right = _chips(d, rx, right + 2, rw, [_card_chip(c, table, c in committed and c != HIDDEN)
                                              for c in state.played[q]],
                       label=f"Played ({len(state.played[q])})") + 4
    if state.discards[q]:
        right = _chips(d, rx, right + 2, rw, _grouped_chips(state.discards[q], table),
                       label=f"Discard ({len(state.discards[q])})") + 4
    bottom = max(left, right) + 10
    if d is not None:
        d.rect(x, y, w, bottom - y, fill=PALETTE["table"] if q != viewer else "#f0fdf4",
               stroke=PALETTE["focus"] if deciding else PALETTE["line"], width=2.5 if deciding else 1, rx=8,
               under=under)
    return bottom


def _pile(d: Drawing, x: float, y: float, name: str, count: str, *, face_down: bool, drawn: bool = False) -> None:
    """A pile as a card back (or an empty place), its name and its count under it; ``drawn``: its
    top card is already drawn there face up."""
    if face_down and not drawn:
        _back(d, x, y, title="?", lines=("face down",), w=_FACE_W, h=_FACE_H)
    elif not drawn:
        d.rect(x, y, _FACE_W, _FACE_H, fill=PALETTE["paper"], stroke=PALETTE["line"], rx=6, dash=True)
        d.text(x + _FACE_W / 2, y + _FACE_H / 2, "empty", size=11, fill=PALETTE["muted"], anchor="middle")
    d.text(x + _FACE_W / 2, y + _FACE_H + 15, name, size=11, anchor="middle", bold=True)
    d.text(x + _FACE_W / 2, y + _FACE_H + 29, count, size=11, anchor="middle")


def _piles_block(d: Drawing, state: State, table: CardTable, y: float) -> float:
    """The contested pile and the junkyard (and what left the game); returns the bottom."""
    d.text(_X, y + 14, "Piles", size=13, bold=True)
    y += 22
    contested = state.contested
    top = contested[0] if contested and _known(contested[0], table) else None
    if top is not None:
        _face(d, _X, y, top, table, notes=("top: you peeked",) if state.viewer is not None else ("top card",),
              focus=True)
    _pile(d, _X, y, "Contested", f"{len(contested)} left", face_down=bool(contested), drawn=top is not None)
    _pile(d, _X + _FACE_W + 14, y, "Junkyard", f"{len(state.junkyard)} cards", face_down=bool(state.junkyard))
    bottom = y + _FACE_H + 29
    if state.removed:
        bottom = d.lines(_X, bottom + 16, [f"out of the game: {len(state.removed)} cards"], size=10,
                         fill=PALETTE["muted"])
    return bottom


def _round_block(d: Drawing, state: State, table: CardTable, x: float, y: float, w: float) -> float:
    """The gathering so far: actions taken, food, the action under way, dug cards."""
    turn = state.turn
    who = _seat_word(turn, state.viewer)
    title = f"Gathering: {who} acts" if state.phase is Phase.GATHERING else f"Keeping: {who} keeps a dug card"
    d.text(x, y + 14, title, size=13, bold=True)
    y += 22
    tasks: list[Chip] = []
    for t in Task:
        word = t.name.lower()
        if t is state.task:
            tasks.append((f"{word}: under way", PALETTE["calm"], PALETTE["calm_ink"], None, True))
        elif state.used >> t._value_ & 1:
            tasks.append((f"{word}: taken", PALETTE["line"], PALETTE["muted"], None, False))
        else:
            tasks.append((f"{word}: open", PALETTE["paper"], PALETTE["ink"], None, False))
    tasks.append((f"food this round: {state.food}", PALETTE["gold"], PALETTE["gold_ink"], None, False))
    y = _chips(d, x, y, w, tasks, label="Actions") + 8
    if state.task is not None:
        hidden = HIDDEN in state.committed
        word = state.task.name.lower()
        if hidden:
            line = f"Under way: {_seats(turn, state.viewer)} {word}, {len(state.committed)} cards face down"
        else:
            line = f"Under way: {_seats(turn, state.viewer)} {word}, total {action_total(state, table)}"
        d.text(x, y + 13, line, size=12, bold=True, fill=PALETTE["focus"])
        y += 20
        on = {c: m for m, c in state.equipped}
        if state.equipped:
            d.text(x, y + 11, "equipped: " + ", ".join(f"{card_name(m, table)} on {card_name(c, table)}"
                                                       for m, c in state.equipped), size=11)
            y += 18
        if state.committed:
            d.text(x, y + 11, f"committed ({len(state.committed)}):", size=11, fill=PALETTE["muted"], bold=True)
            y = _card_row(d, x, y + 18, w, state.committed, table,
                          notes=lambda c: (f"+ {card_name(on[c], table)}",) if c in on else ()) + 8
        else:
            d.text(x, y + 11, "committed: nothing yet", size=11, fill=PALETTE["muted"])
            y += 18
    elif state.phase is Phase.GATHERING:
        d.text(x, y + 11, "no action under way", size=11, fill=PALETTE["muted"])
        y += 18
    if state.dug:
        d.text(x, y + 11, f"Dug by {who} ({len(state.dug)}), one to keep:", size=11,
               fill=PALETTE["muted"], bold=True)
        y = _card_row(d, x, y + 18, w, state.dug, table, focus=lambda c: state.phase is Phase.KEEP) + 8
    return y


def _declaration_chips(state: State) -> list[Chip]:
    n = state.options.players
    now = state.stack[-1].seat if state.stack and isinstance(state.stack[-1], Declaring) else None
    chips: list[Chip] = []
    done = True
    for k in range(n):
        q = (state.initiator + k) % n
        seat = _seat_word(q, state.viewer)
        if q == now:
            done = False
            chips.append((f"{k + 1}. {seat}: declaring", PALETTE["focus"], PALETTE["paper"], None, False))
        elif done:
            chips.append((f"{k + 1}. {seat}: done", PALETTE["line"], PALETTE["muted"], None, False))
        else:
            chips.append((f"{k + 1}. {seat}: waiting", PALETTE["paper"], PALETTE["ink"], None, False))
    return chips


def _skirmish_block(d: Drawing, state: State, table: CardTable, x: float, y: float, w: float) -> float:
    """The declarations in order, the declared units and the forces as they stand."""
    d.text(x, y + 14, "Skirmish: declarations from the initiator", size=13, bold=True)
    y = _chips(d, x, y + 22, w, _declaration_chips(state), label="Order") + 8
    if state.spent:
        y = _chips(d, x, y, w, [_card_chip(c, table) for c in state.spent], label="Declared (not fighting)") + 8
    else:
        d.text(x, y + 13, "Declared: nothing yet", size=11, fill=PALETTE["muted"])
        y += 20
    n = state.options.players
    forces = [_force(state, table, q) for q in range(n)]
    if all(f is not None for f in forces):
        y = d.lines(x, y + 14, [f"{_seat_word(q, state.viewer)}: {f}" for q, f in enumerate(forces)], size=11)
        winner, _, _ = skirmish_result(state)
        lead = "a stalemate" if winner is None else f"{_seat_word(winner, state.viewer)} wins"
        y = d.lines(x, y, [f"as the forces stand now: {lead}"], size=11, bold=True, fill=PALETTE["foe_ink"])
        y -= 8
    return y


def _ended(state: State) -> GameEnded | None:
    return next((e for e in state.events if isinstance(e, GameEnded)), None)


def _scores_block(d: Drawing, state: State, x: float, y: float, w: float) -> float:
    """The final scores as bars, the winners marked."""
    d.text(x, y + 14, "Final scores", size=13, bold=True)
    y += 24
    ended = _ended(state)
    if ended is None:
        d.text(x, y + 12, "game over", size=12)
        return y + 18
    best = max(ended.scores, default=0) or 1
    for q, score in enumerate(ended.scores):
        won = q in ended.winners
        d.text(x, y + 14, _seat_word(q, state.viewer), size=12, bold=won)
        bar = (w - 260) * score / best
        d.rect(x + 110, y + 2, max(bar, 2), 16, fill=PALETTE["gold"] if won else PALETTE["line"],
               stroke=PALETTE["gold_ink"] if won else PALETTE["muted"], rx=3)
        d.text(x + 118 + max(bar, 2), y + 14, f"{score} people" + ("  winner" if won else ""), size=12,
               bold=won, fill=PALETTE["gold_ink"] if won else PALETTE["ink"])
        y += 22
    return y


def _mercenaries_block(d: Drawing, state: State, table: CardTable, y: float) -> float:
    """The 8 mercenary piles: name, cost, cards left and the values of the card on top."""
    d.text(_X, y + 14, "Mercenaries for hire (cost; cards left; values)", size=13, bold=True)
    y += 22
    for i, (key, pile) in enumerate(zip(MERCENARY_PILES, state.piles)):
        x = _X + i * (_MERC_W + _GAP)
        ctype = table.card_type(key)
        ids = table.ids_of(key)
        shown = pile[-1] if pile else (ids[0] if ids else None)
        fill, ink = (PALETTE["friend"], PALETTE["friend_ink"]) if pile else (PALETTE["paper"], PALETTE["muted"])
        d.rect(x, y, _MERC_W, _MERC_H, fill=fill, stroke=ink, width=1.2, rx=6, dash=not pile,
               tip=f"{ctype.name}: {_cost(table, i)}; {len(pile)} left")
        name = ctype.name
        d.text(x + _MERC_W / 2, y + 18, name, size=13 if len(name) <= 13 else 12, fill=ink, anchor="middle",
               bold=True)
        d.rect(x + 6, y + 26, _MERC_W - 12, 20, fill=PALETTE["gold"], stroke=PALETTE["gold_ink"], rx=4)
        d.text(x + _MERC_W / 2, y + 40, _cost(table, i), size=11, fill=PALETTE["gold_ink"], anchor="middle",
               bold=True)
        d.text(x + _MERC_W / 2, y + 62, f"{len(pile)} left" if pile else "none left", size=11, fill=ink,
               anchor="middle", bold=True)
        values = _card_lines(_value_parts(shown, table), 19) if shown is not None else ["-"]
        d.lines(x + _MERC_W / 2, y + 80, values[:4], size=10, fill=ink, anchor="middle")
    return y + _MERC_H


def _events_block(d: Drawing, state: State, table: CardTable, y: float) -> float:
    d.text(_X, y + 14, "Since the last decision", size=13, bold=True)
    y += 32
    said = [event_text(e, table) for e in state.events]
    if not said:
        d.text(_X + 12, y, "nothing happened without a decision", size=11, fill=PALETTE["muted"], italic=True)
        return y + 6
    for line in said:
        d.text(_X + 2, y, "•", size=12)
        y = d.paragraph(_X + 14, y, line, width=_W - 14, size=12) + 2
    return y - 12


def _header(d: Drawing, state: State, y: float) -> float:
    viewer = state.viewer
    over = state.phase is Phase.OVER
    phase = {Phase.GATHERING: "gathering", Phase.KEEP: "gathering (keeping a dug card)",
             Phase.SKIRMISH: "skirmish declarations", Phase.OVER: "game over"}[state.phase]
    d.rect(_X, y, _W, 66, fill=PALETTE["calm"], stroke=PALETTE["calm_ink"], rx=8)
    d.text(_X + 14, y + 28, "Arctic Scavengers", size=22, bold=True, fill=PALETTE["calm_ink"])
    who = "nobody (the game is over)" if over else _seat_word(state.turn, viewer)
    d.text(_X + 14, y + 52, f"Round {state.round} · {phase} · initiator: {_seat_word(state.initiator, viewer)}"
           f" · to decide: {who}", size=13)
    seen = "referee: the whole table" if viewer is None else f"seen by seat {viewer}"
    d.text(_X + _W - 14, y + 28, seen, size=14, bold=True, fill=PALETTE["focus"], anchor="end")
    d.text(_X + _W - 14, y + 52, f"{state.options.players} players", size=12, fill=PALETTE["muted"], anchor="end")
    y += 66
    if over:
        ended = _ended(state)
        if ended is None:
            line = "Game over"
        else:
            names = " and ".join(_seat_word(w, viewer) for w in ended.winners)
            verb = "share the win" if len(ended.winners) > 1 else "wins"
            line = (f"Game over: {names} {verb} · " +
                    ", ".join(f"{_seat_word(q, viewer)} {s} people" for q, s in enumerate(ended.scores)))
        d.rect(_X, y + 6, _W, 28, fill=PALETTE["gold"], stroke=PALETTE["gold_ink"], rx=6)
        d.text(_X + 14, y + 25, line, size=13, bold=True, fill=PALETTE["gold_ink"])
        y += 34
    return y


_LEGEND: tuple[tuple[str, str], ...] = (
    ("friend", "person"), ("calm", "tool"), ("foe", "medicine"), ("table", "junk"),
    ("gold", "contested resource; costs, food, scores"), ("hidden", "card back: face down, not seen here"),
    ("focus", "deciding now; under way; peeked"),
)


def svg(state: State, player: int | None = None) -> str:
    """The table as SVG: as seat ``player`` sees it (drawn from ``view(state, player)``), or the
    state as it is with None (the whole table for the referee, one seat's table for a view)."""
    need_state(state, State, "an Arctic Scavengers")
    state = seen_by(state, player, view)
    table = table_of(state)
    viewer = state.viewer
    seen = "the referee" if viewer is None else f"seat {viewer}"
    d = Drawing(title=f"Arctic Scavengers, round {state.round}, {state.phase.value}, seen by {seen}")
    y = _header(d, state, 12) + 14
    piles = _piles_block(d, state, table, y)
    px, pw = _X + 2 * _FACE_W + 14 + 24, _W - (2 * _FACE_W + 14 + 24)
    if state.phase is Phase.OVER:
        side = _scores_block(d, state, px, y, pw)
    elif state.phase is Phase.SKIRMISH:
        side = _skirmish_block(d, state, table, px, y, pw)
    else:
        side = _round_block(d, state, table, px, y, pw)
    y = max(piles, side) + 18
    y = _mercenaries_block(d, state, table, y) + 18
    d.text(_X, y + 14, "Tribes", size=13, bold=True)
    y += 22
    for q in range(state.options.players):
        y = _seat_block(d, state, table, q, y) + _GAP
    y = _events_block(d, state, table, y + 10) + 18
    y = d.legend(_X, y, _LEGEND, width=_W)
    d.paragraph(_X, y + 4, "#26 is a card's id, as moves name it (c 26 commits card 26). Values: 1 person / "
                "2 people count at the end and break skirmish ties; dig, draw, hunt, fight N is a person's "
                "strength; +N a tool's or Group Leaders' bonus to one person; med N pays for hiring.",
                width=_W, size=10, fill=PALETTE["muted"])
    return d.svg()
