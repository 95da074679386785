// The table page: shows the state the server sends for this seat and sends moves.
import { RULE_TEXT, applyTexts, getLang, langSwitch, saveGame, savedGames, t } from "./i18n.js";
import { StateSync } from "./sync.js";

const SEATS = "AB";
const PILES = "12345678RHFrwWSs";
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const board = document.getElementById("board");

// ------------------------------------------------------------------ the seat
function findToken() {
  const m = location.hash.match(/t=([A-Za-z0-9_-]+)/);
  if (m) return m[1];
  const saved = savedGames().find((g) => g.id === gameId);
  return saved ? saved.token : null;
}
const token = findToken();

let ws = null;
let msg = null; // the state message being shown
let queue = [];
let pumping = false;
let selected = null; // source pile code picked by a tap
let drag = null;
let keyBuffer = "";
let endShownFor = null;
let geo = null;
let retry = 0;

// ---------------------------------------------------------------- helpers
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function me() {
  return msg && msg.seat ? SEATS.indexOf(msg.seat) : 0;
}
function seated() {
  return !!(msg && msg.seat);
}
function nameOf(letter) {
  if (!msg) return letter;
  if (msg.seat === letter) return t("you");
  if (msg.computer_seat === letter) return `${t("computer")} (${t("levels")[msg.level] || msg.level})`;
  if (!msg.seat) return letter === "A" ? t("playerA") : t("playerB");
  return t("opponent");
}
function toast(text, ms = 4000) {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (el.hidden = true), ms);
}
function say(text) {
  document.getElementById("message").textContent = text;
}
function ruleReason(rule, message) {
  const lang = getLang();
  const local = RULE_TEXT[lang] && RULE_TEXT[lang][rule];
  return `${t("illegal")} (${rule}): ${local || message}`;
}

// ------------------------------------------------------------- websocket
function connect() {
  say(retry ? t("reconnecting") : t("connecting"));
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  const sync = new StateSync(); // full state on join, then deltas (sync.js)
  ws.onopen = () => {
    retry = 0;
    ws.send(JSON.stringify(token ? { type: "join", token } : { type: "join" }));
  };
  const me = ws;
  ws.onmessage = (e) => {
    if (me !== ws) return; // a socket that was replaced
    const got = sync.receive(JSON.parse(e.data));
    if (got.kind === "resync") {
      ws.send(JSON.stringify({ type: "sync" })); // lost track of the deltas: ask for the full state
      return;
    }
    const m = got.kind === "state" ? got.state : got.message;
    if (m.type === "state" && document.body.dataset.connected !== "1") {
      document.body.dataset.connected = "1";
      const text = document.getElementById("message").textContent;
      if (text === t("connecting") || text === t("reconnecting")) say("");
    }
    onMessage(m);
  };
  ws.onclose = () => {
    if (me !== ws) return;
    document.body.dataset.connected = "0";
    retry += 1;
    say(t("reconnecting"));
    setTimeout(connect, Math.min(5000, 500 * retry));
  };
}

function send(data) {
  if (ws && ws.readyState === WebSocket.OPEN && document.body.dataset.connected === "1") {
    ws.send(JSON.stringify(data));
    return true;
  }
  toast(t("reconnecting"));
  return false;
}

function sendMove(text) {
  if (!msg) return false;
  clearSelection();
  return send({ type: "move", move: text, state: msg.state_id });
}

function onMessage(m) {
  if (m.type === "state") {
    if (m.seat && token) {
      const old = savedGames().find((g) => g.id === gameId) || {};
      saveGame({
        ...old,
        id: gameId,
        token,
        seat: m.seat,
        mode: m.mode,
        level: m.level,
        created: old.created || Date.now(),
      });
    }
    queue.push(m);
    if (queue.length > 4) queue = queue.slice(-1);
    pump();
  } else if (m.type === "error") {
    if (m.code === "illegal") toast(ruleReason(m.rule, m.reason || m.message));
    else if (m.code === "not_your_turn") toast(t("notYourTurn"));
    else if (["stale", "game_over", "spectator", "not_your_stop", "no_stops"].includes(m.code) && getLang() !== "en")
      toast(t("err_" + m.code));
    else if (m.code === "unknown_game") {
      say(t("unknownGame"));
      toast(t("unknownGame"));
    } else toast(m.message);
    document.body.dataset.lastError = m.code;
    if (msg) render(msg); // put a dropped card back where it belongs
  } else if (m.type === "notice") {
    showEvent(m.event);
  } else if (m.type === "hint") {
    showHint(m);
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) {
    const m = queue.shift();
    const byOther = m.event && m.event.by !== m.seat && msg && m.state_id > msg.state_id;
    render(m);
    if (m.event && msg && m.event.kind === "stop") showEvent(m.event);
    if (byOther) await sleep(420);
  }
  pumping = false;
}

// ----------------------------------------------------------------- layout
function computeGeo() {
  const W = Math.min(board.clientWidth || 360, 1200);
  const H = Math.max(420, window.innerHeight - 110);
  let cw = Math.floor(Math.min(W / 9.4, H / 9.4, 96));
  cw = Math.max(30, cw);
  const ch = Math.round(cw * 1.4);
  const gap = Math.max(4, Math.round(cw * 0.12));
  const fx0 = Math.round(W / 2 - cw - gap / 2);
  const fx1 = Math.round(W / 2 + gap / 2);
  const top = gap;
  const label = 14; // room for the pile names under the players' piles
  const tabY = top + ch + label + gap * 2;
  const rowH = ch + gap;
  const bottomY = tabY + 4 * rowH + gap;
  return { W, cw, ch, gap, fx0, fx1, top, tabY, rowH, bottomY, height: bottomY + ch + label + gap };
}

function zoneSlots(g, player) {
  // [reserve, stock, hand, waste] slots of a player's zone (top row: the opponent)
  const y = player === me() ? g.bottomY : g.top;
  const step = g.cw + g.gap * 2;
  const x0 = g.gap;
  return { y, reserve: x0, stock: x0 + step, hand: x0 + step * 2, waste: x0 + step * 3, info: x0 + step * 4 };
}

// the code (relative to this seat) of a pile
function relTab(a) {
  return PILES[((a - 4 * me()) & 7)];
}
function ownCode(kind, player) {
  const mine = player === me();
  return { reserve: mine ? "R" : "r", waste: mine ? "W" : "w", stock: mine ? "S" : "s", hand: "H" }[kind];
}

// ------------------------------------------------------------------ render
function cardFile(name) {
  return `/static/cards/${name.toUpperCase()}.svg`;
}

function makeCard(key, name, x, y, z, zone, deck) {
  const el = document.createElement("div");
  el.className = "card" + (name ? "" : " down") + (deck === 1 ? " deck-b" : "");
  el.dataset.card = key;
  if (name) el.dataset.name = name;
  el.dataset.zone = zone;
  el.style.left = `${x}px`;
  el.style.top = `${y}px`;
  el.style.width = `${geo.cw}px`;
  el.style.height = `${geo.ch}px`;
  el.style.zIndex = String(z);
  const img = document.createElement("img");
  img.src = name ? cardFile(name) : `/static/cards/back${deck + 1}.svg`;
  img.alt = name ? name : "card back";
  img.draggable = false;
  el.appendChild(img);
  board.appendChild(el);
  return el;
}

function makeZone(code, x, y, w, h, label, cls = "") {
  const el = document.createElement("div");
  el.className = `zone ${cls}`;
  el.dataset.zone = code;
  el.style.left = `${x}px`;
  el.style.top = `${y}px`;
  el.style.width = `${w}px`;
  el.style.height = `${h}px`;
  if (label) {
    const s = document.createElement("span");
    s.className = "zlabel";
    s.textContent = label;
    el.appendChild(s);
  }
  board.appendChild(el);
  return el;
}

function badge(x, y, n) {
  const el = document.createElement("span");
  el.className = "badge";
  el.textContent = String(n);
  el.style.left = `${x + geo.cw - 12}px`;
  el.style.top = `${y - 6}px`;
  board.appendChild(el);
}

function render(m) {
  const first = !msg || msg.game_id !== m.game_id;
  // FLIP: where every card is now
  const before = new Map();
  const br = board.getBoundingClientRect();
  for (const el of board.querySelectorAll(".card")) {
    const r = el.getBoundingClientRect();
    before.set(el.dataset.card, { x: r.left - br.left, y: r.top - br.top });
  }
  msg = m;
  geo = computeGeo();
  board.innerHTML = "";
  board.style.height = `${geo.height}px`;
  const v = m.view;
  const mine = me();
  const yourTurn = m.your_turn;
  const legal = new Set(v.legal_moves);
  const sources = new Set(v.legal_moves.map((x) => x[0]));
  const movable = []; // [element, source code]

  // --- tableau: own piles on the left, the opponent's on the right
  const avail = geo.fx0 - geo.gap * 2;
  for (let a = 0; a < 8; a++) {
    const left = a >> 2 === mine;
    const row = a & 3;
    const y = geo.tabY + row * geo.rowH;
    const code = relTab(a);
    const zx = left ? 0 : geo.fx1 + geo.cw + geo.gap;
    makeZone(code, zx, y, avail, geo.ch, code, "tab" + (left ? " left" : " right"));
    const pile = v.tableau[a];
    const n = pile.length;
    const off = n > 1 ? Math.min(geo.cw * 0.45, (avail - geo.cw) / (n - 1)) : 0;
    const base = left ? geo.fx0 - geo.gap * 2 - geo.cw : geo.fx1 + geo.cw + geo.gap * 2;
    const slot = document.createElement("div");
    slot.className = "slot";
    Object.assign(slot.style, { left: `${base}px`, top: `${y}px`, width: `${geo.cw}px`, height: `${geo.ch}px` });
    board.appendChild(slot);
    pile.forEach((c, j) => {
      const x = left ? base - j * off : base + j * off;
      const el = makeCard(c, c, Math.round(x), y, j + 1, code, c === c.toLowerCase() ? 1 : 0);
      if (j === n - 1) movable.push([el, code]);
    });
  }
  // --- foundations: one row per suit
  makeZone("F", geo.fx0 - 2, geo.tabY - 2, geo.fx1 + geo.cw - geo.fx0 + 4, 4 * geo.rowH, "", "found");
  v.foundations.forEach((f, s) => {
    const x = s & 1 ? geo.fx1 : geo.fx0;
    const y = geo.tabY + (s >> 1) * geo.rowH;
    const ph = document.createElement("div");
    ph.className = "slot";
    Object.assign(ph.style, { left: `${x}px`, top: `${y}px`, width: `${geo.cw}px`, height: `${geo.ch}px` });
    board.appendChild(ph);
    f.forEach((c, j) => makeCard(c, c, x, y, j + 1, "F", c === c.toLowerCase() ? 1 : 0));
  });
  // --- the two players' zones
  for (const p of [0, 1]) {
    const side = v.players[SEATS[p]];
    const z = zoneSlots(geo, p);
    const y = z.y;
    const mineSide = p === mine;
    // reserve
    makeZone(ownCode("reserve", p), z.reserve, y, geo.cw, geo.ch, t("reserve"), "pile");
    const down = side.reserve_count - side.reserve_up.length;
    const shownDown = Math.min(down, 3);
    for (let i = 0; i < shownDown; i++) {
      makeCard(`back-${p}-r${i}`, null, z.reserve + i * 2, y - i * 2, i + 1, ownCode("reserve", p), p);
    }
    const upOff = Math.min(geo.ch * 0.2, 14);
    side.reserve_up.forEach((c, j) => {
      const el = makeCard(c, c, z.reserve, y + j * upOff * (mineSide ? -1 : 1), 10 + j, ownCode("reserve", p),
        c === c.toLowerCase() ? 1 : 0);
      if (mineSide && j === side.reserve_up.length - 1) movable.push([el, "R"]);
    });
    if (side.reserve_count) badge(z.reserve, y, side.reserve_count);
    // stock
    makeZone(ownCode("stock", p), z.stock, y, geo.cw, geo.ch, t("stock"), "pile");
    if (side.stock_count) {
      const el = makeCard(`back-${p}-stock`, null, z.stock, y, 1, ownCode("stock", p), p);
      badge(z.stock, y, side.stock_count);
      if (mineSide) movable.push([el, "S"]);
    }
    // hand (the player on move holds it)
    makeZone(mineSide ? "H" : "h", z.hand, y, geo.cw, geo.ch, t("hand"), "pile hand");
    if (v.hand && v.turn === SEATS[p]) {
      const el = makeCard(v.hand, v.hand, z.hand, y, 5, "H", v.hand === v.hand.toLowerCase() ? 1 : 0);
      if (mineSide) movable.push([el, "H"]);
    }
    // waste
    makeZone(ownCode("waste", p), z.waste, y, geo.cw, geo.ch, t("waste"), "pile");
    side.waste.forEach((c, j) => makeCard(c, c, z.waste, y, j + 1, ownCode("waste", p), c === c.toLowerCase() ? 1 : 0));
    if (side.waste.length) badge(z.waste, y, side.waste.length);
    // who and what is left
    const info = document.createElement("div");
    info.className = "pinfo" + (v.turn === SEATS[p] && !v.outcome ? " onmove" : "");
    info.dataset.player = SEATS[p];
    info.style.left = `${z.info}px`;
    info.style.top = `${y}px`;
    info.style.width = `${Math.max(60, geo.W - z.info)}px`;
    const nm = document.createElement("strong");
    nm.textContent = `${nameOf(SEATS[p])} (${SEATS[p]})`;
    const counts = document.createElement("div");
    counts.textContent = t("cardsLeft", { r: side.reserve_count, s: side.stock_count, w: side.waste.length });
    info.append(nm, counts);
    board.appendChild(info);
  }
  // who may pick up what: every top card, so an illegal drop can say why
  if (seated() && yourTurn) {
    for (const [el, code] of movable) {
      el.dataset.src = code;
      if (sources.has(code)) el.classList.add("can");
    }
  }
  board.dataset.stateId = String(m.state_id);
  board.dataset.legal = v.legal_moves.join(" ");

  // FLIP animation from where the cards were
  if (!first) {
    const stockOf = (letter) => board.querySelector(`[data-card="back-${SEATS.indexOf(letter)}-stock"]`);
    for (const el of board.querySelectorAll(".card")) {
      let from = before.get(el.dataset.card);
      if (!from && el.dataset.zone === "H") {
        const s = stockOf(v.turn);
        if (s) from = { x: parseFloat(s.style.left), y: parseFloat(s.style.top) };
      }
      if (!from) continue;
      const dx = from.x - parseFloat(el.style.left);
      const dy = from.y - parseFloat(el.style.top);
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 500 }, { transform: "none", zIndex: 500 }], {
        duration: 380,
        easing: "cubic-bezier(.2,.7,.3,1)",
      });
    }
  }
  renderChrome();
  lightHint();
}

function renderChrome() {
  const m = msg;
  const v = m.view;
  const turnEl = document.getElementById("turn");
  let text;
  if (v.outcome) text = t("gameOver");
  else if (m.your_turn) text = t("yourTurn");
  else if (m.thinking) text = t("thinking", { name: nameOf(v.turn) });
  else text = t("theirTurn", { name: nameOf(v.turn) });
  if (!m.seat) text = `${t("watching")} · ${text}`;
  turnEl.textContent = text;
  turnEl.className = "turn" + (m.your_turn ? " mine" : "");
  const mt = m.match;
  document.getElementById("match").textContent =
    `${t("match")} (${t("game")} ${mt.number}): ${nameOf("A")} ${mt.A} — ${nameOf("B")} ${mt.B}`;
  document.body.dataset.turn = v.turn;
  document.body.dataset.yourTurn = m.your_turn ? "1" : "0";

  const stopBtn = document.getElementById("stopBtn");
  stopBtn.hidden = !(v.options.stops && m.seat);
  stopBtn.disabled = !m.can_stop;
  document.getElementById("hintBtn").disabled = !m.your_turn;
  document.getElementById("hintBtn").hidden = !m.seat;
  document.getElementById("resignBtn").hidden = !m.seat || !!v.outcome;
  document.getElementById("moveForm").hidden = !m.seat;
  const passBtn = document.getElementById("passBtn");
  passBtn.hidden = !(m.your_turn && v.legal_moves.includes("pass"));

  // the friend's link, for the creator of a table for two
  const saved = savedGames().find((g) => g.id === gameId);
  const invite = document.getElementById("invite");
  const inviting = m.mode === "friend" && saved && saved.friend_url && m.seat === "A";
  invite.hidden = !m.seat || !!v.outcome;
  document.getElementById("friendPart").hidden = !inviting;
  if (inviting) document.getElementById("friendUrl").value = location.origin + saved.friend_url;
  document.getElementById("watchUrl").value = `${location.origin}/game/${gameId}`;

  renderLog(v);
  if (v.outcome && endShownFor !== m.game_id) {
    endShownFor = m.game_id;
    showEnd();
  } else if (v.outcome) {
    updateNextButton();
  }
}

function renderLog(v) {
  const ol = document.getElementById("log");
  ol.innerHTML = "";
  let cur = null;
  let n = 0;
  const endTurn = new Set(["HW", "pass", "stop"]);
  let newTurn = true;
  for (const h of v.history) {
    if (newTurn) {
      n += 1;
      cur = document.createElement("li");
      cur.dataset.player = h.move === "stop" ? (h.player === "A" ? "B" : "A") : h.player;
      cur.textContent = `${cur.dataset.player}:`;
      ol.appendChild(cur);
      newTurn = false;
    }
    let tok = ` ${h.move}`;
    if (h.reveals.length) tok += `=${h.reveals.join("")}`;
    cur.append(tok);
    if (h.ruling) {
      const r = document.createElement("em");
      r.textContent = ` {${h.ruling}}`;
      cur.appendChild(r);
    }
    if (endTurn.has(h.move)) newTurn = true;
  }
  ol.scrollTop = ol.scrollHeight;
}

function showEvent(ev) {
  if (!ev || ev.kind !== "stop") return;
  let text;
  if (ev.founded) {
    const penalty = ev.penalty === "annul" ? t("annulled", { n: ev.annulled }) : t("stand");
    text = t("stopFounded", { name: nameOf(ev.by), rule: ev.rule, move: ev.violation, penalty });
  } else {
    text = t("stopUnfounded", { name: nameOf(ev.by), rule: ev.rule });
  }
  say(text);
  toast(text, 6000);
  document.body.dataset.lastRuling = ev.founded ? `founded ${ev.rule}` : `unfounded ${ev.rule}`;
}

function showHint(h) {
  if (!msg || h.state_id !== msg.state_id) return;
  clearSelection();
  if (!h.moves.length) {
    say(t("noHint"));
    return;
  }
  say(t("hintText", { moves: h.moves.slice(0, 6).join(" ") }));
  hinted = { stateId: h.state_id, move: h.moves[0] };
  lightHint();
}

let hinted = null;
function lightHint() {
  if (!hinted || !msg || hinted.stateId !== msg.state_id) return;
  const mv = hinted.move;
  if (mv.length === 2) {
    for (const el of board.querySelectorAll(`[data-src="${cssq(mv[0])}"], .zone[data-zone="${cssq(mv[1])}"]`))
      el.classList.add("hint");
  }
}

function cssq(s) {
  return s.replace(/["\\]/g, "\\$&");
}

// ---------------------------------------------------------------- end panel
function showEnd() {
  const v = msg.view;
  const o = v.outcome;
  const panel = document.getElementById("endPanel");
  let title;
  if (!o.winner) title = t("draw");
  else if (msg.seat) title = o.winner === msg.seat ? t("youWon") : t("youLost");
  else title = t("wins", { name: nameOf(o.winner) });
  document.getElementById("endTitle").textContent = title;
  document.getElementById("endWhy").textContent = `${t("termination")}: ${t("terminations")[o.termination] || o.termination} (${o.result})`;
  const tbl = document.getElementById("endScore");
  tbl.innerHTML = "";
  if (o.score) {
    const rows = [
      [t("bonus"), o.score.bonus],
      [`${t("reserveCards")}: ${o.score.reserve_cards}`, o.score.reserve_points],
      [t("stockWasteCards"), o.score.stock_waste_cards],
      [t("handCards"), o.score.hand_cards],
      [t("total"), o.score.total],
    ];
    for (const [k, val] of rows) {
      const tr = document.createElement("tr");
      const a = document.createElement("td");
      a.textContent = k;
      const b = document.createElement("td");
      b.textContent = String(val);
      tr.append(a, b);
      tbl.appendChild(tr);
    }
  }
  const mt = msg.match;
  document.getElementById("endMatch").textContent = `${t("match")}: ${nameOf("A")} ${mt.A} — ${nameOf("B")} ${mt.B}`;
  document.getElementById("downloadLink").href = `/api/games/${encodeURIComponent(gameId)}/record`;
  document.getElementById("againBtn").hidden = !msg.seat;
  updateNextButton();
  panel.hidden = false;
}

function updateNextButton() {
  const btn = document.getElementById("againBtn");
  btn.textContent = msg.next_game ? t("nextGame") : t("playAgain");
}

async function playAgain() {
  if (msg && msg.next_game) {
    location.href = `/game/${msg.next_game}#t=${token}`;
    return;
  }
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/again`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const data = await r.json();
  if (!r.ok) {
    toast(data.message);
    return;
  }
  const old = savedGames().find((g) => g.id === gameId) || {};
  saveGame({ ...old, id: data.game_id, token, created: Date.now() });
  location.href = data.url;
  if (location.pathname.endsWith(data.game_id)) location.reload();
}

// ------------------------------------------------------- picking cards up
function clearSelection() {
  selected = null;
  for (const el of board.querySelectorAll(".selected, .target, .hint")) el.classList.remove("selected", "target", "hint");
}

function lightTargets(src) {
  for (const mv of msg.view.legal_moves) {
    if (mv.length === 2 && mv[0] === src) {
      for (const z of board.querySelectorAll(`.zone[data-zone="${cssq(mv[1])}"]`)) z.classList.add("target");
    }
  }
}

function select(src, el) {
  clearSelection();
  selected = src;
  if (el) el.classList.add("selected");
  lightTargets(src);
}

function tryMove(src, dst, el) {
  const text = src + dst;
  if (src === dst) return;
  if (!msg.your_turn) {
    toast(t("notYourTurn"));
    if (el) render(msg);
    return;
  }
  if (!msg.view.legal_moves.includes(text) && el) {
    render(msg); // slide back at once; the server says why
  }
  sendMove(text);
}

function zoneAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const z = el.closest("[data-zone]");
  return z && board.contains(z) ? z.dataset.zone : null;
}

board.addEventListener("pointerdown", (e) => {
  if (!msg || e.button > 0) return;
  const card = e.target.closest(".card");
  if (card && card.dataset.src && !selected) {
    e.preventDefault();
    card.setPointerCapture(e.pointerId);
    drag = { el: card, src: card.dataset.src, x0: e.clientX, y0: e.clientY, moved: false, id: e.pointerId };
  } else {
    drag = null;
  }
});

board.addEventListener("pointermove", (e) => {
  if (!drag || e.pointerId !== drag.id) return;
  const dx = e.clientX - drag.x0;
  const dy = e.clientY - drag.y0;
  if (!drag.moved && Math.hypot(dx, dy) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    select(drag.src, drag.el);
    drag.el.classList.add("dragging");
  }
  drag.el.style.transform = `translate(${dx}px, ${dy}px)`;
});

board.addEventListener("pointerup", (e) => {
  if (!msg) return;
  if (drag && e.pointerId === drag.id) {
    const d = drag;
    drag = null;
    if (d.moved) {
      const dst = zoneAt(e.clientX, e.clientY);
      d.el.classList.remove("dragging");
      clearSelection();
      if (!dst || dst === d.src || (d.src === "H" && dst === "h")) {
        render(msg); // dropped nowhere: back it goes
        return;
      }
      tryMove(d.src, dst, d.el);
      return;
    }
    // a tap on a movable card: select it
    if (selected === d.src) clearSelection();
    else select(d.src, d.el);
    return;
  }
  // a tap on a target while a card is selected
  if (selected) {
    const z = e.target.closest("[data-zone]");
    if (!z) {
      clearSelection();
      return;
    }
    const dst = z.dataset.zone === "h" ? "H" : z.dataset.zone;
    if (dst === selected) {
      clearSelection();
      return;
    }
    const src = selected;
    clearSelection();
    tryMove(src, dst, null);
  }
});

board.addEventListener("pointercancel", () => {
  if (drag) {
    drag = null;
    render(msg);
  }
});

// ---------------------------------------------------------------- keyboard
document.addEventListener("keydown", (e) => {
  if (!msg || e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  let k = e.key;
  if (k === "Escape") {
    keyBuffer = "";
    clearSelection();
    say("");
    return;
  }
  if (k === "?") {
    document.getElementById("hintBtn").click();
    return;
  }
  if (k === "h") k = "H";
  if (k === "f") k = "F";
  if (k === "P" || k === "p") {
    if (msg.view.legal_moves.includes("pass")) sendMove("pass");
    return;
  }
  if (k.length !== 1 || !PILES.includes(k)) return;
  e.preventDefault();
  keyBuffer += k;
  if (keyBuffer.length === 1) {
    select(k, board.querySelector(`[data-src="${cssq(k)}"]`));
    say(`${keyBuffer}…`);
  } else {
    const text = keyBuffer;
    keyBuffer = "";
    say(text);
    clearSelection();
    if (!msg.your_turn) toast(t("notYourTurn"));
    else sendMove(text);
  }
});

document.getElementById("moveForm").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = document.getElementById("moveInput");
  const text = input.value.trim();
  if (text && sendMove(text)) input.value = "";
});

// ---------------------------------------------------------------- buttons
document.getElementById("stopBtn").addEventListener("click", () => {
  if (msg) send({ type: "stop", state: msg.state_id });
});
document.getElementById("hintBtn").addEventListener("click", () => {
  if (msg && msg.your_turn) send({ type: "hint" });
});
document.getElementById("passBtn").addEventListener("click", () => sendMove("pass"));
document.getElementById("resignBtn").addEventListener("click", () => {
  if (msg && confirm(t("confirmResign"))) send({ type: "resign" });
});
document.getElementById("againBtn").addEventListener("click", playAgain);
document.getElementById("closeEnd").addEventListener("click", () => (document.getElementById("endPanel").hidden = true));
for (const [btn, input] of [["copyFriend", "friendUrl"], ["copyWatch", "watchUrl"]]) {
  document.getElementById(btn).addEventListener("click", async () => {
    const el = document.getElementById(input);
    el.select();
    try {
      await navigator.clipboard.writeText(el.value);
      toast(t("copied"), 1500);
    } catch {
      document.execCommand("copy");
    }
  });
}

window.addEventListener("resize", () => {
  if (msg) render(msg);
});
langSwitch(() => msg && render(msg));
applyTexts();
connect();
