"""Salvage in words and as a drawing, as a seat sees it (or the referee)."""

from __future__ import annotations

from wasteland_salvage.actions import Discard
from wasteland_salvage.cards import HIDDEN, VALUES
from wasteland_salvage.rules import ENGINE, outcome, score
from wasteland_salvage.state import Drew, Event, Phase, State
from wasteland_salvage.view import view
from wasteland.core.game import describer, seen_by
from wasteland.core.svg import PALETTE, Drawing

__all__ = ["render", "svg", "describe", "events", "summary"]


def _card(card: int) -> str:
    return "??" if card == HIDDEN else f"#{card}={VALUES[card]}"


def _event(e: Event) -> str:
    if type(e) is Drew:
        return f"player {e.player} drew {'a card' if e.card == HIDDEN else _card(e.card)}"
    return f"player {e.player} discarded {_card(e.card)}"


def events(state: State) -> tuple[str, ...]:
    """What happened since the last decision, in words."""
    return tuple(_event(e) for e in ENGINE.state(state).events)


def render(state: State, player: int | None = None) -> str:
    """The table in text, as ``player`` sees it (None: as the state stands)."""
    shown = seen_by(ENGINE.state(state), player, view)
    lines = [f"Salvage: keep the highest two cards. Deck: {len(shown.deck)} left. "
             f"Discard: {' '.join(_card(c) for c in shown.discard) or 'empty'}"]
    for p, hand in enumerate(shown.hands):
        known = HIDDEN not in hand
        total = f" (worth {score(shown, p)})" if known else ""
        turn = "  <- to play" if p == shown.active and shown.phase is Phase.PLAY else ""
        lines.append(f"player {p}: {' '.join(_card(c) for c in hand)}{total}{turn}")
    lines.extend(_event(e) for e in shown.events)
    if shown.phase is Phase.OVER and shown.viewer is None:
        result = outcome(shown)
        if result is not None:
            lines.append(f"game over: {result.reason}")
    elif shown.phase is Phase.OVER:
        lines.append("game over")
    return "\n".join(lines)


def svg(state: State, player: int | None = None) -> str:
    """The table as an SVG drawing, as ``player`` sees it."""
    shown = seen_by(ENGINE.state(state), player, view)
    d = Drawing(title="Salvage" + ("" if shown.viewer is None else f", player {shown.viewer}'s view"))
    d.text(12, 20, f"Salvage: keep the highest two cards. Deck: {len(shown.deck)} cards"
           + (" · game over" if shown.phase is Phase.OVER else ""), size=14, bold=True)
    d.text(12, 50, "Discard:", size=12)
    for i, c in enumerate(shown.discard):
        d.card(90 + 40 * i, 30, 34, 40, title=str(VALUES[c]), lines=(f"#{c}",), dim=True)
    for p, hand in enumerate(shown.hands):
        y = 90 + 70 * p
        d.text(12, y + 30, f"player {p}", size=12)
        for i, c in enumerate(hand):
            if c == HIDDEN:
                d.card(90 + 60 * i, y, 50, 60, title="?", face_down=True)
            else:
                d.card(90 + 60 * i, y, 50, 60, title=str(VALUES[c]), lines=(f"#{c}",), fill=PALETTE["gold"])
    below = d.bottom + 24
    for line in [*(_event(e) for e in shown.events), "Keep the highest two cards: on your turn draw one, discard one."]:
        d.text(12, below, line, size=12)
        below += 18
    return d.svg()


_describe = describer({Discard: lambda state, a: f"discard {_card(a.card)}"})


def describe(state: State, action: object) -> str:
    """A few words on ``action`` for a person, as the reader of ``state`` may know it."""
    return _describe(ENGINE.state(state), action)


def summary(state: State) -> str:
    """The rules in short, the goal first."""
    players = ENGINE.state(state).options.players
    return "\n".join([
        f"Goal: hold the highest two cards when the deck runs out ({players} players; a tie shares the win).",
        "A turn: you draw a card, then discard one of your three face up (dN discards card N).",
        "Cards: #N=V is card N, worth V; ?? is a card you may not see.",
    ])
