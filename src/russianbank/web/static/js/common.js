// What every page shares: the language switch, the page's fixed texts, the games of this browser.
import { lang, preferredLang, t, useLang } from "./catalogue.js";

/** Fill every [data-i18n] element (and data-i18n-label / -title attributes) from the catalogue. */
export function applyTexts(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

/** Load the catalogue in the preferred language, fill the page, wire the switch. */
export async function startPage(titleCode, onChange) {
  await useLang(preferredLang());
  const sel = document.getElementById("lang");
  const setTitle = () => {
    document.title = titleCode ? t("web.pageTitle", { page: { code: titleCode, params: {} } }) : t("web.title");
  };
  applyTexts();
  setTitle();
  if (sel) {
    sel.value = lang();
    sel.addEventListener("change", async () => {
      await useLang(sel.value);
      applyTexts();
      setTitle();
      if (onChange) onChange();
    });
  }
}

// ----------------------------------------------------------- this browser's games
// [{id, token, seat, mode, level, preset, created, match}] newest first, in localStorage.
const KEY = "rb.games";

export function savedGames() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(v) ? v.filter((g) => g && typeof g.id === "string") : [];
  } catch {
    return [];
  }
}

export function savedGame(id) {
  return savedGames().find((g) => g.id === id) || null;
}

export function saveGame(entry) {
  const old = savedGame(entry.id) || {};
  const games = savedGames().filter((g) => g.id !== entry.id);
  games.unshift({ ...old, ...entry });
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 200)));
}

export function forgetGame(id) {
  localStorage.setItem(KEY, JSON.stringify(savedGames().filter((g) => g.id !== id)));
}

// ----------------------------------------------------------- a match to a score
export const MATCH_POINTS = [100, 200, 300, 500];

/** The remembered match target (points), or null: game after game. */
export function matchPref() {
  return Number(pref("start.matchTo", "0")) || null;
}

/** Fill a <select> with "game after game" and the targets, `chosen` selected. */
export function fillMatchSelect(select, chosen) {
  select.textContent = "";
  select.add(new Option(t("web.matchOpen"), ""));
  for (const n of MATCH_POINTS) select.add(new Option(t("web.matchPoints", { n }), String(n)));
  select.value = MATCH_POINTS.includes(chosen) ? String(chosen) : "";
}

export function pref(name, fallback) {
  try {
    const v = localStorage.getItem(`rb.${name}`);
    return v === null ? fallback : v;
  } catch {
    return fallback;
  }
}

export function setPref(name, value) {
  try {
    localStorage.setItem(`rb.${name}`, value);
  } catch {
    /* private mode */
  }
}
