"""The game server through Starlette's test client: the lobby, seats and their tokens, moves
over HTTP and WebSockets, bots on the server, replays, and one clear error for anything wrong."""

from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import anyio
import pytest
from starlette.testclient import TestClient

from wasteland import replay as replays
from wasteland.registry import GAME_KEYS
from wasteland.serve.app import create_app
from wasteland.serve.lobby import Limits, Lobby, Refused, token_hash
from wasteland.serve.storage import open_storage

#: Limits no test reaches by accident (the limits' own tests set theirs).
WIDE = Limits(rate=1e6, burst=10**6, open_matches=1000, connections=1000)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(open_storage(str(tmp_path / "games.sqlite")), bot_seconds=0.05, limits=WIDE, poll=0.1,
                     replays_folder=tmp_path)
    with TestClient(app) as made:
        yield made


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _make(client: TestClient, game: str = "arctic_scavengers", seats: list[str] | None = None, seed: int = 5,
          **options: Any) -> dict[str, Any]:
    seats = seats or ["human", "human"]
    body = {"game": game, "options": {"players": len(seats), **options}, "seats": seats, "seed": seed}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def _join(client: TestClient, match: str, seat: int) -> str:
    answer = client.post(f"/api/matches/{match}/join", json={"seat": seat})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["token"])


def _seat(client: TestClient, match: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match}/seat", headers=_bearer(token))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def _wait(check: Any, seconds: float = 20.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_the_lobby_lists_every_registered_game_with_its_options_and_bots(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert [g["key"] for g in games] == list(GAME_KEYS) and "salvage" in GAME_KEYS
    lucky = games[0]
    assert lucky["players"] == [1, 2] and {"name": "variant", "default": "solo"} in lucky["options"]
    assert lucky["bots"] == ["random", "heuristic", "lookahead", "flat", "ismcts"], "its own lookahead bot too"
    assert games[-1]["bots"] == ["random", "heuristic", "flat", "ismcts"], "the example game brings its own"


def test_a_seat_s_token_is_given_once_and_kept_only_as_its_hash(client: TestClient, tmp_path: Path) -> None:
    made = _make(client)
    assert [s["taken"] for s in made["seats"]] == [False, False]
    token = _join(client, made["id"], 0)
    assert len(token) >= 32
    again = client.post(f"/api/matches/{made['id']}/join", json={"seat": 0})
    assert again.status_code == 409 and again.json() == {"error": "seat 0 is taken"}
    shown = [client.get("/api/matches").text, client.get(f"/api/matches/{made['id']}").text,
             json.dumps(_seat(client, made["id"], _join(client, made["id"], 1)))]
    assert all(token not in text and token_hash(token) not in text for text in shown)
    stored = (tmp_path / "games.sqlite").read_bytes() + (tmp_path / "games.sqlite-wal").read_bytes()
    assert token.encode() not in stored and token_hash(token).encode() in stored
    assert client.get(f"/api/matches/{made['id']}").json()["seats"][0]["taken"] is True


def test_leaving_frees_the_seat_for_someone_else(client: TestClient) -> None:
    made = _make(client)
    token = _join(client, made["id"], 0)
    left = client.post(f"/api/matches/{made['id']}/leave", headers=_bearer(token))
    assert left.json() == {"match": made["id"], "seat": 0, "left": True}
    assert client.get(f"/api/matches/{made['id']}/seat", headers=_bearer(token)).status_code == 403
    assert client.post(f"/api/matches/{made['id']}/leave", headers=_bearer(token)).status_code == 403
    assert _join(client, made["id"], 0) != token


BAD_MATCHES = [
    (b"{", "the body is not valid JSON"),
    (b"[" * 40 + b"]" * 40, "nests deeper than 32 levels"),
    (b'{"game": "raxxon", "game": "raxxon"}', "not valid JSON"),
    (b'"raxxon"', "the body must be a JSON object"),
    (b'{"game": "chess"}', "game must be one of"),
    (b'{"game": ["raxxon"]}', "game must be one of"),
    (b'{"game": "raxxon", "colour": "red"}', "unknown field 'colour'"),
    (b'{"game": "raxxon", "options": []}', "options must be an object"),
    (b'{"game": "raxxon", "options": {"players": 9}}', "cannot start raxxon: players must be one of"),
    (b'{"game": "raxxon", "options": {"players": true}}', "cannot start raxxon"),
    (b'{"game": "raxxon", "options": {"sauce": 1}}', "cannot start raxxon"),
    (b'{"game": "raxxon", "seed": -1}', "seed must be an integer"),
    (b'{"game": "raxxon", "seed": 1.5}', "seed must be an integer"),
    (b'{"game": "raxxon", "seed": 99999999999999999999}', "seed must be an integer"),
    (b'{"game": "raxxon", "seats": ["human", "human"]}', "seats must be a list of 1"),
    (b'{"game": "raxxon", "seats": ["wizard"]}', "seat 0: unknown bot 'wizard'"),
    (b'{"game": "raxxon", "seats": [7]}', "seat 0 must be 'human' or a bot name"),
    (b"\xff\xfe", "not UTF-8"),
]


@pytest.mark.parametrize(("body", "said"), BAD_MATCHES, ids=[b.decode("latin-1")[:30] for b, _ in BAD_MATCHES])
def test_a_malformed_match_gets_one_clear_error_and_makes_nothing(client: TestClient, body: bytes,
                                                                 said: str) -> None:
    answer = client.post("/api/matches", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert said in error and "\n" not in error and len(error) < 400
    assert client.get("/api/matches").json()["matches"] == []


def test_a_body_too_large_is_refused_before_it_is_read(client: TestClient) -> None:
    answer = client.post("/api/matches", content=b'{"game": "' + b"x" * 70_000 + b'"}')
    assert answer.status_code == 413 and "larger than 65536 bytes" in answer.json()["error"]


def test_unknown_matches_and_missing_tokens_are_refused_without_detail(client: TestClient) -> None:
    made = _make(client)
    assert client.get("/api/matches/nope").json() == {"error": "no such match"}
    assert client.get("/api/matches/" + "x" * 300).status_code == 404
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic abc"},
                    {"Authorization": "Bearer " + "x" * 5000}):
        answer = client.get(f"/api/matches/{made['id']}/seat", headers=headers)
        assert answer.status_code == 403 and "token" in answer.json()["error"]
    assert client.post(f"/api/matches/{made['id']}/join", json={"seat": 2}).status_code == 400
    assert client.post(f"/api/matches/{made['id']}/join", json={"seat": True}).status_code == 400


def test_moves_by_the_wrong_seat_stale_replayed_or_illegal_change_nothing(client: TestClient) -> None:
    made = _make(client)
    tokens = [_join(client, made["id"], 0), _join(client, made["id"], 1)]
    view = _seat(client, made["id"], tokens[0])
    mover = view["turn"]
    other = 1 - mover
    move = f"/api/matches/{made['id']}/move"
    refused = [
        (tokens[other], {"move": 0, "number": 0}, 409, f"it is seat {mover}'s turn, not yours"),
        (tokens[mover], {"move": 0, "number": 3}, 409, "stale"),
        (tokens[mover], {"move": 0}, 400, "number must be the number of moves played"),
        (tokens[mover], {"move": 99, "number": 0}, 400, "is not the index of a legal action"),
        (tokens[mover], {"move": -1, "number": 0}, 400, "is not the index of a legal action"),
        (tokens[mover], {"move": True, "number": 0}, 400, "move must be the index"),
        (tokens[mover], {"move": "fly away", "number": 0}, 400, "illegal move: 'fly away' names no legal action"),
        (tokens[mover], {"move": "x" * 201, "number": 0}, 400, "move must be the index"),
        (tokens[mover], {"move": 0, "number": 0, "extra": 1}, 400, "unknown field 'extra'"),
        ("not-a-token", {"move": 0, "number": 0}, 403, "holds no seat"),
    ]
    for token, body, status, said in refused:
        answer = client.post(move, json=body, headers=_bearer(token))
        assert (answer.status_code, said in answer.json()["error"]) == (status, True), answer.text
    assert _seat(client, made["id"], tokens[0])["number"] == 0, "nothing was played"
    notation = view["legal"][1]["notation"] if view["your_turn"] else _seat(client, made["id"], tokens[mover])[
        "legal"][1]["notation"]
    played = client.post(move, json={"move": notation, "number": 0}, headers=_bearer(tokens[mover]))
    assert played.status_code == 200 and played.json()["number"] == 1
    assert played.json()["last"]["notation"] == notation
    again = client.post(move, json={"move": notation, "number": 0}, headers=_bearer(tokens[mover]))
    assert again.status_code == 409 and "stale" in again.json()["error"], "a replayed message is stale"
    assert _seat(client, made["id"], tokens[other])["number"] == 1


def test_two_moves_for_one_match_at_the_same_instant_one_applied_one_stale(address: str) -> None:
    """Two servers (two lobbies on one database) and two threads each: all answer move 0 at once."""
    lobbies = [Lobby(open_storage(address), limits=WIDE), Lobby(open_storage(address), limits=WIDE)]
    made = lobbies[0].create({"game": "raxxon", "seed": 3}, "here")
    token = lobbies[0].join(made["id"], {})["token"]
    results: list[str] = []
    start = threading.Barrier(4)

    def move(lobby: Lobby, index: int) -> None:
        start.wait()
        try:
            lobby.move(made["id"], token, {"move": index, "number": 0})
            results.append("applied")
        except Refused as exc:
            results.append(exc.message.split(":")[0])

    threads = [threading.Thread(target=move, args=(lobbies[i % 2], i % 2)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["applied", "stale", "stale", "stale"]
    assert lobbies[1].seat_view(made["id"], token)["number"] == 1
    assert len(lobbies[0].storage.moves(made["id"])) == 1


def test_each_seat_s_websocket_gets_its_view_after_every_move(client: TestClient) -> None:
    made = _make(client)
    tokens = [_join(client, made["id"], 0), _join(client, made["id"], 1)]
    path = f"/api/matches/{made['id']}/live"
    with client.websocket_connect(path) as zero, client.websocket_connect(path) as one:
        sockets = [zero, one]
        for socket, token in zip(sockets, tokens):
            socket.send_json({"token": token})
        views = [socket.receive_json() for socket in sockets]
        assert [v["seat"] for v in views] == [0, 1] and all(v["number"] == 0 for v in views)
        for number in range(6):
            mover = views[0]["turn"]
            assert views[mover]["your_turn"] and views[mover]["legal"]
            assert not views[1 - mover]["your_turn"] and views[1 - mover]["legal"] == []
            sockets[mover].send_json({"move": 0, "number": number})
            views = [socket.receive_json() for socket in sockets]
            assert all(v["type"] == "state" and v["number"] == number + 1 for v in views)
            assert views[0]["svg"] != views[1]["svg"], "each seat sees its own drawing"
        sockets[0].send_json({"move": 0, "number": 2})
        assert sockets[0].receive_json() == {
            "type": "error", "error": "stale: move 2 answers a table of 2 moves; 6 have been played"}
        sockets[1].send_text("{not json")
        assert "not valid JSON" in sockets[1].receive_json()["error"]
        sockets[1].send_text(json.dumps({"move": 0, "number": 6, "deep": [[[[]]]]}))
        assert "unknown field 'deep'" in sockets[1].receive_json()["error"]


def test_a_websocket_without_a_seat_s_token_is_told_so_and_closed(client: TestClient) -> None:
    made = _make(client)
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
        socket.send_json({"token": "guess"})
        assert socket.receive_json() == {"type": "error", "error": "this token holds no seat of this match"}
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
        socket.send_json({"hello": 1})
        assert "the first message is" in socket.receive_json()["error"]


@pytest.mark.parametrize("game", ["lucky_seven", "salvage"])
def test_a_person_plays_against_bots_to_the_end_and_the_match_becomes_a_replay(
        client: TestClient, tmp_path: Path, game: str) -> None:
    """The bots move on the server between the person's moves; the finished match is a replay file
    that `wasteland replay` verifies, written to the replays folder and shown in the replay page."""
    seats = ["human", "random"] if game == "salvage" else ["human", "heuristic"]
    options = {"variant": "cooperative"} if game == "lucky_seven" else {}
    made = _make(client, game, seats, seed=11, **options)
    token = _join(client, made["id"], 0)
    for _ in range(2000):
        view = _wait(lambda: (lambda v: v if v["your_turn"] or v["outcome"] else None)(
            _seat(client, made["id"], token)))
        if view["outcome"]:
            break
        client.post(f"/api/matches/{made['id']}/move", json={"move": len(view["legal"]) - 1,
                                                             "number": view["number"]}, headers=_bearer(token))
    assert view["outcome"] and view["outcome"]["text"].startswith("Game over")
    text = client.get(f"/api/matches/{made['id']}/replay").text
    replay = replays.from_json(text)
    assert replay.game == game and len(replay.moves) == view["number"]
    replays.verify(replay)
    written = tmp_path / f"{made['id']}.json"
    _wait(written.exists)  # a bot's last move is written just after it is stored
    assert written.read_text(encoding="utf-8") == text
    page = client.get(f"/matches/{made['id']}/replay.html")
    assert page.status_code == 200 and "wasteland replay" in page.text
    assert client.post(f"/api/matches/{made['id']}/join", json={}).status_code == 409
    assert made["id"] not in client.get("/api/matches").text, "a finished match leaves the lobby"


def test_a_match_not_over_has_no_replay_yet(client: TestClient) -> None:
    made = _make(client)
    answer = client.get(f"/api/matches/{made['id']}/replay")
    assert answer.status_code == 409 and "not over" in answer.json()["error"]


def test_search_bots_keep_to_the_server_s_budget(tmp_path: Path) -> None:
    lobby = Lobby(open_storage(str(tmp_path / "games.sqlite")), bot_seconds=0.2, limits=WIDE)
    made = lobby.create({"game": "arctic_scavengers", "seats": ["ismcts:100000", "flat:5s"], "seed": 2}, "here")
    for _ in range(3):
        start = time.perf_counter()
        assert lobby.bot_move(made["id"])
        assert time.perf_counter() - start < 1.0
    # The lookahead bot weighs a maneuver on as many drawn tables as fit (not 64, about 6 s): its
    # beam and one table may run past the budget, a few tenths of a second here.
    looking = lobby.create({"game": "lucky_seven", "seats": ["lookahead:64"], "seed": 2}, "here")
    for _ in range(3):
        start = time.perf_counter()
        assert lobby.bot_move(looking["id"])
        assert time.perf_counter() - start < 2.0


def test_a_client_s_open_matches_requests_and_connections_are_bounded(tmp_path: Path) -> None:
    app = create_app(open_storage(str(tmp_path / "games.sqlite")),
                     limits=Limits(open_matches=2, connections=1, rate=1000.0, burst=1000))
    with TestClient(app) as client:
        made = [_make(client), _make(client)]
        third = client.post("/api/matches", json={"game": "raxxon"})
        assert third.status_code == 429 and "2 matches that are not over" in third.json()["error"]
        token = _join(client, made[0]["id"], 0)
        with client.websocket_connect(f"/api/matches/{made[0]['id']}/live") as first:
            first.send_json({"token": token})
            assert first.receive_json()["type"] == "state"
            with client.websocket_connect(f"/api/matches/{made[0]['id']}/live") as second:
                assert second.receive_json() == {"type": "error", "error": "too many connections: at most 1 at once"}
    app = create_app(open_storage(str(tmp_path / "other.sqlite")), limits=Limits(rate=1.0, burst=5))
    with TestClient(app) as client:
        codes = [client.get("/api/games").status_code for _ in range(8)]
        assert codes[:5] == [200] * 5 and codes[5:] == [429] * 3
        assert "too many requests" in client.get("/api/matches").json()["error"]


def test_the_server_seats_fair_bots_only(tmp_path: Path) -> None:
    lobby = Lobby(open_storage(str(tmp_path / "games.sqlite")), bot_seconds=0.2, limits=WIDE)
    for oracle in ("oracle:0.1s", "oracle:lookahead"):
        with pytest.raises(Refused, match="not a fair player"):
            lobby.create({"game": "lucky_seven", "seats": [oracle], "seed": 2}, "here")
    # nor settings it would not play: a tree kept between moves, or processes a stranger could multiply
    for name in ("ismcts:0.1s:reuse", "ismcts:0.1s:p8"):
        with pytest.raises(Refused, match="neither reuse nor pN"):
            lobby.create({"game": "lucky_seven", "seats": [name], "seed": 2}, "here")


def test_a_server_bot_plays_the_settings_its_name_stands_for_within_the_server_s_budget(tmp_path: Path) -> None:
    from wasteland.agents import ISMCTS, FlatMonteCarlo, make_bot

    lobby = Lobby(open_storage(str(tmp_path / "games.sqlite")), bot_seconds=0.2, limits=WIDE)
    # the iterations: the name's, or Raxxon's tuned 50 for a time alone; none for the plain search
    for name, iterations in (("ismcts:5s", 50), ("ismcts:400", 400), ("ismcts:0.1s:random:k3", None)):
        served, made = lobby._bot(name, "raxxon", 7, 2), make_bot(name, "raxxon", 7, 2)
        assert isinstance(served, ISMCTS) and isinstance(made, ISMCTS)
        assert (served.rollout, served.rollout_depth, served.determinizations) == (
            made.rollout, made.rollout_depth, made.determinizations), name
        assert served.budget.iterations == made.budget.iterations == iterations, name
        assert served.budget.seconds is not None and served.budget.seconds <= 0.2
    # flat Monte Carlo keeps the game's guard of the heuristic's choice
    flat = lobby._bot("flat:5s", "raxxon", 7, 1)
    assert isinstance(flat, FlatMonteCarlo) and flat.guard == make_bot("flat:5s", "raxxon", 7, 1).guard == 2.0
    assert flat.budget.seconds is not None and flat.budget.seconds <= 0.2
    # the settings tuned for the table's number of players: three-player Terror Below cuts at 10
    three, two = lobby._bot("ismcts:5s", "terror_below", 7, 3), lobby._bot("ismcts:5s", "terror_below", 7, 2)
    assert isinstance(three, ISMCTS) and isinstance(two, ISMCTS)
    assert three.rollout_depth == make_bot("ismcts:5s", "terror_below", 7, 3).rollout_depth == 10
    assert two.rollout_depth == make_bot("ismcts:5s", "terror_below", 7, 2).rollout_depth != 10


def test_a_seat_gone_while_its_view_is_on_the_way_ends_its_socket_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A peer that vanishes (its connection dropped, no goodbye) makes the server's next send
    fail; that is a seat leaving, not a fault: the socket ends, forgotten, and nothing is logged."""
    app = create_app(open_storage(str(tmp_path / "games.sqlite")), bot_seconds=0.05, limits=WIDE, poll=0.05)
    server = app.state.server
    body = {"game": "arctic_scavengers", "options": {"players": 2}, "seats": ["human", "human"], "seed": 5}
    match = server.lobby.create(body, "127.0.0.1")["id"]
    tokens = [server.lobby.join(match, {"seat": seat})["token"] for seat in (0, 1)]
    mover = server.lobby.seat_view(match, tokens[0])["turn"]
    scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws", "http_version": "1.1",
             "path": f"/api/matches/{match}/live", "raw_path": f"/api/matches/{match}/live".encode(),
             "root_path": "", "query_string": b"", "headers": [], "client": ("127.0.0.1", 50000),
             "server": ("127.0.0.1", 8000), "subprotocols": []}
    said: list[dict[str, Any]] = []

    async def drive() -> None:
        incoming = [{"type": "websocket.connect"},
                    {"type": "websocket.receive", "text": json.dumps({"token": tokens[1 - mover]})}]

        async def receive() -> dict[str, Any]:
            if incoming:
                return incoming.pop(0)
            await anyio.sleep_forever()  # the peer dropped without a word: nothing more comes
            raise AssertionError("unreachable")

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "websocket.send" and len(said) == 2:
                raise OSError("the peer is gone")  # what uvicorn raises (ClientDisconnected) for a dropped peer
            said.append(message)
            if message["type"] == "websocket.send":  # the seat's first view came: the other seat moves
                await anyio.to_thread.run_sync(server.lobby.play, match, tokens[mover], {"move": 0, "number": 0})
                server.notify(match)

        with anyio.fail_after(20):
            await app(scope, receive, send)

    with caplog.at_level(logging.WARNING):
        anyio.run(drive)
    assert [m["type"] for m in said] == ["websocket.accept", "websocket.send"]
    assert json.loads(said[1]["text"])["number"] == 0
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert server._listeners == {} and server._sockets == {}  # the seat's socket is forgotten
