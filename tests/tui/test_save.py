"""The save file: written atomically after every move, its deal sealed, read back whatever it holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from russianbank.tui.save import current_path, data_dir, read_save, seal, unseal, write_atomic


def test_data_dir_follows_xdg(data_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir() == data_home
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == Path.home() / ".local" / "share" / "russianbank"


def test_write_atomic_replaces_whole_file(data_home: Path) -> None:
    path = data_home / "x.txt"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in data_home.iterdir()] == ["x.txt"]  # no temporary file left behind


@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
@settings(max_examples=50, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_sealed_deal_opens_with_its_key_only(seed: int, data_home: Path) -> None:
    token = seal(seed, data_home)
    assert (seed < 10**8 or str(seed) not in token) and unseal(token, data_home) == seed
    i = len(token) // 2
    assert unseal(token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1 :], data_home) is None
    assert unseal(token, data_home / "elsewhere") is None


@given(data=st.binary(max_size=400) | st.text(max_size=400).map(lambda t: t.encode("utf-8", "replace")))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_file_reads_back_as_a_save_or_a_bounded_damage_report(data: bytes, data_home: Path) -> None:
    """Fuzz: whatever the save holds, reading it never raises and says what is wrong in bounded words."""
    path = current_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    saved = read_save(path)
    assert saved is not None
    if saved.damage is not None:
        assert len(saved.damage.text("en")) < 600 and saved.damage.text("ru")


async def test_a_move_that_cannot_be_saved_is_not_played(data_home: Path) -> None:
    """Stored before shown: when the save cannot be written, the move is taken back and the player told."""
    from tui_helpers import bar, make_app, type_move

    data_home.parent.mkdir(parents=True, exist_ok=True)
    data_home.write_text("a file where the data folder should be")
    app = make_app(seed=5, hotseat=True)
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.view(0)
        await type_move(pilot, "13")
        assert app.session.moves == [] and app.session.view(0) == before
        assert "Could not save the game" in bar(app) and "the move was not played" in bar(app)
        assert not any(m.code == "play.moved" for m in app.said)
