"""One catalogue of messages, keyed by code with parameters, in English and Russian.

Everything the package says to a person is a :class:`Message`: a code (``"refuse.R5b"``,
``"stop.upheld"``, ...) and parameters. The texts live in domain modules of this
package (one ``EN`` and one ``RU`` dict each, registered in :data:`DOMAINS`); this
module finds and renders them. The catalogue is plain data and does no I/O, so the
engine may use it; :func:`catalogue` gives a language's whole table for a client
(the web page renders with the same template rules, see ``static/js/catalogue.js``).

Template rules (shared by Python and JavaScript):

- ``{name}``: the parameter ``name``. An ``int`` or ``str`` is written as it is; a
  nested message (a :class:`Message`, or a dict ``{"code": ..., "params": {...}}``)
  is rendered in the same language.
- ``{name:form}``: a nested message in a grammatical form. A catalogue entry may be a
  dict of forms (``{"nom": "компьютер", "gen": "компьютера"}``); its first form is the
  default. A plain-string entry has one form for every case.
- ``{name|one|other}`` (English) or ``{name|one|few|many}`` (Russian): a plural
  choice on the integer ``name``; ``#`` inside the chosen form is the number.
- ``{{`` and ``}}`` are literal braces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, TypeAlias

LANGS = ("en", "ru")
DEFAULT_LANG = "en"

# Domain modules of this package, each with ``EN`` and ``RU`` dicts of the same keys.
DOMAINS = ("core", "picture", "play", "server", "env", "rules", "web", "players", "lobby")

Entry: TypeAlias = str | Mapping[str, str]

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_]+)|((?:\|[^|{}]*)+))?\}")


@dataclass(frozen=True)
class Message:
    """A code with parameters: what to say, not yet in any language."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The message in ``lang`` (``"en"`` or ``"ru"``)."""
        return render(self.code, self.params, lang)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, nested messages included: ``{"code": ..., "params": {...}}``."""
        return {"code": self.code, "params": {k: _param_to_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        params = data.get("params") or {}
        return cls(str(data["code"]), {k: _param_from_json(v) for k, v in params.items()})

    def __str__(self) -> str:
        return self.text(DEFAULT_LANG)


def msg(code: str, **params: Any) -> Message:
    """Shorthand: ``msg("refuse.R5b", card="7♥", target="9♣")``."""
    return Message(code, params)


def _param_to_json(v: Any) -> Any:
    if isinstance(v, Message):
        return v.to_dict()
    return v


def _param_from_json(v: Any) -> Any:
    if isinstance(v, Mapping) and "code" in v:
        return Message.from_dict(v)
    return v


_tables: dict[str, dict[str, Entry]] | None = None


def _load() -> dict[str, dict[str, Entry]]:
    global _tables
    if _tables is None:
        tables: dict[str, dict[str, Entry]] = {lang: {} for lang in LANGS}
        for domain in DOMAINS:
            mod = import_module(f"{__name__}.{domain}")
            for lang in LANGS:
                part: Mapping[str, Entry] = getattr(mod, lang.upper())
                clash = tables[lang].keys() & part.keys()
                if clash:
                    raise RuntimeError(f"message codes defined twice ({domain}): {sorted(clash)}")
                tables[lang].update(part)
        _tables = tables
    return _tables


def catalogue(lang: str) -> dict[str, Entry]:
    """Every entry of one language, for a client that renders messages itself."""
    return dict(_load()[_lang(lang)])


def codes() -> set[str]:
    """Every code in the catalogue (the English table is the reference)."""
    return set(_load()[DEFAULT_LANG])


def has(code: str) -> bool:
    return code in _load()[DEFAULT_LANG]


def _lang(lang: str) -> str:
    return lang if lang in LANGS else DEFAULT_LANG


def plural_index(lang: str, n: int) -> int:
    """Which plural form ``n`` takes: English 0 one / 1 other; Russian 0 one / 1 few / 2 many."""
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def _entry(code: str, lang: str) -> Entry:
    tables = _load()
    entry = tables[lang].get(code)
    if entry is None:
        entry = tables[DEFAULT_LANG].get(code)
    if entry is None:
        raise KeyError(f"no message with code {code!r}")
    return entry


def render(
    code: str, params: Mapping[str, Any] | None = None, lang: str = DEFAULT_LANG, form: str | None = None
) -> str:
    """The text of ``code`` with ``params`` in ``lang``; ``form`` picks a grammatical form."""
    lang = _lang(lang)
    entry = _entry(code, lang)
    if isinstance(entry, Mapping):
        template = entry.get(form, "") if form is not None else ""
        if not template:
            template = next(iter(entry.values()))
    else:
        template = entry
    return _fill(template, params or {}, lang, code)


def _value(v: Any, lang: str, form: str | None) -> str:
    if isinstance(v, Message):
        return render(v.code, v.params, lang, form)
    if isinstance(v, Mapping) and "code" in v:
        return render(str(v["code"]), v.get("params") or {}, lang, form)
    return str(v)


def _fill(template: str, params: Mapping[str, Any], lang: str, code: str) -> str:
    def sub(m: re.Match[str]) -> str:
        whole = m.group(0)
        if whole == "{{":
            return "{"
        if whole == "}}":
            return "}"
        name, form, choices = m.group(1), m.group(2), m.group(3)
        if name not in params:
            raise KeyError(f"message {code!r} needs the parameter {name!r}")
        v = params[name]
        if choices is not None:
            forms = choices[1:].split("|")
            n = int(v)
            chosen = forms[min(plural_index(lang, n), len(forms) - 1)]
            return chosen.replace("#", str(n))
        return _value(v, lang, form)

    return _FIELD.sub(sub, template)


def fields(entry: Entry) -> Iterator[tuple[str, str | None, bool]]:
    """Every placeholder of an entry (every form of it), in order: ``(name, form, plural)``, where
    ``form`` is the grammatical form asked for (``{x:gen}``) or None, and ``plural`` says the
    placeholder chooses between plural forms (``{n|one|few|many}``)."""
    templates = entry.values() if isinstance(entry, Mapping) else [entry]
    for t in templates:
        for m in _FIELD.finditer(t):
            if m.group(1):
                yield m.group(1), m.group(2), m.group(3) is not None


def placeholders(entry: Entry) -> set[str]:
    """The parameter names an entry uses (every form of it)."""
    return {name for name, _, _ in fields(entry)}


def problems() -> list[str]:
    """What is wrong with the catalogue: codes missing in a language, placeholder mismatches,
    plural choices with the wrong number of forms. Empty when all is well."""
    tables = _load()
    out: list[str] = []
    ref = tables[DEFAULT_LANG]
    for lang in LANGS:
        table = tables[lang]
        for code in sorted(ref.keys() - table.keys()):
            out.append(f"{lang}: missing {code}")
        for code in sorted(table.keys() - ref.keys()):
            out.append(f"{lang}: {code} is not in {DEFAULT_LANG}")
        want_forms = 3 if lang == "ru" else 2
        for code, entry in table.items():
            if code in ref and placeholders(entry) != placeholders(ref[code]):
                out.append(
                    f"{lang}: {code} uses {sorted(placeholders(entry))}, "
                    f"{DEFAULT_LANG} uses {sorted(placeholders(ref[code]))}"
                )
            templates = entry.values() if isinstance(entry, Mapping) else [entry]
            for t in templates:
                for m in _FIELD.finditer(t):
                    if m.group(3) is not None and len(m.group(3)[1:].split("|")) != want_forms:
                        out.append(f"{lang}: {code}: plural of {m.group(1)!r} needs {want_forms} forms")
    return out
