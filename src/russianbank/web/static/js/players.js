// Players in the page: who this browser plays as (/api/me), choosing a name, a password, logging
// in and out. Every answer's refusal is shown from its catalogue message, in the page's language.
import { render, t } from "./catalogue.js";

let me = null; // {name, rating, rd, games, url, has_password} or null
const listeners = [];

export function current() {
  return me;
}

/** Call `fn(player)` now and whenever the player of this browser changes. */
export function onPlayer(fn) {
  listeners.push(fn);
}

function changed(player) {
  me = player;
  for (const fn of listeners) fn(me);
}

export async function loadMe() {
  try {
    const r = await fetch("/api/me", { cache: "no-store" });
    changed(r.ok ? (await r.json()).player : null);
  } catch {
    changed(null);
  }
  return me;
}

/** POST a JSON body; the player it answers with, or throws the error's text in the page's language. */
async function send(path, body) {
  let r;
  let data;
  try {
    r = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    data = await r.json();
  } catch {
    throw new Error(t("web.err.network"));
  }
  if (!r.ok) throw new Error(data.msg ? render(data.msg) : data.message || t("web.err.other", { code: data.error }));
  return data;
}

export async function chooseName(name) {
  changed((await send("/api/players", { name })).player);
}

export async function setPassword(password) {
  changed((await send("/api/me/password", { password })).player);
}

export async function changePassword(oldPassword, password) {
  changed((await send("/api/me/password", { old_password: oldPassword, password })).player);
}

export async function logIn(name, password) {
  changed((await send("/api/login", { name, password })).player);
}

export async function logOut() {
  await send("/api/logout", {});
  changed(null);
}

/** The words "You play as N. Your rating: R." for a player. */
export function youAre(player) {
  return `${t("players.me.youAre", { name: player.name })} ${t("players.me.rating", { rating: Math.round(player.rating) })}`;
}

/** Wire a form of named inputs to `action(values)`: its errors in `errorEl`, its button kept from double sends. */
export function wireForm(form, errorEl, action) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    errorEl.textContent = "";
    const button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    try {
      await action(Object.fromEntries(new FormData(form)));
      form.reset();
    } catch (err) {
      errorEl.textContent = err.message;
    } finally {
      if (button) button.disabled = false;
    }
  });
}
