// The player page: the server wrote it in one language; each text carries its message (data-msg)
// and each date its time (data-time), so the page is written again in the language chosen here.
import { formatDate, lang, render } from "./catalogue.js";
import { startPage } from "./common.js";

function rewrite() {
  for (const el of document.querySelectorAll("[data-msg]")) {
    try {
      el.textContent = render(JSON.parse(el.dataset.msg));
    } catch {
      /* a message this catalogue does not have: the server's words stay */
    }
  }
  for (const el of document.querySelectorAll("time[data-time]")) el.textContent = formatDate(Number(el.dataset.time));
  document.documentElement.lang = lang();
}

await startPage(null, rewrite);
rewrite();
document.body.dataset.loaded = "1";
