// The start page: one Play button (against the computer, with the choices remembered), a table
// for two, the less common choices folded away, this browser's games.
import { formatDate, m, t } from "./catalogue.js";
import { fillMatchSelect, forgetGame, matchPref, pref, saveGame, savedGames, setPref, startPage } from "./common.js";
import { chooseName, current, loadMe, onPlayer, wireForm, youAre } from "./players.js";

// the server's levels and presets (/api/config); until they come, the usual ones
let config = { levels: ["beginner", "easy", "medium", "hard", "expert"], presets: ["classic", "hoyle", "suited", "russian13", "single"] };
let configLoaded = false;
const $ = (id) => document.getElementById(id);
const form = $("playForm");

// the choices: remembered on this browser; Medium, Classic, no Stop! at first
const choice = {
  level: pref("start.level", "medium"),
  preset: pref("start.preset", "classic"),
  stops: pref("start.stops", "off") === "on",
  matchTo: matchPref(), // the points that win a match; null: game after game
};

function fillChoices() {
  const level = $("level");
  level.textContent = "";
  for (const l of config.levels) level.add(new Option(t(`web.level.${l}`), l));
  // a remembered choice this server does not offer falls back (only once the server has said)
  if (configLoaded && !config.levels.includes(choice.level))
    choice.level = config.levels.includes("medium") ? "medium" : config.levels[0];
  level.value = choice.level;
  const box = $("presets");
  box.textContent = "";
  if (configLoaded && !config.presets.includes(choice.preset)) choice.preset = config.presets[0];
  for (const p of config.presets) {
    const label = document.createElement("label");
    label.className = "preset";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "preset";
    input.value = p;
    input.checked = p === choice.preset;
    input.addEventListener("change", () => choose({ preset: p }));
    const name = document.createElement("strong");
    name.textContent = t(`web.preset.${p}`);
    const help = document.createElement("span");
    help.className = "presethelp";
    help.textContent = t(`web.presetHelp.${p}`);
    label.append(input, " ", name, help);
    box.appendChild(label);
  }
  $("stops").checked = choice.stops;
  fillMatchSelect($("matchTo"), choice.matchTo);
  showChoice();
}

function choose(change) {
  Object.assign(choice, change);
  setPref("start.level", choice.level);
  setPref("start.preset", choice.preset);
  setPref("start.stops", choice.stops ? "on" : "off");
  setPref("start.matchTo", String(choice.matchTo || 0));
  showChoice();
}

// the line under Play says what it starts; the one-deck game has no Stop
function showChoice() {
  const single = choice.preset === "single";
  const stops = $("stops");
  stops.disabled = single;
  if (single) stops.checked = false;
  $("stopsHelp").textContent = single ? t("web.stopsNone") : "";
  $("levelHelp").textContent = t(`web.levelHelp.${choice.level}`);
  const withStops = stops.checked && !single;
  $("choiceLine").textContent = t(withStops ? "web.choiceLineStops" : "web.choiceLine", {
    level: m(`web.level.${choice.level}`),
    preset: m(`web.preset.${choice.preset}`),
  });
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
  ul.closest("section").dataset.empty = games.length ? "0" : "1";
  if (!games.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = t("web.noGames");
    ul.appendChild(li);
    return;
  }
  for (const g of games.slice(0, 8)) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    const label = document.createElement("span");
    label.className = "what";
    label.textContent = describe(g);
    const status = document.createElement("span");
    status.className = "status";
    const actions = document.createElement("span");
    actions.className = "actions";
    const a = document.createElement("a");
    a.href = `/game/${g.id}`;
    a.className = "resume button";
    a.textContent = t("web.resume");
    const rp = document.createElement("a");
    rp.href = `/replay/${g.id}?seat=${g.seat || "A"}`;
    rp.className = "replay button";
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
    actions.append(a, rp, forget);
    li.append(label, status, actions);
    ul.appendChild(li);
    fetch(`/api/games/${encodeURIComponent(g.id)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((s) => {
        if (!s) {
          status.textContent = t("web.status.gone");
          a.hidden = true;
          return;
        }
        saveGame({ id: g.id, preset: s.options.preset, result: s.over ? s.outcome.result : null, match: s.match });
        if (s.over) {
          status.textContent = t("web.status.over", { result: s.outcome.result });
          rp.hidden = false;
          a.hidden = true;
        } else {
          const mine = s.turn === g.seat;
          status.textContent = t(mine ? "web.status.yourTurn" : "web.status.theirTurn");
          status.classList.toggle("mine", mine);
        }
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

function options() {
  const single = choice.preset === "single";
  const out = { preset: choice.preset, stops: !single && $("stops").checked };
  if (choice.matchTo) out.match_to = choice.matchTo;
  return out;
}

form.addEventListener("submit", (e) => {
  e.preventDefault();
  const body = { mode: "computer", level: choice.level, ...options() };
  // "/?seed=N" replays a chosen deal against the computer
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d{1,15}$/.test(seed)) body.seed = Number(seed);
  create(body);
});
$("startFriend").addEventListener("click", () => create({ mode: "friend", ...options() }));
$("level").addEventListener("change", () => choose({ level: $("level").value }));
$("stops").addEventListener("change", () => choose({ stops: $("stops").checked }));
$("matchTo").addEventListener("change", () => choose({ matchTo: Number($("matchTo").value) || null }));

// who this browser plays as: the line under Play, or on a first visit a small dialog for a name
function showMe(player) {
  const line = $("meLine");
  line.hidden = !player;
  if (!player) return;
  $("meText").textContent = youAre(player);
  $("mePage").href = player.url;
  const box = $("nameDialog");
  if (box.open) box.close();
}

onPlayer(showMe);
wireForm($("nameForm"), $("nameError"), async ({ name }) => {
  await chooseName(name);
  $("mePage").focus();
});
$("nameLater").addEventListener("click", () => {
  setPref("nameAsked", "1");
  $("nameDialog").close();
});

await startPage(null, () => {
  fillChoices();
  listGames();
  showMe(current());
});
fillChoices();
listGames();
loadMe().then((player) => {
  if (!player && pref("nameAsked", "0") !== "1") $("nameDialog").show(); // not modal: Play stays at hand
});
fetch("/api/config")
  .then((r) => r.json())
  .then((c) => {
    config = c;
    configLoaded = true;
    fillChoices();
  });
