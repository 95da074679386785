// Where every pile goes: a pure function of the board's size, the game and the seat at the bottom.
//
// Pile ids are absolute: t0..t7 the tableau piles as in the view (t0..t3 A's), f0..f7 the
// foundations, and rA sA hA wA / rB sB hB wB each player's reserve, stock, hand and waste.
// Two arrangements: "tall" (portrait: the opponent's row at the top, yours at the bottom,
// the tableau between) and "wide" (landscape: your piles in a column on the left, the
// opponent's on the right). The one with the larger cards wins; cards never get smaller
// than MIN_CW or larger than MAX_CW, and everything fits inside width x height.

export const MIN_CW = 30;
export const MAX_CW = 132;
const RATIO = 1.4;

function sizes(cw) {
  const ch = Math.round(cw * RATIO);
  const gap = Math.max(4, Math.round(cw * 0.1));
  const lab = Math.max(12, Math.min(16, Math.round(cw * 0.2))); // a line of labels
  const strip = Math.max(14, Math.round(cw * 0.24)); // the pile number beside a tableau pile
  return { cw, ch, gap, lab, strip };
}

function zoneKinds(single) {
  return single ? ["s", "h", "w"] : ["r", "s", "h", "w"];
}

// --- the tall arrangement
function tallNeeds(cw, single) {
  const s = sizes(cw);
  const fndW = single ? s.gap * 2 : 2 * cw + s.gap;
  const tabW = s.strip + cw * 2.1;
  const nz = zoneKinds(single).length;
  const width = Math.max(2 * s.gap + fndW + 2 * tabW + 2 * s.gap, 2 * s.gap + nz * (cw + s.gap) + 96);
  const height = s.gap + 2 * (s.ch + s.lab) + s.gap + s.lab + 4 * (s.ch + s.gap) + s.gap;
  return { width, height };
}

function tall(W, cw, single, me) {
  const s = sizes(cw);
  const { ch, gap, lab, strip } = s;
  const piles = {};
  const kinds = zoneKinds(single);
  const fndW = single ? gap * 2 : 2 * cw + gap;
  const height = tallNeeds(cw, single).height;
  const bottom = ["A", "B"][me];
  const top = ["A", "B"][1 - me];
  const zoneRow = (who, y, info) => {
    kinds.forEach((k, i) => {
      piles[k + who] = { x: gap + i * (cw + gap), y, w: cw, h: ch, label: "below" };
    });
    info[who] = { x: gap + kinds.length * (cw + gap) + gap, y, w: W - (gap + kinds.length * (cw + gap) + 2 * gap), h: ch };
  };
  const info = {};
  zoneRow(top, gap, info);
  const fcapY = gap + ch + lab + gap;
  const tabY = fcapY + lab;
  zoneRow(bottom, tabY + 4 * (ch + gap) + gap, info);
  const fx = Math.round(W / 2 - fndW / 2);
  const side = Math.floor((W - fndW) / 2) - gap; // room on each side of the foundations
  for (let row = 0; row < 4; row++) {
    const y = tabY + row * (ch + gap);
    // your piles on the left, the opponent's on the right; each fans to the right
    piles[`t${me * 4 + row}`] = { x: gap, y, w: side - gap, h: ch, fan: true, strip };
    piles[`t${(1 - me) * 4 + row}`] = { x: fx + fndW + gap, y, w: W - (fx + fndW + gap) - gap, h: ch, fan: true, strip };
  }
  if (!single) {
    for (let f = 0; f < 8; f++) {
      piles[`f${f}`] = { x: fx + (f & 1) * (cw + gap), y: tabY + (f >> 1) * (ch + gap), w: cw, h: ch };
    }
  }
  const captions = single ? [] : [{ key: "fnd", x: fx, y: fcapY, w: fndW }];
  return { kind: "tall", ...s, width: W, height, piles, info, captions };
}

// --- the wide arrangement
function wideNeeds(cw, single) {
  const s = sizes(cw);
  const fndW = single ? s.gap * 2 : 2 * cw + s.gap;
  const tabW = s.strip + cw * 2.2;
  const width = 2 * s.gap + 2 * (cw + s.gap) + 2 * (tabW + s.gap) + fndW;
  const height = s.gap + s.lab + 4 * (s.ch + s.lab) + s.gap;
  return { width, height };
}

function wide(W, cw, single, me) {
  const s = sizes(cw);
  const { ch, gap, lab, strip } = s;
  const piles = {};
  const kinds = zoneKinds(single);
  const fndW = single ? gap * 2 : 2 * cw + gap;
  const height = wideNeeds(cw, single).height;
  const left = ["A", "B"][me];
  const right = ["A", "B"][1 - me];
  const y0 = gap + lab;
  const rowH = ch + lab;
  const tabW = Math.floor((W - 2 * gap - 2 * (cw + gap) - fndW - 2 * gap) / 2);
  const xTabL = gap + cw + gap;
  const fx = xTabL + tabW + gap;
  const xTabR = fx + fndW + gap;
  const xRight = W - gap - cw;
  kinds.forEach((k, i) => {
    piles[k + left] = { x: gap, y: y0 + i * rowH, w: cw, h: ch, label: "below" };
    piles[k + right] = { x: xRight, y: y0 + i * rowH, w: cw, h: ch, label: "below" };
  });
  for (let row = 0; row < 4; row++) {
    const y = y0 + row * rowH;
    piles[`t${me * 4 + row}`] = { x: xTabL, y, w: tabW, h: ch, fan: true, strip };
    piles[`t${(1 - me) * 4 + row}`] = { x: xTabR, y, w: tabW, h: ch, fan: true, strip };
  }
  if (!single) {
    for (let f = 0; f < 8; f++) {
      piles[`f${f}`] = { x: fx + (f & 1) * (cw + gap), y: y0 + (f >> 1) * rowH, w: cw, h: ch };
    }
  }
  const info = {
    [left]: { x: gap, y: gap / 2, w: xTabL + tabW - gap, h: lab },
    [right]: { x: xTabR, y: gap / 2, w: W - xTabR - gap, h: lab, alignRight: true },
  };
  const captions = single ? [] : [{ key: "fnd", x: fx, y: gap / 2, w: fndW }];
  return { kind: "wide", ...s, width: W, height, piles, info, captions };
}

function largest(needs, W, H, single) {
  let lo = MIN_CW;
  let hi = MAX_CW;
  const fits = (cw) => {
    const n = needs(cw, single);
    return n.width <= W && n.height <= H;
  };
  if (!fits(lo)) return lo;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The layout for a board of at most W x H pixels. `me`: the seat at the bottom/left (0 or 1). */
export function layout(W, H, { single = false, me = 0, prefer = null } = {}) {
  const cwT = largest(tallNeeds, W, H, single);
  const cwW = largest(wideNeeds, W, H, single);
  const useWide = prefer === "wide" || (prefer !== "tall" && cwW > cwT * 1.12);
  const g = useWide ? wide(W, cwW, single, me) : tall(W, cwT, single, me);
  // centre the table in the board
  const needs = (useWide ? wideNeeds : tallNeeds)(g.cw, single);
  g.height = Math.min(H, needs.height);
  return g;
}

/** The horizontal offset between the cards of a fanned pile of n cards in box b. */
export function fanOffset(g, b, n) {
  if (n < 2) return 0;
  const room = b.w - b.strip - g.cw;
  return Math.max(2, Math.min(g.cw * 0.34, room / (n - 1)));
}
