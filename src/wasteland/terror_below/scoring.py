"""Victory points, the squad and the ends of the game (the seed's "Fin del juego"; solo [UBG-S]).

20 VP wins at once; a player whose whole squad dies is out and every other player still in owes
one last turn (``final``: a bit per seat), after which the most VP among those still in wins,
then the most bounties completed, else the win is shared. Solo: the scenario's objective wins at
once; 15 Worms (not starters) in the discard or the squad gone loses.
"""

from __future__ import annotations

from wasteland.core.records import put
from wasteland.terror_below.cards import (
    CARRY, CHARACTERS, GEAR, HAND, ITEMS, SOLO_LOSS, WIN_VP, Bounty,
)
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.state import Ending, Phase, Said, State, Work, solo_goal

__all__ = [
    "say", "leader_kind", "hand_limit", "carry_limit", "gain", "finish", "finish_by_standings", "solo_check",
    "draw_gear", "points", "standings", "wears", "solo_lost", "check_win", "solo_count", "worms_lost",
]


def say(w: Work, text: str) -> None:
    w.events.append(Said(text))


def leader_kind(w: Work, p: int) -> str:
    squad = w.squads[p]
    return CHARACTERS[squad[0]].kind if squad else ""


def hand_limit(w: Work, p: int) -> int:
    return HAND + 1 if leader_kind(w, p) == "hand4" else HAND


def carry_limit(w: Work, p: int) -> int:
    return CARRY - 1 if leader_kind(w, p) == "scrapper" else CARRY


def wears(w: Work, p: int, kind: str) -> bool:
    return any(GEAR[g].kind == kind for g in w.worn[p])


def points(bounties: tuple[Bounty, ...], completed: tuple[int, ...], vp: int) -> int:
    """VP tokens plus the points of the bounties completed."""
    return vp + sum(bounties[b].points for b in completed)


def finish(w: Work, winners: tuple[int, ...], ending: Ending, text: str) -> None:
    """The game is over: ``winners`` (may be empty in solo), how it ended."""
    w.phase = Phase.OVER
    w.winners = tuple(winners)
    w.ending = ending.value
    w.stack.clear()
    say(w, text)


def standings(w: Work) -> tuple[tuple[int, ...], bool]:
    """The winners by most VP among the players still in (all, if none is), then most bounties
    completed; and whether the win is shared."""
    n = w.options.players
    alive = [p for p in range(n) if not w.out[p]] or list(range(n))
    score = {p: points(table_of(w).bounties, w.completed[p], w.vp[p]) for p in alive}
    best = max(score.values())
    top = [p for p in alive if score[p] == best]
    most = max(len(w.completed[p]) for p in top)
    top = [p for p in top if len(w.completed[p]) == most]
    return tuple(top), len(top) > 1


def finish_by_standings(w: Work, ending: Ending, why: str) -> None:
    winners, shared = standings(w)
    names = ", ".join(f"player {p}" for p in winners)
    finish(w, winners, Ending.SHARED if shared else ending, f"game over: {why}; {names} win{'' if shared else 's'}"
           f"{' (shared)' if shared else ''}")


def solo_check(w: Work) -> None:
    """Solo: the objective met wins at once."""
    if w.options.players != 1 or w.phase is Phase.OVER:
        return
    if solo_count(w) >= solo_goal(w.options)[1]:
        finish(w, (0,), Ending.SOLO_WON, f"game over: the {w.options.scenario} objective is met; player 0 wins")


def solo_count(s: State | Work) -> int:
    """What a solo game's scenario counts so far (``solo_goal``): seat 0's VP with its bounties
    completed, its eggs delivered or its Worms defeated."""
    counted, _ = solo_goal(s.options)
    if counted == "vp":
        return points(table_of(s).bounties, s.completed[0], s.vp[0])
    return s.delivered[0] if counted == "eggs" else s.kills[0]


def worms_lost(s: State | Work) -> int:
    """The Worms in the discard that are not starters: a solo game is lost at ``SOLO_LOSS``."""
    worms = table_of(s).worms
    return sum(1 for c in s.worm_discard if not worms[c].starter)


def solo_lost(w: Work) -> bool:
    return worms_lost(w) >= SOLO_LOSS


def gain(w: Work, p: int, n: int, why: str) -> None:
    """``p`` takes ``n`` VP tokens (or loses them, never below 0); 20 VP wins at once."""
    w.vp = put(w.vp, p, max(0, w.vp[p] + n))
    say(w, f"player {p} {'gains' if n >= 0 else 'loses'} {abs(n)} VP ({why})")
    check_win(w, p)


def check_win(w: Work, p: int) -> None:
    if w.phase is Phase.OVER:
        return
    if w.options.players == 1:
        solo_check(w)
    elif points(table_of(w).bounties, w.completed[p], w.vp[p]) >= WIN_VP:
        finish(w, (p,), Ending.VP, f"game over: player {p} reaches {WIN_VP} VP and wins")


def draw_gear(w: Work, p: int, weapon: bool) -> None:
    """``p`` draws the top Weapon (or Item); it cannot be used this turn. Nothing if the deck is empty."""
    deck = w.weapon_deck if weapon else w.item_deck
    if not deck:
        say(w, f"player {p} finds the {'Weapon' if weapon else 'Item'} deck empty")
        return
    g = deck[0]
    if weapon:
        w.weapon_deck = deck[1:]
    else:
        w.item_deck = deck[1:]
    w.gear = put(w.gear, p, (*w.gear[p], g))
    w.fresh = put(w.fresh, p, (*w.fresh[p], g))
    say(w, f"player {p} draws {'a Weapon' if g >= len(ITEMS) else 'an Item'}")

