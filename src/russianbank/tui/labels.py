"""The words around the table: the status line, the players' names, the log's title, the key bar."""

from __future__ import annotations

from ..session import Session
from .table import RANKS_EN, RANKS_RU, Labels
from .texts import Texts

PRESETS = ("classic", "hoyle", "suited", "russian13", "single")


def table_labels(s: Session, viewer: int, t: Texts) -> Labels:
    """The table's words for ``viewer``: rules and turn, who is on move, the names, the legend."""
    o = s.options
    status = t(
        "play.tui.status",
        preset=t(f"play.preset.{o.preset}" if o.preset in PRESETS else "play.preset.custom"),
        mode=t("play.mode.stops" if o.stops else "play.mode.strict"),
        turn=s.turn_no,
    )
    if s.is_over():
        state = t("play.tui.state.over", headline=s.end_messages(viewer)[0])
    elif s.seating.is_you(s.turn, viewer):
        state = t("play.tui.state.you")
    else:
        state = t("play.tui.state.other", who=s.seating.actor(s.turn, viewer))
    if s.hotseat:
        names = (t("play.tui.name.A"), t("play.tui.name.B"))
    else:
        names = (t("play.tui.name.you"), t("play.tui.name.computer"))
    return Labels(
        status=status,
        state=state,
        names=names,
        space=t("play.tui.space"),
        not_laid=t("play.tui.not_laid"),
        no_foundations=t("play.tui.no_foundations"),
        legend_decks=t("play.tui.legend.decks"),
        legend_rest=t("play.tui.legend.rest"),
        ranks=RANKS_RU if t.lang == "ru" else RANKS_EN,
    )


def log_title(s: Session, t: Texts) -> str:
    if s.computer is None:
        return t("play.tui.log.title_hotseat")
    level = s.setup.seats[s.computer].level or ""
    return t("play.tui.log.title", pace=t.number(s.pace), level=t(f"play.level.{level}"))


def key_items(s: Session, t: Texts) -> list[tuple[str, str]]:
    """The keys that do something now (the Stop key only in games with Stop)."""
    items = [("?", t("play.key.help"))]
    if s.is_over():
        items.append(("n", t("play.key.new")))
    elif s.computer_to_move:
        items += [(".", t("play.key.skip")), ("+ -", t("play.key.pace"))]
        if s.options.stops:
            items.append(("!", t("play.key.stop")))
    else:
        items += [("i", t("play.key.hint")), ("u", t("play.key.undo"))]
        if s.options.stops:
            items.append(("!", t("play.key.stop")))
        items.append((":", t("play.key.type")))
    items.append(("q", t("play.key.quit")))
    return items
