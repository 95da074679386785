// Cards and piles: names for people and screen readers, pictures, and the move notation's pile codes.
import { m, t } from "./catalogue.js";

export const SEATS = "AB";
const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function cardFile(name) {
  return `/static/cards/${name.toUpperCase()}.svg`;
}
export function backFile(deck) {
  return `/static/cards/back${deck + 1}.svg`;
}
export function deckOf(name) {
  return name === name.toLowerCase() ? 1 : 0;
}
export function isRed(name) {
  const s = name[1].toUpperCase();
  return s === "D" || s === "H";
}
/** "10♥" */
export function cardIndex(name) {
  const r = name[0].toUpperCase();
  return `${r === "T" ? "10" : r}${SYMBOLS[name[1].toUpperCase()]}`;
}
/** "Seven of hearts, deck B" in the current language. */
export function cardLabel(name) {
  const rank = RANKS.indexOf(name[0].toUpperCase()) + 1;
  const suit = name[1].toUpperCase();
  const card = m("web.cardName", { rank: m(`web.rank.${rank}`), suit: m(`web.suit.${suit}`) });
  return t("web.cardOfDeck", { card, deck: SEATS[deckOf(name)] });
}
export function suitIndex(name) {
  return SUITS.indexOf(name[1].toUpperCase());
}

// --- pile ids (absolute) and move codes (relative to the player on move)
/** The absolute pile a relative code means for `mover` (0/1); "F" stays "F" (some foundation). */
export function pileOf(code, mover) {
  const P = SEATS[mover];
  const O = SEATS[1 - mover];
  if (code >= "1" && code <= "4") return `t${mover * 4 + Number(code) - 1}`;
  if (code >= "5" && code <= "8") return `t${(1 - mover) * 4 + Number(code) - 5}`;
  const map = { R: `r${P}`, r: `r${O}`, W: `w${P}`, w: `w${O}`, S: `s${P}`, s: `s${O}`, H: `h${P}`, F: "F" };
  return map[code] || null;
}

/** The relative code of an absolute pile for the player `me` (0/1). */
export function codeOf(pile, me) {
  const kind = pile[0];
  if (kind === "t") {
    const i = Number(pile.slice(1));
    return String((i >> 2) === me ? (i & 3) + 1 : (i & 3) + 5);
  }
  if (kind === "f") return "F";
  const mine = pile[1] === SEATS[me];
  if (kind === "h") return mine ? "H" : "h";
  return mine ? kind.toUpperCase() : kind;
}

/** Where the cards are: card name -> absolute pile id, for a view. */
export function whereCards(v) {
  const out = new Map();
  v.tableau.forEach((p, i) => p.forEach((c) => out.set(c, `t${i}`)));
  v.foundations.forEach((p, i) => p.forEach((c) => out.set(c, `f${i}`)));
  for (const s of SEATS) {
    const side = v.players[s];
    side.reserve_up.forEach((c) => out.set(c, `r${s}`));
    side.waste.forEach((c) => out.set(c, `w${s}`));
  }
  if (v.hand) out.set(v.hand, `h${v.turn}`);
  return out;
}
