// The games played on this browser: each game's result and points, the matches, and the totals.
import { formatDate, m, t } from "./catalogue.js";
import { saveGame, savedGames, startPage } from "./common.js";

const $ = (id) => document.getElementById(id);
let rows = []; // [{g (saved), s (summary)}]

function opponent(g) {
  return g.mode === "computer" ? t("web.name.computer", { level: m(`web.level.${g.level || "medium"}`) }) : t("web.name.friend");
}

// a match is a chain of games linked by next_game; its id is its first game's
function matchOf(all) {
  const prev = new Map();
  for (const { s } of all) if (s.next_game) prev.set(s.next_game, s.game_id);
  const out = new Map();
  for (const { s } of all) {
    let first = s.game_id;
    const seen = new Set();
    while (prev.has(first) && !seen.has(first)) {
      seen.add(first);
      first = prev.get(first);
    }
    out.set(s.game_id, first);
  }
  return out;
}

function draw() {
  const body = $("rows");
  body.textContent = "";
  const done = rows.filter((r) => r.s).sort((a, b) => (b.g.created || 0) - (a.g.created || 0)); // newest first
  $("none").hidden = done.length > 0;
  $("historyTable").hidden = done.length === 0;
  const matches = matchOf(done);
  const tot = { w: 0, l: 0, d: 0, you: 0, them: 0, g: 0 };
  for (const { g, s } of done) {
    const me = g.seat || "A";
    const other = me === "A" ? "B" : "A";
    const tr = document.createElement("tr");
    tr.dataset.game = s.game_id;
    const cells = [formatDate(g.created || Date.now()), opponent(g), t(`web.preset.${s.options.preset}`)];
    let result = "playing";
    let pts = "";
    if (s.over) {
      const o = s.outcome;
      result = !o.winner ? "drawn" : o.winner === me ? "won" : "lost";
      const mine = o.winner === me && o.score ? o.score.total : 0;
      const theirs = o.winner === other && o.score ? o.score.total : 0;
      pts = `${mine} – ${theirs}`;
      tot.g += 1;
      tot.you += mine;
      tot.them += theirs;
      tot[{ won: "w", lost: "l", drawn: "d" }[result]] += 1;
    }
    const matchText = t("web.matchLine", { you: s.match[me], them: s.match[other], g: s.match.games });
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    const res = document.createElement("td");
    res.className = `res-${result}`;
    res.textContent = t(`web.result.${result}`);
    const ptd = document.createElement("td");
    ptd.className = "num";
    ptd.textContent = pts;
    const mtd = document.createElement("td");
    mtd.textContent = s.match.games ? `#${s.match.number} · ${matchText}` : `#${s.match.number}`;
    mtd.dataset.match = matches.get(s.game_id);
    const link = document.createElement("td");
    const a = document.createElement("a");
    a.href = s.over ? `/replay/${s.game_id}?seat=${me}` : `/game/${s.game_id}`;
    a.textContent = t(s.over ? "web.watchReplay" : "web.resume");
    link.appendChild(a);
    tr.append(res, ptd, mtd, link);
    body.appendChild(tr);
  }
  $("totals").textContent = done.length
    ? t("web.matchTotals", { n: new Set(matches.values()).size, g: tot.g, w: tot.w, l: tot.l, d: tot.d, you: tot.you, them: tot.them })
    : "";
}

await startPage("web.history", draw);
const games = savedGames().filter((g) => g.token);
rows = games.map((g) => ({ g, s: null }));
await Promise.all(
  rows.map(async (r) => {
    try {
      const resp = await fetch(`/api/games/${encodeURIComponent(r.g.id)}`);
      if (resp.ok) {
        r.s = await resp.json();
        saveGame({ id: r.g.id, preset: r.s.options.preset, result: r.s.over ? r.s.outcome.result : null });
      }
    } catch {
      /* the server is away: the row waits */
    }
  }),
);
document.body.dataset.loaded = "1";
draw();
