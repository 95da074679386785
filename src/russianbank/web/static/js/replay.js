// Replaying a finished game move by move: from the game list (/replay/<id>) or from a record file (/replay).
import { m, render, t } from "./catalogue.js";
import { SEATS, pileOf, whereCards } from "./cards.js";
import { startPage } from "./common.js";
import { drawBoard } from "./board.js";
import { layout } from "./layout.js";
import { drawLog } from "./log.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const params = new URLSearchParams(location.search);
const seat = params.get("seat") === "B" ? 1 : 0;
const parts = location.pathname.split("/").filter(Boolean);
const gameId = parts.length > 1 ? decodeURIComponent(parts[1]) : null;

let data = null; // {frames, history, outcome, options, ...}
let at = 0; // the position shown: after `at` moves
let timer = null;

function names() {
  const out = {};
  for (const S of SEATS) {
    const tag = data.tags && data.tags[S];
    if (data.computer_seat !== undefined && data.computer_seat !== null && SEATS[data.computer_seat] === S)
      out[S] = t("web.name.computer", { level: m(`web.level.${data.level || "medium"}`) });
    else if (gameId && SEATS[seat] === S) out[S] = t("web.name.you");
    else if (tag && !gameId) out[S] = `${t("web.name.player", { seat: S })} (${tag})`;
    else out[S] = t("web.name.player", { seat: S });
  }
  return out;
}

function lastOf(i) {
  const piles = new Set();
  const cards = new Set();
  if (i > 0) {
    const before = whereCards(data.frames[i - 1]);
    for (const [c, p] of whereCards(data.frames[i])) {
      const was = before.get(c);
      if (was !== undefined && was !== p) {
        cards.add(c);
        piles.add(was);
        piles.add(p);
      }
    }
    const e = data.history[i - 1];
    if (!cards.size && e && e.move.length === 2) {
      piles.add(pileOf(e.move[0], SEATS.indexOf(e.by)));
      piles.add(pileOf(e.move[1], SEATS.indexOf(e.by)));
    }
  }
  return { piles, cards };
}

function show(i, animate = false) {
  at = Math.max(0, Math.min(data.frames.length - 1, i));
  const v = { ...data.frames[at], options: data.options };
  const wrap = $("boardWrap");
  const H = Math.max(240, window.innerHeight - wrap.getBoundingClientRect().top - 4);
  const g = layout(Math.max(300, wrap.clientWidth), H, { single: !!data.options.single, me: seat });
  const e = at > 0 ? data.history[at - 1] : null;
  drawBoard(board, v, g, {
    me: seat,
    seat: null,
    names: names(),
    notes: { A: [], B: [] },
    yourTurn: false,
    legal: [],
    last: lastOf(at),
    reveals: animate && e ? e.reveals : [],
    animate,
  });
  board.dataset.at = String(at);
  const total = data.frames.length - 1;
  $("turn").textContent = at === 0 ? t("web.replayStart") : t("web.replayMove", { n: at, total });
  $("where").textContent = e ? t("web.turnNo", { n: e.turn, who: names()[e.stop ? (e.by === "A" ? "B" : "A") : e.by] }) : "";
  $("scrub").value = String(at);
  $("firstBtn").disabled = $("backBtn").disabled = at === 0;
  $("fwdBtn").disabled = $("lastBtn").disabled = at === total;
  if (e) $("turnSel").value = String(e.turn);
  drawLog($("log"), data.history, names(), at);
  $("outcome").textContent = at === total && data.outcome ? outcomeText() : "";
}

function outcomeText() {
  const o = data.outcome;
  if (data.outcome_words) return render(data.outcome_words);
  const nm = names();
  const head = o.winner ? t("web.wins", { who: nm[o.winner] }) : t("web.drawn");
  const loser = o.winner ? (o.winner === "A" ? "B" : "A") : null;
  const who = o.termination === "resignation" ? nm[loser] : o.winner ? nm[o.winner] : "";
  const pts = o.score ? ` ${t("web.total")}: ${o.score.total}.` : "";
  return `${head} ${t(`web.termination.${o.termination}`, { who })}${pts}`;
}

function start(d) {
  data = d;
  document.body.dataset.empty = "0";
  $("controls").hidden = false;
  $("scrub").max = String(d.frames.length - 1);
  const sel = $("turnSel");
  sel.textContent = "";
  const seen = new Set();
  for (const e of d.history) {
    if (seen.has(e.turn)) continue;
    seen.add(e.turn);
    sel.add(new Option(String(e.turn), String(e.turn)));
  }
  show(0);
  drawReview();
}

// ------------------------------------------------------------------ the review
// The computer's review (russianbank.ai.review, from /api/games/<id>/review or /api/review):
// each player's accuracy, the turns where they lost most with the plan played and the better
// one in words; a click shows that turn on the table.
let reviewed = null; // {turns, players, worst} | {error} | {working}

async function fetchReview(request) {
  reviewed = { working: true };
  drawReview();
  for (let tries = 0; tries < 40; tries++) {
    let r;
    try {
      r = await request();
    } catch {
      reviewed = { error: t("web.err.network") };
      break;
    }
    const body = await r.json().catch(() => ({}));
    if (r.status === 202 || r.status === 503) {
      if (r.status === 503) reviewed = { working: true, busy: true };
      drawReview();
      await new Promise((res) => setTimeout(res, r.status === 503 ? 10000 : 1500));
      continue;
    }
    reviewed = r.ok ? body.review : { error: t("web.reviewFailed", { reason: body.message || body.error || r.status }) };
    break;
  }
  drawReview();
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function words(list) {
  return list.map((said) => render(said)).join("; ");
}

function drawReview() {
  const part = $("reviewPart");
  const box = $("review");
  part.hidden = !reviewed || !data;
  if (part.hidden) return;
  box.textContent = "";
  const status = $("reviewStatus");
  status.textContent = reviewed.working ? t(reviewed.busy ? "web.reviewBusy" : "web.reviewWorking") : reviewed.error || "";
  part.dataset.state = reviewed.working ? "working" : reviewed.error ? "error" : "ready";
  if (reviewed.working || reviewed.error) return;
  const nm = names();
  const byTurn = new Map(reviewed.turns.map((x) => [x.turn_no, x]));
  for (const p of reviewed.players) {
    const who = nm[p.player];
    const sec = el("div", "reviewplayer");
    sec.dataset.player = p.player;
    sec.appendChild(
      el("p", "accuracy", t("web.reviewAccuracy", { who, good: p.good_turns, turns: p.turns, pct: Math.round(100 * p.accuracy) })),
    );
    const worst = (reviewed.worst[p.player] || []).map((n) => byTurn.get(n)).filter(Boolean);
    if (!worst.length) {
      sec.appendChild(el("p", "help", t("web.reviewAllGood")));
    } else {
      sec.appendChild(el("h3", null, t("web.reviewCostliest", { who })));
      const ol = el("ol", "costly");
      for (const x of worst) {
        const li = el("li");
        const btn = el("button", "reviewturn link", t("web.reviewLoss", { n: x.turn_no, pct: Math.round(100 * x.loss) }));
        btn.type = "button";
        btn.dataset.first = String(x.first);
        btn.dataset.turn = String(x.turn_no);
        btn.title = t("web.reviewShow", { n: x.turn_no });
        btn.addEventListener("click", () => {
          stopPlaying();
          show(x.first);
          for (const b of box.querySelectorAll(".reviewturn")) b.classList.toggle("current", b === btn);
        });
        li.appendChild(btn);
        if (x.cards_cost > 0) li.appendChild(el("span", "cards", ` · ${t("web.reviewCards", { n: x.cards_cost })}`));
        const played = el("p", "plan played");
        played.append(el("strong", null, `${t("web.reviewPlayed")}: `), words(x.played_say));
        const better = el("p", "plan better");
        better.append(el("strong", null, `${t("web.reviewBetter")}: `), words(x.best_say));
        li.append(played, better);
        ol.appendChild(li);
      }
      sec.appendChild(ol);
    }
    box.appendChild(sec);
  }
}

function stopPlaying() {
  clearInterval(timer);
  timer = null;
  $("playBtn").textContent = t("web.play");
}

$("firstBtn").addEventListener("click", () => show(0));
$("backBtn").addEventListener("click", () => show(at - 1));
$("fwdBtn").addEventListener("click", () => show(at + 1, true));
$("lastBtn").addEventListener("click", () => show(data.frames.length - 1));
$("scrub").addEventListener("input", () => show(Number($("scrub").value)));
$("turnSel").addEventListener("change", () => {
  const n = Number($("turnSel").value);
  const first = data.history.find((e) => e.turn === n);
  if (first) show(first.i + 1, true);
});
$("playBtn").addEventListener("click", () => {
  if (timer) return stopPlaying();
  $("playBtn").textContent = t("web.pause");
  timer = setInterval(() => {
    if (at >= data.frames.length - 1) return stopPlaying();
    show(at + 1, true);
  }, 700);
});
$("log").addEventListener("click", (e) => {
  const mv = e.target.closest("[data-i]");
  if (mv) show(Number(mv.dataset.i) + 1);
});
document.addEventListener("keydown", (e) => {
  if (!data || e.target.closest("input, select, textarea")) return;
  const k = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: data.frames.length - 1 }[e.key];
  if (k === undefined) return;
  e.preventDefault();
  show(k, e.key === "ArrowRight");
});
window.addEventListener("resize", () => data && show(at));

async function load(resp) {
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) {
    const reason = body.message || body.error || String(resp.status);
    $("error").textContent = body.error === "not_over" ? t("web.replayNotOver") : t("web.replayError", { reason });
    return false;
  }
  $("error").textContent = "";
  start(body);
  return true;
}

await startPage("web.replay", () => data && (show(at), drawReview()));
if (gameId) {
  const url = `/api/games/${encodeURIComponent(gameId)}`;
  if (await load(await fetch(`${url}/replay?seat=${SEATS[seat]}`))) fetchReview(() => fetch(`${url}/review?seat=${SEATS[seat]}`));
} else {
  $("upload").hidden = false;
  $("recordFile").addEventListener("change", async () => {
    const f = $("recordFile").files[0];
    if (!f) return;
    $("fileName").textContent = f.name;
    const text = await f.text();
    const post = (path) =>
      fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ record: text }) });
    reviewed = null;
    if (await load(await post("/api/replay"))) fetchReview(() => post("/api/review"));
  });
}
