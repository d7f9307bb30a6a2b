"""Terror Below in words and as a drawing, as a seat sees it (or the referee)."""

from __future__ import annotations

from wasteland.core.game import describer, seen_by
from wasteland.core.svg import PALETTE, Drawing
from wasteland.terror_below.actions import (
    Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play, Revive, Stash, Steer, Use,
    notation,
)
from wasteland.terror_below.cards import (
    CELLS, CHARACTERS, COLOURS, GEAR, HIDDEN, LOCATION_AT, LOCATION_NAMES, NONE, SCENARIOS, SIZE,
    WORM_TYPES, cell_name,
)
from wasteland.terror_below.card_set import CardSet, table_of
from wasteland.terror_below.rules import ENGINE, outcome, score
from wasteland.terror_below.state import Phase, State
from wasteland.terror_below.view import view

__all__ = ["render", "svg", "describe", "events", "summary"]

_EGG_FILL = ("#ef4444", "#3b82f6", "#22c55e", "#eab308")


def _bounty(t: CardSet, b: int) -> str:
    if b == HIDDEN:
        return "??"
    if b == NONE:
        return "--"
    x = t.bounties[b]
    if x.hunt:
        what = "any Worm" if x.kind == NONE else WORM_TYPES[x.kind]
        return f"b{b} hunt {what} {x.points}pt"
    where = "anywhere" if x.location == NONE else LOCATION_NAMES[x.location]
    return f"b{b} {COLOURS[x.colour]} egg@{where} {x.points}pt"


def _vehicle(t: CardSet, v: int) -> str:
    if v == HIDDEN:
        return "??"
    card = t.vehicles[v]
    return f"v{v} {card.name} {card.ap}AP {card.arrows or '-'}"


def _gear(g: int) -> str:
    return "??" if g == HIDDEN else f"g{g} {GEAR[g].name}"


def events(state: State) -> tuple[str, ...]:
    """What happened since the last decision, in words."""
    return tuple(e.text for e in ENGINE.state(state).events)


def _cell_text(s: State, c: int) -> str:
    here = [str(p) for p in range(s.options.players) if s.pawns[p] == c]
    if here:
        return "P" + here[0]
    if c in s.targets:
        return "T" + str(s.targets.index(c) + 1)
    eggs = sum(s.eggs[c * 4:c * 4 + 4])
    if eggs:
        return "e" + str(eggs)
    if s.rubble[c]:
        return "#" * s.rubble[c]
    if LOCATION_AT[c] != NONE:
        return LOCATION_NAMES[LOCATION_AT[c]][:2].upper()
    return "."


def render(state: State, player: int | None = None) -> str:
    """The table in text, as ``player`` sees it (None: as the state stands)."""
    s = seen_by(ENGINE.state(state), player, view)
    lines = [f"Terror Below ({s.options.players} players, {s.options.side} side"
             f"{', ' + s.options.scenario if s.options.scenario else ''}) turn {s.turn}"]
    lines.append("   " + " ".join(f"{'abcdef'[c]:>2}" for c in range(SIZE)))
    for r in range(SIZE):
        lines.append(f"{r + 1:>2} " + " ".join(f"{_cell_text(s, r * SIZE + c):>2}" for c in range(SIZE)))
    for k in range(3):
        w = s.worms[k]
        if w == NONE:
            lines.append(f"Worm {k + 1}: empty")
            continue
        card = table_of(s).worms[w]
        under = ", ".join(_vehicle(table_of(s), v) if o == NONE else f"face down {_vehicle(table_of(s), v)}"
                          for v, o in zip(s.under[k], s.owners[k]))
        lines.append(f"Worm {k + 1}: {card.name} ({COLOURS[card.colour] if card.colour >= 0 else 'all colours'}, "
                     f"health {card.health}, limit {card.limit}) target {cell_name(s.targets[k])}; under: "
                     f"{under or 'nothing'}")
    lines.append("bounty line: " + "; ".join(_bounty(table_of(s), b) for b in s.line))
    lines.append(f"decks: worms {len(s.worm_deck)}, vehicles {len(s.vehicle_deck)}, items {len(s.item_deck)}, "
                 f"weapons {len(s.weapon_deck)}, bounties {len(s.bounty_deck)}; worm discard {len(s.worm_discard)}")
    for p in range(s.options.players):
        squad = ", ".join(CHARACTERS[c].name for c in s.squads[p]) or "none"
        eggs = " ".join(f"{COLOURS[k]}x{s.carried[p * 4 + k]}" for k in range(4) if s.carried[p * 4 + k])
        turn = "  <- to play" if p == s.decider and s.phase is not Phase.OVER else ""
        lines.append(
            f"player {p}: {score(s, p)} VP ({s.vp[p]} tokens, {len(s.completed[p])} bounties)"
            f"{' OUT' if s.out[p] else ''} at {cell_name(s.pawns[p]) if s.pawns[p] >= 0 else 'off the board'}; "
            f"squad {squad}; dead {len(s.dead[p])}; eggs {eggs or 'none'}; rubble {s.carried_rubble[p]}; "
            f"hand {', '.join(_vehicle(table_of(s), v) for v in s.hands[p])}; "
            f"gear {', '.join(_gear(g) for g in s.gear[p]) or 'none'}; "
            f"worn {', '.join(_gear(g) for g in s.worn[p]) or 'none'}; hidden bounties "
            f"{', '.join(_bounty(table_of(s), b) for b in s.hidden[p]) or 'none'}{turn}")
    if s.phase is not Phase.OVER:
        lines.append(f"now: player {s.decider} decides ({s.phase.value}), {s.ap} AP left")
    lines.extend(e.text for e in s.events)
    if s.phase is Phase.OVER:
        result = outcome(s) if s.viewer is None else None
        lines.append("game over" if result is None else f"game over: {result.reason}")
    return "\n".join(lines)


def svg(state: State, player: int | None = None) -> str:
    """The table as an SVG drawing, as ``player`` sees it."""
    s = seen_by(ENGINE.state(state), player, view)
    d = Drawing(title="Terror Below" + ("" if s.viewer is None else f", player {s.viewer}'s view"))
    head = f"Turn {s.turn} · {s.options.side} side"
    if s.phase is Phase.OVER:
        head += " · game over"
    else:
        head += f" · player {s.decider} decides ({s.phase.value}, {s.ap} AP)"
    d.text(12, 20, head, size=14, bold=True)
    d.text(12, 40, "Bounty line", size=12, bold=True)
    for k, b in enumerate(s.line):
        d.card(12 + k * 150, 48, 140, 40, title=f"bounty {k + 1}", lines=(_bounty(table_of(s), b),),
               fill=PALETTE["gold"],
               size=9)
    _board(d, s)
    _worms(d, s)
    _squads(d, s)
    return d.svg()


_X0, _Y0, _SIDE = 12, 110, 52


def _board(d: Drawing, s: State) -> None:
    x0, y0, side = _X0, _Y0, _SIDE
    for c in range(CELLS):
        r, col = divmod(c, SIZE)
        x, y = x0 + col * side, y0 + r * side
        loc = LOCATION_AT[c]
        d.rect(x, y, side, side, fill=PALETTE["calm"] if loc != NONE else PALETTE["table"], stroke=PALETTE["line"],
               rx=0, tip=cell_name(c))
        if loc != NONE:
            d.text(x + 3, y + 12, LOCATION_NAMES[loc], size=8, fill=PALETTE["calm_ink"])
        for k in range(s.rubble[c]):
            d.rect(x + 4 + k * 12, y + side - 14, 10, 10, fill=PALETTE["hidden"], rx=1, tip="rubble")
        for k in range(4):
            for e in range(s.eggs[c * 4 + k]):
                d.circle(x + side - 8 - e * 6, y + 8 + k * 9, 4, fill=_EGG_FILL[k])
        for p in range(s.options.players):
            if s.pawns[p] == c:
                d.circle(x + side / 2, y + side / 2, 11, fill=PALETTE["friend"], stroke=PALETTE["friend_ink"], width=2)
                d.text(x + side / 2, y + side / 2 + 4, f"P{p}", size=10, anchor="middle", bold=True)
    for k, t in enumerate(s.targets):
        if t != NONE:
            r, col = divmod(t, SIZE)
            d.rect(x0 + col * side + 2, y0 + r * side + 2, side - 4, side - 4, stroke=PALETTE["foe_ink"], width=2,
                   dash=True, tip=f"Target {k + 1}")
            d.text(x0 + col * side + 4, y0 + r * side + side - 4, f"T{k + 1}", size=9, fill=PALETTE["foe_ink"],
                   bold=True)
    for c in range(SIZE):
        d.text(x0 + c * side + side / 2, y0 - 4, "abcdef"[c], size=9, anchor="middle", fill=PALETTE["muted"])


def _worms(d: Drawing, s: State) -> None:
    wx, y0 = _X0 + SIZE * _SIDE + 20, _Y0
    for k in range(3):
        y = y0 + k * 110
        w = s.worms[k]
        if w == NONE:
            d.card(wx, y, 150, 90, title=f"Worm {k + 1}", lines=("empty",), dim=True)
            continue
        card = table_of(s).worms[w]
        d.card(wx, y, 150, 90, title=f"Worm {k + 1}: {card.name}", fill=PALETTE["foe"], ink=PALETTE["foe_ink"],
               lines=(f"{COLOURS[card.colour] if card.colour >= 0 else 'all colours'} eggs",
                      f"health {card.health} · limit {card.limit}",
                      f"target {cell_name(s.targets[k])}"), size=10)
        for i, (v, o) in enumerate(zip(s.under[k], s.owners[k])):
            if v == HIDDEN:
                d.card(wx + 160 + i * 58, y, 54, 90, title="?", face_down=True)
            else:
                d.card(wx + 160 + i * 58, y, 54, 90, title=f"v{v}",
                       lines=(table_of(s).vehicles[v].name[:8], f"{table_of(s).vehicles[v].ap} AP",
                              table_of(s).vehicles[v].arrows or "-",
                              "down" if o != NONE else "up"), size=9)


def _squads(d: Drawing, s: State) -> None:
    y = _Y0 + SIZE * _SIDE + 30
    for p in range(s.options.players):
        squad = ", ".join(CHARACTERS[c].name for c in s.squads[p]) or "none"
        eggs = " ".join(f"{COLOURS[k]}×{s.carried[p * 4 + k]}" for k in range(4) if s.carried[p * 4 + k]) or "no eggs"
        d.text(12, y, f"player {p}: {score(s, p)} VP · {len(s.completed[p])} bounties · squad {squad}"
                      f"{' · OUT' if s.out[p] else ''} · {eggs} · rubble {s.carried_rubble[p]}", size=11, bold=True)
        y += 8
        cards = [(_vehicle(table_of(s), v), v == HIDDEN, PALETTE["paper"]) for v in s.hands[p]]
        cards += [(_gear(g), g == HIDDEN, PALETTE["calm"]) for g in s.gear[p]]
        cards += [(_gear(g) + " (worn)", False, PALETTE["friend"]) for g in s.worn[p]]
        cards += [(_bounty(table_of(s), b), b == HIDDEN, PALETTE["gold"]) for b in s.hidden[p]]
        for i, (text, down, fill) in enumerate(cards):
            if down:
                d.card(12 + i * 96, y, 90, 40, title="?", face_down=True)
            else:
                d.card(12 + i * 96, y, 90, 40, title=text.split(" ")[0], lines=(" ".join(text.split(" ")[1:])[:16],),
                       fill=fill, size=9)
        y += 60
    if s.phase is Phase.OVER:
        result = outcome(s) if s.viewer is None else None
        d.text(12, y + 10, "Game over" + (f": {result.reason}" if result else ""), size=14, bold=True)


_describe = describer({
    Lead: lambda s, a: f"lead with {CHARACTERS[a.character].name}",
    Enter: lambda s, a: f"enter at the {LOCATION_NAMES[a.location]}",
    Play: lambda s, a: f"play {_vehicle(table_of(s), a.card)} under Worm {a.slot + 1}",
    Extra: lambda s, a: f"Boots: add {_vehicle(table_of(s), a.card)}",
    Stash: lambda s, a: f"Bicycle: {_vehicle(table_of(s), a.card)} face down under Worm {a.slot + 1}",
    Pass: lambda s, a: "pass",
    Move: lambda s, a: f"move to {cell_name(a.cell)}",
    Leap: lambda s, a: f"leapfrog to {cell_name(a.cell)}",
    Clear: lambda s, a: f"clear rubble at {cell_name(a.cell)}",
    PickUp: lambda s, a: "pick up the eggs here",
    Deliver: lambda s, a: notation(s, a),
    Use: lambda s, a: notation(s, a),
    Draw: lambda s, a: notation(s, a),
    Hide: lambda s, a: notation(s, a),
    Revive: lambda s, a: f"revive {CHARACTERS[a.character].name}",
    Claim: lambda s, a: f"complete {_bounty(table_of(s), a.bounty)}",
    Steer: lambda s, a: f"draw the Target to {cell_name(a.cell)}",
})


def describe(state: State, action: object) -> str:
    """A few words on ``action`` for a person, as the reader of ``state`` may know it."""
    return _describe(ENGINE.state(state), action)


#: The rules in short, after the goal line (see ``summary``).
_RULES = (
    "A turn: play a Vehicle from your hand under a Worm below its limit (its arrows move the Worm's",
    "Target), then spend its action points one at a time: move to a cell beside you (never into",
    "rubble), leap over a pawn, clear a rubble beside you, pick up the eggs where you stand (it ends",
    "your actions), deliver an egg at a Location (a bounty of its colour there, or 1 VP); then the",
    "Vehicle's ability, and you draw back to three Vehicles.",
    "A Worm with as many Vehicles as its limit attacks: eggs and rubble fall around its Target, and",
    "the pawns caught hunt it (weapons' damage against its health) or lose their leader.",
    "Words: v12 a Vehicle, w1-w3 the Worms in the Terror zone, b7 a bounty, g30 an item or weapon,",
    "p2 a player; cells a1-f6 (column letter, row number); e2 two eggs in a cell, # a rubble;",
    "ST MO PO GO HO the Store, Motel, Police, Government and Hospital Locations.",
)


def summary(state: State) -> str:
    """The game in a few lines for a player at this table: the goal and how it ends first."""
    s = ENGINE.state(state)
    scenario = s.options.scenario
    if s.options.players == 1 and scenario:
        what, goal = SCENARIOS[scenario]
        words = {"vp": "victory points", "eggs": "eggs delivered", "kills": "Worms defeated"}[what]
        first = (f"Goal (solo, {scenario}): reach {goal} {words} before 15 Worms (not starters) lie in the "
                 "discard or your whole squad is dead.")
    else:
        first = ("Goal: be the first to 20 VP (it wins at once). A player whose whole squad dies is out and "
                 "the others play one last turn; then most VP wins, ties going to most bounties completed.")
    return "\n".join((first, *_RULES))
