// The lobby page: the open tables and the games to watch, kept live over /lobby/ws; opening a
// table and waiting at it, taking one, being paired at once. When a table seats this browser,
// its seat's token is kept here (like any game of this browser) and the table page opens.
import { m, render, t } from "./catalogue.js";
import { fillMatchSelect, matchPref, pref, saveGame, setPref, startPage } from "./common.js";
import { chooseName, current, loadMe, onPlayer, wireForm, youAre } from "./players.js";

const $ = (id) => document.getElementById(id);
const tables = new Map(); // id -> table view {id, host, preset, stops, created}
const games = new Map(); // game id -> game view {id, players, preset, stops, watch_url}
let presets = ["classic", "hoyle", "suited", "russian13", "single"];
let sock = null;
let waitingAt = null; // the table this browser has open: its view
let status = null; // {code, params} of the line under the buttons
let lostAt = 0;
let retry = 500;

const choice = {
  preset: pref("start.preset", "classic"),
  stops: pref("start.stops", "off") === "on",
  matchTo: matchPref(),
};

// ------------------------------------------------------------------ drawing

function rules(v) {
  const parts = [t(`web.preset.${v.preset}`)];
  if (v.stops) parts.push(t("lobby.stopsOn"));
  if (v.match_to) parts.push(t("web.matchPoints", { n: v.match_to }));
  return parts.join(" · ");
}

function ago(created) {
  const min = Math.floor((Date.now() / 1000 - created) / 60);
  return min < 1 ? t("lobby.justNow") : t("lobby.ago", { n: min });
}

function playerLink(p) {
  const a = document.createElement("a");
  a.href = p.url;
  a.textContent = p.name;
  const span = document.createElement("span");
  span.append(a, ` (${p.rating})`);
  return span;
}

function drawTables() {
  const ul = $("tables");
  ul.textContent = "";
  const me = current();
  const list = [...tables.values()].sort((a, b) => a.created - b.created);
  if (!list.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = t("lobby.noTables");
    ul.append(li);
  }
  for (const v of list) {
    const li = document.createElement("li");
    li.dataset.table = v.id;
    const what = document.createElement("span");
    what.className = "what";
    what.append(playerLink(v.host), ` · ${rules(v)} · ${ago(v.created)}`);
    const actions = document.createElement("span");
    actions.className = "actions";
    if ((waitingAt && waitingAt.id === v.id) || (me && me.name === v.host.name)) {
      const s = document.createElement("span");
      s.className = "status mine";
      s.textContent = t("lobby.yours");
      actions.append(s);
    } else {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "take";
      b.textContent = t("lobby.take");
      b.setAttribute("aria-label", t("lobby.takeLabel", { name: v.host.name }));
      b.disabled = !me || !!waitingAt || !sock || sock.readyState !== WebSocket.OPEN;
      b.addEventListener("click", () => send({ type: "take", table: v.id }));
      actions.append(b);
    }
    li.append(what, actions);
    ul.append(li);
  }
}

function drawGames() {
  const ul = $("playing");
  ul.textContent = "";
  if (!games.size) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = t("lobby.noGames");
    ul.append(li);
  }
  for (const g of games.values()) {
    const [a, b] = g.players;
    const li = document.createElement("li");
    const what = document.createElement("span");
    what.className = "what";
    what.append(playerLink(a), ` – `, playerLink(b), ` · ${rules(g)}`);
    const actions = document.createElement("span");
    actions.className = "actions";
    const w = document.createElement("a");
    w.className = "button";
    w.href = g.watch_url;
    w.textContent = t("lobby.watch");
    w.setAttribute("aria-label", t("lobby.watchLabel", { a: a.name, b: b.name }));
    actions.append(w);
    li.append(what, actions);
    ul.append(li);
  }
}

function drawMe() {
  const me = current();
  $("needName").hidden = !!me;
  $("playPart").hidden = !me;
  if (me) $("meText").textContent = youAre(me);
  const open = sock && sock.readyState === WebSocket.OPEN;
  $("waitPart").hidden = !waitingAt;
  $("tableForm").hidden = !!waitingAt;
  if (waitingAt) {
    let stops = waitingAt.stops ? t("lobby.withStops") : "";
    if (waitingAt.match_to) stops += t("lobby.withMatch", { n: waitingAt.match_to });
    $("waiting").textContent = t("lobby.waiting", { preset: m(`web.preset.${waitingAt.preset}`), stops });
  }
  for (const id of ["quick", "openTable", "cancel"]) $(id).disabled = !open;
  $("lobbyStatus").textContent = status ? t(status.code, status.params) : "";
}

function fillPresets() {
  const sel = $("preset");
  sel.textContent = "";
  for (const p of presets) sel.add(new Option(t(`web.preset.${p}`), p));
  if (!presets.includes(choice.preset)) choice.preset = presets[0];
  sel.value = choice.preset;
  const single = choice.preset === "single";
  $("stops").checked = choice.stops && !single;
  $("stops").disabled = single;
  $("stopsHelp").textContent = single ? t("web.stopsNone") : "";
  fillMatchSelect($("matchTo"), choice.matchTo);
}

function drawAll() {
  fillPresets();
  drawMe();
  drawTables();
  drawGames();
}

// ------------------------------------------------------------------ the socket

function send(msg) {
  $("lobbyError").textContent = "";
  if (sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify(msg));
}

function paired(msg) {
  saveGame({
    id: msg.game_id,
    token: msg.token,
    seat: msg.seat,
    mode: "friend",
    preset: msg.preset,
    opponent: msg.opponent.name,
    lobby: true,
    created: Date.now(),
  });
  waitingAt = null;
  status = { code: "lobby.paired", params: { name: msg.opponent.name, rating: msg.opponent.rating } };
  drawMe();
  location.assign(`/game/${msg.game_id}`); // the token stays in this browser, not in the address
}

function onMessage(msg) {
  switch (msg.type) {
    case "lobby":
      tables.clear();
      games.clear();
      for (const v of msg.tables) tables.set(v.id, v);
      for (const g of msg.games) games.set(g.id, g);
      break;
    case "lobby_update":
      for (const id of msg.removed) tables.delete(id);
      for (const v of msg.added) tables.set(v.id, v);
      for (const id of msg.games_removed) games.delete(id);
      for (const g of msg.games_added) games.set(g.id, g);
      break;
    case "opened":
      waitingAt = msg.table;
      tables.set(msg.table.id, msg.table);
      status = null;
      break;
    case "closed":
      waitingAt = null;
      tables.delete(msg.table);
      status = { code: msg.reason === "stale" ? "lobby.closedStale" : "lobby.closed", params: {} };
      break;
    case "paired":
      paired(msg);
      return;
    case "error":
      $("lobbyError").textContent = msg.msg ? render(msg.msg) : msg.message;
      if (msg.error === "no_name") loadMe();
      return;
    default:
      return;
  }
  drawMe();
  drawTables();
  drawGames();
}

function connect() {
  $("conn").textContent = t(lostAt ? "lobby.lost" : "lobby.connecting");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/lobby/ws`);
  sock = ws;
  ws.addEventListener("open", () => {
    retry = 500;
    $("conn").textContent = "";
    document.body.dataset.live = "1";
    drawMe();
    drawTables();
  });
  ws.addEventListener("message", (e) => {
    try {
      onMessage(JSON.parse(e.data));
    } catch (err) {
      console.error(err);
    }
  });
  ws.addEventListener("close", () => {
    if (sock !== ws) return;
    sock = null;
    delete document.body.dataset.live;
    lostAt = Date.now();
    if (waitingAt) {
      // the server closes a table whose host's connection went: open it again when back
      waitingAt = null;
      status = { code: "lobby.closedStale", params: {} };
    }
    drawMe();
    drawTables();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// ------------------------------------------------------------------ the page

function settings() {
  const single = choice.preset === "single";
  const out = { preset: choice.preset, stops: !single && $("stops").checked };
  if (choice.matchTo) out.match_to = choice.matchTo;
  return out;
}

$("preset").addEventListener("change", () => {
  choice.preset = $("preset").value;
  setPref("start.preset", choice.preset);
  fillPresets();
});
$("matchTo").addEventListener("change", () => {
  choice.matchTo = Number($("matchTo").value) || null;
  setPref("start.matchTo", String(choice.matchTo || 0));
});
$("stops").addEventListener("change", () => {
  choice.stops = $("stops").checked;
  setPref("start.stops", choice.stops ? "on" : "off");
});
$("tableForm").addEventListener("submit", (e) => {
  e.preventDefault();
  send({ type: "quick", ...settings() });
});
$("openTable").addEventListener("click", () => send({ type: "open", ...settings() }));
$("cancel").addEventListener("click", () => send({ type: "cancel" }));
wireForm($("nameForm"), $("nameError"), async ({ name }) => {
  await chooseName(name);
});
// the lobby's socket knows the player by the session cookie it opened with: a new name, a new socket
let lastName = null;
onPlayer((player) => {
  const name = player ? player.name : null;
  if (name !== lastName && sock) {
    const old = sock;
    sock = null;
    old.close();
    connect();
  }
  lastName = name;
  drawMe();
  drawTables();
});
setInterval(drawTables, 30000); // "2 min ago" moves on

await startPage("lobby.title", drawAll);
fetch("/api/config")
  .then((r) => r.json())
  .then((c) => {
    if (Array.isArray(c.presets) && c.presets.length) presets = c.presets;
    fillPresets();
  })
  .catch(() => {});
await loadMe();
drawAll();
connect();
document.body.dataset.loaded = "1";
