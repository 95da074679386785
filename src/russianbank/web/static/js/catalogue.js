// The message catalogue in the page: the same template rules as russianbank/i18n/__init__.py.
//
// A message is {code, params}. Its entry is a string or an object of grammatical forms
// (the first is the default). In a template: {name} a parameter (a nested message is
// rendered in the same language), {name:form} a nested message in a form, {name|one|other}
// (English) or {name|one|few|many} (Russian) a plural choice where # is the number,
// {{ and }} literal braces.

export const LANGS = ["en", "ru"];
export const DEFAULT_LANG = "en";
const FIELD = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_]+)|((?:\|[^|{}]*)+))?\}/g;
const tables = {};
let current = DEFAULT_LANG;

export function pluralIndex(lang, n) {
  n = Math.abs(n);
  if (lang === "ru") {
    if (n % 10 === 1 && n % 100 !== 11) return 0;
    if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return 1;
    return 2;
  }
  return n === 1 ? 0 : 1;
}

function isMessage(v) {
  return v !== null && typeof v === "object" && typeof v.code === "string";
}

function entry(code, lang) {
  const t = tables[lang] || {};
  let e = t[code];
  if (e === undefined) e = (tables[DEFAULT_LANG] || {})[code];
  if (e === undefined) throw new Error(`no message with code ${JSON.stringify(code)}`);
  return e;
}

function value(v, lang, form) {
  if (isMessage(v)) return renderCode(v.code, v.params || {}, lang, form);
  return String(v);
}

function fill(template, params, lang, code) {
  return template.replace(FIELD, (whole, name, form, choices) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(name in params)) throw new Error(`message ${JSON.stringify(code)} needs the parameter ${JSON.stringify(name)}`);
    const v = params[name];
    if (choices !== undefined) {
      const forms = choices.slice(1).split("|");
      const n = Math.trunc(Number(v));
      const chosen = forms[Math.min(pluralIndex(lang, n), forms.length - 1)];
      return chosen.replaceAll("#", String(n));
    }
    return value(v, lang, form);
  });
}

/** The text of `code` with `params` in `lang`; `form` picks a grammatical form. */
export function renderCode(code, params = {}, lang = current, form = undefined) {
  if (!LANGS.includes(lang)) lang = DEFAULT_LANG;
  const e = entry(code, lang);
  let template;
  if (typeof e === "string") template = e;
  else {
    template = form !== undefined && form !== null ? e[form] || "" : "";
    if (!template) template = Object.values(e)[0];
  }
  return fill(template, params || {}, lang, code);
}

/** A message {code, params} in the current language. */
export function render(message, lang = current) {
  return renderCode(message.code, message.params || {}, lang);
}

/** Shorthand for the page's own texts. */
export function t(code, params = {}) {
  return renderCode(code, params, current);
}

/** Build a message (for nesting): m("web.level.easy"). */
export function m(code, params = {}) {
  return { code, params };
}

export function has(code) {
  return code in (tables[current] || {}) || code in (tables[DEFAULT_LANG] || {});
}

export function lang() {
  return current;
}

/** The saved language, else the browser's. */
export function preferredLang() {
  let saved = null;
  try {
    saved = localStorage.getItem("rb.lang");
  } catch {
    saved = null;
  }
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** Load a language's table (and English, the fallback) and make it current. */
export async function useLang(l) {
  if (!LANGS.includes(l)) l = DEFAULT_LANG;
  for (const x of new Set([DEFAULT_LANG, l])) {
    if (!tables[x]) {
      const r = await fetch(`/api/catalogue/${x}`);
      if (!r.ok) throw new Error(`catalogue ${x}: HTTP ${r.status}`);
      tables[x] = (await r.json()).messages;
    }
  }
  current = l;
  try {
    localStorage.setItem("rb.lang", l);
  } catch {
    /* private mode: the choice lasts for this page */
  }
  document.documentElement.lang = l;
  return l;
}

/** Use tables given directly (tests). */
export function setTables(lang, messages) {
  tables[lang] = messages;
}

/** A date and time in the current language. */
export function formatDate(ms) {
  const locale = current === "ru" ? "ru-RU" : "en-GB";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}
