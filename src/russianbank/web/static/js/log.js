// The move log: one item per turn, each move in words from the viewer's side, annulled moves struck through.
import { render, t } from "./catalogue.js";
import { cardIndex } from "./cards.js";

/** A move's words: the server's description when it sends one, else the notation with its reveals. */
export function moveText(e) {
  if (e.say) return render(e.say);
  if (e.stop) return t("web.stopLog", { rule: e.stop.rule, violation: e.stop.violation });
  return e.move + (e.reveals.length ? ` (${e.reveals.map(cardIndex).join(" ")})` : "");
}

/** Which entries a Stop took back (indices). */
export function annulledSet(entries) {
  const out = new Set();
  for (const e of entries) {
    if (e.stop && e.stop.penalty === "annul") for (let i = e.stop.violation_index; i < e.i; i++) out.add(i);
  }
  return out;
}

/** Draw the log into `ol`. names: {A, B}. */
export function drawLog(ol, entries, names, upto = null) {
  ol.textContent = "";
  const annulled = annulledSet(entries);
  let li = null;
  let turn = null;
  let list = null;
  for (const e of entries) {
    if (e.turn !== turn) {
      turn = e.turn;
      li = document.createElement("li");
      li.dataset.turn = String(turn);
      const mover = e.stop ? (e.by === "A" ? "B" : "A") : e.by;
      li.dataset.player = mover;
      const head = document.createElement("span");
      head.className = "turnhead";
      head.textContent = t("web.turnNo", { n: turn, who: names[mover] });
      list = document.createElement("span");
      list.className = "moves";
      li.append(head, " ", list);
      ol.appendChild(li);
    }
    const item = document.createElement(annulled.has(e.i) ? "s" : "span");
    item.className = "mv" + (e.stop ? " ruling" : "");
    item.dataset.i = String(e.i);
    item.dataset.move = e.move;
    item.textContent = moveText(e);
    if (annulled.has(e.i)) {
      item.title = t("web.annulled");
      item.setAttribute("aria-label", `${item.textContent} (${t("web.annulled")})`);
    }
    if (upto !== null && e.i === upto - 1) item.classList.add("current");
    if (list.childNodes.length) list.append("; ");
    list.appendChild(item);
  }
  if (upto !== null) {
    const cur = ol.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  } else ol.scrollTop = ol.scrollHeight;
}
