# ruff: noqa: E501 - the page is HTML, CSS and JavaScript as the browser reads them, one rule or statement a line
'''The web table: one page, served at ``/``, holding the lobby and the table (no build step,
nothing fetched from elsewhere: its style and its one script are inline, and the policy the
server sends with it allows that script by its hash and nothing else).

The lobby lists the games and the matches not over; a new match chooses a game, the number of
players, what sits in each seat (a person, or a bot by name) and, for those who want them, the
game's other options as JSON. Joining a seat keeps its token in the browser's storage, under
the match, so a reload (or a server restarted) finds the seat again; the address names the
match and the seat (``#match=ID&seat=N``).

The table shows the seat's drawing as large as the screen allows, whose turn it is, the
result once the game is over (with links to its replay), the legal moves as buttons grouped by
their first word (with a search box when there are many), and a log of the moves and events
this seat may know. Every string from the server is shown with ``textContent``; the drawings
are the games' own SVG, which escape their text.
'''

from __future__ import annotations

__all__ = ["PAGE", "SCRIPT"]

SCRIPT = r"""
"use strict";
const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
};
let GAMES = [];
let seat = null;      // {match, seat, token}
let socket = null, retry = 0, current = null, logged = -1;

async function api(path, options = {}) {
  const headers = {"Content-Type": "application/json"};
  if (options.token) headers.Authorization = "Bearer " + options.token;
  const response = await fetch(path, {method: options.method || "GET", headers,
                                      body: options.body === undefined ? undefined : JSON.stringify(options.body)});
  const answer = await response.json().catch(() => ({error: "the server sent no JSON"}));
  if (!response.ok) throw new Error(answer.error || ("error " + response.status));
  return answer;
}

function say(text, bad = false) {
  const line = $("notice");
  line.textContent = text;
  line.className = bad ? "notice bad" : "notice";
  line.hidden = !text;
}

function stored(match) {
  try { return JSON.parse(localStorage.getItem("wasteland-seat:" + match) || "null"); } catch (e) { return null; }
}
function store(entry) {
  try { localStorage.setItem("wasteland-seat:" + entry.match, JSON.stringify(entry)); } catch (e) { /* private mode */ }
}
function forget(match) {
  try { localStorage.removeItem("wasteland-seat:" + match); } catch (e) { /* private mode */ }
}

// -- the lobby ---------------------------------------------------------------------------------

function game(key) { return GAMES.find((g) => g.key === key); }

function seatChoices() {
  const g = game($("game").value);
  const players = Number($("players").value);
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(...Array.from({length: players}, (_, i) => {
    const choice = el("select", {id: "seat-" + i, ariaLabel: "seat " + i});
    for (const name of ["human", ...g.bots]) choice.append(el("option", {value: name, textContent: name}));
    choice.value = before[i] || (i === 0 ? "human" : (g.bots.includes("heuristic") ? "heuristic" : "random"));
    return el("label", {className: "seat"}, el("span", {textContent: "seat " + i}), choice);
  }));
}

function chooseGame() {
  const g = game($("game").value);
  $("players").replaceChildren(...g.players.map((n) => el("option", {value: String(n), textContent: String(n)})));
  $("players").value = String(g.players.includes(2) ? 2 : g.players[0]);
  const others = g.options.filter((o) => o.name !== "players").map((o) => o.name + (o.default === null ? "" : "=" + JSON.stringify(o.default)));
  $("options").placeholder = others.length ? '{"' + g.options.filter((o) => o.name !== "players")[0].name + '": ...}   options: ' + others.join(", ") : "{}";
  seatChoices();
}

async function create(event) {
  event.preventDefault();
  const players = Number($("players").value);
  let options = {};
  if ($("options").value.trim()) {
    try { options = JSON.parse($("options").value); } catch (e) { say("The options are not JSON: " + e.message, true); return; }
  }
  options.players = players;
  const seats = Array.from({length: players}, (_, i) => $("seat-" + i).value);
  try {
    const made = await api("/api/matches", {method: "POST", body: {game: $("game").value, options, seats}});
    const first = seats.indexOf("human");
    if (first >= 0) await join(made.id, first);
    else { say("Made match " + made.id + " with no human seat: watch its replay when it ends."); refresh(); }
  } catch (error) { say(error.message, true); }
}

async function join(match, n) {
  try {
    const taken = await api("/api/matches/" + match + "/join", {method: "POST", body: {seat: n}});
    store(taken);
    location.hash = "match=" + taken.match + "&seat=" + taken.seat;
  } catch (error) { say(error.message, true); refresh(); }
}

function matchCard(m) {
  const title = el("h3", {textContent: m.title + " "}, el("span", {className: "muted", textContent: "· " + m.id}));
  const seats = el("ul", {className: "seats"}, ...m.seats.map((s) => {
    const mine = stored(m.id);
    const item = el("li", {}, el("span", {textContent: "seat " + s.seat + ": " + s.kind}));
    if (mine && mine.seat === s.seat) {
      item.append(el("button", {textContent: "back to my seat", onclick: () => { location.hash = "match=" + m.id + "&seat=" + s.seat; }}));
    } else if (s.kind === "human" && !s.taken) {
      item.append(el("button", {textContent: "join", dataset: {join: m.id + ":" + s.seat}, onclick: () => join(m.id, s.seat)}));
    } else if (s.kind === "human") {
      item.append(el("span", {className: "muted", textContent: " (taken)"}));
    }
    return item;
  }));
  return el("li", {className: "card"}, title, el("p", {className: "muted", textContent: m.moves + " moves played"}), seats);
}

async function refresh() {
  try {
    const listed = await api("/api/matches");
    $("matches").replaceChildren(...listed.matches.map(matchCard));
    $("none").hidden = listed.matches.length > 0;
  } catch (error) { say(error.message, true); }
}

function showLobby() {
  close();
  seat = null;
  document.body.dataset.view = "lobby";
  $("lobby").hidden = false;
  $("table").hidden = true;
  document.title = "wasteland: play";
  refresh();
}

// -- the table ---------------------------------------------------------------------------------

function close() {
  if (socket) { socket.onclose = null; socket.close(); socket = null; }
}

function connect() {
  close();
  const here = seat;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/matches/" + encodeURIComponent(here.match) + "/live");
  socket = ws;
  ws.onopen = () => { ws.send(JSON.stringify({token: here.token})); };
  ws.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "state") {
      retry = 0;
      $("link").textContent = "connected"; $("link").className = "link on";
      document.body.dataset.connected = "true";
      draw(data);
    }
    else if (data.type === "error") say(data.error, true);
  };
  ws.onclose = () => {
    if (socket !== ws || seat !== here) return;
    $("link").textContent = "reconnecting..."; $("link").className = "link off";
    document.body.dataset.connected = "false";
    retry = Math.min(retry + 1, 5);
    setTimeout(() => { if (seat === here && socket === ws) connect(); }, 400 * retry);
  };
}

function showTable(entry) {
  seat = entry;
  logged = -1;
  current = null;
  $("log").replaceChildren();
  document.body.dataset.view = "table";
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("where").textContent = "match " + entry.match + " · you are seat " + entry.seat;
  say("");
  connect();
}

function logLine(text, kind) {
  const item = el("li", {className: kind, textContent: text});
  $("log").prepend(item);
  while ($("log").children.length > 300) $("log").lastChild.remove();
}

function groupOf(move) {
  const word = move.text.split(/[ :(]/)[0];
  return word ? word.toLowerCase() : "moves";
}

function moveButtons(data) {
  const filter = $("search").value.trim().toLowerCase();
  const groups = new Map();
  for (const move of data.legal) {
    if (filter && !(move.text + " " + move.notation).toLowerCase().includes(filter)) continue;
    const key = groupOf(move);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(move);
  }
  const boxes = [];
  for (const [name, moves] of groups) {
    const buttons = moves.map((move) => el("button", {className: "move", dataset: {index: String(move.index), notation: move.notation},
      title: move.notation, onclick: () => play(move.index)}, el("span", {textContent: move.text}), el("code", {textContent: move.notation})));
    boxes.push(el("div", {className: "group"}, ...(groups.size > 1 ? [el("h4", {textContent: name})] : []), el("div", {className: "buttons"}, ...buttons)));
  }
  $("moves").replaceChildren(...boxes);
  if (!boxes.length && filter) $("moves").append(el("p", {className: "muted", textContent: "no move matches " + JSON.stringify(filter)}));
}

function draw(data) {
  current = data;
  document.title = data.title + " · seat " + data.seat + " · wasteland";
  $("game-title").textContent = data.title;
  $("board").innerHTML = data.svg;
  document.body.dataset.number = String(data.number);
  document.body.dataset.over = data.outcome ? "true" : "false";
  document.body.dataset.yourTurn = data.your_turn ? "true" : "false";
  const turn = $("turn");
  if (data.outcome) { turn.textContent = data.outcome.text; turn.className = "turn over"; }
  else if (data.your_turn) { turn.textContent = "Your turn (seat " + data.seat + "): choose a move"; turn.className = "turn mine"; }
  else {
    const who = data.seats[data.turn];
    turn.textContent = "Waiting for seat " + data.turn + (who ? " (" + who.kind + ")" : "");
    turn.className = "turn";
  }
  $("replay-links").hidden = !data.outcome;
  if (data.outcome) {
    $("replay-page").href = "/matches/" + encodeURIComponent(data.match) + "/replay.html";
    $("replay-file").href = "/api/matches/" + encodeURIComponent(data.match) + "/replay";
  }
  $("search-box").hidden = data.legal.length <= 12;
  $("move-panel").hidden = !data.your_turn;
  moveButtons(data);
  if (data.number !== logged) {
    if (data.last && logged >= 0) logLine((data.seats.length > 1 ? "seat " + data.last.seat + ": " : "") + data.last.notation + " (" + data.last.text + ")", "move");
    for (const line of data.events) logLine(line, "event");
    if (data.outcome) logLine(data.outcome.text, "end");
    logged = data.number;
  }
}

function play(index) {
  if (!current || !socket || socket.readyState !== WebSocket.OPEN) { say("Not connected: wait a moment.", true); return; }
  say("");
  socket.send(JSON.stringify({move: index, number: current.number}));
}

async function leave() {
  if (!seat) return;
  try { await api("/api/matches/" + seat.match + "/leave", {method: "POST", token: seat.token}); } catch (error) { /* already gone */ }
  forget(seat.match);
  location.hash = "";
}

function route() {
  const wanted = new URLSearchParams(location.hash.replace(/^#/, ""));
  const match = wanted.get("match");
  const entry = match === null ? null : stored(match);
  if (entry && String(entry.seat) === wanted.get("seat")) { if (!seat || seat.match !== entry.match || seat.seat !== entry.seat) showTable(entry); }
  else { if (match !== null) say("This browser holds no seat of match " + match + ".", true); showLobby(); }
}

async function start() {
  try { GAMES = (await api("/api/games")).games; } catch (error) { say(error.message, true); return; }
  $("game").replaceChildren(...GAMES.map((g) => el("option", {value: g.key, textContent: g.title})));
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("change", seatChoices);
  $("create").addEventListener("submit", create);
  $("refresh").addEventListener("click", refresh);
  $("lobby-link").addEventListener("click", (e) => { e.preventDefault(); location.hash = ""; });
  $("leave").addEventListener("click", leave);
  $("search").addEventListener("input", () => { if (current) moveButtons(current); });
  $("zoom").addEventListener("click", () => {
    const close = $("board").classList.toggle("close");
    $("zoom").textContent = close ? "fit to the screen" : "zoom in";
    $("zoom").setAttribute("aria-pressed", String(close));
  });
  if (window.matchMedia("(max-width: 600px)").matches) $("zoom").click();  // a phone: the drawing at a readable size, scrolled sideways
  chooseGame();
  window.addEventListener("hashchange", route);
  route();
  setInterval(() => { if (!seat && !document.hidden) refresh(); }, 5000);
  document.body.dataset.ready = "true";
}

start();
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>wasteland: play</title>
<style>
  * { box-sizing: border-box; }
  [hidden] { display: none !important; }
  body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 0; background: #f9fafb; color: #1f2937; }
  header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; padding: 10px 16px;
           background: #1f2937; color: #f9fafb; }
  header h1 { font-size: 18px; margin: 0; }
  header h1 a { color: inherit; text-decoration: none; }
  header p { margin: 0; font-size: 13px; color: #d1d5db; }
  main { padding: 12px 16px; max-width: 1500px; margin: 0 auto; }
  h2 { font-size: 16px; margin: 0 0 10px; }
  h3 { font-size: 15px; margin: 0 0 4px; }
  h4 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #6b7280; margin: 8px 0 4px; }
  button, select, input, textarea { font: inherit; font-size: 15px; }
  button { padding: 6px 12px; border: 1px solid #9ca3af; border-radius: 6px; background: #fff; color: #1f2937;
           cursor: pointer; min-height: 36px; }
  button:hover { background: #f3f4f6; }
  button.primary { background: #1f2937; color: #f9fafb; border-color: #1f2937; }
  .muted { color: #6b7280; font-size: 13px; font-weight: normal; }
  .notice { margin: 0 0 10px; padding: 8px 12px; border-radius: 6px; background: #e0f2fe; }
  .notice.bad { background: #fee2e2; color: #991b1b; }
  .panel { background: #fff; box-shadow: 0 1px 3px #9ca3af; border-radius: 8px; padding: 12px 14px; margin-bottom: 14px; }
  #lobby { display: grid; grid-template-columns: minmax(280px, 380px) 1fr; gap: 16px; align-items: start; }
  form label { display: block; margin: 0 0 10px; font-size: 14px; }
  form label > span { display: block; font-size: 12px; color: #4b5563; margin-bottom: 2px; }
  form select, form textarea { width: 100%; padding: 6px; border: 1px solid #9ca3af; border-radius: 6px; background: #fff; }
  #seats { display: grid; grid-template-columns: 1fr 1fr; gap: 0 10px; }
  #matches { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 12px; }
  .card { background: #fff; box-shadow: 0 1px 3px #9ca3af; border-radius: 8px; padding: 10px 12px; }
  .card p { margin: 0 0 6px; }
  ul.seats { list-style: none; margin: 0; padding: 0; }
  ul.seats li { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 3px 0;
                border-top: 1px solid #f3f4f6; font-size: 14px; }
  ul.seats button { min-height: 30px; padding: 2px 10px; font-size: 14px; }
  #table { display: grid; grid-template-columns: minmax(0, 1fr) minmax(300px, 380px); gap: 16px; align-items: start; }
  #table > * { min-width: 0; }
  .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; margin-bottom: 10px; }
  .bar h2 { margin: 0; }
  .link { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #e5e7eb; }
  .link.on { background: #dcfce7; color: #166534; }
  .link.off { background: #fef3c7; color: #92400e; }
  .turn { font-size: 16px; font-weight: bold; margin: 0 0 10px; padding: 8px 12px; border-radius: 6px; background: #e5e7eb; }
  .turn.mine { background: #dcfce7; color: #166534; }
  .turn.over { background: #fee2e2; color: #991b1b; }
  #board svg { display: block; width: 100%; height: auto; background: #fff; box-shadow: 0 1px 3px #9ca3af; border-radius: 4px; }
  .buttons { display: flex; flex-wrap: wrap; gap: 6px; }
  button.move { display: flex; flex-direction: column; align-items: flex-start; text-align: left; max-width: 100%; }
  button.move code { font-size: 11px; color: #6b7280; }
  #moves { max-height: 55vh; overflow-y: auto; }
  #search { width: 100%; padding: 6px; margin-bottom: 6px; border: 1px solid #9ca3af; border-radius: 6px; }
  #log { list-style: none; margin: 0; padding: 0; max-height: 40vh; overflow-y: auto; font-size: 13px; }
  #log li { padding: 3px 0; border-top: 1px solid #f3f4f6; }
  #log li.move { font-weight: bold; }
  #log li.event { color: #374151; padding-left: 10px; }
  #log li.end { color: #991b1b; font-weight: bold; }
  #replay-links a { margin-right: 12px; }
  #zoom { font-size: 13px; min-height: 28px; padding: 2px 10px; }
  #board.close { overflow-x: auto; -webkit-overflow-scrolling: touch; }
  #board.close svg { width: 820px; max-width: none; }
  @media (max-width: 820px) {
    main { padding: 8px; }
    header p { display: none; }
    #lobby, #table { grid-template-columns: minmax(0, 1fr); }
    #board { margin: 0 -8px; }
    #board svg { border-radius: 0; }
    /* a phone: the moves stay at the foot of the screen, over the drawing, while it is your turn */
    #move-panel { position: fixed; left: 0; right: 0; bottom: 0; z-index: 5; margin: 0; max-height: 42vh;
                  overflow-y: auto; border-radius: 12px 12px 0 0; box-shadow: 0 -2px 8px #6b7280; }
    #move-panel h2 { font-size: 14px; margin-bottom: 4px; }
    body[data-your-turn="true"] main { padding-bottom: 44vh; }
    #moves { max-height: none; }
    button.move { flex: 1 1 45%; min-height: 44px; }
  }
</style>
</head>
<body data-view="lobby">
<header><h1><a id="lobby-link" href="#">wasteland</a></h1><p>survival board games, played in the browser against bots or friends</p></header>
<main>
  <p id="notice" class="notice" role="status" aria-live="polite" hidden></p>
  <div id="lobby">
    <form id="create" class="panel" aria-label="new match">
      <h2>New match</h2>
      <label><span>game</span><select id="game"></select></label>
      <label><span>players</span><select id="players"></select></label>
      <div id="seats"></div>
      <label><span>other options (JSON, optional)</span><textarea id="options" rows="2" spellcheck="false"></textarea></label>
      <button class="primary" type="submit">Create and take the first human seat</button>
    </form>
    <section aria-label="open matches">
      <div class="bar"><h2>Open matches</h2><button id="refresh" type="button">refresh</button></div>
      <p id="none" class="muted">No match is waiting: make one.</p>
      <ul id="matches"></ul>
    </section>
  </div>
  <div id="table" hidden>
    <section aria-label="table">
      <div class="bar"><h2 id="game-title">...</h2><span id="where" class="muted"></span><span id="link" class="link">connecting...</span><button id="zoom" type="button" aria-pressed="false">zoom in</button></div>
      <p id="turn" class="turn" role="status" aria-live="polite">Connecting...</p>
      <p id="replay-links" hidden><a id="replay-page" href="#" target="_blank" rel="noopener">watch the replay</a><a id="replay-file" href="#" download>download the replay file</a></p>
      <div id="board"></div>
    </section>
    <aside>
      <div id="move-panel" class="panel" hidden>
        <h2>Your moves</h2>
        <div id="search-box" hidden><input id="search" type="search" placeholder="search the moves" aria-label="search the moves"></div>
        <div id="moves"></div>
      </div>
      <div class="panel"><h2>Log</h2><ul id="log"></ul></div>
      <button id="leave" type="button">Leave this seat</button>
    </aside>
  </div>
</main>
<script>""" + SCRIPT + """</script>
</body>
</html>
"""
