"""Aftermath in words and as a drawing, as a seat sees it (or the referee): the page's map, the
threat track, the characters, the dials and the entries read."""

from __future__ import annotations

from wasteland.core.game import describer, seen_by
from wasteland.core.svg import PALETTE, Drawing
from wasteland.aftermath.actions import (
    Ability, Card, Cheer, Communicate, Consult, Contribute, Discard, Done, Draw, End, Equip, Go, Melee, Move, Nest,
    Pass, Pick, Ranged, Recover, Scavenge, Step, notation,
)
from wasteland.aftermath.cards import ACTION_CARDS, HIDDEN, ITEMS, NONE, ROUNDS
from wasteland.aftermath.mission import character, decider, enemy, page_of
from wasteland.aftermath.rules import ENGINE, outcome
from wasteland.aftermath.state import Phase, State
from wasteland.aftermath.view import view
from wasteland.aftermath.vocabulary import DIALS

__all__ = ["render", "svg", "describe", "events", "summary"]


def _card(k: int) -> str:
    return "??" if k == HIDDEN else f"c{k} {ACTION_CARDS[k].colour} {ACTION_CARDS[k].value}"


def events(state: State) -> tuple[str, ...]:
    """What happened since the last decision, in words."""
    return tuple(e.text for e in ENGINE.state(state).events)


def _lines(s: State) -> list[str]:
    page = page_of(s)
    out = [f"Aftermath: {s.book.title}, page {s.page}" + (f" ({page.title})" if page else "")
           + f", round {s.round + 1}, {'hostile' if s.hostile else 'safe'}"]
    out.append("dials: " + ", ".join(f"{name} {value}" for name, value in zip(DIALS, s.dials)))
    if page is not None:
        for sp in page.spaces:
            here = [character(s, c).title for c in range(len(s.spaces)) if s.spaces[c] == sp.name]
            foes = [f"{enemy(s, f.card).title} {k + 1}.{i + 1}" for k, f in enumerate(s.foes)
                    for i, x in enumerate(f.spaces) if x == sp.name]
            tokens = [t.kind for t in s.tokens if t.space == sp.name]
            caches = [f"scavenge {k + 1} ({c.difficulty})" for k, c in enumerate(s.caches) if c.space == sp.name]
            out.append(f"  space {sp.name}: " + ("; ".join(x for x in (", ".join(here), ", ".join(foes),
                                                                      ", ".join(tokens), ", ".join(caches)) if x)
                                                 or "empty"))
        out.append("  lines: " + ", ".join(f"{ln.a}-{ln.b} {ln.kind}" for ln in page.lines))
        for e in page.entries:
            if e.id in s.read and e.text:
                out.append(f"  read {e.id}: {e.text}")
    for k in range(len(s.threats)):
        foe = s.foes[k] if k < len(s.foes) else None
        threat = s.threats[k]
        out.append(f"track {k + 1}: " + (f"{enemy(s, foe.card).title} ({len(foe.spaces)} figures, wounds "
                                         f"{list(foe.wounds)})" if foe else "no enemy")
                   + (f", threat {ACTION_CARDS[threat].value}" if threat != NONE else ""))
    for c in range(len(s.spaces)):
        gear = ", ".join(ITEMS[i].title for i in s.gear[c] if i != NONE) or "nothing"
        out.append(f"{character(s, c).title} (player {c % s.options.players}): "
                   f"{'at ' + s.spaces[c] if s.spaces[c] else 'off the map'}, wounds {s.wounds[c]}+{s.toxic[c]} of "
                   f"{character(s, c).life}, statuses {', '.join(s.statuses[c]) or 'none'}, gear {gear}, hand "
                   f"{', '.join(_card(k) for k in s.hands[c]) or 'empty'}")
    if s.task is not None:
        out.append(f"group task: {s.task.attribute.value} {s.task_dial} of {s.task.difficulty}")
    if s.test is not None:
        out.append(f"test: {character(s, s.test.who).title}, {s.test.attribute or 'any'} against "
                   f"{s.test.difficulty}{' (opposed)' if s.test.opposed else ''}; played "
                   f"{', '.join(_card(k) for k in s.played) or 'nothing'}")
    if s.phase is Phase.OVER:
        result = outcome(s) if s.viewer is None else None
        out.append("Game over" + (f": {result.reason}" if result else ""))
    else:
        out.append(f"now: {character(s, decider(s)).title} decides ({s.phase.value})")
    return out


def render(state: State, player: int | None = None) -> str:
    """The table in text, as ``player`` sees it (None: as the state stands)."""
    s = seen_by(ENGINE.state(state), player, view)
    return "\n".join([*_lines(s), *(e.text for e in s.events)])


def svg(state: State, player: int | None = None) -> str:
    """The table as an SVG drawing, as ``player`` sees it: the same lines as the text, and the map."""
    s = seen_by(ENGINE.state(state), player, view)
    d = Drawing(title="Aftermath" + ("" if s.viewer is None else f", player {s.viewer}'s view"))
    page = page_of(s)
    y = 20.0
    if page is not None:
        side = 40
        for sp in page.spaces:
            d.rect(12 + sp.x * side, 12 + sp.y * side, sp.w * side, sp.h * side, fill=PALETTE["table"],
                   stroke=PALETTE["line"], tip=f"space {sp.name}")
            d.text(16 + sp.x * side, 26 + sp.y * side, sp.name, size=11, bold=True)
        y = 24 + max((sp.y + sp.h) * side for sp in page.spaces) if page.spaces else y
    d.lines(12, y + 12, _lines(s), size=11)
    return d.svg()


_describe = describer({
    Discard: lambda s, a: f"discard {_card(a.card)}",
    Draw: lambda s, a: "draw up to 5 cards",
    Move: lambda s, a: f"move with {_card(a.card)}",
    Step: lambda s, a: notation(s, a),
    Card: lambda s, a: f"play {_card(a.card)}",
    Done: lambda s, a: "stop moving" if s.phase is Phase.MOVE else "roll the test",
    Communicate: lambda s, a: notation(s, a), Melee: lambda s, a: notation(s, a),
    Ranged: lambda s, a: notation(s, a), Scavenge: lambda s, a: notation(s, a),
    Recover: lambda s, a: notation(s, a), Ability: lambda s, a: notation(s, a),
    Cheer: lambda s, a: notation(s, a), Equip: lambda s, a: notation(s, a),
    Contribute: lambda s, a: f"add {_card(a.card)} to the group task", Consult: lambda s, a: "read how to leave",
    End: lambda s, a: "end the turn", Nest: lambda s, a: "nest", Pass: lambda s, a: "do not nest",
    Pick: lambda s, a: notation(s, a), Go: lambda s, a: notation(s, a),
})


def describe(state: State, action: object) -> str:
    """A few words on ``action`` for a person, as the reader of ``state`` may know it."""
    return _describe(ENGINE.state(state), action)


_RULES = (
    "A turn: discard what you like and draw to 5 (threat cards go on the track, the calamity card",
    "may set off the page's calamity); act with your cards (move across lines, communicate, melee,",
    "ranged, scavenge, recover, your ability, cheer, equip, group tasks); then the threat is checked:",
    "safe with 4+ threat cards reads the threat entry, hostile with as many threat cards as enemies",
    "runs the enemies' turn. A skill test: the first card shows the attribute (white starts any),",
    "the others match its colour or number; add your bonuses and the white die (opposed: the black",
    "die adds to the difficulty). Words: c12 a card, 1.2 the first enemy card's second figure.",
)


def summary(state: State) -> str:
    """The mission in a few lines for a player at this table: the goal and how it ends first."""
    s = ENGINE.state(state)
    first = (f"Goal: complete the mission of {s.book.title} (the book says when). It fails if every "
             f"character flees at once, or after {ROUNDS} rounds. The team wins or loses together.")
    return "\n".join((first, *_RULES))
