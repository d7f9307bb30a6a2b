"""The server's rules of the house: matches, seats, moves and bots, over any storage.

The lobby knows games only through the registry (``wasteland.GAMES``), as the command line
does: any registered game can be served. Everything a client sends reaches it as plain JSON
values, and every method either does what it is asked or raises :class:`Refused` (a status
code and one line) having changed nothing.

A seat's token is random (``secrets``); the storage keeps only its SHA-256, and the token is
given once, to whoever joins the seat. What a seat is sent (:meth:`Lobby.seat_view`) is made
from that seat's view of the table only: the drawing of the view, its events, the caption of
the last move as the seat may know it, and, when it is the seat's turn, the legal actions with
their notation. Bots move on the server: :meth:`Lobby.bot_move` plays one move of a bot seat,
a search bot (and a lookahead bot) within the server's budget of seconds a move.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Mapping

import attrs
from attrs import frozen

from wasteland import replay as replays
from wasteland.agents import Bot, is_fair, make_bot, parse_bot
from wasteland.core import codec, data
from wasteland.core.game import Game, RulesError, short
from wasteland.registry import GAME_KEYS, get_game
from wasteland.serve.storage import MatchRow, Storage
from wasteland.viewer import outcome_text

__all__ = ["Lobby", "Refused", "Limits", "HUMAN", "token_hash", "seat_message", "read_body"]

#: What a human seat is called where the other seats name their bots.
HUMAN = "human"
#: The longest notation or bot name a client may send.
MAX_TEXT = 200
#: The most moves listed in the lobby.
LISTED = 100


class Refused(Exception):
    """A request the server will not do: ``status`` (an HTTP code) and one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@frozen
class Limits:
    """What one client (one address) may hold and do, so that none starves the others."""

    #: Matches a client made that are not over yet.
    open_matches: int = 8
    #: WebSockets a client has open at once.
    connections: int = 16
    #: Requests and messages a second, on average, and in a burst.
    rate: float = 20.0
    burst: int = 60
    #: The largest request body or message, in bytes.
    body_bytes: int = 64 * 1024


def token_hash(token: str) -> str:
    """What the storage keeps of a seat's token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@frozen
class _Live:
    """A match's table after ``moves`` moves, the table before the last move and that move."""

    moves: int
    state: Any
    before: Any = None
    action: Any = None


def _outcome(game: Game[Any, Any], state: Any) -> dict[str, Any] | None:
    outcome, text = game.outcome(state), outcome_text(game, state)
    if outcome is None or text is None:
        return None
    return {"text": text, "winners": sorted(outcome.winners), "code": str(outcome.code), "reason": outcome.reason,
            "scores": list(outcome.scores)}


def seat_message(game: Game[Any, Any], state: Any, seat: int, before: Any = None,
                 action: Any = None) -> dict[str, Any]:
    """What seat ``seat`` is told of ``state``, made from its view only: whose turn it is, the
    legal actions (when it is the seat's turn: index, notation and words), the last move
    (``action``, played on ``before``) as the seat may know it, the events of its view, its
    drawing and the outcome."""
    seen = game.view(state, seat)
    turn = game.current_player(state)
    mine = turn == seat
    legal: list[dict[str, Any]] = []
    if mine:
        legal = [{"index": i, "notation": game.notation(seen, action), "text": game.describe(seen, action)}
                 for i, action in enumerate(game.legal_actions(state))]
    last = None
    if before is not None:
        earlier = game.view(before, seat)
        last = {"seat": game.current_player(before), "notation": game.notation(earlier, action),
                "text": game.describe(earlier, action)}
    return {"turn": turn, "your_turn": mine, "legal": legal, "last": last, "events": list(game.events(seen)),
            "svg": game.svg(seen, None), "outcome": _outcome(game, state)}


def _line(text: str, limit: int = 200) -> str:
    """A message from the rules as one line of at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _plain(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


class Lobby:
    """Matches kept in ``storage``; ``bot_seconds`` is a search bot's most time for one move,
    ``replays`` a folder where each finished match is written as a replay file (or None)."""

    def __init__(self, storage: Storage, *, bot_seconds: float = 1.0, replays: Path | None = None,
                 limits: Limits | None = None, cached: int = 256) -> None:
        self.storage = storage
        self.bot_seconds = bot_seconds
        self.replays = replays
        self.limits = limits or Limits()
        self._cached = cached
        self._live: OrderedDict[str, _Live] = OrderedDict()
        self._lock = threading.Lock()

    # -- the lobby -------------------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        """Every registered game: key, title, player counts, its options with their defaults
        (the plain ones; a card set or a book is given as JSON), and the seats' choices."""
        listed = []
        for key in GAME_KEYS:
            game = get_game(key)
            options = [{"name": f.name, "default": f.default if _plain(f.default) else None}
                       for f in attrs.fields(game.options_type)]
            bots = ["random", "flat", "ismcts"]
            for at, own in ((1, "heuristic"), (2, "lookahead")):
                try:
                    parse_bot(own, key)
                    bots.insert(at, own)
                except ValueError:
                    pass
            listed.append({"key": key, "title": game.title, "players": list(game.player_counts),
                           "rules_version": game.rules_version, "options": options, "bots": bots})
        return listed

    def _public(self, row: MatchRow) -> dict[str, Any]:
        game = get_game(row.game)
        return {"id": row.id, "game": row.game, "title": game.title, "options": row.options,
                "seats": [{"seat": i, "kind": kind, "taken": kind != HUMAN or taken}
                          for i, (kind, taken) in enumerate(zip(row.seats, row.taken))],
                "moves": row.moves, "over": row.over}

    def open_matches(self) -> list[dict[str, Any]]:
        """The matches not over yet, newest first (no token, no hash: only who sits where)."""
        return [self._public(row) for row in self.storage.open_matches(LISTED) if row.game in GAME_KEYS]

    def describe(self, match_id: object) -> dict[str, Any]:
        """One match as the lobby shows it, over or not."""
        return self._public(self._row(match_id))

    def create(self, request: object, owner: str) -> dict[str, Any]:
        """Make a match from ``{"game": key, "options": {...}, "seats": ["human", "heuristic", ...],
        "seed": n}`` (options and seed optional; seats one per player, default: every seat human)."""
        body = self._object(request, ("game", "options", "seats", "seed"))
        key = body.get("game")
        if not isinstance(key, str) or key not in GAME_KEYS:
            raise Refused(400, f"game must be one of {', '.join(GAME_KEYS)}, got {short(key)}")
        game = get_game(key)
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise Refused(400, f"options must be an object, got {short(options)}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**63)
        elif type(seed) is not int or not 0 <= seed < 2**63:
            raise Refused(400, f"seed must be an integer from 0 to 2**63 - 1, got {short(seed)}")
        try:
            state = game.new_game(seed, **options)
        except (RulesError, TypeError, ValueError) as exc:
            raise Refused(400, f"cannot start {key}: {_line(str(exc))}") from None
        players = game.num_players(state)
        seats = self._seats(body.get("seats"), players, key)
        if self.storage.count_open(owner) >= self.limits.open_matches:
            raise Refused(429, f"you have {self.limits.open_matches} matches that are not over; finish one first")
        row = MatchRow(secrets.token_urlsafe(9), key, game.rules_version, options, seed, seats,
                       (False,) * players, time.time(), owner, 0, codec.dumps(state), game.outcome(state) is not None)
        self.storage.create(row)
        self._keep(row.id, _Live(0, state))
        return self._public(self.storage.match(row.id) or row)

    def _seats(self, value: object, players: int, key: str) -> tuple[str, ...]:
        if value is None:
            return (HUMAN,) * players
        if not isinstance(value, list) or len(value) != players:
            raise Refused(400, f"seats must be a list of {players} names (human or a bot), got {short(value)}")
        seats = []
        for i, name in enumerate(value):
            if not isinstance(name, str) or len(name) > MAX_TEXT:
                raise Refused(400, f"seat {i} must be 'human' or a bot name, got {short(name)}")
            if name.strip() == HUMAN:
                seats.append(HUMAN)
                continue
            try:
                spec = parse_bot(name, key)
            except ValueError as exc:
                raise Refused(400, f"seat {i}: {_line(str(exc))}") from None
            if not is_fair(spec.text):
                raise Refused(400, f"seat {i}: {spec.kind} sees the hidden table and is not a fair player; "
                                   "the server seats fair bots only")
            if spec.reuse or spec.processes > 1:
                raise Refused(400, f"seat {i}: the server makes a bot afresh for each move, on one process: "
                                   "it plays neither reuse nor pN")
            seats.append(spec.text)
        return tuple(seats)

    def join(self, match_id: object, request: object) -> dict[str, Any]:
        """Take a free human seat (``{"seat": n}``, or the first free one): the answer holds the
        seat's token, given this once and never again."""
        row = self._row(match_id)
        body = self._object(request, ("seat",))
        seat = body.get("seat")
        if row.over:
            raise Refused(409, "this match is over")
        free = [i for i, (kind, taken) in enumerate(zip(row.seats, row.taken)) if kind == HUMAN and not taken]
        if seat is None:
            if not free:
                raise Refused(409, "no seat of this match is free")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(row.seats):
            raise Refused(400, f"seat must be a seat from 0 to {len(row.seats) - 1}, got {short(seat)}")
        if row.seats[seat] != HUMAN:
            raise Refused(409, f"seat {seat} is played by the bot {row.seats[seat]}")
        token = secrets.token_urlsafe(24)
        if not self.storage.claim(row.id, seat, token_hash(token)):
            raise Refused(409, f"seat {seat} is taken")
        return {"match": row.id, "seat": seat, "token": token}

    def leave(self, match_id: object, token: object) -> dict[str, Any]:
        """Give up the seat that ``token`` holds: it is free for someone else to join."""
        row = self._row(match_id)
        seat = self.storage.release(row.id, token_hash(self._token(token)))
        if seat is None:
            raise Refused(403, "this token holds no seat of this match")
        return {"match": row.id, "seat": seat, "left": True}

    # -- the table -------------------------------------------------------------------------------

    def seat_of(self, match_id: object, token: object) -> tuple[MatchRow, int]:
        """The match and the seat that ``token`` holds in it; 403 when it holds none."""
        row = self._row(match_id)
        seat = self.storage.seat_of(row.id, token_hash(self._token(token)))
        if seat is None:
            raise Refused(403, "this token holds no seat of this match")
        return row, seat

    def seat_view(self, match_id: object, token: object) -> dict[str, Any]:
        """What the seat that ``token`` holds may know of its match now."""
        row, seat = self.seat_of(match_id, token)
        return self._payload(row, seat)

    def progress(self, match_id: str) -> int | None:
        return self.storage.progress(match_id)

    def _payload(self, row: MatchRow, seat: int) -> dict[str, Any]:
        game = get_game(row.game)
        live = self._table(row)
        said = seat_message(game, live.state, seat, live.before, live.action)
        return {"type": "state", "match": row.id, "game": row.game, "title": game.title, "seat": seat,
                "seats": self._public(row)["seats"], "number": live.moves, **said}

    def move(self, match_id: object, token: object, request: object) -> dict[str, Any]:
        """:meth:`play`, then the seat's new view."""
        row, seat = self.play(match_id, token, request)
        return self._payload(self._row(row.id), seat)

    def play(self, match_id: object, token: object, request: object) -> tuple[MatchRow, int]:
        """Play ``{"move": index or notation, "number": n}`` for the seat ``token`` holds:
        ``n`` is the number of moves the seat saw played (the ``number`` it was sent), so a
        move sent twice, or after another move, is refused as stale. The match (as it was
        before the move) and the seat."""
        body = self._object(request, ("move", "number"))
        row, seat = self.seat_of(match_id, token)
        number = body.get("number")
        if type(number) is not int:
            raise Refused(400, f"number must be the number of moves played, an integer; got {short(number)}")
        move = body.get("move")
        if not (type(move) is int or (isinstance(move, str) and len(move) <= MAX_TEXT)):
            raise Refused(400, f"move must be the index of a legal action or its notation, got {short(move)}")
        game = get_game(row.game)
        live = self._table(row)
        if number != live.moves:
            raise Refused(409, f"stale: move {number} answers a table of {number} moves; "
                               f"{live.moves} have been played")
        if game.outcome(live.state) is not None:
            raise Refused(409, "the game is over")
        if game.current_player(live.state) != seat:
            raise Refused(409, f"it is seat {game.current_player(live.state)}'s turn, not yours (seat {seat})")
        action = self._action(game, live.state, move)
        self._commit(row, live, action)
        return row, seat

    def _action(self, game: Game[Any, Any], state: Any, move: int | str) -> Any:
        listed = game.legal_actions(state)
        if isinstance(move, int):
            if not 0 <= move < len(listed):
                raise Refused(400, f"move {short(move)} is not the index of a legal action (0 to {len(listed) - 1})")
            return listed[move]
        try:
            return game.parse(state, move)
        except RulesError as exc:
            raise Refused(400, f"illegal move: {_line(str(exc))}") from None

    def _commit(self, row: MatchRow, live: _Live, action: Any) -> None:
        game = get_game(row.game)
        notation = game.notation(live.state, action)
        try:
            after = game.apply(live.state, action)
        except RulesError as exc:  # the listed actions are legal; this is a guard, not a path
            raise Refused(400, f"illegal move: {_line(str(exc))}") from None
        over = game.outcome(after) is not None
        if not self.storage.record(row.id, live.moves + 1, notation, codec.dumps(after), over):
            raise Refused(409, f"stale: another move answered move number {live.moves} first")
        self._keep(row.id, _Live(live.moves + 1, after, live.state, action))
        if over and self.replays is not None:
            replays.write_atomic(self.replays / f"{row.id}.json", replays.to_json(self.replay(row.id)))

    # -- bots ------------------------------------------------------------------------------------

    def bot_to_move(self, match_id: str) -> bool:
        """Whether a bot seat of ``match_id`` is to move now."""
        row = self.storage.match(match_id)
        if row is None or row.over:
            return False
        turn = get_game(row.game).current_player(self._table(row).state)
        return turn is not None and row.seats[turn] != HUMAN

    def _bot(self, name: str, key: str, seed: int, players: int) -> Bot:
        """The bot ``name`` for a seat of a ``players``-seat table of ``key`` (the settings tuned
        for that many players where the game has some), as ``make_bot`` makes it, with every search
        bounded by ``bot_seconds`` so that no move takes longer (a number of iterations in the name,
        or the game's tuned one, still ends a search sooner)."""
        return make_bot(name, key, seed, players, most_seconds=self.bot_seconds)

    def bot_move(self, match_id: str) -> bool:
        """Play one move for the bot whose turn it is in ``match_id``; False when no bot is to
        move or another server moved first. A search bot stops within ``bot_seconds``."""
        row = self.storage.match(match_id)
        if row is None or row.over:
            return False
        game = get_game(row.game)
        live = self._table(row)
        turn = game.current_player(live.state)
        if turn is None or row.seats[turn] == HUMAN:
            return False
        seed = int.from_bytes(hashlib.sha256(f"{row.seed}:{turn}:{live.moves}".encode()).digest()[:8], "big")
        bot = self._bot(row.seats[turn], row.game, seed, len(row.seats))
        legal = game.legal_actions(live.state)
        reads = bool(getattr(bot, "reads_view", True))
        action = bot.choose(game, game.view(live.state, turn) if reads else None, legal)
        try:
            self._commit(row, live, action)
        except Refused:
            return False
        return True

    # -- replays ---------------------------------------------------------------------------------

    def replay(self, match_id: object) -> replays.Replay:
        """A finished match as a replay (``wasteland replay`` reads its file)."""
        row = self._row(match_id)
        if not row.over:
            raise Refused(409, "the match is not over: its replay is made when it ends")
        game = get_game(row.game)
        state = self._table(row).state
        return replays.Replay(row.game, row.seed, row.options, tuple(self.storage.moves(row.id)),
                              game.outcome(state), codec.digest(state), f"a match served as {row.id}",
                              row.rules_version)

    # -- reading what a client sends, and the tables -----------------------------------------------

    def _object(self, value: object, allowed: tuple[str, ...]) -> Mapping[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise Refused(400, f"the body must be a JSON object with the fields {', '.join(allowed)}")
        unknown = [k for k in value if k not in allowed]
        if unknown:
            raise Refused(400, f"unknown field {short(unknown[0])}; the fields are {', '.join(allowed)}")
        return value

    def _token(self, token: object) -> str:
        if not isinstance(token, str) or not 1 <= len(token) <= MAX_TEXT:
            raise Refused(403, "a seat's token is needed (Authorization: Bearer TOKEN)")
        return token

    def _row(self, match_id: object) -> MatchRow:
        if not isinstance(match_id, str) or not 1 <= len(match_id) <= 64:
            raise Refused(404, "no such match")
        row = self.storage.match(match_id)
        if row is None or row.game not in GAME_KEYS:
            raise Refused(404, "no such match")
        return row

    def _keep(self, match_id: str, live: _Live) -> None:
        with self._lock:
            known = self._live.get(match_id)
            if known is None or known.moves <= live.moves:
                self._live[match_id] = live
            self._live.move_to_end(match_id)
            while len(self._live) > self._cached:
                self._live.popitem(last=False)

    def _table(self, row: MatchRow) -> _Live:
        """The table of ``row`` as stored: the kept one when it is as far as the storage, else
        the stored snapshot (or, should that not read back, the moves replayed)."""
        with self._lock:
            known = self._live.get(row.id)
        if known is not None and known.moves == row.moves:
            return known
        game = get_game(row.game)
        try:
            state = codec.loads(row.snapshot)
            if type(state) is not game.state_type:
                raise codec.CodecError("not a table of this game")
        except codec.CodecError:
            replay = replays.Replay(row.game, row.seed, row.options, tuple(self.storage.moves(row.id)[:row.moves]),
                                    None, None, "", row.rules_version)
            state = replays.final_state(replay)
        live = _Live(row.moves, state)
        self._keep(row.id, live)
        return live


def read_body(raw: bytes, limit: int) -> object:
    """A request's JSON body (``None`` when empty), bounded in size and depth; 400 otherwise."""
    if not raw.strip():
        return None
    try:
        return data.read_json(raw, limit)
    except RulesError as exc:
        raise Refused(400, f"the body is not valid JSON: {_line(str(exc))}") from None
