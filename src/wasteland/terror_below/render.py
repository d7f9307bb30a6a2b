"""Terror Below in words and as a drawing, as a seat sees it (or the referee)."""

from __future__ import annotations

from wasteland.core.game import describer, seen_by
from wasteland.core.svg import BOLD_WIDTH, CHAR_WIDTH, PALETTE, Drawing, wrap
from wasteland.core.words import counted
from wasteland.terror_below.actions import (
    Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play, Revive, Stash, Steer, Use,
)
from wasteland.terror_below.cards import (
    CELLS, CHARACTERS, COLOURS, GEAR, HIDDEN, LINE, LOCATION_AT, LOCATION_NAMES, NONE, SIZE,
    WORM_TYPES, cell_name,
)
from wasteland.terror_below.card_set import CardSet, table_of
from wasteland.terror_below.rules import ENGINE, outcome, score
from wasteland.terror_below.state import Phase, State, solo_goal
from wasteland.terror_below.view import view

__all__ = ["render", "svg", "describe", "events", "summary", "MAP_KEY", "SVG_LEGEND"]

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


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _targets_on(s: State, c: int) -> str:
    """``T1`` (Worm 1's Target), ``T13`` (the Targets of Worms 1 and 3), or ''."""
    slots = "".join(str(k + 1) for k, t in enumerate(s.targets) if t == c)
    return "T" + slots if slots else ""


def _eggs_on(s: State, c: int) -> str:
    """``r2b1`` (2 red and 1 blue eggs), or ''."""
    return "".join(f"{COLOURS[k][0]}{s.eggs[c * 4 + k]}" for k in range(4) if s.eggs[c * 4 + k])


def _cell_lines(s: State, c: int) -> tuple[str, str]:
    """A cell of the text map in two lines: its Location, pawn and Targets; its rubble and eggs."""
    top = []
    if LOCATION_AT[c] != NONE:
        top.append(LOCATION_NAMES[LOCATION_AT[c]][:3])
    top += [f"P{p}" for p in range(s.options.players) if s.pawns[p] == c]
    if targets := _targets_on(s, c):
        top.append(targets)
    bottom = "#" * s.rubble[c] + ("" if not s.rubble[c] or not _eggs_on(s, c) else " ") + _eggs_on(s, c)
    return " ".join(top) or ".", bottom


#: The words of the text map, under it.
MAP_KEY = ("key: sto mot pol gov hos the Store, Motel, Police, Government, Hospital; P0 player 0's pawn;\n"
           "T1 Worm 1's Target (T13: Worms 1 and 3); # a rubble; r2 b1 g1 y3 red, blue, green, yellow eggs")

_PHASE_WORDS = {
    Phase.LEAD: "chooses a leader", Phase.ENTER: "places the pawn on a free Location",
    Phase.PLAY: "plays a Vehicle under a Worm", Phase.EXTRA: "may add a Vehicle (Boots)",
    Phase.ACT: "spends action points", Phase.DRAW: "draws an Item or a Weapon",
    Phase.HIDE: "takes a hidden bounty", Phase.STASH: "may place a Vehicle face down (Bicycle)",
    Phase.HUNT: "hunts the Worm", Phase.REVIVE: "chooses who comes back to life",
    Phase.CLAIM: "chooses the hunting bounty the kill completes", Phase.STEER: "chooses where a Target goes",
}


def _turn_words(s: State) -> str:
    """``setup``, or ``turn 5 (player 1's turn)``: the turns of every player are counted."""
    return "setup" if s.turn == 0 else f"turn {s.turn} (player {s.active}'s turn)"


def _status(s: State) -> str:
    """Who decides what now, with what the decision hangs on; or how the game ended."""
    if s.phase is Phase.OVER:
        result = outcome(s) if s.viewer is None else None
        return "game over" + (f": {result.reason}" if result else "")
    words = f"player {s.decider} {_PHASE_WORDS[s.phase]}"
    if s.phase is Phase.ACT:
        words += f", {_plural(s.ap, 'action point', 'action points')} left"
    elif s.phase is Phase.HUNT and 0 <= s.slot < 3 and s.worms[s.slot] != NONE:
        worm = table_of(s).worms[s.worms[s.slot]]
        words += (f": Worm {s.slot + 1} ({worm.name}, health {worm.health}) has taken {s.damage} damage; caught: "
                  + ", ".join(f"player {p}" for p in s.caught))
    elif s.phase is Phase.STEER and s.steer:
        words += f": the Target of Worm {s.steer[0] + 1}, from {cell_name(s.targets[s.steer[0]])}"
    return words


def _seat_line(s: State, p: int) -> str:
    t = table_of(s)
    squad = ", ".join(CHARACTERS[c].name for c in s.squads[p]) or "none"
    dead = ", ".join(CHARACTERS[c].name for c in s.dead[p]) or "none"
    eggs = " ".join(f"{COLOURS[k]} x{s.carried[p * 4 + k]}" for k in range(4) if s.carried[p * 4 + k])
    fresh = set(s.fresh[p]) - {HIDDEN}
    gear = ", ".join(_gear(g) + (" (new this turn)" if g in fresh else "") for g in s.gear[p]) or "none"
    where = f"at {cell_name(s.pawns[p])}" if s.pawns[p] >= 0 else "off the board"
    turn = "  <- to play" if _decides(s, p) else ""
    return (f"player {p}: {score(s, p)} VP ({_plural(s.vp[p], 'VP token', 'VP tokens')}, "
            f"{_plural(len(s.completed[p]), 'bounty', 'bounties')}: "
            f"{', '.join(_bounty(t, b) for b in s.completed[p]) or 'none'}){' OUT' if s.out[p] else ''}, {where}; "
            f"squad {squad}; dead {dead}; eggs {eggs or 'none'}; rubble {s.carried_rubble[p]}; "
            f"hand {', '.join(_vehicle(t, v) for v in s.hands[p]) or 'empty'}; gear {gear}; "
            f"worn {', '.join(_gear(g) for g in s.worn[p]) or 'none'}; hidden bounties "
            f"{', '.join(_bounty(t, b) for b in s.hidden[p]) or 'none'}{turn}")


def render(state: State, player: int | None = None) -> str:
    """The table in text, as ``player`` sees it (None: as the state stands): everything the view
    holds, the map first (each cell in two lines: Location, pawn, Targets; rubble, eggs)."""
    s = seen_by(ENGINE.state(state), player, view)
    seen = "referee" if s.viewer is None else f"seen by player {s.viewer}"
    lines = [f"Terror Below ({_plural(s.options.players, 'player', 'players')}, {s.options.side} side"
             f"{', ' + s.options.scenario if s.options.scenario else ''}), {_turn_words(s)}, {seen}"]
    lines.append("   " + "".join(f"{'abcdef'[c]:<12}" for c in range(SIZE)).rstrip())
    for r in range(SIZE):
        cells = [_cell_lines(s, r * SIZE + c) for c in range(SIZE)]
        lines.append(f"{r + 1:>2} " + "".join(f"{top:<12}" for top, _ in cells).rstrip())
        lines.append("   " + "".join(f"{bottom:<12}" for _, bottom in cells).rstrip())
    lines.append(MAP_KEY)
    t = table_of(s)
    for k in range(3):
        w = s.worms[k]
        if w == NONE:
            lines.append(f"Worm {k + 1}: empty")
            continue
        card = t.worms[w]
        under = ", ".join(_vehicle(t, v) if o == NONE else f"face down {_vehicle(t, v)}"
                          for v, o in zip(s.under[k], s.owners[k]))
        lines.append(f"Worm {k + 1}: {card.name} ({COLOURS[card.colour] if card.colour >= 0 else 'all colours'}, "
                     f"health {card.health}, limit {card.limit}) Target {cell_name(s.targets[k])}; under: "
                     f"{under or 'nothing'}")
    lines.append("bounty line: " + "; ".join(_bounty(t, b) for b in s.line))
    lines.append(f"decks: worms {len(s.worm_deck)}, vehicles {len(s.vehicle_deck)}, items {len(s.item_deck)}, "
                 f"weapons {len(s.weapon_deck)}, bounties {len(s.bounty_deck)}; discards: worms "
                 f"{len(s.worm_discard)}, vehicles {len(s.vehicle_discard)}, gear "
                 f"{', '.join(_gear(g) for g in s.gear_discard) or 'none'}")
    lines.append("supply: " + ", ".join(f"{COLOURS[k]} eggs {s.egg_supply[k]}" for k in range(4))
                 + f", rubble {s.rubble_supply}")
    lines.extend(_seat_line(s, p) for p in range(s.options.players))
    lines.append(f"now: {_status(s)}")
    lines.extend(e.text for e in s.events)
    return "\n".join(lines)


# -- the drawing -------------------------------------------------------------------------------------

#: The drawing's key (swatch, meaning), drawn under it.
SVG_LEGEND: tuple[tuple[str, str], ...] = (
    ("calm", "Location"), ("friend", "pawn P0 of player 0"), ("foe", "Worm"),
    ("foe_ink", "T1: Worm 1's Target (dashed)"), ("hidden", "a rubble; a hidden card"),
    (_EGG_FILL[0], "red egg"), (_EGG_FILL[1], "blue egg"), (_EGG_FILL[2], "green egg"), (_EGG_FILL[3], "yellow egg"),
    ("gold", "bounty"), ("paper", "Vehicle"), ("calm", "Item or Weapon"), ("friend", "worn gear"),
)

_X0, _SIDE = 30, 76
_WIDTH = 980
_CARD_W, _CARD_H = 112, 58


def svg(state: State, player: int | None = None) -> str:
    """The table as an SVG drawing, as ``player`` sees it: a header (turn, "referee" or "seen by
    player p", who decides what), the bounty line, the board (each cell in bands: Location, pawn and
    Targets, rubble, eggs, so that nothing covers anything), the Worms with their Vehicles, each seat
    with its cards (names whole, wrapped), what happened since the last decision, and a legend."""
    s = seen_by(ENGINE.state(state), player, view)
    seen = "referee" if s.viewer is None else f"seen by player {s.viewer}"
    d = Drawing(title=f"Terror Below, {_turn_words(s)} ({seen})", width=_WIDTH)
    y = _paragraph(d, 12, 20, f"Terror Below · {_plural(s.options.players, 'player', 'players')} · "
                   f"{s.options.side} side{' · ' + s.options.scenario if s.options.scenario else ''} · "
                   f"{_turn_words(s)}", size=14, bold=True)
    d.text(12, y, seen, size=12, fill=PALETTE["muted"])
    y = _paragraph(d, 12, y + 18, _status(s), size=12, bold=True)
    d.text(12, y + 4, "Bounty line", size=12, bold=True)
    for k, b in enumerate(s.line):
        _card(d, 12 + k * (_CARD_W + 8), y + 12, f"b{b}" if b >= 0 else f"slot {k + 1}",
              _bounty_lines(table_of(s), b) if b >= 0 else ("empty",), PALETTE["gold"])
    top = y + 12 + _CARD_H + 28
    _board(d, s, top)
    _worms(d, s, top)
    y = _squads(d, s, max(top + SIZE * _SIDE, d.bottom) + 24)
    told = [e.text for e in s.events] or ["nothing happened by itself"]
    d.text(12, y, "Since the last decision", size=12, bold=True)
    y += 16
    for line in told:
        y = _paragraph(d, 20, y, "· " + line, size=10)
    d.legend(12, y, SVG_LEGEND, width=_WIDTH - 24)
    return d.svg()


def _paragraph(d: Drawing, x: float, y: float, text: str, *, size: float, bold: bool = False) -> float:
    """``text`` wrapped to the drawing's width, counting a bold character wider; the next baseline."""
    chars = int((_WIDTH - 12 - x) / (size * (BOLD_WIDTH if bold else CHAR_WIDTH)))
    return d.lines(x, y, wrap(text, chars), size=size, bold=bold)


def _card(d: Drawing, x: float, y: float, title: str, lines: tuple[str, ...], fill: str, *,
          down: bool = False) -> None:
    """A card of the drawing's size: ``title``, then ``lines``, each wrapped to its width (three
    lines in all at most, which every card of the game fits)."""
    if down:
        d.card(x, y, _CARD_W, _CARD_H, title="?", face_down=True)
        return
    chars = int((_CARD_W - 12) / (9 * CHAR_WIDTH))
    d.card(x, y, _CARD_W, _CARD_H, title=title, lines=[part for line in lines for part in wrap(line, chars)][:3],
           fill=fill, size=10)


def _vehicle_lines(t: CardSet, v: int) -> tuple[str, ...]:
    card = t.vehicles[v]
    return card.name, f"{card.ap} AP · {card.arrows or 'no arrows'}"


def _bounty_lines(t: CardSet, b: int) -> tuple[str, ...]:
    x = t.bounties[b]
    if x.hunt:
        return f"hunt {'any Worm' if x.kind == NONE else WORM_TYPES[x.kind]}", f"{x.points} points"
    return (f"{COLOURS[x.colour]} egg at {'any Location' if x.location == NONE else LOCATION_NAMES[x.location]}",
            f"{x.points} points")


def _board(d: Drawing, s: State, y0: float) -> None:
    """The 6 x 6 board; a cell's bands, top down: the Location's name; the pawn and the Targets'
    label; the rubble; the eggs (a disc and a count per colour)."""
    x0, side = _X0, _SIDE
    for c in range(SIZE):
        d.text(x0 + c * side + side / 2, y0 - 6, "abcdef"[c], size=10, anchor="middle", fill=PALETTE["muted"])
        d.text(x0 - 8, y0 + c * side + side / 2 + 4, str(c + 1), size=10, anchor="end", fill=PALETTE["muted"])
    for c in range(CELLS):
        r, col = divmod(c, SIZE)
        x, y = x0 + col * side, y0 + r * side
        loc = LOCATION_AT[c]
        d.rect(x, y, side, side, fill=PALETTE["calm"] if loc != NONE else PALETTE["table"], stroke=PALETTE["line"],
               rx=0, tip=cell_name(c))
        if targets := _targets_on(s, c):
            d.rect(x + 2, y + 2, side - 4, side - 4, stroke=PALETTE["foe_ink"], width=2, dash=True,
                   tip="Target of " + ", ".join(f"Worm {k + 1}" for k, t in enumerate(s.targets) if t == c))
            d.text(x + side - 5, y + 33, targets, size=10, fill=PALETTE["foe_ink"], bold=True, anchor="end")
        if loc != NONE:
            d.text(x + 5, y + 14, LOCATION_NAMES[loc], size=9, fill=PALETTE["calm_ink"])
        for p in range(s.options.players):
            if s.pawns[p] == c:
                d.circle(x + 18, y + 29, 11, fill=PALETTE["friend"], stroke=PALETTE["friend_ink"], width=2)
                d.text(x + 18, y + 33, f"P{p}", size=9, anchor="middle", bold=True)
        for k in range(min(s.rubble[c], 2)):
            d.rect(x + 6 + k * 14, y + 45, 11, 9, fill=PALETTE["hidden"], rx=1, tip="rubble")
        ex = x + 5
        for k in range(4):
            n = s.eggs[c * 4 + k]
            if n:
                d.circle(ex + 4, y + side - 10, 4, fill=_EGG_FILL[k], stroke=PALETTE["ink"], width=0.5)
                d.text(ex + 10, y + side - 6, str(n), size=9)
                ex += 17


def _worms(d: Drawing, s: State, y0: float) -> None:
    """The Terror zone: each Worm's card, then the Vehicles under it (face down: a back)."""
    wx = _X0 + SIZE * _SIDE + 24
    d.text(wx, y0 - 6, "Terror zone", size=12, bold=True)
    t = table_of(s)
    for k in range(3):
        y = y0 + k * 152
        w = s.worms[k]
        if w == NONE:
            d.card(wx, y, 150, 70, title=f"Worm {k + 1}", lines=("empty",), dim=True)
            continue
        card = t.worms[w]
        d.card(wx, y, 150, 92, title=f"Worm {k + 1}", fill=PALETTE["foe"], ink=PALETTE["foe_ink"], size=10,
               lines=(card.name, f"{COLOURS[card.colour] if card.colour >= 0 else 'all colours'} eggs",
                      f"health {card.health} · limit {card.limit}", f"Target {cell_name(s.targets[k])}"))
        for i, (v, o) in enumerate(zip(s.under[k], s.owners[k])):
            x = wx + 158 + i % 2 * (100 + 6)
            yy = y + i // 2 * 74
            if v == HIDDEN:
                d.card(x, yy, 100, 70, title="?", lines=(f"face down (p{o})",), face_down=True, size=9)
                continue
            vehicle = t.vehicles[v]
            d.card(x, yy, 100, 70, title=f"v{v}", size=9,
                   lines=(vehicle.name, f"{vehicle.ap} AP · {vehicle.arrows or 'no arrows'}",
                          "face down" if o != NONE else "face up"))


def _decides(s: State, p: int) -> bool:
    return p == s.decider and s.phase is not Phase.OVER


def _squads(d: Drawing, s: State, y: float) -> float:
    """Each seat: its line of words (wrapped), then its cards; returns the y under them."""
    t = table_of(s)
    per_row = int((_WIDTH - 24) // (_CARD_W + 8))
    for p in range(s.options.players):
        squad = ", ".join(CHARACTERS[c].name for c in s.squads[p]) or "none"
        dead = ", ".join(CHARACTERS[c].name for c in s.dead[p])
        eggs = ", ".join(f"{s.carried[p * 4 + k]} {COLOURS[k]}" for k in range(4) if s.carried[p * 4 + k])
        where = f"at {cell_name(s.pawns[p])}" if s.pawns[p] >= 0 else "off the board"
        words = (f"player {p}: {score(s, p)} VP ({_plural(s.vp[p], 'VP token', 'VP tokens')}, "
                 f"{_plural(len(s.completed[p]), 'bounty', 'bounties')}){' · OUT' if s.out[p] else ''} · {where}"
                 f" · squad {squad}{' · dead ' + dead if dead else ''} · eggs {eggs or 'none'}"
                 f" · rubble {s.carried_rubble[p]}{' · to play' if _decides(s, p) else ''}")
        y = _paragraph(d, 12, y, words, size=11, bold=True)
        fresh = set(s.fresh[p]) - {HIDDEN}
        cards = [(f"v{v}", _vehicle_lines(t, v) if v >= 0 else (), v == HIDDEN, PALETTE["paper"]) for v in s.hands[p]]
        cards += [(f"g{g}", (GEAR[g].name, "new this turn" if g in fresh else "") if g >= 0 else (), g == HIDDEN,
                   PALETTE["calm"]) for g in s.gear[p]]
        cards += [(f"g{g} worn", (GEAR[g].name,), False, PALETTE["friend"]) for g in s.worn[p]]
        cards += [(f"b{b} hidden", _bounty_lines(t, b) if b >= 0 else (), b == HIDDEN, PALETTE["gold"])
                  for b in s.hidden[p]]
        cards += [(f"b{b} done", _bounty_lines(t, b), False, PALETTE["gold"]) for b in s.completed[p]]
        for i, (title, text, down, fill) in enumerate(cards):
            _card(d, 12 + i % per_row * (_CARD_W + 8), y - 4 + i // per_row * (_CARD_H + 6), title, text, fill,
                  down=down)
        y += (len(cards) + per_row - 1) // per_row * (_CARD_H + 6) + 18
    return y


_PASS_WORDS = {Phase.ACT: "end the actions", Phase.EXTRA: "add no second Vehicle",
               Phase.STASH: "place no Vehicle face down", Phase.HUNT: "end the hunt"}

_describe = describer({
    Lead: lambda s, a: f"lead with {CHARACTERS[a.character].name}",
    Enter: lambda s, a: f"enter at the {LOCATION_NAMES[a.location]}",
    Play: lambda s, a: f"play {_vehicle(table_of(s), a.card)} under Worm {a.slot + 1}",
    Extra: lambda s, a: f"Boots: add {_vehicle(table_of(s), a.card)}",
    Stash: lambda s, a: f"Bicycle: {_vehicle(table_of(s), a.card)} face down under Worm {a.slot + 1}",
    Pass: lambda s, a: _PASS_WORDS.get(s.phase, "go on"),
    Move: lambda s, a: f"move to {cell_name(a.cell)}",
    Leap: lambda s, a: f"leapfrog to {cell_name(a.cell)}",
    Clear: lambda s, a: f"clear rubble at {cell_name(a.cell)}",
    PickUp: lambda s, a: "pick up the eggs here",
    Deliver: lambda s, a: f"deliver a {COLOURS[a.colour]} egg "
                          + ("for 1 VP" if a.bounty == NONE else f"for {_bounty(table_of(s), a.bounty)}"),
    Use: lambda s, a: f"use the {GEAR[a.gear].name}" + ("" if a.target == NONE else f" at player {a.target}'s Hat"),
    Draw: lambda s, a: "take a Weapon" if a.weapon else "take an Item",
    Hide: lambda s, a: "hide the bounty deck's top card" if a.slot == LINE
    else f"hide {_bounty(table_of(s), s.line[a.slot])}",
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
    "Target), then spend its action points one at a time: move to a cell beside you, or on through",
    "other pawns a point a step (never into rubble, never stopping on a pawn), leap over a pawn, clear",
    "a rubble beside you, pick up the eggs where you stand (it ends your actions), deliver an egg at a",
    "Location (a bounty of its colour there, or 1 VP); then the Vehicle's ability, and you draw back",
    "to three Vehicles.",
    "A Worm with as many Vehicles as its limit attacks: eggs and rubble fall around its Target, and",
    "the pawns caught hunt it (weapons' damage against its health) or lose their leader.",
    "Words: v12 a Vehicle, w1-w3 the Worms in the Terror zone, b7 a bounty, g30 an item or weapon,",
    "p2 a player; cells a1-f6 (column letter, row number); on the map P0 a pawn, T1 a Target, # a",
    "rubble, r2 b1 g1 y3 the red, blue, green and yellow eggs of a cell; sto mot pol gov hos the Store,",
    "Motel, Police, Government and Hospital Locations.",
)


def summary(state: State) -> str:
    """The game in a few lines for a player at this table: the goal and how it ends first."""
    s = ENGINE.state(state)
    scenario = s.options.scenario
    if s.options.players == 1 and scenario:
        what, goal = solo_goal(s.options)
        words = {"vp": "{n} victory point(s)", "eggs": "{n} egg(s) delivered", "kills": "{n} Worm(s) defeated"}[what]
        first = (f"Goal (solo, {scenario}): reach {counted(words, goal)} before 15 Worms (not starters) lie in the "
                 "discard or your whole squad is dead.")
    else:
        first = ("Goal: be the first to 20 VP (it wins at once). A player whose whole squad dies is out and "
                 "the others play one last turn; then most VP wins, ties going to most bounties completed.")
    return "\n".join((first, *_RULES))
