// At a table for two, a person who came by a private link and has no name is asked for one (once
// per browser, as the start page asks): with a name, the seat is named and the game is rated.
// The connection is opened again at once, since the server names a seat when it is joined.
import { pref, setPref } from "./common.js";
import { chooseName, current, loadMe, wireForm } from "./players.js";

const $ = (id) => document.getElementById(id);
let asked = null; // whether this page has looked (null: not yet)

/** Show or hide the question for the state `msg`; `conn` is the table's connection. */
export function seatName(msg, conn) {
  const box = $("seatName");
  const wanted = msg.mode === "friend" && !!msg.seat && !msg.view.outcome && pref("nameAsked", "0") !== "1";
  if (!wanted) {
    box.hidden = true;
    return;
  }
  if (asked === null) {
    asked = loadMe().then((player) => {
      if (!player && pref("nameAsked", "0") !== "1") box.hidden = false;
    });
    wireForm($("seatNameForm"), $("seatNameError"), async ({ name }) => {
      await chooseName(name);
      box.hidden = true;
      conn.reconnect(); // joined again with the new session: the seat is named
    });
    $("seatNameLater").addEventListener("click", () => {
      setPref("nameAsked", "1");
      box.hidden = true;
    });
  } else if (current()) box.hidden = true;
}
