"""Shared checks for property tests: random legal play and the contract's invariants.

Every game's property tests call :func:`random_playout` with its own extra invariants (card
conservation, bounds, views); the checks here are the ones every game owes the contract, and
what the generic suite (``wasteland.testing``) runs on every game.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping

from wasteland.core import codec
from wasteland.core.game import Game, IllegalAction
from wasteland.core.rng import Rng

__all__ = ["Invariant", "check_decider", "check_round_trip", "random_playout", "random_walk", "check_v2_step"]

Invariant = Callable[[Any], None]


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
    ``invariants``; every ``full_checks_every`` steps also the JSON round trip and the
    static records (a book, a card set) met so far, each still its first text.
    Fails if the game has not ended within ``max_steps``. Returns the final state.
    """
    state = game.new_game(seed, **options)
    pick = Rng.from_seed(choice_seed)
    check_decider(game, state)
    for invariant in invariants:
        invariant(state)
    check_round_trip(state)
    snapshot = _Snapshots()
    before = snapshot(state)
    for step in range(max_steps):
        if game.outcome(state) is not None:
            return state
        legal = game.legal_actions(state)
        listed = game.moves(state)
        assert listed.actions == legal, f"step {step}: moves lists other actions than legal_actions"
        action, pick = pick.choice(legal)
        after = listed.play(listed.actions[legal.index(action)])  # the unchecked path
        assert snapshot(state) == before, f"step {step}: apply changed its input"
        assert game.apply(state, action) == after, f"step {step}: apply is not deterministic, or not moves' play"
        check_decider(game, after)
        for invariant in invariants:
            invariant(after)
        state = after
        if step % full_checks_every == 0:
            snapshot.check_static(step)
            check_round_trip(state)
        before = snapshot(state)
    raise AssertionError(f"the game did not end within {max_steps} steps")


class _Snapshots:
    """A state's encoding (``codec.encode``: new dicts and lists, so a later change to the state
    leaves it as it was) with each static record (a book, a card set: the same object in every
    state of a game) encoded once for the whole game and named where it stands, as
    ``codec.dumps`` names it in its table: what purity compares step by step, without encoding the
    unchanged book again at every step. :meth:`check_static` writes each record met again in
    full, so that a change made to one in place is still found."""

    def __init__(self) -> None:
        self.table: dict[int, tuple[str, str, Any]] = {}

    def __call__(self, state: Any) -> Any:
        return codec.encode(state, self.table)

    def check_static(self, step: int) -> None:
        for _, first, record in self.table.values():
            assert codec.dumps(record, share=False) == first, f"step {step}: a static record was changed in place"


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
