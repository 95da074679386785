// Picking cards up and putting them down: drag (mouse, pen, finger), tap then tap, double-click or
// double-tap to a foundation, a click on the stock to draw, and the keyboard.
const PILES = "12345678RHFrwWSs";
const DOUBLE_MS = 400;

function cssq(s) {
  return s.replace(/["\\]/g, "\\$&");
}

export class Input {
  /** ctl: legal() -> move texts, canMove() -> bool, move(text) -> sends, refuse() (not your turn), hint(), say(text). */
  constructor(board, ctl) {
    this.board = board;
    this.ctl = ctl;
    this.selected = null;
    this.drag = null;
    this.lastTap = { src: null, at: 0 };
    this.keys = "";
    board.addEventListener("pointerdown", (e) => this.down(e));
    board.addEventListener("pointermove", (e) => this.moveTo(e));
    board.addEventListener("pointerup", (e) => this.up(e));
    board.addEventListener("pointercancel", () => this.cancel());
    board.addEventListener("dblclick", (e) => e.preventDefault());
    board.addEventListener("keydown", (e) => this.cardKey(e));
    document.addEventListener("keydown", (e) => this.typed(e));
  }

  clear() {
    this.selected = null;
    for (const el of this.board.querySelectorAll(".selected, .target")) el.classList.remove("selected", "target");
    for (const z of this.board.querySelectorAll(".zone[tabindex]")) {
      z.removeAttribute("tabindex");
      z.setAttribute("role", "group");
    }
  }

  /** Light the places the card from `src` may go (legal moves only). */
  select(src, el) {
    this.clear();
    this.selected = src;
    if (el) el.classList.add("selected");
    for (const mv of this.ctl.legal()) {
      if (mv.length === 2 && mv[0] === src) {
        for (const z of this.board.querySelectorAll(`.zone[data-zone="${cssq(mv[1])}"]`)) {
          z.classList.add("target");
          z.tabIndex = 0;
          z.setAttribute("role", "button");
        }
      }
    }
  }

  /** After a redraw: keep the selection if its card is still there. */
  reselect() {
    if (!this.selected) return;
    const el = this.board.querySelector(`[data-src="${cssq(this.selected)}"]`);
    if (el) this.select(this.selected, el);
    else this.clear();
  }

  tryMove(src, dst) {
    this.clear();
    if (src === dst) return;
    if (!this.ctl.canMove()) {
      this.ctl.refuse();
      return;
    }
    this.ctl.move(src + dst);
  }

  zoneAt(x, y) {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el.classList.contains("dragging")) continue;
      const z = el.closest("[data-zone]");
      if (z && this.board.contains(z)) return z.dataset.zone;
    }
    return null;
  }

  down(e) {
    if (e.button > 0) return;
    const card = e.target.closest(".card");
    if (card && card.dataset.src) {
      e.preventDefault();
      try {
        card.setPointerCapture(e.pointerId);
      } catch {
        /* a synthetic pointer */
      }
      this.drag = { el: card, src: card.dataset.src, x0: e.clientX, y0: e.clientY, moved: false, id: e.pointerId };
    } else {
      this.drag = null;
    }
  }

  moveTo(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    if (!d.moved) {
      d.moved = true;
      this.select(d.src, d.el);
      d.el.classList.add("dragging");
    }
    d.el.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  up(e) {
    const d = this.drag;
    if (d && e.pointerId === d.id) {
      this.drag = null;
      if (d.moved) {
        const dst = this.zoneAt(e.clientX, e.clientY);
        d.el.classList.remove("dragging");
        d.el.style.transform = "";
        if (!dst || dst === d.src || (d.src === "H" && dst === "h")) {
          this.clear();
          return;
        }
        this.tryMove(d.src, dst === "h" ? "H" : dst);
        return;
      }
      this.tap(d.src, d.el);
      return;
    }
    // a tap on a place while a card is picked up
    if (this.selected) {
      const z = e.target.closest("[data-zone]");
      if (!z) {
        this.clear();
        return;
      }
      const dst = z.dataset.zone === "h" ? "H" : z.dataset.zone;
      if (dst === this.selected) {
        this.clear();
        return;
      }
      this.tryMove(this.selected, dst);
    }
  }

  /** A tap (or click) on a card that may be picked up. */
  tap(src, el) {
    const now = performance.now();
    const double = this.lastTap.src === src && now - this.lastTap.at < DOUBLE_MS;
    this.lastTap = { src, at: now };
    if (src === "S") {
      // a click on the stock draws
      this.lastTap = { src: null, at: 0 };
      this.tryMove("S", "H");
      return;
    }
    if (double) {
      // double-click or double-tap: to a foundation (an illegal one is refused with its reason)
      this.lastTap = { src: null, at: 0 };
      this.tryMove(src, "F");
      return;
    }
    if (this.selected === src) this.clear();
    else this.select(src, el);
  }

  cancel() {
    if (this.drag) {
      this.drag.el.classList.remove("dragging");
      this.drag.el.style.transform = "";
      this.drag = null;
    }
    this.clear();
  }

  // Enter or Space on a focused card picks it up; on a lit place, puts it there.
  cardKey(e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    const card = e.target.closest(".card[data-src]");
    const z = e.target.closest(".zone[data-zone]");
    if (card) {
      e.preventDefault();
      e.stopPropagation();
      if (card.dataset.src === "S") this.tryMove("S", "H");
      else if (this.selected === card.dataset.src) this.clear();
      else {
        this.select(card.dataset.src, card);
        const first = this.board.querySelector(".zone.target");
        if (first) first.focus();
      }
    } else if (z && this.selected) {
      e.preventDefault();
      e.stopPropagation();
      this.tryMove(this.selected, z.dataset.zone === "h" ? "H" : z.dataset.zone);
    }
  }

  // the move notation typed anywhere on the page (not in a text box)
  typed(e) {
    if (e.defaultPrevented || e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey)
      return;
    let k = e.key;
    if (k === "Escape") {
      this.keys = "";
      this.clear();
      this.ctl.say("");
      return;
    }
    if (k === "?") {
      this.ctl.hint();
      return;
    }
    if (k === "h") k = "H";
    if (k === "f") k = "F";
    if (k === "P" || k === "p") {
      if (this.ctl.legal().includes("pass")) this.ctl.move("pass");
      return;
    }
    if (k.length !== 1 || !PILES.includes(k)) return;
    e.preventDefault();
    this.keys += k;
    if (this.keys.length === 1) {
      this.select(k, this.board.querySelector(`[data-src="${cssq(k)}"]`));
      this.ctl.say(`${k}…`);
    } else {
      const text = this.keys;
      this.keys = "";
      this.ctl.say(text);
      this.tryMove(text[0], text[1]);
    }
  }
}
