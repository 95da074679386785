"""The move log's words are shared dicts (one per different message): the same JSON as
``Message.to_dict``, and kept once however many entries say the same thing."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank.i18n import Message
from russianbank.web.state_message import message_dict

scalar = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.0, 1.0, "", "a", "7♥"])
messages = st.recursive(
    st.builds(Message, st.sampled_from(["a", "b", "card.7H"]), st.just({})),
    lambda inner: st.builds(
        Message, st.sampled_from(["a", "b", "move.tableau"]), st.dictionaries(st.sampled_from("xyz"), inner | scalar)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(messages, messages)
def test_a_shared_message_dict_is_the_messages_json(a: Message, b: Message) -> None:
    da, db = message_dict(a), message_dict(b)
    assert json.dumps(da) == json.dumps(a.to_dict())
    assert (da is db) == (json.dumps(a.to_dict()) == json.dumps(b.to_dict()))
    assert message_dict(Message(a.code, dict(a.params))) is da  # an equal message: the same dict


def test_one_true_and_one_point_zero_are_told_apart() -> None:
    dicts = [message_dict(Message("n", {"n": v})) for v in (1, True, 1.0)]
    assert [json.dumps(d) for d in dicts] == [
        '{"code": "n", "params": {"n": 1}}',
        '{"code": "n", "params": {"n": true}}',
        '{"code": "n", "params": {"n": 1.0}}',
    ]


def test_a_parameter_that_is_not_a_scalar_gets_a_dict_of_its_own() -> None:
    m = Message("list", {"xs": [1, 2]})
    assert message_dict(m) == m.to_dict() and message_dict(m) is not message_dict(m)
