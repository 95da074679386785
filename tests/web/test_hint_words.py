"""A hint is sent in words from the seat's side (the engine's describe_message), beside its moves."""

from __future__ import annotations

from test_pace_skip import person_first
from webhelp import join, new_game, recv

from russianbank.game import Game
from russianbank.i18n import Message
from russianbank.moves import Move
from russianbank.session.words import planned


def test_a_hint_says_its_first_move_in_words_from_the_seats_side(make_client, sent) -> None:
    c = make_client()
    seed = person_first()
    d = new_game(c, mode="computer", level="easy", seed=seed)
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        s = join(ws, d["token"])
        assert s["your_turn"]
        ws.send_json({"type": "hint"})
        h = recv(ws)
        while h["type"] != "hint":
            h = recv(ws)
        session = c.app.state.manager.tables[d["game_id"]].session
    assert h["moves"] and h["moves"][0] in s["view"]["legal_moves"]
    said = Message.from_dict(h["msg"])
    assert said.code in ("play.hint.one", "play.hint.plan")
    what = planned(Game("classic", seed=seed), Move.from_str(h["moves"][0]), 0, session.seating)
    assert said.params["what"] == what  # the first move, worded for seat A (the person), as the session names them
    en, ru = said.text("en"), said.text("ru")
    assert en.startswith("Hint: ") and what.text("en") in en
    assert ru.startswith("Подсказка: ") and what.text("ru") in ru
    assert h["moves"][0] not in en.split()  # words, not notation
    assert not sent.leaks
