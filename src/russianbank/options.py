"""Game options and the presets of RULES.md section 8."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import InvalidOptionsError

TABLEAU_RULES = ("alternate", "suited", "circular")
RECYCLE_RULES = ("lazy", "immediate")
STOP_PENALTIES = ("annul", "stand")
FIRST_PLAYER_METHODS = ("tableau", "cut")


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
        if self.tableau not in TABLEAU_RULES:
            raise InvalidOptionsError(f"tableau must be one of {TABLEAU_RULES}, not {self.tableau!r}")
        if self.recycle not in RECYCLE_RULES:
            raise InvalidOptionsError(f"recycle must be one of {RECYCLE_RULES}, not {self.recycle!r}")
        if self.stop_penalty not in STOP_PENALTIES:
            raise InvalidOptionsError(
                f"stop_penalty must be one of {STOP_PENALTIES}, not {self.stop_penalty!r}"
            )
        if self.first_player not in FIRST_PLAYER_METHODS:
            raise InvalidOptionsError(
                f"first_player must be one of {FIRST_PLAYER_METHODS}, not {self.first_player!r}"
            )
        if self.single:
            if self.tableau != "circular":
                raise InvalidOptionsError("the one-deck game builds its tableau 'circular' (S-4)")
            if self.stops:
                raise InvalidOptionsError("the one-deck game has no Stop (S-7)")
        else:
            if self.tableau == "circular":
                raise InvalidOptionsError("'circular' building belongs to the one-deck game only (S-2)")
            if not 0 <= self.reserve_size <= 30:
                raise InvalidOptionsError(f"reserve_size must be 0..30, not {self.reserve_size}")
        if not 1 <= self.draw_limit <= 100_000:
            raise InvalidOptionsError(f"draw_limit must be 1..100000, not {self.draw_limit}")
        if self.bonus < 0:
            raise InvalidOptionsError(f"bonus must not be negative, not {self.bonus}")

    @property
    def num_cards(self) -> int:
        return 52 if self.single else 104

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some options changed (validated)."""
        return options_for(self.preset, base=self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        if not isinstance(data, dict):
            raise InvalidOptionsError("options must be a JSON object")
        preset = data.get("preset", "classic")
        if not isinstance(preset, str):
            raise InvalidOptionsError("option 'preset' must be a string")
        rest = {k: v for k, v in data.items() if k != "preset"}
        return options_for(preset, **rest)

    def describe(self) -> str:
        """``key=value`` text of every option (for records)."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool):
                value = "on" if value else "off"
            parts.append(f"{f.name}={value}")
        return " ".join(parts)


PRESETS: dict[str, Options] = {
    "classic": Options(preset="classic"),
    "hoyle": Options(preset="hoyle", reserve_size=13, bonus=0, stop_penalty="stand", first_player="cut"),
    "suited": Options(preset="suited", tableau="suited"),
    "russian13": Options(preset="russian13", reserve_size=13),
    "single": Options(
        preset="single", single=True, reserve_size=0, tableau="circular", bonus=0, first_player="cut"
    ),
}

_TYPES = {f.name: f.type for f in fields(Options)}


def _coerce(name: str, value: Any) -> Any:
    kind = _TYPES[name]
    if kind in ("bool", bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("on", "true", "yes", "1", "stops"):
            return True
        if isinstance(value, str) and value.lower() in ("off", "false", "no", "0", "strict"):
            return False
        raise InvalidOptionsError(f"option {name!r} must be on or off, not {value!r}")
    if kind in ("int", int):
        if isinstance(value, bool):
            raise InvalidOptionsError(f"option {name!r} must be a whole number, not {value!r}")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise InvalidOptionsError(f"option {name!r} must be a whole number, not {value!r}") from None
    if not isinstance(value, str):
        raise InvalidOptionsError(f"option {name!r} must be a string, not {value!r}")
    return value


def options_for(preset: str = "classic", base: Options | None = None, **changes: Any) -> Options:
    """Options of a preset, with any option changed on its own.

    >>> options_for("hoyle", stops=True).stop_penalty
    'stand'
    """
    if base is None:
        try:
            base = PRESETS[preset]
        except KeyError:
            raise InvalidOptionsError(
                f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}"
            ) from None
    coerced = {}
    for name, value in changes.items():
        if name not in _TYPES or name == "preset":
            raise InvalidOptionsError(f"unknown option {name!r}")
        coerced[name] = _coerce(name, value)
    return replace(base, **coerced)


def parse_options(text: str) -> Options:
    """Parse the ``describe()`` form: ``preset=hoyle stops=on ...``."""
    items: dict[str, str] = {}
    for part in text.split():
        if "=" not in part:
            raise InvalidOptionsError(f"bad option {part!r}: expected name=value")
        key, value = part.split("=", 1)
        items[key] = value
    preset = items.pop("preset", "classic")
    return options_for(preset, None, **items)
