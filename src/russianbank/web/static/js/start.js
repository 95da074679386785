import { applyTexts, forgetGame, langSwitch, saveGame, savedGames, t } from "./i18n.js";

const LEVEL_DEFAULT = "medium";
let config = { levels: ["beginner", "easy", "medium", "hard", "expert"], presets: ["classic"] };

function fillSelects() {
  const level = document.getElementById("level");
  const cur = level.value || LEVEL_DEFAULT;
  level.innerHTML = "";
  for (const l of config.levels) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = t("levels")[l] || l;
    level.appendChild(o);
  }
  level.value = cur;
  for (const sel of document.querySelectorAll("select.presets")) {
    const c = sel.value || "classic";
    sel.innerHTML = "";
    for (const p of config.presets) {
      const o = document.createElement("option");
      o.value = p;
      o.textContent = p;
      sel.appendChild(o);
    }
    sel.value = c;
  }
}

async function listGames() {
  const ul = document.getElementById("games");
  ul.innerHTML = "";
  const games = savedGames();
  if (!games.length) {
    const li = document.createElement("li");
    li.textContent = t("noGames");
    ul.appendChild(li);
    return;
  }
  for (const g of games) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    const a = document.createElement("a");
    a.href = `/game/${g.id}#t=${g.token}`;
    a.className = "resume";
    a.textContent = t("resume");
    const label = document.createElement("span");
    const who = g.mode === "computer" ? `${t("computer")} (${t("levels")[g.level] || g.level})` : t("vsFriend");
    label.textContent = `${who} · ${new Date(g.created).toLocaleString()}`;
    const status = document.createElement("span");
    status.className = "status";
    const forget = document.createElement("button");
    forget.textContent = t("forget");
    forget.className = "link";
    forget.addEventListener("click", () => {
      forgetGame(g.id);
      listGames();
    });
    li.append(label, " ", status, " ", a, " ", forget);
    ul.appendChild(li);
    fetch(`/api/games/${g.id}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((s) => {
        if (!s) {
          status.textContent = "—";
          return;
        }
        if (s.over) status.textContent = `${t("gameOver")} (${s.outcome.result})`;
        else status.textContent = s.turn === g.seat ? t("yourTurn") : "…";
      })
      .catch(() => {});
  }
}

async function create(body) {
  const err = document.getElementById("error");
  err.textContent = "";
  const r = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    err.textContent = data.message || "error";
    return;
  }
  saveGame({
    id: data.game_id,
    token: data.token,
    seat: data.seat,
    mode: body.mode,
    level: body.level || null,
    friend_url: data.friend_url || null,
    watch_url: data.watch_url,
    created: Date.now(),
  });
  location.href = data.url;
}

document.getElementById("computerForm").addEventListener("submit", (e) => {
  e.preventDefault();
  const f = e.target;
  const body = { mode: "computer", level: f.level.value, preset: f.preset.value, stops: f.stops.checked };
  // "/?seed=N" replays a chosen deal against the computer
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d{1,15}$/.test(seed)) body.seed = Number(seed);
  create(body);
});
document.getElementById("friendForm").addEventListener("submit", (e) => {
  e.preventDefault();
  const f = e.target;
  create({ mode: "friend", preset: f.preset.value, stops: f.stops.checked });
});

langSwitch(() => {
  fillSelects();
  listGames();
});
applyTexts();
fillSelects();
listGames();
fetch("/api/config")
  .then((r) => r.json())
  .then((c) => {
    config = c;
    fillSelects();
  });
