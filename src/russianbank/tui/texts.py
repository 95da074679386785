"""The terminal game's language: ``--lang en|ru``, or the locale (``LANG=ru_RU.UTF-8``) by default."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ..i18n import LANGS, Message


def lang_from_env(env: Mapping[str, str] | None = None) -> str:
    """``"ru"`` when the locale is Russian (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``), else ``"en"``."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGS else "en"
    return "en"


class Texts:
    """Renders catalogue messages in one language."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang

    def __call__(self, code: str, **params: Any) -> str:
        return Message(code, params).text(self.lang)

    def say(self, message: Message) -> str:
        return message.text(self.lang)

    def number(self, x: float) -> str:
        """A number as this language writes it: ``0.5`` in English, ``0,5`` in Russian."""
        text = f"{x:g}"
        return text.replace(".", ",") if self.lang == "ru" else text
