"""The move log: every move in words from the player's side, grouped by turn; annulled moves marked."""

from __future__ import annotations

from rich.text import Text

from ..i18n import Message
from ..session import Session
from .texts import Texts

ANNULLED = "strike dim"


def log_text(session: Session, viewer: int | None, texts: Texts, turns: int = 40) -> Text:
    """The last ``turns`` turns of ``session``, worded for ``viewer``."""
    out = Text(no_wrap=False)
    seating = session.seating
    names = tuple(texts.say(seating.actor(seat, viewer)) for seat in (0, 1))
    out.append(texts("play.tui.log.sides", a=names[0], b=names[1]) + "\n", style="dim")
    annulled = session.annulled()
    for turn_no, seat, indexes in session.turns()[-turns:]:
        who = seating.actor(seat, viewer)
        out.append(texts("play.tui.log.turn", n=turn_no, who=texts.say(who)) + "\n", style="bold")
        for i in indexes:
            what = session.move_words(i, viewer)
            if i in annulled:
                out.append("✗ " + texts.say(Message("play.tui.log.annulled", {"what": what})) + "\n", style=ANNULLED)
            else:
                out.append("· " + texts.say(what) + "\n")
    return out
