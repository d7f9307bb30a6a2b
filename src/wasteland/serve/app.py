"""The game server as an ASGI application (Starlette): the lobby and seats over HTTP and JSON, a
WebSocket per seat for live play, the web table, and finished matches as replays.

``create_app(storage)`` makes it; ``wasteland serve`` runs it with uvicorn. The routes:

====================================  ======================================================
``GET /``                             the web table (lobby and table in one page)
``GET /api/games``                    the games, their player counts, options and bots
``GET /api/matches``                  the matches not over yet (who sits where; no tokens)
``POST /api/matches``                 make one: ``{"game", "options", "seats", "seed"}``
``GET /api/matches/{id}``             one match, as the lobby shows it
``POST /api/matches/{id}/join``       take a free human seat: ``{"seat": n}``; the answer
                                      holds the seat's token, given this once
``POST /api/matches/{id}/leave``      give the seat up (``Authorization: Bearer TOKEN``)
``GET /api/matches/{id}/seat``        what the seat may know now (Bearer token)
``POST /api/matches/{id}/move``       ``{"move": index or notation, "number": n}`` (Bearer)
``WS /api/matches/{id}/live``         first message ``{"token": ...}``; then the seat's view
                                      after every move, and moves as on ``/move``
``GET /api/matches/{id}/replay``      a finished match as a replay file
``GET /matches/{id}/replay.html``     a finished match in the replay page
====================================  ======================================================

Every request is a stranger's: the body is read up to ``Limits.body_bytes`` and parsed by the
library's bounded JSON reader; an error is ``{"error": "one line"}`` with a 4xx status and
changes nothing. Per client address: a number of requests and messages a second (a token
bucket), of open WebSockets and of matches not over. Tokens travel only in the Authorization
header and in the WebSocket's first message, never in an address, so no access log holds one.

A WebSocket is woken when this process applies a move of its match, and it also asks the
database every ``poll`` seconds, so that moves applied by another server on the same database
reach it too. Bots move in worker threads (at most ``bot_threads`` at once, apart from the
threads that answer requests), one move at a time, each search bot within ``bot_seconds``.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import logging
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from wasteland import replay as replays
from wasteland import viewer
from wasteland.core.game import short
from wasteland.serve.lobby import Limits, Lobby, Refused, read_body
from wasteland.serve.page import PAGE, SCRIPT
from wasteland.serve.storage import Storage

__all__ = ["create_app", "Server"]

T = TypeVar("T")
log = logging.getLogger("wasteland.serve")

#: Seconds a new WebSocket has to send its token.
HELLO_SECONDS = 10.0


class _Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


def _script_hash(code: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii")


#: The page loads nothing from anywhere: its one script (by its hash), its styles, drawings
#: as data, and the WebSocket and requests to this server.
PAGE_POLICY = (f"default-src 'none'; script-src '{_script_hash(SCRIPT)}'; style-src 'unsafe-inline'; "
               "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


class Server:
    """The lobby, the limits per client, the WebSockets listening to each match and the bots."""

    def __init__(self, storage: Storage, *, bot_seconds: float = 1.0, replays_folder: Path | None = None,
                 limits: Limits | None = None, poll: float = 1.0, bot_threads: int = 2) -> None:
        self.limits = limits or Limits()
        self.lobby = Lobby(storage, bot_seconds=bot_seconds, replays=replays_folder, limits=self.limits)
        self.poll = poll
        self._buckets: dict[str, _Bucket] = {}
        self._sockets: dict[str, int] = {}
        self._listeners: dict[str, set[asyncio.Event]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._wanted: set[str] = set()
        self._bot_limiter = anyio.CapacityLimiter(bot_threads)
        self.closing = False

    # -- limits ----------------------------------------------------------------------------------

    def admit(self, client: str) -> None:
        """Count one request or message of ``client``; 429 past its rate."""
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) > 10_000:  # forget the quiet ones, so the table stays small
                self._buckets = {k: b for k, b in self._buckets.items() if b.tokens < b.burst}
            bucket = self._buckets[client] = _Bucket(self.limits.rate, self.limits.burst)
        if not bucket.take():
            raise Refused(429, f"too many requests: at most {self.limits.rate:g} a second")

    # -- moves reach the seats and the bots --------------------------------------------------------

    def notify(self, match_id: str) -> None:
        for event in self._listeners.get(match_id, ()):
            event.set()

    def kick(self, match_id: str) -> None:
        """Let the bots of ``match_id`` play until a human is to move (one task a match; a kick
        while the task runs makes it look once more before it ends, so no move is missed)."""
        if self.closing:
            return
        self._wanted.add(match_id)
        running = self._bots.get(match_id)
        if running is None or running.done():
            self._bots[match_id] = asyncio.get_running_loop().create_task(self._run_bots(match_id))

    async def _run_bots(self, match_id: str) -> None:
        try:
            while match_id in self._wanted and not self.closing:
                self._wanted.discard(match_id)
                while not self.closing:
                    moved = await anyio.to_thread.run_sync(self.lobby.bot_move, match_id,
                                                           limiter=self._bot_limiter)
                    if not moved:
                        break
                    self.notify(match_id)
        except Exception:  # a bot's failure is logged; the match waits for a restart or a human
            log.exception("the bots of match %s stopped", match_id)
        finally:
            self._bots.pop(match_id, None)
            self._wanted.discard(match_id)

    async def resume(self) -> None:
        """After a start: let the bots of every open match move where it is their turn."""
        for match in await anyio.to_thread.run_sync(self.lobby.open_matches):
            self.kick(match["id"])

    async def stop(self) -> None:
        self.closing = True
        for task in list(self._bots.values()):
            task.cancel()
        for events in self._listeners.values():
            for event in events:
                event.set()

    # -- HTTP ------------------------------------------------------------------------------------

    async def body(self, request: Request) -> object:
        limit = self.limits.body_bytes
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            raise Refused(413, f"the body is larger than {limit} bytes")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refused(413, f"the body is larger than {limit} bytes")
            chunks.append(chunk)
        return read_body(b"".join(chunks), limit)


def _client(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client is not None else "unknown"


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    kind, _, token = header.partition(" ")
    return token.strip() if kind.lower() == "bearer" and token.strip() else None


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=_HEADERS)


def _server(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server
    return server


async def _thread(work: Callable[..., T], *args: Any) -> T:
    return await anyio.to_thread.run_sync(work, *args)


def _endpoint(handle: Callable[[Request, Server], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
    """An HTTP route: the client's rate counted, ``handle`` answered as JSON (or as the Response
    it makes), a refusal as ``{"error": ...}`` with its status, and a bug as one line (500)."""

    async def answer(request: Request) -> Response:
        server = _server(request)
        try:
            server.admit(_client(request))
            result = await handle(request, server)
        except Refused as exc:
            return _error(exc.status, exc.message)
        except Exception as exc:  # noqa: BLE001 - a bug: one line to the client, the trace to the log
            log.exception("internal error on %s %s", request.method, request.url.path)
            return _error(500, f"internal error ({type(exc).__name__})")
        if isinstance(result, Response):
            return result
        return JSONResponse(result, headers=_HEADERS)

    return answer


async def _page(request: Request) -> Response:
    return HTMLResponse(PAGE, headers={**_HEADERS, "Content-Security-Policy": PAGE_POLICY, "X-Frame-Options": "DENY"})


async def _games(request: Request, server: Server) -> Any:
    return {"games": await _thread(server.lobby.games)}


async def _matches(request: Request, server: Server) -> Any:
    if request.method == "GET":
        return {"matches": await _thread(server.lobby.open_matches)}
    body = await server.body(request)
    made = await _thread(server.lobby.create, body, _client(request))
    server.kick(made["id"])
    return made


async def _match(request: Request, server: Server) -> Any:
    return await _thread(server.lobby.describe, request.path_params["id"])


async def _join(request: Request, server: Server) -> Any:
    return await _thread(server.lobby.join, request.path_params["id"], await server.body(request))


async def _leave(request: Request, server: Server) -> Any:
    await server.body(request)
    return await _thread(server.lobby.leave, request.path_params["id"], _token(request))


async def _seat(request: Request, server: Server) -> Any:
    return await _thread(server.lobby.seat_view, request.path_params["id"], _token(request))


async def _move(request: Request, server: Server) -> Any:
    body = await server.body(request)
    answer = await _thread(server.lobby.move, request.path_params["id"], _token(request), body)
    server.notify(answer["match"])
    server.kick(answer["match"])
    return answer


async def _replay_file(request: Request, server: Server) -> Any:
    found = await _thread(server.lobby.replay, request.path_params["id"])
    return Response(replays.to_json(found), media_type="application/json",
                    headers={**_HEADERS, "Content-Disposition": f'attachment; filename="{found.game}.json"'})


async def _replay_page(request: Request, server: Server) -> Any:
    found = await _thread(server.lobby.replay, request.path_params["id"])
    return HTMLResponse(await _thread(viewer.page, found), headers=_HEADERS)


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    server: Server = app.state.server
    await server.resume()
    yield
    await server.stop()


def create_app(storage: Storage, *, bot_seconds: float = 1.0, replays_folder: Path | None = None,
               limits: Limits | None = None, poll: float = 1.0, bot_threads: int = 2) -> Starlette:
    """The server's application over ``storage`` (see the module's text)."""
    routes = [
        Route("/", _page),
        Route("/api/games", _endpoint(_games)),
        Route("/api/matches", _endpoint(_matches), methods=["GET", "POST"]),
        Route("/api/matches/{id}", _endpoint(_match)),
        Route("/api/matches/{id}/join", _endpoint(_join), methods=["POST"]),
        Route("/api/matches/{id}/leave", _endpoint(_leave), methods=["POST"]),
        Route("/api/matches/{id}/seat", _endpoint(_seat)),
        Route("/api/matches/{id}/move", _endpoint(_move), methods=["POST"]),
        Route("/api/matches/{id}/replay", _endpoint(_replay_file)),
        Route("/matches/{id}/replay.html", _endpoint(_replay_page)),
        WebSocketRoute("/api/matches/{id}/live", _live),
    ]
    app = Starlette(routes=routes, lifespan=_lifespan)
    app.state.server = Server(storage, bot_seconds=bot_seconds, replays_folder=replays_folder, limits=limits,
                              poll=poll, bot_threads=bot_threads)
    return app


async def _hello(server: Server, socket: WebSocket, match_id: str,
                 receive: Callable[[], Awaitable[object]]) -> tuple[str, dict[str, Any]] | None:
    """The token a new WebSocket sends first, and its seat's view; None (the socket told why and
    closed) when it sends none in time, or one that holds no seat of the match."""
    try:
        with anyio.fail_after(HELLO_SECONDS):
            hello = await receive()
        if not isinstance(hello, dict) or set(hello) != {"token"}:
            raise Refused(400, 'the first message is {"token": "..."}')
        token = hello["token"]
        first = await anyio.to_thread.run_sync(server.lobby.seat_view, match_id, token)
    except Refused as exc:
        await socket.send_text(json.dumps({"type": "error", "error": exc.message}))
        await socket.close(code=1008)
        return None
    except TimeoutError:
        await socket.close(code=1008, reason="no token came")
        return None
    return token, first


async def _live(socket: WebSocket) -> None:
    """One seat's WebSocket: its token first, then its view after every move, and its moves."""
    server = _server(socket)
    client = _client(socket)
    lobby = server.lobby
    match_id = socket.path_params["id"]
    if server._sockets.get(client, 0) >= server.limits.connections:
        await socket.accept()
        await socket.send_text(json.dumps({"type": "error", "error": f"too many connections: at most "
                                           f"{server.limits.connections} at once"}))
        await socket.close(code=1008)
        return
    server._sockets[client] = server._sockets.get(client, 0) + 1
    event = asyncio.Event()
    lock = asyncio.Lock()

    async def send(message: dict[str, Any]) -> None:
        async with lock:
            await socket.send_text(json.dumps(message, separators=(",", ":")))

    async def receive() -> object:
        text = await socket.receive_text()
        server.admit(client)
        if len(text) > server.limits.body_bytes:
            raise Refused(413, f"a message is at most {server.limits.body_bytes} bytes")
        return read_body(text.encode("utf-8"), server.limits.body_bytes)

    try:
        await socket.accept()
        said = await _hello(server, socket, match_id, receive)
        if said is None:
            return
        token, first = said
        server._listeners.setdefault(match_id, set()).add(event)
        await send(first)
        server.kick(match_id)
        async with anyio.create_task_group() as group:
            group.start_soon(_push, server, match_id, token, first["number"], event, send, group.cancel_scope)
            while True:
                try:
                    message = await receive()
                    await anyio.to_thread.run_sync(lobby.play, match_id, token, message)
                except WebSocketDisconnect:
                    break
                except Refused as exc:
                    await send({"type": "error", "error": exc.message})
                    if exc.status == 403:
                        break
                    continue
                server.notify(match_id)
                server.kick(match_id)
            group.cancel_scope.cancel()
    except* WebSocketDisconnect:  # the seat's peer left, found reading or writing (the task group's, grouped)
        pass
    except* Exception as failed:  # noqa: BLE001 - a bug: the socket closes, the trace goes to the log
        log.exception("the live socket of match %s failed (%s)", match_id, short(str(failed.exceptions[0]), 80))
    finally:
        server._sockets[client] -= 1
        if not server._sockets[client]:
            del server._sockets[client]
        listeners = server._listeners.get(match_id)
        if listeners is not None:
            listeners.discard(event)
            if not listeners:
                del server._listeners[match_id]


async def _push(server: Server, match_id: str, token: str, sent: int, event: asyncio.Event,
                send: Callable[[dict[str, Any]], Awaitable[None]], scope: anyio.CancelScope) -> None:
    """Send the seat its view whenever the match has moved (woken here, or seen in the database)."""
    lobby = server.lobby
    while not server.closing:
        with anyio.move_on_after(server.poll):
            await event.wait()
        event.clear()
        if server.closing:
            break
        number = await anyio.to_thread.run_sync(lobby.progress, match_id)
        if number is None or number == sent:
            continue
        try:
            view = await anyio.to_thread.run_sync(lobby.seat_view, match_id, token)
        except Refused as exc:  # the seat was given up
            await send({"type": "error", "error": exc.message})
            break
        sent = view["number"]
        await send(view)
        if number != sent:
            event.set()
    scope.cancel()
