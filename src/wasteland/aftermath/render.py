"""Aftermath in words and as a drawing, as a seat sees it (or the referee).

The text says everything a seat needs to decide: the page and the entries read on it, the map as
a list of spaces with their lines and who and what is there, the threat track with the card under
each enemy, each character's wounds, statuses, slots and (its own seat's only) hand, the entry
being read, the pending decision and what just happened. The drawing shows the same: the page's
map (spaces at their sizes, each line in its kind's style), tokens, characters and enemies, the
threat track, a panel per character and the entry being read.
"""

from __future__ import annotations

from wasteland.aftermath.actions import (
    Ability, Card, Charge, Cheer, Choose, Communicate, Consult, Contribute, Discard, Done, Draw, Drive, Eat, End,
    Equip, Exit, Go, Influence, Melee, Move, Nest, Pass, Pick, Ranged, Recover, Repair, Scavenge, Scrap, Stand, Step,
    Stow, Wear, notation,
)
from wasteland.aftermath.book import Page
from wasteland.aftermath.cards import (
    ACTION_CARDS, CALAMITY, CHARACTERS, CHARACTER_NAMES, HIDDEN, ITEMS, NONE, ROUNDS, SLOTS, STATUSES, THREAT,
)
from wasteland.aftermath.card_set import table_of
from wasteland.aftermath.mission import decider, mission_of, repairable
from wasteland.aftermath.rules import ENGINE, outcome
from wasteland.aftermath.state import Activate, Feed, Gain, Pay, Phase, State
from wasteland.aftermath.view import view
from wasteland.aftermath.vocabulary import COLOURED_LINES, DIALS
from wasteland.core.game import describer, seen_by
from wasteland.core.svg import CHAR_WIDTH, PALETTE, Drawing

__all__ = ["render", "svg", "describe", "events", "summary"]


# -- words ------------------------------------------------------------------------------------------


def _card(card: int) -> str:
    """An action card in the words actions use (``c12 red 2``, ``c30 threat 3``, ``c36 calamity``;
    ``?`` unseen)."""
    if card == HIDDEN:
        return "?"
    c = ACTION_CARDS[card]
    if c.colour == CALAMITY:
        return f"c{card} calamity"
    return f"c{card} {'threat' if c.colour == THREAT else c.colour} {c.value}"


def _item_title(item: int) -> str:
    return ITEMS[item].title if 0 <= item < len(ITEMS) else "?"


def _item(item: int) -> str:
    return "?" if item == HIDDEN else "-" if item == NONE else ITEMS[item].title


def _name(s: State, c: int) -> str:
    return CHARACTERS[CHARACTER_NAMES.index(s.options.characters[c])].title


def _page(s: State) -> Page | None:
    return next((p for p in s.book.pages if p.number == s.page), None)


def _foe_title(s: State, card: int) -> str:
    return table_of(s).enemies[card].title


def _line_words(kind: str) -> str:
    if kind in COLOURED_LINES:
        return f"{kind} line (1 with {kind} cards, else 3)"
    return {"dashed": "dashed line", "wall": "solid white line (see through, no crossing)",
            "double": "double white line (blocks sight and movement)"}[kind]


def _here(s: State, space: str) -> list[str]:
    """Who and what is on ``space``: characters, enemy figures, tokens, face-down scavenge tokens."""
    out = [_name(s, c) for c in range(len(s.options.characters)) if s.spaces[c] == space]
    for k, foe in enumerate(s.foes):
        for f, sp in enumerate(foe.spaces):
            if sp == space:
                out.append(f"{_foe_title(s, foe.card)} {k + 1}.{f + 1}")
    out += [f"{t.kind} token" for t in s.tokens if t.space == space]
    out += [f"scavenge {k + 1} (face down, difficulty {c.difficulty})" for k, c in enumerate(s.caches)
            if c.space == space]
    return out


def _map_lines(s: State, page: Page) -> list[str]:
    lines = [f"map of page {page.number} (characters start on {page.start}):"]
    for sp in page.spaces:
        ways = [f"{line.b if line.a == sp.name else line.a} {_line_words(line.kind)}"
                for line in page.lines if sp.name in (line.a, line.b)]
        here = _here(s, sp.name)
        lines.append(f"  {sp.name} ({sp.w}x{sp.h}): {'; '.join(here) if here else 'empty'}"
                     f" | lines: {', '.join(ways) if ways else 'none'}")
    return lines


def _track_lines(s: State) -> list[str]:
    lines = ["threat track (top first):"]
    for k, slot in enumerate(s.threats):
        if k < len(s.foes):
            foe = s.foes[k]
            e = table_of(s).enemies[foe.card]
            life = len(s.options.characters) if e.boss else e.life
            figures = ", ".join(f"{sp or 'gone'} ({w}/{life} wounds)" for sp, w in zip(foe.spaces, foe.wounds))
            lines.append(f"  {k + 1}. {e.title} ({e.type}{', boss' if e.boss else ''}, defence {e.defence}, "
                         f"communicate {e.communicate}): {figures}; under it: "
                         f"{'no card' if slot == NONE else _card(slot)}")
        elif slot != NONE:
            lines.append(f"  {k + 1}. no enemy; under it: {_card(slot)}")
    if len(lines) == 1:
        lines.append("  empty")
    if s.hunt:
        lines.append("Hunt box: " + ", ".join(_foe_title(s, c) for c in s.hunt))
    return lines


def _character_line(s: State, c: int) -> str:
    ch = CHARACTERS[CHARACTER_NAMES.index(s.options.characters[c])]
    seat = c % s.options.players
    where = "fled" if s.fled[c] else f"at {s.spaces[c]}" if s.spaces[c] else "off the page"
    gear = ", ".join(f"{slot} {_item(i)}" for slot, i in zip(SLOTS, s.gear[c]))
    hand = ", ".join(_card(k) for k in s.hands[c]) or "empty"
    mark = "  <- acting" if c == s.active and s.phase is not Phase.OVER else ""
    keeper = " bookkeeper" if c == s.bookkeeper else ""
    return (f"{c + 1}. {ch.title} (seat {seat}){keeper} {where}: wounds {s.wounds[c]}/{ch.life}"
            f"{f' ({s.toxic[c]} toxic)' if s.toxic[c] else ''}; statuses "
            f"{', '.join(st.replace('_', ' ') for st in s.statuses[c]) or 'none'}; {gear}; pack "
            f"{', '.join(_item(i) for i in s.pack[c]) or 'empty'}; batteries {s.batteries[c]}; "
            f"{_abilities_words(s, c)}; hand {hand}{mark}")


def _abilities_words(s: State, c: int) -> str:
    """A character's ability cards (name and cost) and whether its influence card is played."""
    cards = {a.name: a for a in table_of(s).abilities}
    held = s.outing.abilities[c] if c < len(s.outing.abilities) else ()
    influence = next((x for x in table_of(s).influences if x.character == s.options.characters[c]), None)
    used = " (played)" if c in s.outing.influenced else ""
    return ("abilities " + (", ".join(f"{cards[n].title} {cards[n].cost}" for n in held if n in cards) or "none")
            + (f"; influence {influence.title}{used}" if influence is not None else ""))


def _cards_line(s: State) -> str | None:
    """The environment cards in play, the party's vehicle travel cards, the colony upgrades drawn, the
    way off the page and who has left by it."""
    parts = []
    if s.outing.environment:
        parts.append("environment " + ", ".join(e.replace("_", " ") for e in s.outing.environment))
    if s.outing.vehicles:
        parts.append("vehicles " + ", ".join(v.replace("_", " ") for v in s.outing.vehicles))
    if s.outing.supply:
        parts.append("to the colony supply " + ", ".join(u.replace("_", " ") for u in s.outing.supply))
    if s.outing.exit_page:
        gone = ", ".join(_name(s, c) for c in s.outing.ahead)
        parts.append(f"a way off the page on {s.outing.exit_space} to page {s.outing.exit_page}"
                     + (f" (left by it: {gone})" if gone else ""))
    return " · ".join(parts) or None


def _pending(s: State) -> list[str]:
    lines = []
    if s.task is not None:
        lines.append(f"group task: {s.task.attribute.value} {s.task.difficulty}, dial at {s.task_dial}")
    if s.test is not None:
        t = s.test
        what = t.attribute.replace("/", " or ") or "any attribute"
        lines.append(f"test: {_name(s, t.who)} tests {what} against {t.difficulty}"
                     f"{' + the black die' if t.opposed else ''} ({t.kind}); played: "
                     f"{', '.join(_card(k) for k in s.played) or 'nothing yet'}")
    if s.phase is Phase.CHOICE and s.choice is not None:
        lines.append("choice: " + "; ".join(f"{k + 1}) {o.label}" for k, o in enumerate(s.choice.options)))
    if s.phase is Phase.TRAVEL and s.travel:
        lines.append("travel to: " + ", ".join(f"page {p}" for p in s.travel))
    if s.phase is Phase.GAIN and len(s.stack) >= 2 and type(s.stack[-2]) is Gain:
        gain = s.stack[-2]
        lines.append(f"gained: {_name(s, gain.who)} places the {_item_title(gain.item)} (equip, pack, trade or "
                     "discard it for its value)")
    if s.phase is Phase.EQUIP:
        lines.append(f"equip/trade: moved so far: {', '.join(_item_title(i) for i in s.moved) or 'nothing'}")
    if s.phase is Phase.EAT and len(s.stack) >= 2 and type(s.stack[-2]) is Feed:
        lines.append(f"nest: {_name(s, s.stack[-2].who)} may eat (1 food for 1 wound)")
    if s.phase is Phase.PAY and len(s.stack) >= 2 and type(s.stack[-2]) is Pay:
        paid = sum(ACTION_CARDS[k].value for k in s.played if 0 <= k < len(ACTION_CARDS))
        card = table_of(s).abilities[s.stack[-2].card]
        lines.append(f"ability: {_name(s, s.active)} pays for {card.title} with white cards ({paid} of {card.cost})")
    if s.phase is Phase.RETURN:
        lines.append(f"return: {_name(s, s.active)} comes back in a companion's space")
    if s.phase is Phase.REPAIR:
        lines.append("nest: the bookkeeper may repair " + ", ".join(
            f"the {_item_title(i)} ({ITEMS[i].repair} scrap)" for i in repairable(s)))
    if s.phase is Phase.CHOOSE and s.candidates:
        lines.append(f"choose: {_chooser(s)} one of the characters equally near: "
                     + ", ".join(_name(s, c) for c in s.candidates))
    return lines


def _chooser(s: State) -> str:
    """What waits on the bookkeeper's choice: which enemy moves toward, or attacks, whom."""
    act = next((e for e in reversed(s.stack) if type(e) is Activate), None)
    if act is None or act.slot >= len(s.foes):
        return "an enemy goes for"
    title = table_of(s).enemies[s.foes[act.slot].card].title
    return f"the {title} {'moves toward' if act.stage == 0 else 'attacks'}"


def events(state: State) -> tuple[str, ...]:
    """What happened since the last decision, in words."""
    return tuple(e.text for e in ENGINE.state(state).events)


def render(state: State, player: int | None = None) -> str:
    """The table in text, as ``player`` sees it (None: as the state stands)."""
    s = seen_by(ENGINE.state(state), player, view)
    page = _page(s)
    title = page.title if page is not None else "?"
    lines = [f"Aftermath: {s.book.title}, page {s.page} {title}{' (again)' if s.revisit else ''} · round "
             f"{s.round + 1}, turn {s.turn + 1} · {'hostile' if s.hostile else 'safe'}"]
    lines.append("dials: " + ", ".join(f"{d} {v}" for d, v in zip(DIALS, s.dials))
                 + (f" · calamity {page.calamity}{' (done)' if s.calamity_done else ''}"
                    if page is not None and page.calamity else ""))
    if page is not None:
        lines += _map_lines(s, page)
        read = [e for e in page.entries if e.id in s.read]
        if read:
            lines.append("entries read on this page:")
            lines += [f"  {e.id}: {e.text}" for e in read]
    lines += _track_lines(s)
    lines.append(f"decks: action {len(s.deck)} (discard {len(s.discard)}), items {len(s.item_deck)}, "
                 f"encounters {len(s.encounter_deck)}")
    lines += [_character_line(s, c) for c in range(len(s.options.characters))]
    cards = _cards_line(s)
    if cards is not None:
        lines.append(cards)
    lines += _pending(s)
    lines.extend(e.text for e in s.events)
    if s.phase is Phase.OVER:
        result = outcome(s) if s.viewer is None else None
        lines.append("game over" if result is None else f"game over: {result.reason}")
    else:
        lines.append(f"now: {_name(s, _decider(s))} (seat {_decider(s) % s.options.players}) decides "
                     f"({s.phase.value}){f', {s.mp} movement points' if s.phase is Phase.MOVE else ''}")
    return "\n".join(lines)


def _decider(s: State) -> int:
    return decider(s)


# -- the drawing ------------------------------------------------------------------------------------

#: How the map is drawn: grid units to drawing units, the map's corner, its colours.
_UNIT = 46
_X0, _Y0 = 12, 56
_GROUND = "#292524"
_SPACE = "#57534e"
#: Each line kind: its colour, width, dashed, doubled.
_LINE_STYLE: dict[str, tuple[str, float, bool, bool]] = {
    "dashed": ("#ffffff", 3, True, False),
    "red": ("#dc2626", 5, False, False),
    "blue": ("#2563eb", 5, False, False),
    "green": ("#16a34a", 5, False, False),
    "wall": ("#ffffff", 5, False, False),
    "double": ("#ffffff", 2, False, True),
}
_CARD_FILL = {"red": "#fecaca", "green": "#bbf7d0", "blue": "#bfdbfe", "yellow": "#fef08a", "white": "#ffffff",
              "black": "#1f2937", "calamity": "#7c2d12"}


def _segment(page: Page, a: str, b: str) -> tuple[float, float, float, float]:
    """The stretch of edge two side-by-side spaces share, in grid units (x1, y1, x2, y2)."""
    sa = next(sp for sp in page.spaces if sp.name == a)
    sb = next(sp for sp in page.spaces if sp.name == b)
    if sa.x + sa.w == sb.x or sb.x + sb.w == sa.x:
        x = sb.x if sa.x + sa.w == sb.x else sa.x
        return x, max(sa.y, sb.y), x, min(sa.y + sa.h, sb.y + sb.h)
    y = sb.y if sa.y + sa.h == sb.y else sa.y
    return max(sa.x, sb.x), y, min(sa.x + sa.w, sb.x + sb.w), y


def _draw_line(d: Drawing, page: Page, a: str, b: str, kind: str) -> None:
    x1, y1, x2, y2 = (_X0 + v * _UNIT if k % 2 == 0 else _Y0 + v * _UNIT
                      for k, v in enumerate(_segment(page, a, b)))
    colour, width, dash, double = _LINE_STYLE[kind]
    inset = 6.0
    if x1 == x2:
        y1, y2 = y1 + inset, y2 - inset
    else:
        x1, x2 = x1 + inset, x2 - inset
    if double:
        dx, dy = (3.0, 0.0) if x1 == x2 else (0.0, 3.0)
        d.line(x1 - dx, y1 - dy, x2 - dx, y2 - dy, stroke=colour, width=width)
        d.line(x1 + dx, y1 + dy, x2 + dx, y2 + dy, stroke=colour, width=width)
    else:
        d.line(x1, y1, x2, y2, stroke=colour, width=width, dash=dash)


def _markers(s: State, space: str) -> list[tuple[str, str, str, str]]:
    """What stands on a space, as markers: (label, fill, ink, what it is in words)."""
    out = []
    for c in range(len(s.options.characters)):
        if s.spaces[c] == space:
            out.append((_name(s, c)[:2], PALETTE["friend"], PALETTE["friend_ink"], _name(s, c)))
    for k, foe in enumerate(s.foes):
        for f, sp in enumerate(foe.spaces):
            if sp == space:
                what = f"{_foe_title(s, foe.card)} (enemy {k + 1}, figure {f + 1})"
                out.append((f"E{k + 1}", PALETTE["foe"], PALETTE["foe_ink"], what))
    out += [(t.kind, PALETTE["gold"], PALETTE["gold_ink"], f"{t.kind} token") for t in s.tokens if t.space == space]
    out += [(f"S{c.difficulty}", PALETTE["hidden"], PALETTE["paper"], f"scavenge {k + 1}: a face-down token, "
             f"difficulty {c.difficulty}") for k, c in enumerate(s.caches) if c.space == space]
    return out


def _draw_map(d: Drawing, s: State, page: Page) -> float:
    """The page's map; returns its right edge."""
    right = max(sp.x + sp.w for sp in page.spaces)
    bottom = max(sp.y + sp.h for sp in page.spaces)
    d.rect(_X0 - 4, _Y0 - 4, right * _UNIT + 8, bottom * _UNIT + 8, fill=_GROUND, stroke=_GROUND, rx=6)
    for sp in page.spaces:
        x, y, w, h = _X0 + sp.x * _UNIT, _Y0 + sp.y * _UNIT, sp.w * _UNIT, sp.h * _UNIT
        d.rect(x + 2, y + 2, w - 4, h - 4, fill=_SPACE, stroke=_GROUND, rx=3,
               tip=f"space {sp.name}" + (" (start)" if sp.name == page.start else ""))
        d.text(x + 7, y + 17, sp.name + (" ▸" if sp.name == page.start else ""), size=13, fill=PALETTE["paper"],
               bold=True)
        mx, my = x + 6.0, y + 24.0
        for label, fill, ink, what in _markers(s, sp.name):
            width = max(27.0, len(label) * 7 + 8)
            if mx > x + 6 and mx + width > x + w - 4:
                mx, my = x + 6, my + 22
            d.rect(mx, my, width, 18, fill=fill, stroke=ink, rx=9 if fill == PALETTE["friend"] else 3, tip=what)
            d.text(mx + width / 2, my + 13, label, size=10, fill=ink, anchor="middle", bold=True)
            mx += width + 3
    for line in page.lines:
        _draw_line(d, page, line.a, line.b, line.kind)
    legend_y = _Y0 + bottom * _UNIT + 10
    x = _X0
    for kind in _LINE_STYLE:
        colour, width, dash, double = _LINE_STYLE[kind]
        d.rect(x, legend_y, 44, 16, fill=_GROUND, stroke=_GROUND, rx=2)
        if double:
            d.line(x + 4, legend_y + 5, x + 40, legend_y + 5, stroke=colour, width=width)
            d.line(x + 4, legend_y + 11, x + 40, legend_y + 11, stroke=colour, width=width)
        else:
            d.line(x + 4, legend_y + 8, x + 40, legend_y + 8, stroke=colour, width=min(width, 4), dash=dash)
        label = {"wall": "solid white", "double": "double white"}.get(kind, kind)
        d.text(x + 48, legend_y + 12, label, size=10)
        x += 48 + len(label) * 6 + 14
    return max(_X0 + right * _UNIT, x - 14)  # the legend may run past a narrow page


def _draw_track(d: Drawing, s: State, x: float, y: float) -> float:
    d.text(x, y + 12, "Threat track", size=13, bold=True)
    y += 20
    for k, slot in enumerate(s.threats):
        if k < len(s.foes):
            foe = s.foes[k]
            e = table_of(s).enemies[foe.card]
            life = len(s.options.characters) if e.boss else e.life
            wounds = " ".join(f"{w}/{life}" for w in foe.wounds)
            d.card(x, y, 170, 62, title=f"{k + 1}. {e.title}", fill=PALETTE["foe"], ink=PALETTE["foe_ink"], size=10,
                   lines=(f"{e.type}{' · boss' if e.boss else ''} · def {e.defence} · talk {e.communicate}",
                          f"wounds {wounds}"))
        else:
            d.card(x, y, 170, 62, title=f"{k + 1}. no enemy", dim=True, size=10)
        if slot != NONE:
            fill = _CARD_FILL.get(ACTION_CARDS[slot].colour, PALETTE["paper"]) if slot != HIDDEN else PALETTE["hidden"]
            ink = PALETTE["paper"] if fill in ("#1f2937", "#7c2d12", PALETTE["hidden"]) else PALETTE["ink"]
            words = _card(slot).split(" ")
            d.card(x + 176, y + 8, 64, 46, title=" ".join(words[1:]) or "?", lines=(words[0],) if words[1:] else (),
                   fill=fill, ink=ink, size=9)
        y += 68
    if s.hunt:
        y = d.paragraph(x, y + 12, "Hunt box: " + ", ".join(_foe_title(s, c) for c in s.hunt), width=240, size=10)
    return y


def _draw_characters(d: Drawing, s: State, y: float) -> float:
    for c in range(len(s.options.characters)):
        ch = CHARACTERS[CHARACTER_NAMES.index(s.options.characters[c])]
        x = _X0 + (c % 2) * 400
        top = y + (c // 2) * 160
        acting = c == s.active and s.phase is not Phase.OVER
        where = "fled" if s.fled[c] else f"at {s.spaces[c]}" if s.spaces[c] else "off the page"
        d.rect(x, top, 390, 150, fill=PALETTE["friend"], stroke=PALETTE["focus"] if acting else PALETTE["friend_ink"],
               width=3 if acting else 1, rx=6)
        d.text(x + 8, top + 18, f"{c + 1}. {ch.title} · seat {c % s.options.players} · {where}"
               + (" · bookkeeper" if c == s.bookkeeper else "") + (" · acting" if acting else ""), size=12,
               fill=PALETTE["friend_ink"], bold=True)
        d.text(x + 8, top + 36, f"wounds {s.wounds[c]}/{ch.life}" + (f" ({s.toxic[c]} toxic)" if s.toxic[c] else "")
               + f" · batteries {s.batteries[c]} · statuses "
               + (", ".join(st.replace("_", " ") for st in s.statuses[c]) or "none"), size=10)
        d.text(x + 8, top + 146, _abilities_words(s, c)[:64], size=8, fill=PALETTE["muted"])
        for k, (slot, item) in enumerate(zip(SLOTS, s.gear[c])):
            d.card(x + 8 + k * 62, top + 44, 58, 36, title=slot, lines=(_item(item)[:12],), size=8,
                   dim=item == NONE, fill=PALETTE["paper"])
        d.text(x + 8, top + 94, "pack: " + (", ".join(_item(i) for i in s.pack[c]) or "empty"), size=10)
        for k, card in enumerate(s.hands[c]):
            if card == HIDDEN:
                d.card(x + 8 + k * 46, top + 100, 42, 34, title="?", face_down=True, size=9)
            else:
                colour = ACTION_CARDS[card].colour
                fill = _CARD_FILL.get(colour, PALETTE["paper"])
                ink = PALETTE["paper"] if colour in ("black", "calamity") else PALETTE["ink"]
                words = _card(card).split(" ")
                d.card(x + 8 + k * 46, top + 100, 42, 34, title=" ".join(words[1:])[:7], lines=(words[0],),
                       fill=fill, ink=ink, size=9)
    rows = (len(s.options.characters) + 1) // 2
    return y + rows * 160


def svg(state: State, player: int | None = None) -> str:
    """The table as an SVG drawing, as ``player`` sees it."""
    s = seen_by(ENGINE.state(state), player, view)
    page = _page(s)
    d = Drawing(title="Aftermath" + ("" if s.viewer is None else f", seat {s.viewer}'s view"))
    head = f"{s.book.title} · page {s.page}" + (f": {page.title}" if page is not None else "")
    head += f" · {'hostile' if s.hostile else 'safe'} · round {s.round + 1}"
    if s.phase is Phase.OVER:
        head += " · game over"
    else:
        head += f" · {_name(s, _decider(s))} decides ({s.phase.value})"
    d.text(12, 20, head, size=14, bold=True)
    dials = " · ".join(f"{name} {v}" for name, v in zip(DIALS, s.dials))
    d.text(12, 40, dials, size=11, fill=PALETTE["muted"])
    right = _draw_map(d, s, page) if page is not None else _X0
    # The track stands right of the map, its legend and the dials line, whichever reaches furthest.
    right = max(right, 12 + len(dials) * 11 * CHAR_WIDTH)
    track_bottom = _draw_track(d, s, right + 20, _Y0 - 20)
    y = max(d.bottom, track_bottom) + 16
    y = _draw_characters(d, s, y) + 10
    cards = _cards_line(s)
    if cards is not None:
        y = d.paragraph(12, y + 14, cards, width=780, size=11) - 8
    y = _draw_reading(d, s, page, y)
    for line in _pending(s):
        y = d.paragraph(12, y + 14, line, width=780, size=11, bold=True) - 8
    boxed = f"entry {s.read[-1]}: " if page is not None and s.read else None
    for e in s.events[-6:]:
        if boxed is not None and e.text.startswith(boxed):
            continue  # the entry is in its box just above: said once
        y = d.paragraph(12, y + 14, e.text, width=780, size=10, fill=PALETTE["muted"]) - 8
    if s.book.map is not None:
        y = _draw_travel_map(d, s, y + 22)
    if s.phase is Phase.OVER:
        result = outcome(s) if s.viewer is None else None
        d.text(12, y + 22, "Game over" + (f": {result.reason}" if result else ""), size=14, bold=True)
    return d.svg()


def _draw_travel_map(d: Drawing, s: State, y: float) -> float:
    """A campaign's travel map, small: each space with its page, the party marker (blue) and
    where the main mission is completed (gold)."""
    travel_map = s.book.map
    assert travel_map is not None
    target = mission_of(s).location
    d.text(12, y, "The travel map", size=12, bold=True)
    w, h = 118, 34
    for sp in travel_map.spaces:
        x0, y0 = 12 + sp.x * (w + 8), y + 8 + sp.y * (h + 8)
        here = sp.name == s.outing.location
        fill = PALETTE["gold"] if sp.name == target else PALETTE["paper"]
        d.rect(x0, y0, w, h, fill=fill, stroke=PALETTE["focus"] if here else PALETTE["ink"], width=3 if here else 1,
               tip=f"{sp.title}, page {sp.page}" + (" (the party marker)" if here else "")
               + (" (the main mission is completed here)" if sp.name == target else ""))
        d.text(x0 + w / 2, y0 + 15, sp.title, size=10, anchor="middle", bold=here)
        d.text(x0 + w / 2, y0 + 28, f"page {sp.page}" + (" · party" if here else ""), size=9, anchor="middle",
               fill=PALETTE["muted"])
    return d.bottom


def _draw_reading(d: Drawing, s: State, page: Page | None, y: float) -> float:
    """The entry being read (the last one read on this page), in a box."""
    if page is None or not s.read:
        return y
    entry = next((e for e in page.entries if e.id == s.read[-1]), None)
    if entry is None:
        return y
    d.text(12, y + 14, f"Entry {entry.id}", size=12, bold=True)
    bottom = d.paragraph(20, y + 32, entry.text, width=760, size=11)
    d.rect(8, y, 790, bottom - y, fill="none", stroke=PALETTE["calm_ink"], rx=6)
    return bottom + 4


# -- a few words on an action ---------------------------------------------------------------------

_describe = describer({
    Discard: lambda s, a: f"discard {_card(a.card)}",
    Draw: lambda s, a: "draw up to 5 cards",
    Move: lambda s, a: f"move with {_card(a.card)}",
    Step: lambda s, a: notation(s, a),
    Card: lambda s, a: f"play {_card(a.card)}",
    Done: lambda s, a: {Phase.MOVE: "stop moving", Phase.EQUIP: "stop equipping",
                        Phase.REPAIR: "repair nothing more"}.get(s.phase, "roll the test"),
    Communicate: lambda s, a: notation(s, a), Melee: lambda s, a: notation(s, a),
    Ranged: lambda s, a: notation(s, a), Scavenge: lambda s, a: notation(s, a),
    Recover: lambda s, a: f"try to recover from {STATUSES[a.status].title}", Ability: lambda s, a: _ability_words(s, a),
    Cheer: lambda s, a: f"cheer {_name(s, a.to)} with {_card(a.card)}",
    Equip: lambda s, a: f"equip and trade, paying {_card(a.card)}",
    Wear: lambda s, a: f"{_name(s, a.to)} equips the {_item_title(a.item)}",
    Stow: lambda s, a: f"{_name(s, a.to)} packs the {_item_title(a.item)}",
    Scrap: lambda s, a: f"discard the {_item_title(a.item)} for {ITEMS[a.item].repair} scrap",
    Charge: lambda s, a: f"put a battery on the {_item_title(a.item)}", Eat: lambda s, a: "eat: -1 food, -1 wound",
    Repair: lambda s, a: f"repair the {_item_title(a.item)} for {_name(s, a.to)}",
    Stand: lambda s, a: f"return to play in {notation(s, a).split(' ', 1)[1]}",
    Contribute: lambda s, a: f"add {_card(a.card)} to the group task", Consult: lambda s, a: "read how to leave",
    End: lambda s, a: "end the turn", Nest: lambda s, a: "nest",
    Pass: lambda s, a: "do not eat" if s.phase is Phase.EAT else "do not nest",
    Pick: lambda s, a: notation(s, a), Go: lambda s, a: notation(s, a),
    Choose: lambda s, a: f"{_chooser(s)} {_name(s, a.character)}",
    Influence: lambda s, a: "play your influence card",
    Drive: lambda s, a: f"drive the {table_of(s).vehicles[a.vehicle].title} to page {s.travel[a.option]}",
    Exit: lambda s, a: f"leave the page alone, to page {s.outing.exit_page}",
})


def _ability_words(s: State, a: Ability) -> str:
    """``activate Tumble, to B``: the ability card's title and its target in the table's words."""
    words = notation(s, a).split(" ")
    target = f", on {words[2]}" if len(words) > 2 else ""
    return f"activate {table_of(s).abilities[a.card].title}{target}"


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
    "die adds to the difficulty). Lines: dashed costs 1; red, blue or green 1 with cards of its",
    "colour, else 3; solid white is seen through and never crossed; double white blocks both.",
    "Words: c12 a card, 1.2 the first enemy card's second figure, A-H the spaces of the page.",
)


def summary(state: State) -> str:
    """The mission in a few lines for a player at this table: the goal and how it ends first."""
    s = ENGINE.state(state)
    first = (f"Goal: complete the mission of {s.book.title} (the book says when). It fails if every "
             f"character flees at once (going over its time only costs the colony; the engine stops a "
             f"mission after {ROUNDS} rounds). The team wins or loses together.")
    return "\n".join((first, *_RULES))
