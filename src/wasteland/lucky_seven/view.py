"""What a player may see, and a table drawn at random among those that fit what they see.

Everything of The Lucky Seven lies face up except the order of the threat
decks, and the random generator, which would tell the future. A view shows
each deck in card id order (its contents are known: every other card is in
sight) and carries a fixed placeholder generator; both seats of a 2-player
game see the same. The map numbers were dealt face up and then flipped down;
the player saw them and they matter for nothing after setup, so the view
keeps them (*design*). The events tell only what everyone saw happen, so a
view keeps them whole.

``determinize(view, player, seed)`` shuffles each deck with the generator of
``seed`` and gives the table a generator drawn from the same stream: every
order of the decks is as likely as it is to the player.
"""

from __future__ import annotations

from wasteland.core.game import IllegalAction, check_viewer, short
from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.lucky_seven.state import State

__all__ = ["view", "determinize", "HIDDEN_RNG"]

#: The generator every view carries in place of the real one.
HIDDEN_RNG = Rng(key=0, counter=0)


def _state(state: object) -> State:
    if type(state) is not State:
        raise IllegalAction(f"not a Lucky Seven state: {short(state)}")
    return state


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it: each threat deck in id order, the Rng replaced, ``viewer``
    set. IllegalAction for a seat not at the table, or a state that is already a view."""
    _state(state)
    if state.viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: a view is made from the table")
    seat = check_viewer(player, state.options.players)
    return replace(state, decks=tuple(tuple(sorted(deck)) for deck in state.decks), rng=HIDDEN_RNG, viewer=seat)


def determinize(view: State, player: int, seed: int) -> State:
    """A table consistent with everything ``player`` sees in ``view``: the decks shuffled and
    a generator drawn from ``seed``. IllegalAction unless ``view`` is ``player``'s view."""
    _state(view)
    seat = check_viewer(player, view.options.players)
    if view.viewer != seat:
        whose = "the table" if view.viewer is None else f"player {view.viewer}'s view"
        raise IllegalAction(f"determinize needs player {seat}'s view, got {whose}")
    if type(seed) is not int:
        raise IllegalAction(f"seed must be an int, got {short(seed)}")
    rng = Rng.from_seed(seed)
    decks = []
    for deck in view.decks:
        shuffled, rng = rng.shuffle(deck)
        decks.append(shuffled)
    return replace(view, decks=tuple(decks), rng=rng.fork(1), viewer=None)
