// The table page: shows the state the server sends for this seat, and sends this seat's moves.
import { has, lang, m, render, t } from "./catalogue.js";
import { SEATS, pileOf, whereCards } from "./cards.js";
import { applyTexts, pref, saveGame, savedGame, setPref, startPage } from "./common.js";
import { Connection } from "./connection.js";
import { drawBoard } from "./board.js";
import { Input } from "./input.js";
import { layout } from "./layout.js";
import { drawLog } from "./log.js";
import { play, setSound, soundOn } from "./sound.js";
import { hideEnd, matchText, showEnd } from "./endpanel.js";
import { seatName } from "./seatname.js";

// the computer's pace: seconds between its moves, set at the server ({"type": "pace"})
const PACE_S = { slow: 1.5, normal: 0.7, fast: 0 };
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const board = document.getElementById("board");
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ the seat
// A seat's secret token may come in the address (#t=...): keep it in this browser and take it
// out of the address bar, so a copied address never gives the seat away.
function takeToken() {
  const mt = location.hash.match(/t=([A-Za-z0-9_-]+)/);
  if (mt) {
    saveGame({ id: gameId, token: mt[1], created: savedGame(gameId)?.created || Date.now() });
    history.replaceState(null, "", location.pathname + location.search);
    return mt[1];
  }
  return savedGame(gameId)?.token || null;
}
const token = takeToken();

let cur = null; // the state message shown
let prevView = null;
let queue = [];
let pumping = false;
let skipping = false;
let present = null;
let hinted = null;
let endShownFor = null;
let wasMyTurn = false;
let announcedLog = 0;

const seatIdx = () => (cur && cur.seat ? SEATS.indexOf(cur.seat) : null);
const bottomSeat = () => seatIdx() ?? 0;

function names() {
  const out = {};
  for (const S of SEATS) {
    if (cur.seat === S) out[S] = t("web.name.you");
    else if (cur.computer_seat === S) out[S] = t("web.name.computer", { level: m(`web.level.${cur.level}`) });
    else if (cur.seat && savedGame(gameId)?.opponent) out[S] = savedGame(gameId).opponent; // a lobby's opponent
    else if (cur.seat) out[S] = t(cur.mode === "friend" ? "web.name.friend" : "web.name.opponent");
    else out[S] = t("web.name.player", { seat: S });
  }
  return out;
}

function toast(text, ms = 3500) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (el.hidden = true), ms);
}
function say(text) {
  $("message").textContent = text;
}

// ------------------------------------------------------------- connection
const conn = new Connection(gameId, token, {
  onStatus(s) {
    document.body.dataset.connected = s === "open" ? "1" : "0";
    if (s === "open") {
      paceSent = false; // a table rebuilt after a restart has the server's pace again
      if ([t("web.connecting"), t("web.reconnecting")].includes($("message").textContent)) say("");
    } else say(t(s === "lost" ? "web.reconnecting" : "web.connecting"));
  },
  onState(msg) {
    if (msg.seat && token) {
      saveGame({
        id: gameId,
        token,
        seat: msg.seat,
        mode: msg.mode,
        level: msg.level,
        preset: msg.view.options.preset,
        match: msg.match,
        result: msg.view.outcome ? msg.view.outcome.result : null,
        next_game: msg.next_game,
        created: savedGame(gameId)?.created || Date.now(),
      });
    }
    if (msg.mode === "friend" && msg.seat && !presenceTimer) watchPresence();
    paceFrom(msg);
    queue.push(msg);
    pump();
  },
  onError(msg) {
    document.body.dataset.lastError = msg.code;
    explain(msg);
    if (cur) show(cur, false); // put a dropped card back where it belongs
  },
  onNotice(msg) {
    if (msg.event && msg.event.kind === "stop" && !msg.event.founded) {
      const mine = cur && msg.event.by === cur.seat;
      const text = mine
        ? t("web.stopUnfounded.you", { rule: msg.event.rule })
        : t("web.stopUnfounded.other", { who: names()[msg.event.by], rule: msg.event.rule });
      say(text);
      toast(text);
      play("stop");
      document.body.dataset.lastRuling = `unfounded ${msg.event.rule}`;
    }
  },
  onHint(msg) {
    if (!cur || msg.state_id !== cur.state_id) return;
    input.clear();
    if (!msg.moves.length) {
      say(t("web.noHint"));
      return;
    }
    // the hint in words from this seat's side (the engine's description), its cards lit on the table
    const text = msg.msg && has(msg.msg.code) ? render(msg.msg) : t("web.hintText", { moves: msg.moves.slice(0, 6).join(" ") });
    say(text);
    hinted = { stateId: msg.state_id, move: msg.moves[0], text };
    lightHint();
  },
});

function explain(msg) {
  if (msg.code === "not_your_turn" && !cur?.seat) {
    toast(t("web.spectatorOnly")); // spectators are never told it is not their turn
  } else if (msg.code === "illegal") {
    // the rule and the reason, said once; the reason in this page's language when the server
    // has it as a message, else the page's own summary of the rule
    const given = msg.msg && msg.msg.params && msg.msg.params.reason;
    let reason = msg.reason || msg.message;
    if (given && typeof given === "object" && given.code !== "server.text" && has(given.code)) reason = render(given);
    else if (lang() !== "en" && has(`web.rule.${msg.rule}`)) reason = t(`web.rule.${msg.rule}`);
    toast(t("web.illegal", { rule: msg.rule, reason }));
  } else if (msg.msg && has(msg.msg.code)) {
    toast(render(msg.msg)); // the server's own words, in this page's language
  } else if (has(`web.err.${msg.code}`)) {
    toast(t(`web.err.${msg.code}`));
  } else toast(t("web.err.other", { code: msg.code }));
}

function send(data) {
  if (conn.send(data)) return true;
  toast(t("web.reconnecting"));
  return false;
}

function sendMove(text) {
  if (!cur) return false;
  return send({ type: "move", move: text, state: cur.state_id });
}

// ------------------------------------------------------------------ pacing
// The pace chosen on this browser (if any) is told to the server when the seat joins; else the
// menu shows the server's own pace.
let paceSent = false;
function paceFrom(msg) {
  const server = msg.page ? msg.page.pace : null;
  if (server === null || server === undefined || !msg.seat) return;
  const chosen = pref("pace", null);
  if (chosen && PACE_S[chosen] !== undefined && !paceSent) {
    paceSent = true;
    $("pace").value = chosen;
    if (PACE_S[chosen] !== server && msg.computer_seat) send({ type: "pace", seconds: PACE_S[chosen] });
    return;
  }
  paceSent = true;
  // the nearest of the menu's paces to the server's
  let best = "normal";
  for (const [k, s] of Object.entries(PACE_S)) if (Math.abs(s - server) < Math.abs(PACE_S[best] - server)) best = k;
  $("pace").value = best;
}
function sendPace() {
  const s = PACE_S[$("pace").value];
  if (s !== undefined && cur && cur.seat && cur.computer_seat) send({ type: "pace", seconds: s });
}

async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) {
    const msg = queue.shift();
    const byOther = cur && msg.state_id > cur.state_id && msg.event && msg.event.by !== msg.seat;
    if (skipping && !(msg.your_turn || msg.view.outcome || !msg.thinking)) {
      show(msg, false);
      continue;
    }
    if (msg.your_turn || msg.view.outcome) skipping = false;
    show(msg, true);
    // the server paces the computer's moves; a burst (a reconnection) is still shown one by one,
    // unless the pace is "fast"
    const gap = Math.min(150, 1000 * ((msg.page && msg.page.pace) || 0));
    if (byOther && !skipping && queue.length && gap) await new Promise((r) => setTimeout(r, gap));
  }
  pumping = false;
}

// ------------------------------------------------------------------ drawing
function boardBox() {
  const wrap = $("boardWrap");
  const r = wrap.getBoundingClientRect();
  const H = Math.max(240, window.innerHeight - r.top - 4);
  return { W: Math.max(300, wrap.clientWidth), H };
}

function lastMove(v, entries) {
  const piles = new Set();
  const cards = new Set();
  if (prevView && cur && prevView.__sid !== undefined) {
    const before = whereCards(prevView);
    const after = whereCards(v);
    for (const [c, p] of after) {
      const was = before.get(c);
      if (was !== undefined && was !== p) {
        cards.add(c);
        piles.add(was);
        piles.add(p);
      }
    }
    if (cards.size) return { piles, cards };
  }
  const e = entries[entries.length - 1];
  if (e && e.move.length === 2 && !e.stop) {
    const mover = SEATS.indexOf(e.by);
    piles.add(pileOf(e.move[0], mover));
    piles.add(pileOf(e.move[1], mover));
  }
  return { piles, cards };
}

function show(msg, animate) {
  const sameGame = cur && cur.game_id === msg.game_id;
  const older = sameGame ? cur : null;
  cur = msg;
  const v = msg.view;
  const entries = (msg.page && msg.page.log) || [];
  const fresh = older && msg.state_id !== older.state_id;
  if (fresh && /^[1-8RHFrwWSs]{1,2}…?$/.test($("message").textContent)) say(""); // the typed move's echo
  chrome(); // first: the status line may change the header's height
  const { W, H } = boardBox();
  const g = layout(W, H, { single: !!v.options.single, me: bottomSeat() });
  const reveals = new Set();
  // what came since the state shown (the state id counts every change, an undo too; the log counts moves)
  const seen = older && older.page && older.page.log ? older.page.log.length : 0;
  if (fresh) for (const e of entries) if (e.i >= seen) e.reveals.forEach((c) => reveals.add(c));
  const last = fresh || !older ? lastMove(v, entries) : show.last || { piles: new Set(), cards: new Set() };
  show.last = last;
  drawBoard(board, v, g, {
    me: bottomSeat(),
    seat: seatIdx(),
    names: names(),
    notes: notes(),
    yourTurn: msg.your_turn,
    legal: v.legal_moves,
    last,
    reveals: animate && fresh ? [...reveals] : [],
    animate: animate && fresh,
  });
  prevView = { ...v, __sid: msg.state_id };
  board.dataset.stateId = String(msg.state_id);
  board.dataset.legal = v.legal_moves.join(" ");
  input.reselect();
  lightHint();
  if (fresh) tellStop(seen, entries);
  if (fresh && animate) sounds(older, msg, entries, reveals);
  drawLog($("log"), entries, names());
  announce(entries);
  offers(older, msg);
  seatName(msg, conn);
}

// Draw offers between two people, and a player gone from the table (the server counts down).
let awayTimer = null;
function offers(older, msg) {
  const other = msg.seat ? (msg.seat === "A" ? "B" : "A") : null;
  const open = msg.mode === "friend" && !!msg.seat && !msg.view.outcome;
  const offer = open ? msg.draw_offer : null;
  $("drawBtn").hidden = !open || offer !== null; // an offer waiting: its own box answers it
  $("drawBox").hidden = offer !== other;
  if (offer === other) $("drawText").textContent = t("web.drawOffered", { who: names()[other] });
  $("drawState").hidden = offer !== msg.seat;
  if (offer === msg.seat) $("drawState").textContent = t("web.drawWaiting");
  const sameGame = older && older.game_id === msg.game_id;
  if (sameGame && older.draw_offer === msg.seat && !msg.draw_offer && !msg.view.outcome) {
    const moved = (msg.page?.log?.length || 0) !== (older.page?.log?.length || 0);
    if (!moved) toast(t("web.drawDeclined"));
  }
  if (offer === other && !(sameGame && older.draw_offer === other)) play("turn");
  // the other player gone: the seconds left before the game is ours, counted here from the server's word
  clearInterval(awayTimer);
  const el = $("awayState");
  const away = open && msg.away && msg.away.seat === other ? msg.away : null;
  el.hidden = !away;
  if (away) $("friendState").hidden = true; // the countdown says more
  if (!away) return;
  const until = Date.now() + away.seconds * 1000;
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    el.textContent = t("web.awayCountdown", { who: names()[other], seconds });
  };
  tick();
  awayTimer = setInterval(tick, 1000);
}

// At a table for two: whether the other player is connected, asked now and then.
let presenceTimer = null;
function watchPresence() {
  const ask = async () => {
    try {
      const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/presence`);
      if (r.ok) {
        const p = await r.json();
        const changed = !present || p.A !== present.A || p.B !== present.B;
        present = p;
        if (changed && cur) show(cur, false);
      }
    } catch {
      /* the server is away: the connection status says so */
    }
  };
  ask();
  presenceTimer = setInterval(() => {
    if (cur && cur.view.outcome) clearInterval(presenceTimer);
    else ask();
  }, 3000);
}

function notes() {
  const out = { A: [], B: [] };
  if (cur.mode !== "friend" || !present) return out;
  for (const S of SEATS) if (S !== cur.seat) out[S].push(t(present[S] ? "web.opponentHere" : "web.opponentAway"));
  return out;
}

// a founded Stop is told at once, in words (the log keeps it too)
function tellStop(seen, entries) {
  for (const e of entries) {
    if (e.i >= seen && e.stop) {
      const text = e.say ? render(e.say) : t("web.stopLog", { rule: e.stop.rule, violation: e.stop.violation });
      say(text);
      toast(text, 6000);
      document.body.dataset.lastRuling = `founded ${e.stop.rule}`;
    }
  }
}

function sounds(older, msg, entries, reveals) {
  const e = entries[entries.length - 1];
  if (msg.view.outcome) play(msg.seat && msg.view.outcome.winner === msg.seat ? "win" : "end");
  else if (e && e.stop) play("stop");
  else if (reveals.size) play("reveal");
  else play("move");
}

// the move log, told to screen readers one move at a time
function announce(entries) {
  const live = $("live");
  if (entries.length > announcedLog && announcedLog > 0) {
    const e = entries[entries.length - 1];
    const text = $("log").querySelector(`[data-i="${e.i}"]`)?.textContent;
    if (text) live.textContent = t("web.lastMove", { text });
  }
  announcedLog = entries.length;
}

function chrome() {
  const msg = cur;
  const v = msg.view;
  const nm = names();
  let text;
  if (v.outcome) text = t("web.gameOver");
  else if (msg.your_turn) text = t("web.turn.you");
  else if (msg.thinking) text = t("web.thinking");
  else if (msg.seat) text = t(msg.computer_seat ? "web.turn.computer" : "web.turn.opponent");
  else text = t("web.turn.player", { seat: v.turn });
  if (!msg.seat) text = `${t("web.watching")} · ${text}`;
  const turnEl = $("turn");
  turnEl.textContent = text;
  turnEl.className = "turn" + (msg.your_turn ? " mine" : "");
  const mt = msg.match;
  $("match").textContent = matchText(mt, nm);
  document.body.dataset.turn = v.turn;
  document.body.dataset.yourTurn = msg.your_turn ? "1" : "0";
  document.body.dataset.over = v.outcome ? "1" : "0";

  const stopBtn = $("stopBtn");
  stopBtn.hidden = !(v.options.stops && msg.seat);
  stopBtn.disabled = !msg.can_stop;
  $("hintBtn").hidden = !msg.seat || !!v.outcome;
  $("hintBtn").disabled = !msg.your_turn;
  $("resignBtn").hidden = !msg.seat || !!v.outcome;
  $("moveForm").hidden = !msg.seat || !!v.outcome;
  $("passBtn").hidden = !(msg.your_turn && v.legal_moves.includes("pass"));
  $("undoBtn").hidden = !msg.seat || !!v.outcome || msg.mode === "friend";
  $("undoBtn").disabled = !msg.can_undo;
  const vsComputer = !!msg.computer_seat && !!msg.seat; // pace and skip are the person's, not a spectator's
  $("paceRow").hidden = !vsComputer || !!v.outcome;
  $("skipBtn").hidden = !vsComputer || !!v.outcome;
  $("skipBtn").disabled = !msg.thinking;
  if (!msg.your_turn && hinted) {
    if ($("message").textContent === hinted.text) say("");
    hinted = null;
  }
  if (v.outcome && $("message").textContent && !$("message").textContent.startsWith("«") && !$("message").textContent.startsWith("Stop"))
    say("");

  // the friend: invitation while they have not come, then whether they are connected
  const saved = savedGame(gameId);
  const friendGame = msg.mode === "friend";
  const other = msg.seat ? (msg.seat === "A" ? "B" : "A") : null;
  const otherHere = present && other ? present[other] : false;
  const otherMoved = (msg.page?.log || []).some((e) => e.by === other);
  const inviting = friendGame && saved && saved.friend_url && msg.seat === "A" && !otherMoved;
  $("invite").hidden = !msg.seat || !!v.outcome;
  $("friendPart").hidden = !inviting;
  if (inviting) $("friendUrl").value = location.origin + saved.friend_url;
  $("watchUrl").value = `${location.origin}/game/${gameId}`;
  const fs = $("friendState");
  fs.hidden = !friendGame || !msg.seat || !!v.outcome;
  if (friendGame && msg.seat) {
    fs.textContent = otherHere ? t("web.friendHere") : otherMoved ? t("web.friendAway") : t("web.friendWaiting");
    fs.className = "friendstate " + (otherHere ? "here" : "away");
  }

  // the tab's title, and a notice when the tab is in the background
  document.title = msg.your_turn ? t("web.tabYourTurn") : t("web.title");
  if (msg.your_turn && !wasMyTurn && cur.page?.log?.length) {
    if (document.hidden) notify();
    play("turn");
  }
  wasMyTurn = msg.your_turn;

  if (v.outcome && endShownFor !== msg.game_id) {
    endShownFor = msg.game_id;
    showEnd(msg, nm, token);
  } else if (v.outcome) showEnd(msg, nm, token, true);
  else hideEnd();
}

function notify() {
  if (pref("notify", "off") !== "on" || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(t("web.title"), { body: t("web.notifyTurn"), tag: `rb-${gameId}` });
    n.onclick = () => window.focus();
  } catch {
    /* some browsers only notify from a service worker */
  }
}

function lightHint() {
  if (!hinted || !cur || hinted.stateId !== cur.state_id) return;
  const mv = hinted.move;
  board.dataset.hint = mv;
  if (mv.length !== 2) return;
  for (const el of board.querySelectorAll(`[data-src="${mv[0]}"], .zone[data-zone="${mv[1]}"]`)) el.classList.add("hint");
}

// ------------------------------------------------------------------ input
const input = new Input(board, {
  legal: () => (cur && cur.your_turn ? cur.view.legal_moves : []),
  canMove: () => !!(cur && cur.your_turn),
  move: (text) => {
    if (!cur.view.legal_moves.includes(text)) show(cur, false); // slide back at once; the server says why
    sendMove(text);
  },
  refuse: () => {
    if (!cur) return;
    toast(t(cur.seat ? "web.notYourTurn" : "web.spectatorOnly"));
    show(cur, false);
  },
  hint: () => $("hintBtn").click(),
  say,
});

$("moveForm").addEventListener("submit", (e) => {
  e.preventDefault();
  const el = $("moveInput");
  const text = el.value.trim();
  if (text && sendMove(text)) el.value = "";
});
$("stopBtn").addEventListener("click", () => cur && send({ type: "stop", state: cur.state_id }));
$("hintBtn").addEventListener("click", () => cur && cur.your_turn && send({ type: "hint" }));
$("passBtn").addEventListener("click", () => sendMove("pass"));
$("undoBtn").addEventListener("click", () => cur && cur.can_undo && send({ type: "undo" }));
$("drawBtn").addEventListener("click", () => cur && send({ type: "offer_draw" }));
$("drawAccept").addEventListener("click", () => cur && send({ type: "answer_draw", accept: true }));
$("drawDecline").addEventListener("click", () => cur && send({ type: "answer_draw", accept: false }));
$("resignBtn").addEventListener("click", () => {
  if (cur && confirm(t("web.confirmResign"))) send({ type: "resign" });
});
$("skipBtn").addEventListener("click", () => {
  if (!cur || !cur.thinking) return;
  skipping = true; // what the page still has to show goes at once too
  send({ type: "skip" });
  pump();
});
$("pace").addEventListener("change", () => {
  setPref("pace", $("pace").value);
  sendPace();
});
const soundBtn = $("soundBtn");
const SPEAKER =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">' +
  '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const SPEAKER_ON = `${SPEAKER}<path d="M15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none"/></svg>`;
const SPEAKER_OFF = `${SPEAKER}<path d="M15 9l6 6M21 9l-6 6" stroke="currentColor" stroke-width="2"/></svg>`;
function soundLabel() {
  soundBtn.innerHTML = soundOn() ? SPEAKER_ON : SPEAKER_OFF;
  soundBtn.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  soundBtn.setAttribute("aria-label", t(soundOn() ? "web.soundOn" : "web.soundOff"));
  soundBtn.title = t(soundOn() ? "web.soundOn" : "web.soundOff");
}
soundBtn.addEventListener("click", () => {
  setSound(!soundOn());
  soundLabel();
});
const notifyBox = $("notifyMe");
notifyBox.checked = pref("notify", "off") === "on";
notifyBox.addEventListener("change", async () => {
  if (notifyBox.checked && "Notification" in window && Notification.permission === "default") {
    await Notification.requestPermission();
  }
  setPref("notify", notifyBox.checked ? "on" : "off");
});
for (const [btn, field] of [["copyFriend", "friendUrl"], ["copyWatch", "watchUrl"]]) {
  $(btn).addEventListener("click", async () => {
    const el = $(field);
    el.select();
    try {
      await navigator.clipboard.writeText(el.value);
    } catch {
      document.execCommand("copy");
    }
    toast(t("web.copied"), 1500);
  });
}
let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => cur && show(cur, false), 80);
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && cur) document.title = cur.your_turn ? t("web.tabYourTurn") : t("web.title");
});

await startPage(null, () => {
  soundLabel();
  if (cur) show(cur, false);
});
soundLabel();
conn.open();
