"""What a player may see, and a table drawn at random among those that fit what they see.

Hidden from every player: the face-down crowd cards (but those a player looked
at, which that player sees), the population draw pile and the infection supply
(their order and which cards lie where), the order of the Raxxon draw pile, and
the random generator. Everything else lies face up: the discard, the
evacuation pile, the quarantines, the Raxxon piles beside the draw pile, the
power track, every sheet and its tokens, and which cells each player has
looked at.

A view puts ``HIDDEN`` in every place whose card the seat cannot tell, and the
cards it cannot place, sorted, in ``unknown``; the Raxxon draw pile is sorted;
another seat's ``Looked`` events lose their card. ``determinize`` deals the
unknown cards back at random: infected ones to the supply (it holds only
infected cards), the rest to the hidden crowd cells and the draw pile.

``observe(view)`` is the seat's view as ``OBSERVATION_SIZE`` floats (the layout
is in docs/rules/raxxon.md).
"""

from __future__ import annotations

from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import POWER_LIMIT
from wasteland.raxxon.state import CELLS, EMPTY, HIDDEN, KINDS, Ask, Looked, Phase, State, check_view_content

__all__ = ["view", "determinize", "HIDDEN_RNG", "observation_size", "observe", "OBSERVATION_SIZE",
           "GLOBAL_FEATURES", "CELL_FEATURES", "SEAT_FEATURES", "PILE_FEATURES"]

def _state(state: object) -> State:
    return need_state(state, State, "a Raxxon")


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it (see the module's text). IllegalAction for a seat not at
    the table, or a state that is already a view."""
    _state(state)
    if state.viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: a view is made from the table")
    seat = check_viewer(player, state.options.players)
    up, mine = state.face_up, state.seen[seat]
    crowd = list(state.crowd)
    unknown = list(state.draw) + list(state.supply)
    for cell, card in enumerate(crowd):
        if card != EMPTY and card not in up and cell not in mine:
            unknown.append(card)
            crowd[cell] = HIDDEN
    events = tuple(Looked(e.player, e.cell, HIDDEN) if type(e) is Looked and e.player != seat else e
                   for e in state.events)
    return replace(
        state, crowd=tuple(crowd), draw=(HIDDEN,) * len(state.draw), supply=(HIDDEN,) * len(state.supply),
        unknown=tuple(sorted(unknown)), raxxon_draw=tuple(sorted(state.raxxon_draw)), events=events,
        rng=HIDDEN_RNG, viewer=seat,
    )


def determinize(view: State, player: int, seed: int) -> State:
    """A table consistent with everything ``player`` sees in ``view``: the unknown cards dealt
    at random (infected first to the supply), the Raxxon draw pile shuffled, a generator from
    ``seed``. IllegalAction unless ``view`` is ``player``'s view, as ``view`` makes it."""
    check_determinize(_state(view), player, seed)
    try:
        check_view_content(view)
    except ValueError as why:
        raise IllegalAction(f"no table gives this view: {why}") from None
    rng = Rng.from_seed(seed)
    pool, rng = rng.shuffle(view.unknown)
    healthy = table_of(view).healthy
    supply: list[int] = []
    rest: list[int] = []
    for card in pool:
        if len(supply) < len(view.supply) and not healthy[card]:
            supply.append(card)
        else:
            rest.append(card)
    crowd = list(view.crowd)
    for cell, card in enumerate(crowd):
        if card == HIDDEN:
            crowd[cell] = rest.pop()
    deck, rng = rng.shuffle(view.raxxon_draw)
    return replace(view, crowd=tuple(crowd), draw=tuple(rest), supply=tuple(supply), unknown=(),
                   raxxon_draw=deck, rng=rng.fork(1), viewer=None)


# -- the observation vector ----------------------------------------------------------------------

#: day, power / 8, pile sizes (draw, supply, discard, evacuated, contained, uncontained, Raxxon
#: draw, triggered, untriggered, removed), over, stage (3), my decision, pending kind (17), its count.
GLOBAL_FEATURES = 2 + 10 + 1 + 3 + 1 + len(KINDS) + 1
#: per crowd cell: a card, face up, seen by me, seen by another seat, its type (9) when I know it.
CELL_FEATURES = 4 + 9
#: per seat (4, mine first): at the table, me, active, passed, character (6), tokens on actions 1-3.
SEAT_FEATURES = 4 + 6 + 3
#: the types (9) face up in the crowd, in the discard, evacuated, contained, uncontained.
PILE_FEATURES = 5 * 9
OBSERVATION_SIZE = GLOBAL_FEATURES + CELLS * CELL_FEATURES + 4 * SEAT_FEATURES + PILE_FEATURES


def observation_size(state: State) -> int:
    """The length of ``observe``'s vector: the same for every table."""
    _state(state)
    return OBSERVATION_SIZE


def observe(view: State) -> tuple[float, ...]:
    """Everything ``view.viewer`` sees, as ``OBSERVATION_SIZE`` floats; IllegalAction for the table."""
    _state(view)
    seat = view.viewer
    if seat is None:
        raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
    kind = table_of(view).kind
    out = [0.0] * OBSERVATION_SIZE
    out[0] = float(view.day)
    out[1] = view.power / POWER_LIMIT
    for i, pile in enumerate((view.draw, view.supply, view.discard, view.evacuated, view.contained,
                              view.uncontained, view.raxxon_draw, view.triggered, view.untriggered, view.removed)):
        out[2 + i] = float(len(pile))
    out[12] = float(view.phase is Phase.OVER)
    out[13 + view.stage] = 1.0
    out[16] = float(view.phase is not Phase.OVER and view.active == seat)
    top = view.stack[-1] if view.stack else None
    if type(top) is Ask:
        out[17 + top.kind] = 1.0
        out[17 + len(KINDS)] = float(top.count)
    at = GLOBAL_FEATURES
    others = frozenset().union(*(s for p, s in enumerate(view.seen) if p != seat))
    for cell, card in enumerate(view.crowd):
        base = at + cell * CELL_FEATURES
        if card == EMPTY:
            continue
        out[base] = 1.0
        out[base + 3] = float(cell in others)
        if card == HIDDEN:
            continue
        out[base + 1] = float(card in view.face_up)
        out[base + 2] = float(cell in view.seen[seat])
        out[base + 4 + kind[card]] = 1.0
    at += CELLS * CELL_FEATURES
    n = view.options.players
    for position in range(n):
        p = (seat + position) % n
        base = at + position * SEAT_FEATURES
        out[base] = 1.0
        out[base + 1] = float(p == seat)
        out[base + 2] = float(p == view.active)
        out[base + 3] = float(p in view.passed)
        out[base + 4 + view.characters[p]] = 1.0
        for k, tokens in enumerate(view.tokens[p][:3]):
            out[base + 10 + k] = float(tokens)
    at += 4 * SEAT_FEATURES
    piles: tuple[frozenset[int] | tuple[int, ...], ...] = (
        view.face_up, view.discard, view.evacuated, view.contained, view.uncontained)
    for i, group in enumerate(piles):
        for card in group:
            out[at + i * 9 + kind[card]] += 1.0
    return tuple(out)
