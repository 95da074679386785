"""The play session's refusals."""

from __future__ import annotations

from typing import Any

from ..errors import RussianBankError
from ..i18n import Message


class PlayError(RussianBankError):
    """A request the session refuses (a move out of turn, a late Stop, an undo past a reveal ...).

    Nothing has changed when it is raised. ``code`` and ``params`` name a catalogue message
    (``play.*`` or an engine code); :attr:`message` is that message, ``str(err)`` its English text.
    """

    def __init__(self, code: str, **params: Any) -> None:
        ValueError.__init__(self, code)
        self.code = code
        self.params: dict[str, Any] = params

    @property
    def message(self) -> Message:
        return Message(self.code, self.params)

    def __str__(self) -> str:
        return self.message.text("en")

    @classmethod
    def wrap(cls, message: Message) -> PlayError:
        """A refusal that says an existing message (an engine refusal, say)."""
        return cls(message.code, **dict(message.params))
