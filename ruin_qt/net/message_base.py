"""A network message: a dataclass with a tag (``type``, or the invite helper's ``cmd`` and
``event``) in one room (who sends it), written and read by the codec from its field types.
A class registers itself by being defined; ``parse(room, text)`` reads any message of a room."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from .codec import ProtocolError, dumps, record_of

ROOMS: dict[str, dict[str, type[Message]]] = {}  # room -> tag value -> class: who says what
TAGS: dict[str, str] = {}  # room -> the key that names a message's kind


@dataclass(frozen=True)
class Message:
    """One message: its tag and its fields, in the order the class gives them.  A family of
    messages (one room) sets ``room`` and ``tag``; each class names its ``type``."""

    room: ClassVar[str] = ""
    tag: ClassVar[str] = "type"
    strict: ClassVar[bool] = False  # a key the class does not have is refused (else: a newer peer's, skipped)
    type: ClassVar[str]
    omitted: ClassVar[frozenset[str]] = frozenset()  # fields left out of the message when None

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "type" in cls.__dict__:
            kinds = ROOMS.setdefault(cls.room, {})
            assert cls.type not in kinds, f"two {cls.room} messages {cls.type!r}"
            kinds[cls.type] = cls
            TAGS[cls.room] = cls.tag

    def as_dict(self) -> dict:
        return {self.tag: self.type, **record_of(type(self)).write(self)}

    def write(self) -> str:
        return dumps(self.as_dict())

    @classmethod
    def from_dict(cls, msg: dict) -> Message:
        """The message of ``msg`` (its tag already read), checked; ProtocolError otherwise."""
        out = record_of(cls).read(msg, strict=cls.strict, skip=frozenset({cls.tag}))
        out.checked()
        return out

    def checked(self) -> None:
        """What its fields' types cannot say (a hello needs a code or a token)."""

    @classmethod
    def wire_fields(cls) -> list[tuple[str, bool]]:
        """Its fields as they cross: (key, whether it may be null or left out), for the doc's table."""
        rec = record_of(cls)
        return [(key, c.nullable or name in rec.defaulted) for name, key, c in rec.fields]


def loads(text: str | bytes) -> Any:
    """JSON, or ProtocolError(bad_json)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not JSON") from None


def kind_of(room: str, msg: Any) -> type[Message] | None:
    """The class ``msg`` (JSON) names in ``room``; None for a kind the room does not have."""
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "the message is not a JSON object")
    tag = msg.get(TAGS[room])
    return ROOMS[room].get(tag) if isinstance(tag, str) else None


def parse(room: str, text: str | bytes) -> Message | None:
    """One message of ``room`` (ProtocolError if it is none; None for a kind the room does not have)."""
    msg = loads(text)
    cls = kind_of(room, msg)
    return None if cls is None else cls.from_dict(msg)
