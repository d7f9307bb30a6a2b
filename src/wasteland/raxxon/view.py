"""What a player may see, and a table drawn at random among those that fit what they see.

Hidden from every player: the face-down crowd cards (but those a player looked
at, which that player sees, and with the ``table_talk`` option the whole team),
the population draw pile and the infection supply (their order and which cards
lie where), the order of the Raxxon draw pile, and the random generator.
Everything else lies face up: the discard, the evacuation pile, the quarantines,
the Raxxon piles beside the draw pile, the power track, every sheet and its
tokens, and which cells each player has looked at.

A view puts ``HIDDEN`` in every place whose card the seat cannot tell, and the
cards it cannot place, sorted, in ``unknown``; the Raxxon draw pile is sorted;
another seat's ``Looked`` events lose their card (not with ``table_talk``).
``determinize`` deals the unknown cards back at random: infected ones to the
supply (it holds only infected cards), the rest to the hidden crowd cells and
the draw pile.

``observe(view)`` is the seat's view as ``OBSERVATION_SIZE`` floats (the layout
is in docs/rules/raxxon.md).
"""

from __future__ import annotations

from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state
from wasteland.core.observation import FloatBuffer, Layout, Observer, layout
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import POWER_LIMIT
from wasteland.raxxon.loaded import check_view_content
from wasteland.raxxon.state import CELLS, EMPTY, HIDDEN, KINDS, Ask, Looked, Phase, State

__all__ = ["view", "determinize", "HIDDEN_RNG", "observation_size", "observe", "OBSERVATION_SIZE", "LAYOUT",
           "CELL_LAYOUT", "SEAT_LAYOUT"]

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
    talk = state.options.table_talk
    events = tuple(Looked(e.player, e.cell, HIDDEN) if type(e) is Looked and e.player != seat and not talk else e
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

#: The numbers of one crowd cell (the ``crowd`` section is one of these per cell).
CELL_LAYOUT = layout(
    ("card", 1, "a card lies here"),
    ("face_up", 1, "it is face up"),
    ("seen_by_me", 1, "the viewer has looked at it"),
    ("seen_by_other", 1, "another seat has looked at it"),
    ("type", 9, "its type, one-hot, when the viewer knows it"),
)
#: The numbers of one seat (the ``seats`` section is one of these per seat, the viewer first).
SEAT_LAYOUT = layout(
    ("at_table", 1, "the seat is at the table"),
    ("me", 1, "it is the viewer's"),
    ("active", 1, "it is the active seat"),
    ("passed", 1, "it has passed"),
    ("character", 6, "its character, one-hot"),
    ("tokens", 3, "tokens on its actions 1-3"),
)
#: The observation's sections: the same for every table.
LAYOUT = layout(
    ("day", 1, "the day"),
    ("power", 1, "power / 8"),
    ("piles", 10, "sizes of draw, supply, discard, evacuated, contained, uncontained, Raxxon draw, "
                           "triggered, untriggered, removed"),
    ("over", 1, "the game is over"),
    ("stage", 3, "stage, one-hot (start, choose, done)"),
    ("my_decision", 1, "the viewer decides now"),
    ("pending", len(KINDS), "the pending step's kind, one-hot (`state.KINDS`)"),
    ("pending_count", 1, "its count"),
    ("crowd", CELLS * CELL_LAYOUT.size, "per crowd cell, 13 numbers (the cell table)"),
    ("seats", 4 * SEAT_LAYOUT.size, "per seat, the viewer first, 13 numbers (the seat table)"),
    ("face_up_types", 9, "type counts face up in the crowd"),
    ("discard_types", 9, "type counts in the discard"),
    ("evacuated_types", 9, "type counts evacuated"),
    ("contained_types", 9, "type counts contained"),
    ("uncontained_types", 9, "type counts uncontained"),
)
OBSERVATION_SIZE = LAYOUT.size
_S = LAYOUT.start
_CELL, _SEAT = CELL_LAYOUT.size, SEAT_LAYOUT.size
_C, _P = CELL_LAYOUT.start, SEAT_LAYOUT.start


def observation_size(state: State) -> int:
    """The length of ``observe``'s vector: the same for every table."""
    _state(state)
    return OBSERVATION_SIZE


def _layout(state: State) -> Layout:
    _state(state)
    return LAYOUT


def _viewer(state: State) -> int | None:
    return state.viewer


def _seats(state: State) -> int:
    return state.options.players


#: Where the numbers lie (the layout is the same for every table): each crowd cell's ``card``
#: flag (the cell's other numbers follow at the offsets of CELL_LAYOUT), each pile's size,
#: each seat's block.
_CROWD_AT = tuple(_S["crowd"] + cell * _CELL for cell in range(CELLS))
_FACE_UP, _SEEN_BY_ME, _SEEN_BY_OTHER, _TYPE = _C["face_up"], _C["seen_by_me"], _C["seen_by_other"], _C["type"]
_PILES_AT = _S["piles"]
_SEAT_AT = tuple(_S["seats"] + position * _SEAT for position in range(4))
#: For ``n`` players and the viewer ``seat``: each seat from the viewer's on, with where its
#: block starts (``_SEATS_FROM[n][seat]``).
_SEATS_FROM = tuple(tuple(tuple(((seat + position) % n, _SEAT_AT[position]) for position in range(n))
                          for seat in range(n)) for n in range(5))
_ME, _ACTIVE, _PASSED, _CHARACTER, _TOKENS = (_P["me"], _P["active"], _P["passed"], _P["character"],
                                               _P["tokens"])
_DAY, _POWER, _OVER, _STAGE, _MY_DECISION, _PENDING, _PENDING_COUNT = (
    _S[name] for name in ("day", "power", "over", "stage", "my_decision", "pending", "pending_count"))
_TYPE_GROUPS_AT = tuple(_S[name] for name in ("face_up_types", "discard_types", "evacuated_types",
                                              "contained_types", "uncontained_types"))


def _write(view: State, seat: int, shape: Layout, out: FloatBuffer) -> None:
    """Everything ``seat`` sees, section by section. ``view`` is the seat's view or the table:
    a crowd card counts as known only when it is face up or the seat looked at it (the rule
    of :func:`view`), and the hidden piles only by their sizes, so both give the same numbers.
    Only the numbers that are not zero are written (the buffer starts at zero)."""
    kind = table_of(view).kind
    _write_table(view, seat, out)
    _write_crowd(view, seat, out, kind)
    _write_seats(view, seat, out)
    groups = (view.face_up, view.discard, view.evacuated, view.contained, view.uncontained)
    for at, group in zip(_TYPE_GROUPS_AT, groups):
        for card in group:
            out[at + kind[card]] += 1.0


def _write_table(view: State, seat: int, out: FloatBuffer) -> None:
    """The day, the power, the piles' sizes, the end, the stage and the decision waiting."""
    if view.day:
        out[_DAY] = float(view.day)
    if view.power:
        out[_POWER] = view.power / POWER_LIMIT
    at = _PILES_AT
    for pile in (view.draw, view.supply, view.discard, view.evacuated, view.contained, view.uncontained,
                 view.raxxon_draw, view.triggered, view.untriggered, view.removed):
        if pile:
            out[at] = float(len(pile))
        at += 1
    over = view.phase is Phase.OVER
    if over:
        out[_OVER] = 1.0
    out[_STAGE + view.stage] = 1.0
    if not over and view.active == seat:
        out[_MY_DECISION] = 1.0
    if view.stack:
        top = view.stack[-1]
        if type(top) is Ask:
            out[_PENDING + top.kind] = 1.0
            out[_PENDING_COUNT] = float(top.count)


def _write_crowd(view: State, seat: int, out: FloatBuffer, kind: tuple[int, ...]) -> None:
    """Each crowd cell: a card, face up, seen by this seat or another, its type where known.
    One pass over the cells for the cards and the face-up ones, then the few cells looked at."""
    crowd, face_up = view.crowd, view.face_up
    for base, card in zip(_CROWD_AT, crowd):
        if card != EMPTY:
            out[base] = 1.0
            if card in face_up:  # never HIDDEN: a face-up card is seen by all
                out[base + _FACE_UP] = 1.0
                out[base + _TYPE + kind[card]] = 1.0
    for p, looked in enumerate(view.seen):
        if p == seat:
            for cell in looked:
                card = crowd[cell]
                if card >= 0:  # not EMPTY, not HIDDEN
                    base = _CROWD_AT[cell]
                    out[base + _SEEN_BY_ME] = 1.0
                    out[base + _TYPE + kind[card]] = 1.0
        else:
            for cell in looked:
                if crowd[cell] != EMPTY:
                    out[_CROWD_AT[cell] + _SEEN_BY_OTHER] = 1.0


def _write_seats(view: State, seat: int, out: FloatBuffer) -> None:
    """Each seat from this one on: at the table, active, passed, its character and tokens."""
    active, passed, characters, tokens = view.active, view.passed, view.characters, view.tokens
    for p, base in _SEATS_FROM[view.options.players][seat]:
        out[base] = 1.0  # at_table
        if p == active:
            out[base + _ACTIVE] = 1.0
        if p in passed:
            out[base + _PASSED] = 1.0
        out[base + _CHARACTER + characters[p]] = 1.0
        for k, count in enumerate(tokens[p][:3]):
            if count:
                out[base + _TOKENS + k] = float(count)
    out[_SEAT_AT[0] + _ME] = 1.0


#: ``observe(view)``: everything ``view.viewer`` sees, as ``OBSERVATION_SIZE`` floats (the
#: sections are in docs/rules/raxxon.md); ``observe.into(view, out)`` writes them into a zeroed
#: buffer, ``observe.seat_into(table, seat, out)`` the same without the view. IllegalAction for
#: the table.
observe: Observer[State] = Observer(_layout, _viewer, _seats, _write)
