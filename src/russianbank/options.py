"""Game options and the presets of RULES.md section 8."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import InvalidOptionsError, shown

TABLEAU_RULES = ("alternate", "suited", "circular")
RECYCLE_RULES = ("lazy", "immediate")
STOP_PENALTIES = ("annul", "stand")
FIRST_PLAYER_METHODS = ("tableau", "cut")
PRESET_NAMES = ("classic", "hoyle", "suited", "russian13", "single")


@dataclass(frozen=True)
class Options:
    """Every rule option. Build one with :func:`options_for` from a preset name.

    * ``single``: the one-deck game (section 7) instead of the two-deck game.
    * ``reserve_size``: cards dealt to each reserve (R2).
    * ``tableau``: ``alternate`` (R5b), ``suited`` (R5b, preset ``suited``) or
      ``circular`` (S-4, the one-deck game).
    * ``bonus``: points for the winner (D2).
    * ``recycle``: ``lazy`` or ``immediate`` (R8).
    * ``stops``: False = strict (violations are illegal), True = the
      traditional game where the opponent may call Stop (section 4).
    * ``stop_penalty``: ``annul`` or ``stand`` (S3).
    * ``first_player``: ``tableau`` comparison or ``cut`` (R3).
    * ``draw_limit``: N of D3, turns in a row without a foundation play.
    """

    preset: str = "classic"
    single: bool = False
    reserve_size: int = 12
    tableau: str = "alternate"
    bonus: int = 30
    recycle: str = "lazy"
    stops: bool = False
    stop_penalty: str = "annul"
    first_player: str = "tableau"
    draw_limit: int = 200

    def __post_init__(self) -> None:
        for f in fields(self):
            _check_type(f.name, getattr(self, f.name))
        if self.preset not in PRESET_NAMES:
            raise InvalidOptionsError("error.options.preset", {"value": shown(self.preset)})
        for name, choices in (
            ("tableau", TABLEAU_RULES),
            ("recycle", RECYCLE_RULES),
            ("stop_penalty", STOP_PENALTIES),
            ("first_player", FIRST_PLAYER_METHODS),
        ):
            value = getattr(self, name)
            if value not in choices:
                raise InvalidOptionsError(
                    "error.options.choice", {"name": name, "choices": ", ".join(choices), "value": shown(value)}
                )
        if self.single:
            if self.tableau != "circular":
                raise InvalidOptionsError("error.options.single_tableau")
            if self.stops:
                raise InvalidOptionsError("error.options.single_stops")
            if self.reserve_size:
                raise InvalidOptionsError("error.options.single_reserve", {"value": shown(self.reserve_size)})
            if self.bonus:
                raise InvalidOptionsError("error.options.single_bonus", {"value": shown(self.bonus)})
            if self.first_player == "tableau":
                raise InvalidOptionsError("error.options.single_first")
        else:
            if self.tableau == "circular":
                raise InvalidOptionsError("error.options.circular")
            _check_range("reserve_size", self.reserve_size, 0, 30)
        _check_range("draw_limit", self.draw_limit, 1, 100_000)
        _check_range("bonus", self.bonus, 0, 1_000_000)

    @property
    def num_cards(self) -> int:
        """How many cards the game has: 52 in the one-deck game, 104 otherwise."""
        return 52 if self.single else 104

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some options changed (validated)."""
        return _build(self.preset, self, changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name (JSON-ready); :meth:`from_dict` reads it back."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        """Options from :meth:`to_dict` data; missing options take their preset's value."""
        if not isinstance(data, dict):
            raise InvalidOptionsError("error.options.not_object", {"value": shown(data)})
        preset = data.get("preset", "classic")
        if not isinstance(preset, str):
            raise InvalidOptionsError("error.options.type_str", {"name": "preset", "value": shown(preset)})
        return _build(preset, None, {k: v for k, v in data.items() if k != "preset"})

    def describe(self) -> str:
        """``key=value`` text of every option (for records)."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool):
                value = "on" if value else "off"
            parts.append(f"{f.name}={value}")
        return " ".join(parts)


_TYPES = {f.name: f.type for f in fields(Options)}
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,9}")


def _check_type(name: str, value: Any) -> None:
    kind = _TYPES[name]
    if kind in ("bool", bool):
        ok = isinstance(value, bool)
        code = "error.options.type_bool"
    elif kind in ("int", int):
        ok = isinstance(value, int) and not isinstance(value, bool)
        code = "error.options.type_int"
    else:
        ok = isinstance(value, str)
        code = "error.options.type_str"
    if not ok:
        raise InvalidOptionsError(code, {"name": name, "value": shown(value)})


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise InvalidOptionsError(
            "error.options.range", {"name": name, "low": low, "high": high, "value": shown(value)}
        )


PRESETS: dict[str, Options] = {
    "classic": Options(preset="classic"),
    "hoyle": Options(preset="hoyle", reserve_size=13, bonus=0, stop_penalty="stand", first_player="cut"),
    "suited": Options(preset="suited", tableau="suited"),
    "russian13": Options(preset="russian13", reserve_size=13),
    "single": Options(preset="single", single=True, reserve_size=0, tableau="circular", bonus=0, first_player="cut"),
}


def _coerce(name: str, value: Any) -> Any:
    kind = _TYPES[name]
    if kind in ("bool", bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("on", "true", "yes", "1", "stops"):
            return True
        if isinstance(value, str) and value.lower() in ("off", "false", "no", "0", "strict"):
            return False
        raise InvalidOptionsError("error.options.type_bool", {"name": name, "value": shown(value)})
    if kind in ("int", int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and _INT_TEXT.fullmatch(value.strip()):
            return int(value)
        raise InvalidOptionsError("error.options.type_int", {"name": name, "value": shown(value)})
    if not isinstance(value, str):
        if name == "first_player" and isinstance(value, int):
            raise InvalidOptionsError("error.options.first_player_int", {"value": shown(value)})
        raise InvalidOptionsError("error.options.type_str", {"name": name, "value": shown(value)})
    return value


def options_for(preset: str = "classic", base: Options | None = None, /, **changes: Any) -> Options:
    """Options of a preset, with any option changed on its own (``base``: start from these options).

    >>> options_for("hoyle", stops=True).stop_penalty
    'stand'
    """
    return _build(preset, base, changes)


def _build(preset: Any, base: Any, changes: dict[Any, Any]) -> Options:
    if base is None:
        if not isinstance(preset, str):
            raise InvalidOptionsError("error.options.type_str", {"name": "preset", "value": shown(preset)})
        found = PRESETS.get(preset)
        if found is None:
            raise InvalidOptionsError("error.options.preset", {"value": shown(preset)})
        base = found
    elif not isinstance(base, Options):
        raise InvalidOptionsError("error.options.base", {"value": shown(base)})
    coerced = {}
    for name, value in changes.items():
        if not isinstance(name, str) or name not in _TYPES or name == "preset":
            raise InvalidOptionsError("error.options.unknown", {"name": shown(name)})
        coerced[name] = _coerce(name, value)
    result: Options = replace(base, **coerced)
    return result


def parse_options(text: str) -> Options:
    """Parse the ``describe()`` form: ``preset=hoyle stops=on ...``."""
    if not isinstance(text, str):
        raise InvalidOptionsError("error.options.not_text", {"value": shown(text)})
    items: dict[str, str] = {}
    for part in text.split():
        if "=" not in part:
            raise InvalidOptionsError("error.options.syntax", {"part": shown(part)})
        key, value = part.split("=", 1)
        if key in items:
            raise InvalidOptionsError("error.options.twice", {"name": shown(key)})
        items[key] = value
    preset = items.pop("preset", "classic")
    return _build(preset, None, items)
