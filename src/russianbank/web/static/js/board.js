// Drawing a position: piles, cards, labels, counts; the last move marked; moves and reveals animated.
import { t } from "./catalogue.js";
import { SEATS, backFile, cardFile, cardIndex, cardLabel, codeOf, deckOf, isRed } from "./cards.js";
import { fanOffset } from "./layout.js";

const PILE_NAME = { r: "web.pile.reserve", s: "web.pile.stock", h: "web.pile.hand", w: "web.pile.waste" };

function px(el, x, y, w, h) {
  el.style.left = `${Math.round(x)}px`;
  el.style.top = `${Math.round(y)}px`;
  if (w !== undefined) el.style.width = `${Math.round(w)}px`;
  if (h !== undefined) el.style.height = `${Math.round(h)}px`;
}

function div(cls, parent) {
  const el = document.createElement("div");
  el.className = cls;
  parent.appendChild(el);
  return el;
}

/**
 * Draw view `v` in `board` with layout `g`.
 * opts: me (seat index shown at the bottom or left), seat (the viewer's seat index or null),
 * names {A, B}, notes {A, B} (extra text beside the name), yourTurn, legal (move texts),
 * last {piles: Set, cards: Set}, reveals (Set of card names to turn over), animate.
 */
export function drawBoard(board, v, g, opts) {
  const before = new Map();
  if (opts.animate) {
    for (const el of board.querySelectorAll(".card")) before.set(el.dataset.card, { x: el.offsetLeft, y: el.offsetTop });
  }
  board.textContent = "";
  board.style.width = `${g.width}px`;
  board.style.height = `${g.height}px`;
  board.dataset.layout = g.kind;
  board.style.setProperty("--cw", `${g.cw}px`);
  const me = opts.me;
  const seated = opts.seat !== null && opts.seat !== undefined;
  const sources = new Set((opts.yourTurn ? opts.legal : []).map((x) => x[0]));
  const last = opts.last || { piles: new Set(), cards: new Set() };
  const small = g.cw < 92;

  const zone = (id, box, labelText, kind) => {
    const z = div(`zone ${kind}`, board);
    px(z, box.x, box.y, box.w, box.h);
    z.dataset.pile = id;
    z.dataset.zone = codeOf(id, me);
    z.setAttribute("role", "group");
    if (last.piles.has(id) || (id[0] === "f" && last.piles.has("F"))) z.classList.add("last");
    if (labelText) {
      const l = document.createElement("span");
      l.className = "zlabel";
      l.textContent = labelText;
      z.appendChild(l);
    }
    return z;
  };
  const slot = (x, y) => {
    const s = div("slot", board);
    px(s, x, y, g.cw, g.ch);
  };
  const card = (key, name, pile, x, y, z, deck) => {
    const el = div("card", board);
    el.dataset.card = key;
    el.dataset.pile = pile;
    el.dataset.zone = codeOf(pile, me);
    px(el, x, y, g.cw, g.ch);
    el.style.zIndex = String(z);
    const img = document.createElement("img");
    img.alt = "";
    img.draggable = false;
    if (name) {
      el.dataset.name = name;
      img.src = cardFile(name);
      el.setAttribute("aria-label", cardLabel(name));
      if (deckOf(name) === 1) el.classList.add("deck-b");
      if (last.cards.has(name)) el.classList.add("last");
    } else {
      img.src = backFile(deck);
      el.classList.add("down");
      el.setAttribute("aria-label", t("web.cardBack"));
    }
    el.setAttribute("role", "img");
    el.appendChild(img);
    if (name && small) {
      const idx = document.createElement("span");
      idx.className = `idx${isRed(name) ? " red" : ""}`;
      idx.textContent = cardIndex(name);
      idx.setAttribute("aria-hidden", "true");
      el.appendChild(idx);
    }
    return el;
  };
  const movable = [];
  const badge = (box, n, labelCode) => {
    const b = div("badge", board);
    b.textContent = String(n);
    b.setAttribute("aria-hidden", "true");
    px(b, box.x + g.cw - 22, box.y + 2);
    return t("web.pileCount", { pile: { code: labelCode, params: {} }, n });
  };

  // --- tableau
  for (let i = 0; i < 8; i++) {
    const id = `t${i}`;
    const box = g.piles[id];
    const owner = i >> 2;
    const laid = v.players[SEATS[owner]].laid !== false;
    const code = codeOf(id, me);
    if (!laid) continue; // the one-deck game: these piles do not exist yet (S-3)
    const z = zone(id, box, "", "tab");
    const num = document.createElement("span");
    num.className = "pnum";
    num.textContent = code;
    num.style.width = `${box.strip}px`;
    z.appendChild(num);
    const pile = v.tableau[i];
    const x0 = box.x + box.strip;
    slot(x0, box.y);
    const off = fanOffset(g, box, pile.length);
    pile.forEach((c, j) => {
      const el = card(c, c, id, x0 + j * off, box.y, j + 1, 0);
      if (j === pile.length - 1) movable.push([el, code]);
    });
    z.setAttribute(
      "aria-label",
      `${t("web.pile.tableau", { n: code })}: ${pile.length ? pile.map(cardLabel).join(", ") : t("web.emptyPile")}`,
    );
  }
  // --- foundations
  if (!v.options?.single && g.piles.f0) {
    for (let f = 0; f < 8; f++) {
      const id = `f${f}`;
      const box = g.piles[id];
      const z = zone(id, box, "", "fnd");
      slot(box.x, box.y);
      const pile = v.foundations[f];
      pile.forEach((c, j) => card(c, c, id, box.x, box.y, j + 1, 0));
      z.setAttribute(
        "aria-label",
        `${t("web.pile.foundations")}: ${pile.length ? cardLabel(pile[pile.length - 1]) : t("web.emptyPile")}`,
      );
    }
    for (const c of g.captions) {
      const cap = div("caption", board);
      px(cap, c.x, c.y, c.w);
      cap.textContent = t("web.pile.foundations");
    }
  }
  // --- each player's reserve, stock, hand and waste
  for (const p of [0, 1]) {
    const S = SEATS[p];
    const side = v.players[S];
    const mine = seated && p === opts.seat;
    for (const kind of ["r", "s", "h", "w"]) {
      const id = kind + S;
      const box = g.piles[id];
      if (!box) continue;
      const z = zone(id, box, t(PILE_NAME[kind]), "pile");
      slot(box.x, box.y);
      let label = t(PILE_NAME[kind]);
      if (kind === "r") {
        const down = side.reserve_count - side.reserve_up.length;
        for (let k = 0; k < Math.min(down, 3); k++) card(`back-r${S}-${k}`, null, id, box.x + k * 2, box.y - k * 2, k + 1, p);
        // loaded cards fan a little downwards, never past the pile's label
        const k = side.reserve_up.length;
        const step = k > 1 ? Math.min(g.ch * 0.12, (g.lab * 0.8) / (k - 1)) : 0;
        side.reserve_up.forEach((c, j) => {
          const el = card(c, c, id, box.x, box.y + j * step, 10 + j, p);
          if (mine && j === side.reserve_up.length - 1) movable.push([el, "R"]);
        });
        if (side.reserve_count) label = badge(box, side.reserve_count, PILE_NAME.r);
      } else if (kind === "s") {
        if (side.stock_count) {
          const el = card(`back-s${S}`, null, id, box.x, box.y, 1, p);
          el.classList.add("stock");
          label = badge(box, side.stock_count, PILE_NAME.s);
          if (mine) movable.push([el, "S"]);
        } else if (mine && side.waste.length) {
          // an empty stock draws by turning the waste over (R8): the place itself is clicked
          const el = div("card recycle", board);
          el.dataset.card = `recycle-${S}`;
          el.dataset.pile = id;
          el.dataset.zone = "S";
          px(el, box.x, box.y, g.cw, g.ch);
          el.textContent = "↻";
          el.setAttribute("aria-label", t("web.recycle"));
          el.title = t("web.recycle");
          movable.push([el, "S"]);
        }
      } else if (kind === "h") {
        if (v.hand && v.turn === S && !v.outcome) {
          const el = card(v.hand, v.hand, id, box.x, box.y, 5, p);
          if (mine) movable.push([el, "H"]);
          label = `${label}: ${cardLabel(v.hand)}`;
        }
      } else if (kind === "w") {
        side.waste.forEach((c, j) => card(c, c, id, box.x, box.y, j + 1, p));
        if (side.waste.length) {
          label = badge(box, side.waste.length, PILE_NAME.w);
          label += `, ${cardLabel(side.waste[side.waste.length - 1])}`;
        }
      }
      z.setAttribute("aria-label", `${label} (${opts.names[S]})`);
    }
    // the name, what is left, presence
    const inf = g.info[S];
    const box = div(`pinfo${inf.alignRight ? " right" : ""}`, board);
    px(box, inf.x, inf.y, inf.w);
    box.dataset.player = S;
    const onMove = v.turn === S && !v.outcome;
    if (onMove) box.classList.add("onmove");
    const name = document.createElement("strong");
    name.textContent = (onMove ? "▶ " : "") + opts.names[S];
    box.appendChild(name);
    const left = side.reserve_count + side.stock_count + side.waste.length + (v.hand && v.turn === S ? 1 : 0);
    const more = [t("web.toGo", { n: left }), ...((opts.notes && opts.notes[S]) || [])];
    const rest = document.createElement("span");
    rest.className = "more";
    rest.textContent = more.join(" · ");
    box.append(g.kind === "wide" ? " · " : document.createElement("br"), rest);
  }

  // who may pick up what: every top card the viewer could move (an illegal drop says why)
  if (seated && opts.yourTurn) {
    for (const [el, code] of movable) {
      el.dataset.src = code;
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      if (sources.has(code)) el.classList.add("can");
    }
  }

  // slide the cards that moved from where they were; turn over the ones revealed (not for a
  // person who asked their system for less motion)
  if (opts.animate && !matchMedia("(prefers-reduced-motion: reduce)").matches) {
    for (const el of board.querySelectorAll(".card")) {
      const from = before.get(el.dataset.card);
      if (!from) continue;
      const dx = from.x - el.offsetLeft;
      const dy = from.y - el.offsetTop;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: 360,
        easing: "cubic-bezier(.2,.7,.3,1)",
      });
      el.classList.add("moving");
      setTimeout(() => el.classList.remove("moving"), 380);
    }
    for (const name of opts.reveals || []) {
      const el = board.querySelector(`.card[data-name="${name}"]`);
      if (el) turnOver(el, deckOf(name));
    }
  }
}

/** A card turning face up: its back shrinks to an edge, then its face opens out. */
function turnOver(el, deck) {
  const img = el.querySelector("img");
  const face = img.src;
  img.src = backFile(deck);
  el.classList.add("revealing");
  const half = { duration: 170, easing: "ease-in" };
  el.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0.02)" }], half).onfinish = () => {
    img.src = face;
    el.animate([{ transform: "scaleX(0.02)" }, { transform: "scaleX(1)" }], { duration: 170, easing: "ease-out" }).onfinish =
      () => el.classList.remove("revealing");
  };
}
