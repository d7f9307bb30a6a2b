"""A replay as one self-contained web page: step through a recorded game in a browser.

``page(replay)`` plays the replay and draws every position with the game's own
``svg`` drawing, for the referee and for each seat, and returns one HTML document
with everything inline (no network, no CDN, no file beside it). The page has back
and forward buttons, a slider, the keyboard (← →, Home, End; ``r`` for the referee's
view and a seat's number for that seat's: ``0`` is seat 0), and a choice of whose
view to show; above the drawing it says which move was played, by whom, and what
followed without a decision, and at the end how the game ended. A seat's view shows
only what that seat may know: its drawing, and the caption and events as
``describe`` and ``events`` give them on the seat's view. The address names the
position: ``page.html#move=120`` opens at move 120 (``&view=1`` as seat 1 sees it),
and stepping keeps the address up to date. ``wasteland replay FILE --html out.html``
writes it.

Every string from the replay (its title, the moves, events, card names) reaches the
page as data: JSON in the page's scripts spells ``<``, ``>`` and ``&`` as escapes,
the drawings are inside the packed data, text is shown with ``textContent``, and the
drawings escape their own text.

The drawings are stored once each (a seat whose table did not change reuses the
same drawing), each as a list of pieces (its elements) from one table of the
distinct pieces of all drawings, since two positions share most of what they draw;
the whole is gzip-compressed inside the page, which the browser unpacks with its
built-in ``DecompressionStream``. A 784-move game of five seats, 4,710 drawings,
makes a page of about 1.8 MB.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
from pathlib import Path
from typing import Any

from attrs import evolve

from wasteland import replay as replays
from wasteland.core.game import Game
from wasteland.registry import get_game

__all__ = ["MAX_MOVES", "page", "frames", "write", "script_json", "outcome_text"]

#: The longest replay drawn into a page (each move costs one drawing per view).
MAX_MOVES = 10_000


def outcome_text(game: Game[Any, Any], state: Any) -> str | None:
    """How the game ended, as the replay page and the web table say it ("Game over: won by seat
    1 (…)"); None while it runs."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    if game.num_players(state) == 1:
        verdict = "won" if outcome.winners else "lost"
    elif outcome.winners:
        verdict = "won by " + ", ".join(f"seat {p}" for p in sorted(outcome.winners))
    else:
        verdict = "nobody won"
    return f"Game over: {verdict} ({outcome.reason})"


def frames(replay: replays.Replay) -> dict[str, Any]:
    """The page's data: the views, the unique drawings, and per position the move and a drawing per view.

    Raises ``ReplayError`` when a move is not legal and ``ValueError`` for a replay
    longer than :data:`MAX_MOVES`.
    """
    if len(replay.moves) > MAX_MOVES:
        raise ValueError(f"a replay page draws at most {MAX_MOVES} moves; this replay has {len(replay.moves)}")
    try:
        game = get_game(replay.game)
    except ValueError as exc:
        raise replays.ReplayError(str(exc)) from None
    drawings: list[str] = []
    index: dict[str, int] = {}

    def keep(svg: str) -> int:
        at = index.get(svg)
        if at is None:
            at = index[svg] = len(drawings)
            drawings.append(svg)
        return at

    def position(state: Any, captions: list[str], actor: int | None) -> dict[str, Any]:
        seen = [state] + [game.view(state, p) for p in range(players)]
        return {
            "captions": captions,
            "actor": actor,
            "events": [list(game.events(table)) for table in seen],
            "over": outcome_text(game, state),
            "views": [keep(game.svg(state, None))] + [keep(game.svg(state, p)) for p in range(players)],
        }

    def caption(before: Any, action: Any, who: str) -> str:
        return f"{who}{game.notation(before, action)} ({game.describe(before, action)})"

    start = replays.final_state(evolve(replay, moves=()))
    players = game.num_players(start)
    positions = [position(start, ["The deal: no move yet"] * (players + 1), None)]
    for step in replays.steps(replay):
        actor = game.current_player(step.before)
        who = "" if actor is None else (f"seat {actor}: " if players > 1 else "")
        captions = [caption(step.before, step.action, who)]
        captions += [caption(game.view(step.before, p), step.action, who) for p in range(players)]
        positions.append(position(step.after, captions, actor))
    return {
        "game": game.title,
        "key": game.key,
        "title": replay.title,
        "seed": replay.seed,
        "views": ["referee"] + [f"seat {p}" for p in range(players)],
        "drawings": drawings,
        "positions": positions,
    }


#: Where a drawing is cut into pieces: between two elements (``...><...``).
_PIECES = re.compile(r"(?<=>)(?=<)")


def _pieces_of(drawing: str) -> list[str]:
    """``_PIECES.split(drawing)``, by ``str.split`` (a sixth of the cost)."""
    parts = drawing.split("><")
    if len(parts) == 1:
        return parts
    return [parts[0] + ">", *("<" + part + ">" for part in parts[1:-1]), "<" + parts[-1]]


def _in_pieces(drawings: list[str]) -> tuple[list[str], list[list[int]]]:
    """The distinct pieces of ``drawings`` and each drawing as the list of its pieces' numbers
    (joined in order, they give the drawing back exactly)."""
    pieces: list[str] = []
    number: dict[str, int] = {}
    spelled: list[list[int]] = []
    for drawing in drawings:
        ids = []
        for piece in _pieces_of(drawing):
            at = number.get(piece)
            if at is None:
                at = number[piece] = len(pieces)
                pieces.append(piece)
            ids.append(at)
        spelled.append(ids)
    return pieces, spelled


def _packed(data: dict[str, Any]) -> str:
    pieces, spelled = _in_pieces(data["drawings"])
    data = {**data, "pieces": pieces, "drawings": spelled}
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


#: What JSON text inside a ``<script>`` element spells as escapes: the characters that could
#: end the element or start a comment in it (``</script>``, ``<!--``), and the line separators.
_INERT = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def script_json(value: Any) -> str:
    """``value`` as JSON that is inert inside any ``<script>`` element: no ``<``, ``>`` or ``&``
    appears in it (each is a ``\\u`` escape, which JSON reads back as the same character)."""
    return json.dumps(value, ensure_ascii=False).translate(_INERT)


def page(replay: replays.Replay) -> str:
    """The replay as one HTML document (see the module's text)."""
    data = frames(replay)
    heading = f"{data['game']}: {data['title']}" if data["title"] else str(data["game"])
    meta = {"heading": heading, "seed": data["seed"], "moves": len(data["positions"]) - 1}
    return (_TEMPLATE
            .replace("/*META*/", script_json(meta))
            .replace("/*DATA*/", script_json(_packed(data))))


def write(replay: replays.Replay, path: str | os.PathLike[str]) -> Path:
    """Write :func:`page` to ``path`` with :func:`wasteland.replay.write_atomic`: only a regular
    file is replaced (never a symbolic link, a FIFO or a device), ``-`` is standard output."""
    return replays.write_atomic(path, page(replay))


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>wasteland replay</title>
<style>
  body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 0; background: #f9fafb; color: #1f2937; }
  header { padding: 10px 16px; background: #1f2937; color: #f9fafb; }
  header h1 { font-size: 18px; margin: 0; }
  header p { margin: 4px 0 0; font-size: 13px; color: #d1d5db; }
  nav { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 10px 16px;
        background: #e5e7eb; position: sticky; top: 0; }
  nav button { font-size: 15px; min-width: 40px; padding: 4px 8px; }
  nav input[type=range] { flex: 1; min-width: 160px; }
  #where { font-variant-numeric: tabular-nums; min-width: 110px; }
  main { padding: 12px 16px; }
  #status { font-size: 15px; font-weight: bold; margin: 0 0 6px; }
  #over { font-size: 16px; font-weight: bold; color: #991b1b; margin: 0 0 6px; }
  #events { margin: 0 0 10px; padding-left: 20px; font-size: 13px; color: #374151; }
  /* A drawing keeps its natural size, whose text is meant to be read: a narrow window (a phone)
     scrolls it sideways instead of shrinking it past reading. */
  #board { overflow-x: auto; -webkit-overflow-scrolling: touch; }
  #board svg { max-width: none; height: auto; background: #fff; box-shadow: 0 1px 3px #9ca3af; }
  kbd { background: #fff; border: 1px solid #9ca3af; border-radius: 3px; padding: 0 4px; font-size: 12px; }
  .help { font-size: 12px; color: #4b5563; }
</style>
</head>
<body>
<header><h1 id="heading">wasteland replay</h1><p id="meta"></p></header>
<nav aria-label="replay controls">
  <button id="first" title="first position (Home)">|&#x25C0;</button>
  <button id="back" title="back one move (&#x2190;)">&#x25C0;</button>
  <button id="forward" title="forward one move (&#x2192;)">&#x25B6;</button>
  <button id="last" title="last position (End)">&#x25B6;|</button>
  <input id="slider" type="range" min="0" max="0" value="0" aria-label="position">
  <span id="where">loading</span>
  <label>view <select id="view"></select></label>
</nav>
<main>
  <p id="status" role="status" aria-live="polite">Unpacking the replay...</p>
  <p id="over" hidden></p>
  <ul id="events"></ul>
  <div id="board"></div>
  <p class="help">Keys: <kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd> step, <kbd>Home</kbd> <kbd>End</kbd> first and last,
  <kbd>r</kbd> the referee's view, <kbd>0</kbd> <kbd>1</kbd>... that seat's view (seat 0 is the first player).
  The address links to the move shown.</p>
</main>
<script id="meta-data" type="application/json">/*META*/</script>
<script id="packed-data" type="application/json">/*DATA*/</script>
<script>
"use strict";
const META = JSON.parse(document.getElementById("meta-data").textContent);
const PACKED = JSON.parse(document.getElementById("packed-data").textContent);
const $ = (id) => document.getElementById(id);
let data = null, at = 0, view = 0;

async function unpack(text) {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

const spelled = new Map();
function drawing(index) {
  let svg = spelled.get(index);
  if (svg === undefined) {
    svg = data.drawings[index].map((piece) => data.pieces[piece]).join("");
    spelled.set(index, svg);
  }
  return svg;
}

// view 0 is the referee's, view p + 1 seat p's; the address says "#move=N" and "&view=p" for a seat
function address() {
  return "#move=" + at + (view === 0 ? "" : "&view=" + (view - 1));
}

function show(i) {
  at = Math.max(0, Math.min(data.positions.length - 1, i));
  const pos = data.positions[at];
  const v = Math.min(view, pos.views.length - 1);
  $("slider").value = String(at);
  $("where").textContent = "move " + at + " of " + (data.positions.length - 1);
  $("status").textContent = at === 0 ? pos.captions[v] : "Move " + at + ": " + pos.captions[v];
  $("over").hidden = pos.over === null;
  $("over").textContent = pos.over === null ? "" : pos.over;
  const events = $("events");
  events.replaceChildren(...pos.events[v].map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("board").innerHTML = drawing(pos.views[v]);
  document.body.dataset.position = String(at);
  if (location.hash !== address()) {
    try { history.replaceState(null, "", address()); } catch (error) { /* an address that may not change */ }
  }
}

function setView(v) {
  if (v < 0 || v >= data.views.length) return;
  view = v;
  $("view").value = String(v);
  document.body.dataset.view = data.views[v];
  show(at);
}

// "#move=120&view=1": the position and the seat (no view: the referee's); anything else is ignored
function fromAddress() {
  const wanted = new URLSearchParams(location.hash.replace(/^#/, ""));
  const move = wanted.get("move"), seat = wanted.get("view");
  if (seat !== null && /^[0-9]{1,2}$/.test(seat) && Number(seat) + 1 < data.views.length) view = Number(seat) + 1;
  else if (seat === null || seat === "referee") view = 0;
  if (move !== null && /^[0-9]{1,7}$/.test(move)) at = Number(move);
  setView(view);
}

async function start() {
  $("heading").textContent = META.heading;
  $("meta").textContent = "seed " + META.seed + ", " + META.moves + " moves";
  if (typeof DecompressionStream === "undefined") {
    $("status").textContent = "This browser cannot unpack the replay (it lacks DecompressionStream).";
    return;
  }
  data = await unpack(PACKED);
  document.title = META.heading + " - wasteland replay";
  $("slider").max = String(data.positions.length - 1);
  $("view").replaceChildren(...data.views.map((name, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = name + (i === 0 ? " (key r)" : " (key " + (i - 1) + ")");
    return option;
  }));
  $("first").onclick = () => show(0);
  $("back").onclick = () => show(at - 1);
  $("forward").onclick = () => show(at + 1);
  $("last").onclick = () => show(data.positions.length - 1);
  $("slider").oninput = (e) => show(Number(e.target.value));
  $("view").onchange = (e) => setView(Number(e.target.value));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      e.preventDefault();
    }
    if (e.key === "ArrowLeft") show(at - 1);
    else if (e.key === "ArrowRight") show(at + 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(data.positions.length - 1);
    else if (e.key === "r" || e.key === "R") setView(0);
    else if (/^[0-9]$/.test(e.key)) setView(Number(e.key) + 1);
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
  document.body.dataset.ready = "true";
}

start().catch((error) => { $("status").textContent = "Could not show the replay: " + error; });
</script>
</body>
</html>
"""
