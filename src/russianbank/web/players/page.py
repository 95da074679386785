"""The player page, rendered on the server: the rating, the record, a graph of the rating (inline
SVG) and the games with their replays.

Every word comes from the message catalogue. The server writes it in the language of ``?lang=``
or the browser's ``Accept-Language``; each text also carries its message (``data-msg``, a time
``data-time``), so that ``static/js/player.js`` writes it again in the language the visitor chose
on the site (the same switch as every page). Nothing on the page comes from a game being played:
only rated games, which are finished.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from ... import i18n
from ...i18n import Message
from .service import PROVISIONAL_GAMES

GRAPH_W, GRAPH_H, PAD = 640, 200, 36  # the graph's box and its margin for the axis labels


def lang_of(query: str | None, accept: str | None) -> str:
    """The page's first language: ``?lang=``, else the first of ``Accept-Language`` we have."""
    if query in i18n.LANGS:
        return str(query)
    for part in (accept or "").split(","):
        code = part.split(";", 1)[0].strip().lower()[:2]
        if code in i18n.LANGS:
            return code
    return i18n.DEFAULT_LANG


def _text(tag: str, msg: Message, lang: str, attrs: str = "") -> str:
    """An element whose text is ``msg``, with the message for the page's script."""
    data = escape(json.dumps(msg.to_dict(), ensure_ascii=False, separators=(",", ":")), quote=True)
    return f'<{tag}{attrs} data-msg="{data}">{escape(msg.text(lang))}</{tag}>'


def _head(title: Message, lang: str) -> str:
    page = Message("web.pageTitle", {"page": title})
    brand = _text("a", Message("web.title"), lang, ' href="/" class="brand"')
    home = _text("a", Message("web.home"), lang, ' href="/"')
    rules = _text("a", Message("web.rules"), lang, ' href="/rules"')
    language = _text("span", Message("web.language"), lang, ' class="sr"')
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        + _text("title", page, lang)
        + '\n<link rel="stylesheet" href="/static/css/style.css">\n<link rel="icon" href="/static/cards/AH.svg">\n'
        '</head>\n<body class="start player-page">\n<header class="top">\n  '
        + brand
        + "\n  <nav>\n    "
        + home
        + "\n    "
        + rules
        + "\n    <label>"
        + language
        + '\n      <select id="lang"><option value="en" lang="en">English</option>'
        '<option value="ru" lang="ru">Русский</option></select>\n    </label>\n  </nav>\n</header>\n'
    )


_FOOT = '<script type="module" src="/static/js/player.js"></script>\n</body>\n</html>\n'


def graph(points: list[float], lang: str) -> str:
    """The rating after each game (oldest first, the rating before the first game at the start) as
    an inline SVG line, with the lowest and highest ratings on its axis."""
    lo, hi = min(points), max(points)
    span = max(hi - lo, 50.0)
    mid = (hi + lo) / 2
    lo, hi = mid - span / 2, mid + span / 2
    n = len(points)

    def xy(i: int, r: float) -> str:
        x = PAD + (GRAPH_W - 2 * PAD) * (i / max(1, n - 1))
        y = 10 + (GRAPH_H - 30) * (hi - r) / (hi - lo)
        return f"{x:.1f},{y:.1f}"

    label = Message("players.page.graphLabel", {"first": round(points[0]), "last": round(points[-1])})
    line = " ".join(xy(i, r) for i, r in enumerate(points))
    last_x, last_y = xy(n - 1, points[-1]).split(",")
    base = GRAPH_H - 20
    return (
        f'<svg class="ratinggraph" viewBox="0 0 {GRAPH_W} {GRAPH_H}" role="img" aria-labelledby="graphTitle">'
        + _text("title", label, lang, ' id="graphTitle"')
        + f'<line class="graphaxis" x1="{PAD}" y1="10" x2="{PAD}" y2="{base}"/>'
        f'<line class="graphaxis" x1="{PAD}" y1="{base}" x2="{GRAPH_W - PAD}" y2="{base}"/>'
        f'<text class="graphlabel" x="{PAD - 4}" y="16" text-anchor="end">{round(hi)}</text>'
        f'<text class="graphlabel" x="{PAD - 4}" y="{base}" text-anchor="end">{round(lo)}</text>'
        f'<polyline class="graphline" points="{line}"/>'
        f'<circle class="graphdot" cx="{last_x}" cy="{last_y}" r="4"/></svg>'
    )


def _opponent(g: dict[str, Any], lang: str) -> str:
    opp = g["opponent"]
    if "computer" in opp:
        return _text("span", Message("players.page.computer", {"level": Message(f"web.level.{opp['computer']}")}), lang)
    return f'<a href="{escape(opp["url"])}">{escape(opp["name"] or "")}</a>'


def _rows(history: list[dict[str, Any]], lang: str) -> str:
    out = []
    for g in history:
        change = round(g["change"])
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        result = g["result"]
        when = f'<time datetime="{g["date"]}" data-time="{int(g["time"] * 1000)}">{g["date"][:10]}</time>'
        word = _text("td", Message("players.page." + result), lang, ' class="res-' + result + '"')
        replay = _text("a", Message("players.page.replay"), lang, ' href="' + escape(g["replay_url"]) + '"')
        out.append(
            f"<tr><td>{when}</td><td>{_opponent(g, lang)}</td>{word}"
            f'<td class="num">{sign}{abs(change)}</td><td class="num">{round(g["rating"])}</td><td>{replay}</td></tr>'
        )
    return "\n".join(out)


def player_page(data: dict[str, Any], lang: str) -> str:
    """The page of one player (``data``: :meth:`Players.public <.service.Players.public>`)."""
    name = data["name"]
    history = data["history"]
    parts = [_head(Message("players.page.title", {"name": name}), lang), '<main class="startmain">']
    parts.append(_text("h1", Message("players.page.heading", {"name": name}), lang))
    parts.append('<section class="panel" aria-labelledby="hRating">')
    rating = Message("players.page.rating", {"rating": round(data["rating"]), "rd": round(data["rd"])})
    parts.append(_text("h2", rating, lang, ' id="hRating"'))
    if data["provisional"]:
        parts.append(_text("p", Message("players.page.provisional", {"n": PROVISIONAL_GAMES}), lang, ' class="help"'))
    record = {"games": data["won"] + data["drawn"] + data["lost"], **{k: data[k] for k in ("won", "drawn", "lost")}}
    parts.append(_text("p", Message("players.page.record", record), lang, ' id="record"'))
    if history:
        points = [history[-1]["rating_before"], *(g["rating"] for g in reversed(history))]
        parts.append('<figure class="graph">')
        parts.append(_text("figcaption", Message("players.page.graph", {"n": len(history)}), lang))
        parts.append(graph(points, lang))
        parts.append("</figure>")
    parts.append("</section>")
    parts.append('<section class="panel" aria-labelledby="hGames">')
    parts.append(_text("h2", Message("players.page.games"), lang, ' id="hGames"'))
    if history:
        heads = [("when", ""), ("opponent", ""), ("result", ""), ("change", ""), ("after", ""), ("replay", "sr")]
        cells = "".join(
            '<th scope="col">' + _text("span", Message("players.page." + k), lang, c and ' class="sr"') + "</th>"
            for k, c in heads
        )
        parts.append(f'<table class="history" id="games"><thead><tr>{cells}</tr></thead><tbody>')
        parts.append(_rows(history, lang))
        parts.append("</tbody></table>")
    else:
        parts.append(_text("p", Message("players.page.noGames"), lang, ' id="noGames"'))
    parts.append("</section>\n</main>")
    return "\n".join(parts) + "\n" + _FOOT


def not_found_page(name: str, lang: str) -> str:
    """The page for a name nobody has."""
    msg = Message("players.page.notFound", {"name": name[:80]})
    return (
        _head(msg, lang)
        + '<main class="startmain"><section class="panel notfound">'
        + _text("h1", msg, lang)
        + "<p>"
        + _text("a", Message("web.home"), lang, ' href="/" class="button"')
        + "</p></section></main>\n"
        + _FOOT
    )
