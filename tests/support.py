"""Shared checks for property tests: random legal play and the contract's invariants.

Every game's property tests call :func:`random_playout` with its own extra
invariants (card conservation, bounds, views); the checks here are the ones
every game owes the contract.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Mapping

import pytest

from wasteland.core import codec
from wasteland.core.game import Game, IllegalAction
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS, package_of

Invariant = Callable[[Any], None]

#: The library's own games: those with rules pages, docs pages and example replays (the tests
#: also register a toy game, which has none of these).
LIBRARY_KEYS: tuple[str, ...] = tuple(key for key in GAME_KEYS if package_of(key).startswith("wasteland."))


def check_decider(game: Game[Any, Any], state: Any) -> None:
    """Exactly one decider while running; none, and an outcome, once over."""
    player = game.current_player(state)
    outcome = game.outcome(state)
    if outcome is None:
        assert player is not None, "a running game must name who decides"
        assert 0 <= player < game.num_players(state)
        assert game.legal_actions(state), "a running game must offer at least one action"
    else:
        assert player is None, "a finished game has no decider"
        assert game.legal_actions(state) == ()
        assert all(0 <= w < game.num_players(state) for w in outcome.winners)


def check_round_trip(state: Any) -> str:
    """The state survives JSON and back; returns its canonical text."""
    text = codec.dumps(state)
    again = codec.loads(text)
    assert again == state, "JSON round trip changed the state"
    assert codec.dumps(again) == text
    return text


def random_playout(
    game: Game[Any, Any],
    seed: int,
    options: Mapping[str, Any],
    choice_seed: int,
    *,
    max_steps: int,
    invariants: tuple[Invariant, ...] = (),
    full_checks_every: int = 1,
) -> Any:
    """Play random legal actions from ``new_game(seed, **options)`` until the game ends.

    After every step: one decider, purity (the state before is unchanged),
    determinism (the same action gives an equal state, through ``moves(state).play``
    unchecked and through ``apply``) and the game's own
    ``invariants``; every ``full_checks_every`` steps also the JSON round trip.
    Fails if the game has not ended within ``max_steps``. Returns the final state.
    """
    state = game.new_game(seed, **options)
    pick = Rng.from_seed(choice_seed)
    check_decider(game, state)
    for invariant in invariants:
        invariant(state)
    before_text = check_round_trip(state)
    for step in range(max_steps):
        if game.outcome(state) is not None:
            return state
        legal = game.legal_actions(state)
        listed = game.moves(state)
        assert listed.actions == legal, f"step {step}: moves lists other actions than legal_actions"
        action, pick = pick.choice(legal)
        after = listed.play(listed.actions[legal.index(action)])  # the unchecked path
        assert codec.dumps(state) == before_text, f"step {step}: apply changed its input"
        assert game.apply(state, action) == after, f"step {step}: apply is not deterministic, or not moves' play"
        check_decider(game, after)
        for invariant in invariants:
            invariant(after)
        state = after
        if step % full_checks_every == 0:
            before_text = check_round_trip(state)
        else:
            before_text = codec.dumps(state)
    raise AssertionError(f"the game did not end within {max_steps} steps")


def random_walk(game: Game[Any, Any], state: Any, choice_seed: int, max_steps: int) -> Iterator[Any]:
    """Each table of random legal play from ``state`` (its choices drawn from ``choice_seed``),
    for at most ``max_steps`` decisions or until the game ends: for a test that looks for a
    position random play reaches."""
    pick = Rng.from_seed(choice_seed)
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            return
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
        yield state


def check_v2_step(game: Game[Any, Any], state: Any, seed: int) -> None:
    """The v2 contract at one state: views refuse play, determinize agrees with each view,
    notation and parse are inverse on every legal action, events are text."""
    assert state.viewer is None
    events = game.events(state)
    assert all(isinstance(line, str) and line for line in events)
    if game.outcome(state) is not None:
        return
    legal = game.legal_actions(state)
    for action in legal:
        assert game.parse(state, game.notation(state, action)) == action, f"parse(notation({action!r}))"
    for p in range(game.num_players(state)):
        seen = game.view(state, p)
        assert seen.viewer == p
        try:
            game.legal_actions(seen)
        except IllegalAction:
            pass
        else:
            raise AssertionError("legal_actions accepted a view")
        full = game.determinize(seen, p, seed)
        assert full.viewer is None
        assert game.view(full, p) == seen, "determinize must agree with everything the seat sees"
        check_decider(game, full)


def assert_illegal(game: Game[Any, Any], state: Any, action: Any, *fragments: str) -> IllegalAction:
    """``apply`` refuses ``action`` with IllegalAction whose reason contains each fragment."""
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        message = str(exc).lower()
        for fragment in fragments:
            assert fragment.lower() in message, f"{fragment!r} not in reason {str(exc)!r}"
        return exc
    raise AssertionError(f"{action!r} was accepted")


def played(game: Game[Any, Any], steps: int, seed: int = 3, **options: Any) -> Any:
    """A table of ``game`` after ``steps`` random legal decisions (``seed`` deals and picks)."""
    state = game.new_game(seed, **options)
    pick = Rng.from_seed(seed)
    for _ in range(steps):
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return state


def assert_load_refused(state: Any, change: Callable[[dict[str, Any]], None], message: str) -> None:
    """``state`` reads back from its file as it was; changed by ``change``, it is refused with a
    CodecError of one line that says ``message`` (a regular expression)."""
    assert codec.loads(codec.dumps(state)) == state
    with pytest.raises(codec.CodecError, match=message) as refused:
        load_changed(state, change)
    assert "\n" not in str(refused.value)


def load_changed(state: Any, change: Callable[[dict[str, Any]], None]) -> Any:
    """``state`` written as JSON, changed in place by ``change``, and read back by the codec (which
    may refuse it with CodecError)."""
    doc = json.loads(codec.dumps(state, share=False))
    change(doc)
    return codec.loads(json.dumps(doc))
