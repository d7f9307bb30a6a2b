"""The game's own invariants, checked after every step of random play."""

from __future__ import annotations

from typing import Any, Callable

import attrs

from wasteland.arctic_scavengers import (
    GAME, Begin, Commit, Equip, Hire, Keep, Sabotage, Snipe, apply, determinize, legal_actions, notation,
    outcome, parse, returns, view,
)
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import HIDDEN
from wasteland.arctic_scavengers.draw_phase import peeked_card
from wasteland.arctic_scavengers.render import describe, events, render
from wasteland.arctic_scavengers.rules import current_player, illegal_reason
from wasteland.arctic_scavengers.state import (
    HAND_SIZE, TASKS, Declaring, Phase, ResolveSkirmish, SkirmishResolved, State, Task,
)
from wasteland.arctic_scavengers.view import HIDDEN_RNG
from wasteland.core import codec
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng
from tests.support import check_decider

from .tables import card_ids


def expected_ids(state: State) -> list[int]:
    """Every card id of the game's card set, counted from its card types."""
    table = table_of(state)
    ids = [c for ctype in table.types for c in table.ids_of(ctype.key)]
    assert len(ids) == sum(t.count for t in table.types)
    return sorted(ids)


def conservation(state: State) -> None:
    assert card_ids(state) == expected_ids(state), "a card was created or lost"


def bounds(state: State) -> None:
    n = state.options.players
    table = table_of(state)
    for p in range(n):
        played = state.played[p]
        drawable = sum(max(table.base[1][c], 0) + table.bonus[1][c] for c in played)
        assert len(state.hands[p]) + len(played) <= HAND_SIZE + drawable, f"seat {p} holds too many cards"
    assert state.food >= 0 and 0 <= state.turn < n and 0 <= state.initiator < n
    assert state.used < 32
    assert len(state.contested) <= sum(table.is_contested)
    assert all(table.is_contested[c] for c in state.contested), "the contested pile holds a card of another kind"
    if state.phase is Phase.KEEP:
        assert state.dug and state.task is None
    else:
        assert not state.dug
    if state.task is None:
        assert not state.committed and not state.equipped
    else:
        assert set(state.committed) <= set(state.played[state.turn]), "the committed cards lie in the played area"
    assert all(card in state.committed for _, card in state.equipped)
    if state.phase is Phase.SKIRMISH:
        assert state.stack == (ResolveSkirmish(), Declaring(state.turn)), state.stack
    else:
        assert state.stack == (), state.stack
    assert state.viewer is None


def _hide_differently(state: State, p: int, rng: Rng) -> State:
    """A state that differs from ``state`` only in what ``p`` cannot see."""
    n = state.options.players
    revealed = state.phase is Phase.SKIRMISH or state.phase is Phase.OVER
    hands, decks, discards, secrets = list(state.hands), list(state.decks), list(state.discards), list(state.secret)
    played, committed = list(state.played), state.committed
    trashing = state.task is Task.TRASH and state.turn != p
    for q in range(n):
        if q == p:
            deck, rng = rng.shuffle(state.decks[q])
            decks[q] = deck
            continue
        hand = () if revealed else state.hands[q]
        secret_at = [i for i, c in enumerate(state.discards[q]) if c in state.secret[q]]
        trash = state.committed if trashing and q == state.turn else ()
        pool = hand + state.decks[q] + tuple(state.discards[q][i] for i in secret_at) + trash
        pool, rng = rng.shuffle(pool)
        k = len(hand)
        if not revealed:
            hands[q] = pool[:k]
        decks[q] = pool[k:k + len(state.decks[q])]
        moved = pool[k + len(state.decks[q]):len(pool) - len(trash)]
        discard = list(state.discards[q])
        for i, c in zip(secret_at, moved):
            discard[i] = c
        discards[q] = tuple(discard)
        secrets[q] = state.secret[q] | frozenset(moved)
        if trash:
            new_trash = pool[len(pool) - len(trash):]
            swap = dict(zip(trash, new_trash))
            played[q] = tuple(swap.get(c, c) for c in state.played[q])
            committed = new_trash
    junk_pool = state.junkyard + (state.dug if p != state.turn else ())
    junk_pool, rng = rng.shuffle(junk_pool)
    dug = state.dug
    junkyard = junk_pool
    if p != state.turn:
        dug, junkyard = junk_pool[:len(state.dug)], junk_pool[len(state.dug):]
    contested = state.contested
    keep_top = p == state.initiator and peeked_card(state) is not None
    head, tail = (contested[:1], contested[1:]) if keep_top else ((), contested)
    shuffled_tail, rng = rng.shuffle(tail)
    return attrs.evolve(
        state, hands=tuple(hands), decks=tuple(decks), discards=tuple(discards), secret=tuple(secrets),
        played=tuple(played), committed=committed,
        junkyard=junkyard, dug=dug, contested=head + shuffled_tail, rng=Rng(state.rng.key ^ 0xABCDEF, 7),
    )


def views_leak_nothing(state: State) -> None:
    rng = Rng.from_seed(state.rng.counter)
    table = table_of(state)
    for p in range(state.options.players):
        seen = view(state, p)
        assert seen.rng == HIDDEN_RNG and seen.viewer == p
        other = _hide_differently(state, p, rng.fork(p))
        conservation(other)
        assert view(other, p) == seen, f"seat {p}'s view depends on what it cannot see"
        # Events survive the view, one for one, with the prize hidden from all but its winner.
        assert len(seen.events) == len(state.events)
        for mine, real in zip(seen.events, state.events):
            if isinstance(real, SkirmishResolved) and real.winner != p:
                assert mine.prize == HIDDEN and attrs.evolve(real, prize=HIDDEN) == mine  # type: ignore[union-attr]
                assert all(table.name[real.prize] + f"#{real.prize}" not in line for line in events(seen))
            else:
                assert mine == real
        # A Trash under way lies face down for the others.
        if state.task is Task.TRASH and state.turn != p:
            assert set(seen.committed) <= {HIDDEN}
            assert not set(state.committed) & set(seen.played[state.turn])
            for card in state.committed:
                text = describe(seen, Commit(card))
                assert str(card) not in text and table.name[card] not in text


def determinize_keeps_the_view(state: State, play_on: bool = False) -> None:
    """For every seat: a determinized view is a full state with every invariant, the same
    view, and (``play_on``) play goes on from it to the end."""
    for p in range(state.options.players):
        seen = view(state, p)
        full = determinize(seen, p, state.rng.counter + p)
        assert full.viewer is None
        conservation(full)
        bounds(full)
        assert view(full, p) == seen, f"seat {p}: view(determinize(view)) differs from the view"
        assert codec.loads(codec.dumps(full)) == full
        check_decider(GAME, full)  # the decider can go on: its action under way can be finished
        if play_on and p == (state.turn + 1) % state.options.players:
            pick = Rng.from_seed(p)
            while current_player(full) is not None:
                action, pick = pick.choice(legal_actions(full))
                full = apply(full, action)
            assert outcome(full) is not None


def notation_is_inverse(state: State) -> None:
    """Every legal action has a short notation, unique ignoring case, that parse reads back."""
    legal = legal_actions(state)
    written = [notation(state, a) for a in legal]
    assert len({w.casefold() for w in written}) == len(written), written
    for action, text in zip(legal, written):
        assert text == " ".join(text.split()) and 0 < len(text) <= 24, text
        assert parse(state, text) == action
        assert parse(state, "  " + text.upper() + " ") == action
        assert describe(state, action)


def views_refuse_play(state: State) -> None:
    for p in range(state.options.players):
        seen = view(state, p)
        assert current_player(seen) == current_player(state)
        first = legal_actions(state)[0] if legal_actions(state) else None
        for refused in (legal_actions, outcome, returns, lambda s, move=first: apply(s, move),
                        lambda s, seat=p: view(s, seat)):
            try:
                refused(seen)
            except IllegalAction:
                continue
            raise AssertionError(f"a view was accepted by {refused}")
        # parse reads the deciding seat's view as the table (its legal actions are in its view)
        if first is not None and p == current_player(state):
            assert parse(seen, notation(state, first)) == first
        assert render(seen, p) and all(isinstance(line, str) for line in events(seen))


def _mutants(action: Any) -> list[Any]:
    out: list[Any] = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        for new in (-1, 0, 1, 5, 148, 149, 1000, 1200, 3399, None, "x", True, 2.0, 10**5000, Task.DIG):
            if new != value or type(new) is not type(value):
                out.append(attrs.evolve(action, **{field.name: new}))
    return out


def _neighbours(state: State) -> list[Any]:
    """Actions made of the cards on the table now: legal ones and their near misses."""
    cards = sorted({c for zone in state.hands + (state.dug, state.committed) for c in zone})
    mine = state.hands[state.turn] + state.committed
    out: list[Any] = [Begin(t) for t in TASKS] + [Hire(i) for i in range(-1, 9)]
    out += [Commit(c) for c in cards] + [Keep(c) for c in cards]
    out += [Equip(m, q) for m in state.hands[state.turn] for q in mine]
    out += [Sabotage(u, t) for u in state.hands[state.turn] for t in cards]
    out += [Snipe(u, t) for u in state.hands[state.turn] for t in cards]
    return out


GARBAGE: tuple[Any, ...] = (None, 0, "commit", object(), (1, 2), Begin, Commit)


def direct_check_agrees(state: State) -> None:
    """illegal_reason is None exactly for the actions legal_actions lists, also for mutated,
    neighbouring and foreign input; apply accepts and refuses the same."""
    legal = legal_actions(state)
    listed = {codec.dumps(a) for a in legal}
    candidates: list[Any] = list(legal) + list(GARBAGE) + _neighbours(state)
    for action in legal[:3]:
        candidates += _mutants(action)
    for action in candidates:
        reason = illegal_reason(state, action)
        try:
            expected = codec.dumps(action) in listed
        except (codec.CodecError, ValueError):
            expected = False
        assert (reason is None) == expected, f"illegal_reason says {reason!r} for {action!r}"
        assert reason is None or (isinstance(reason, str) and 0 < len(reason) <= 200)
    for action in candidates[:: max(1, len(candidates) // 12)]:
        try:
            apply(state, action)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (illegal_reason(state, action) is None)


def every(k: int, check: Callable[[Any], None]) -> Callable[[Any], None]:
    """``check`` on every ``k``-th state it is given (the first included)."""
    seen = [0]

    def run(state: Any) -> None:
        if seen[0] % k == 0:
            check(state)
        seen[0] += 1
    return run


__all__ = [
    "GAME", "expected_ids", "conservation", "bounds", "views_leak_nothing", "determinize_keeps_the_view",
    "notation_is_inverse", "views_refuse_play", "direct_check_agrees", "every",
]
