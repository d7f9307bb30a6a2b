"""Playing on until somebody must decide: the driver that runs a working copy.

After a decision a game often has work that needs nobody: deal threats, resolve
a counter-attack and end the turn, reveal the forces and fight, run a worm's
attack, resolve a chain of card effects. Every game does that work the same way,
inside the engine's ``apply`` (:mod:`wasteland.core.engine`):

1. the action's rule changes the **working copy** of the state (the game's
   ``Work``, a typed, mutable twin of its State) and may push **effects** on
   its ``stack`` (small records: "counter-attack", "resolve the skirmish");
2. :meth:`Driver.run` plays on: it resolves the effect on top of the stack
   (its handler may change the table, draw from ``work.rng``, record events and
   push more effects); a record on the stack that is not an effect is a
   **pending decision** and stops the run; when the stack is empty it asks
   the game's ``advance`` for the next automatic step of its phase, until
   ``advance`` says somebody must decide;
3. ``work.finish()`` makes the new frozen state.

The stack is the table's own field (``stack``, top last), so a pending
decision or an unfinished chain of effects is part of the state: it is saved,
shown and replayed like everything else (in the spirit of TAG's extended
action sequences). The working copy carries the ``Rng`` like any other field,
so automatic steps shuffle and draw as freely as decisions do.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Mapping, Protocol, TypeVar

__all__ = ["Staged", "Driver", "RulesLoop"]

W = TypeVar("W", bound="Staged")


class RulesLoop(RuntimeError):
    """The driver took more automatic steps than any game needs: a bug in a game's rules."""


class Staged(Protocol):
    """A working copy the driver can run: the pending effects and decisions, top last."""

    stack: list[Any]


class Driver(Generic[W]):
    """Plays a working copy on until somebody must decide.

    ``effects`` maps each effect record's class to its handler ``(work, effect)``;
    ``advance(work)`` takes the next automatic step of the phase when the stack
    is empty and returns True, or returns False when somebody must decide (or
    the game is over). ``limit`` bounds the steps of one run: a game needs far
    fewer, so passing it is a bug in the rules, not a long game.
    """

    def __init__(
        self,
        *,
        effects: Mapping[type, Callable[[W, Any], None]],
        advance: Callable[[W], bool],
        limit: int = 100_000,
    ) -> None:
        self.effects = dict(effects)
        self.advance = advance
        self.limit = limit

    def run(self, work: W) -> None:
        """Resolve effects and automatic steps until a decision is pending or nobody has one to make."""
        effects, advance = self.effects, self.advance
        stack: list[Any] = work.stack
        for _ in range(self.limit):
            if stack:
                handler = effects.get(type(stack[-1]))
                if handler is None:
                    return  # a pending decision waits on top of the stack
                handler(work, stack.pop())
                stack = work.stack  # a handler may have replaced the list
            elif not advance(work):
                return
        raise RulesLoop(f"the rules took more than {self.limit} automatic steps without a decision")
