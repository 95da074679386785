// The end of a game: the result, why it ended, the score, the match; play again, the record, the replay.
import { render, t } from "./catalogue.js";
import { saveGame, savedGame } from "./common.js";

const $ = (id) => document.getElementById(id);

/** The match in words: its game, its total, its target; its winner once a side has reached it. */
export function matchText(mt, names) {
  const params = { number: mt.number, a: names.A, pa: mt.A, pb: mt.B, b: names.B, to: mt.to };
  if (mt.winner) return t("web.matchWon", { ...params, who: names[mt.winner] });
  return t(mt.to ? "web.matchTo" : "web.match", params);
}
let state = null;

export function hideEnd() {
  $("endPanel").hidden = true;
}

/** Show (or, with `update`, refresh the buttons of) the end panel for state message `msg`. */
export function showEnd(msg, names, token, update = false) {
  state = { msg, token };
  const o = msg.view.outcome;
  $("againBtn").textContent = t(msg.next_game ? "web.nextGame" : "web.playAgain");
  $("againBtn").hidden = !msg.seat || !!msg.match.winner;
  if (update) return;
  let title;
  if (!o.winner) title = t("web.drawn");
  else if (msg.seat) title = t(o.winner === msg.seat ? "web.youWon" : "web.youLost");
  else title = t("web.wins", { who: names[o.winner] });
  $("endTitle").textContent = title;
  const loser = o.winner ? (o.winner === "A" ? "B" : "A") : null;
  const who = o.termination === "resignation" ? names[loser] : o.winner ? names[o.winner] : "";
  // the engine's words for the end (the result, how it ended, the score) when the server sends them
  $("endWhy").textContent = msg.page?.outcome ? render(msg.page.outcome) : t(`web.termination.${o.termination}`, { who });
  const tbl = $("endScore");
  tbl.textContent = "";
  if (o.score) {
    const rows = [
      [t("web.bonus"), o.score.bonus],
      [t("web.reserveCards", { n: o.score.reserve_cards }), o.score.reserve_points],
      [t("web.stockWasteCards"), o.score.stock_waste_cards],
      [t("web.handCards"), o.score.hand_cards],
      [t("web.total"), o.score.total],
    ];
    for (const [k, val] of rows) {
      const tr = document.createElement("tr");
      const a = document.createElement("th");
      a.scope = "row";
      a.textContent = k;
      const b = document.createElement("td");
      b.textContent = String(val);
      tr.append(a, b);
      tbl.appendChild(tr);
    }
  }
  const mt = msg.match;
  $("endMatch").textContent = matchText(mt, names);
  $("downloadLink").href = `/api/games/${encodeURIComponent(msg.game_id)}/record`;
  $("replayLink").href = `/replay/${encodeURIComponent(msg.game_id)}${msg.seat ? `?seat=${msg.seat}` : ""}`;
  $("endPanel").hidden = false;
  $("againBtn").hidden ? $("closeEnd").focus() : $("againBtn").focus();
}

async function playAgain() {
  const { msg, token } = state;
  if (msg.next_game) {
    saveGame({ ...(savedGame(msg.game_id) || {}), id: msg.next_game, token, created: Date.now() });
    location.href = `/game/${msg.next_game}`;
    return;
  }
  const r = await fetch(`/api/games/${encodeURIComponent(msg.game_id)}/again`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    $("endWhy").textContent = t(`web.err.${data.error}`) || data.message;
    return;
  }
  saveGame({ ...(savedGame(msg.game_id) || {}), id: data.game_id, token, created: Date.now(), result: null });
  location.href = `/game/${data.game_id}`;
}

$("againBtn").addEventListener("click", playAgain);
$("closeEnd").addEventListener("click", hideEnd);
$("endPanel").addEventListener("keydown", (e) => {
  if (e.key === "Escape") hideEnd();
});
