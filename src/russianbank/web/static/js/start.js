// The start page: a game against the computer, a table for two, this browser's games.
import { formatDate, m, t } from "./catalogue.js";
import { forgetGame, saveGame, savedGames, startPage } from "./common.js";

let config = { levels: ["beginner", "easy", "medium", "hard", "expert"], presets: ["classic"] };
const $ = (id) => document.getElementById(id);

function fillSelects() {
  const level = $("level");
  const cur = level.value || "medium";
  level.textContent = "";
  for (const l of config.levels) level.add(new Option(t(`web.level.${l}`), l));
  level.value = cur;
  for (const sel of document.querySelectorAll("select.presets")) {
    const c = sel.value || "classic";
    sel.textContent = "";
    for (const p of config.presets) sel.add(new Option(t(`web.preset.${p}`), p));
    sel.value = c;
    presetChanged(sel);
  }
}

// the rules preset's summary under its menu; the one-deck game has no Stop
function presetChanged(sel) {
  $(`${sel.id}Help`).textContent = t(`web.presetHelp.${sel.value}`);
  const stops = sel.form.elements.stops;
  const single = sel.value === "single";
  stops.disabled = single;
  if (single) stops.checked = false;
  stops.parentElement.title = single ? t("web.stopsNone") : "";
}

function describe(g) {
  const who = g.mode === "computer" ? t("web.name.computer", { level: m(`web.level.${g.level || "medium"}`) }) : t("web.vsFriend");
  const preset = g.preset ? t(`web.preset.${g.preset}`) : "";
  return t("web.gameAgainst", { who, preset, date: formatDate(g.created || Date.now()) });
}

function listGames() {
  const ul = $("games");
  ul.textContent = "";
  const games = savedGames().filter((g) => g.token);
  if (!games.length) {
    const li = document.createElement("li");
    li.textContent = t("web.noGames");
    ul.appendChild(li);
    return;
  }
  for (const g of games.slice(0, 12)) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    const label = document.createElement("span");
    label.textContent = describe(g);
    const status = document.createElement("span");
    status.className = "status";
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    a.className = "resume";
    a.textContent = t("web.resume");
    const rp = document.createElement("a");
    rp.href = `/replay/${g.id}?seat=${g.seat || "A"}`;
    rp.className = "replay";
    rp.textContent = t("web.watchReplay");
    rp.hidden = true;
    const forget = document.createElement("button");
    forget.type = "button";
    forget.textContent = t("web.forget");
    forget.className = "link";
    forget.addEventListener("click", () => {
      forgetGame(g.id);
      listGames();
    });
    li.append(label, " ", status, " ", a, " ", rp, " ", forget);
    ul.appendChild(li);
    fetch(`/api/games/${encodeURIComponent(g.id)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((s) => {
        if (!s) {
          status.textContent = t("web.status.gone");
          return;
        }
        saveGame({ id: g.id, preset: s.options.preset, result: s.over ? s.outcome.result : null, match: s.match });
        if (s.over) {
          status.textContent = t("web.status.over", { result: s.outcome.result });
          rp.hidden = false;
        } else status.textContent = t(s.turn === g.seat ? "web.status.yourTurn" : "web.status.theirTurn");
      })
      .catch(() => {});
  }
}

async function create(body) {
  const err = $("error");
  err.textContent = "";
  let r;
  let data;
  try {
    r = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    data = await r.json();
  } catch {
    err.textContent = t("web.err.network");
    return;
  }
  if (!r.ok) {
    err.textContent = data.message || t("web.err.other", { code: data.error });
    return;
  }
  saveGame({
    id: data.game_id,
    token: data.token,
    seat: data.seat,
    mode: body.mode,
    level: body.level || null,
    preset: body.preset,
    friend_url: data.friend_url || null,
    created: Date.now(),
  });
  location.href = `/game/${data.game_id}`; // the token stays in this browser, not in the address
}

$("computerForm").addEventListener("submit", (e) => {
  e.preventDefault();
  const f = e.target;
  const body = { mode: "computer", level: f.level.value, preset: f.preset.value, stops: f.stops.checked };
  // "/?seed=N" replays a chosen deal against the computer
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d{1,15}$/.test(seed)) body.seed = Number(seed);
  create(body);
});
$("friendForm").addEventListener("submit", (e) => {
  e.preventDefault();
  const f = e.target;
  create({ mode: "friend", preset: f.preset.value, stops: f.stops.checked });
});
for (const sel of document.querySelectorAll("select.presets")) sel.addEventListener("change", () => presetChanged(sel));

await startPage(null, () => {
  fillSelects();
  listGames();
});
fillSelects();
listGames();
fetch("/api/config")
  .then((r) => r.json())
  .then((c) => {
    config = c;
    fillSelects();
  });
