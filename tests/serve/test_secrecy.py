"""A seat is sent only what its view holds: matches of every game and player count are played
through the server, and everything each seat receives (its JSON, its drawing, its events, the
last move's words) is the same whatever the cards hidden from it are (the table swapped for
``determinize`` of the seat's view, as the drawing and views tests do), holds no other seat's
token, and (Arctic Scavengers, whose hands are named cards) names no card in another hand
that the seat's view hides."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from wasteland import GAMES
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS
from wasteland.serve.lobby import Limits, Lobby, seat_message
from wasteland.serve.storage import open_storage

#: Each game at its most players (the most that is hidden from each seat).
CASES = [(key, max(GAMES[key].player_counts)) for key in GAME_KEYS]
#: Moves played in each match: enough to deal, draw, dig and fight in every game.
MOVES = 30


def _same_whatever_is_hidden(key: str, state: Any, before: Any, action: Any, seat: int, told: dict[str, Any]) -> None:
    game = GAMES[key]
    for seed in (1,):
        elsewhere = game.determinize(game.view(state, seat), seat, seed)
        earlier = None if before is None else game.determinize(game.view(before, seat), seat, seed)
        assert seat_message(game, elsewhere, seat, earlier, action) == told, (
            f"seat {seat} of {key} was told something that depends on cards hidden from it")


@pytest.mark.parametrize(("key", "players"), CASES, ids=[f"{k}-{n}p" for k, n in CASES])
def test_everything_a_seat_receives_is_made_from_its_view_only(tmp_path: Path, key: str, players: int) -> None:
    game = GAMES[key]
    lobby = Lobby(open_storage(str(tmp_path / "games.sqlite")), limits=Limits(open_matches=100))
    players_option = {"players": players}
    if key == "lucky_seven" and players == 2:
        players_option["variant"] = "cooperative"
    made = lobby.create({"game": key, "options": players_option, "seed": 17}, "here")
    seats = game.num_players(game.new_game(17, **players_option))
    tokens = [lobby.join(made["id"], {"seat": p})["token"] for p in range(seats)]
    pick = Rng.from_seed(players)
    before = action = None
    for number in range(MOVES):
        state = lobby._table(lobby.storage.match(made["id"])).state  # type: ignore[arg-type]
        for p in range(seats):
            told = lobby.seat_view(made["id"], tokens[p])
            text = json.dumps(told)
            assert all(token not in text for token in tokens), "no token is ever sent"
            said = {k: v for k, v in told.items() if k not in ("type", "match", "game", "title", "seat", "seats",
                                                                "number")}
            if number % 10 == 0 or (number % 3 == 0 and p == game.current_player(state)):
                _same_whatever_is_hidden(key, state, before, action, p, said)
            if key == "arctic_scavengers":
                # The cards in other hands that the seat's view hides, less those its own events name
                # (a force revealed in a skirmish, now back in a hand: the seat saw it then).
                seen = game.view(state, p)
                others = {c for q in range(seats) if q != p for c in state.hands[q]} - {
                    c for q in range(seats) for c in seen.hands[q]} - {
                    int(n) for n in re.findall(r"[A-Za-z]#(\d+)\b", " ".join(game.events(seen)))}
                named = {int(n) for n in re.findall(r"[A-Za-z]#(\d+)\b", text)}
                assert not named & others, f"seat {p} was sent the name of a card in another hand"
        if game.outcome(state) is not None:
            break
        mover = game.current_player(state)
        legal = game.legal_actions(state)
        index, pick = pick.below(len(legal))
        lobby.move(made["id"], tokens[mover], {"move": index, "number": number})
        before, action = state, legal[index]
