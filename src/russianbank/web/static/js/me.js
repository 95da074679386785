// The "your name" page: the name of this browser and its rating, a password for it, logging in
// with a name and password from another device, logging out.
import { t } from "./catalogue.js";
import { startPage } from "./common.js";
import { changePassword, chooseName, current, loadMe, logIn, logOut, onPlayer, setPassword, wireForm, youAre } from "./players.js";

const $ = (id) => document.getElementById(id);
const PASSWORD = { min: 8, max: 200 }; // as the server checks them (web/players/passwords.py)

function show(player) {
  $("named").hidden = !player;
  $("anon").hidden = !!player;
  $("loginPart").hidden = !!player;
  $("pwHelp").textContent = t("players.me.passwordHelp", PASSWORD);
  $("newHelp").textContent = t("players.me.passwordHelp", PASSWORD);
  if (!player) return;
  $("meText").textContent = youAre(player);
  $("mePage").href = player.url;
  $("pwState").textContent = t(player.has_password ? "players.me.hasPassword" : "players.me.noPassword");
  $("pwForm").hidden = player.has_password;
  $("changeForm").hidden = !player.has_password;
}

onPlayer(show);
wireForm($("nameForm"), $("nameError"), async ({ name }) => {
  await chooseName(name);
  $("status").textContent = "";
});
wireForm($("pwForm"), $("pwError"), async ({ password }) => {
  await setPassword(password);
  $("status").textContent = t("players.me.passwordSet");
});
wireForm($("changeForm"), $("changeError"), async ({ old_password, password }) => {
  await changePassword(old_password, password);
  $("changeForm").reset();
  $("status").textContent = t("players.me.passwordChanged");
});
wireForm($("loginForm"), $("loginError"), async ({ name, password }) => {
  await logIn(name, password);
  $("status").textContent = t("players.me.loggedIn", { name: current().name });
});
$("logout").addEventListener("click", async () => {
  $("logoutError").textContent = "";
  try {
    await logOut();
    $("status").textContent = t("players.me.loggedOut");
  } catch (err) {
    $("logoutError").textContent = err.message;
  }
});

await startPage("players.me.title", () => show(current()));
await loadMe();
document.body.dataset.loaded = "1";
