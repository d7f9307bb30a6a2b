"""What each player may see: the referee's state against each seat's view.

Plays a few random decisions of a 3-player Arctic Scavengers game, then shows
that every seat sees its own hand but only the size of the others', that no
view carries the random generator, that a view refuses to be played on, and
what a search bot does with a view: ``determinize`` deals the hidden cards
back at random into a full table that agrees with everything the seat knows.
"""

from __future__ import annotations

from wasteland import GAMES, IllegalAction
from wasteland.agents import RandomBot

game = GAMES["arctic_scavengers"]
state = game.new_game(2024, players=3)
bot = RandomBot(seed=1)
for _ in range(12):
    player = game.current_player(state)
    assert player is not None
    state = game.apply(state, bot.choose(game, game.view(state, player), game.legal_actions(state)))

print("The referee's table:\n")
print(game.render(state, None))
for seat in range(game.num_players(state)):
    seen = game.view(state, seat)
    print(f"\n--- seat {seat} sees ---\n")
    print(game.render(seen, seat))
    assert seen.rng != state.rng, "no view carries the generator"

seen = game.view(state, 0)
try:
    game.legal_actions(seen)
except IllegalAction as why:
    print(f"\nA view is not the table: {why}")
guess = game.determinize(seen, 0, seed=7)
assert game.view(guess, 0) == seen, "the guess agrees with everything seat 0 knows"
print("\n--- one table seat 0 cannot tell from the real one (determinize) ---\n")
print(game.render(guess, None))
