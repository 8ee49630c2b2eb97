"""One codec for every JSON the net/ room speaks, driven by the declared types.

A value crosses as JSON by the codec of its type (``codec_for``): whole
numbers, text, ``bool``, ``Literal`` choices, ``X | None``, ``tuple[X, ...]``,
``frozenset[X]``, ``dict[str, X]``, a union of dataclasses (the first that
reads), any dataclass (an object of its fields, in their order: the bytes
stay those the doc shows), ``Opaque`` (JSON forwarded unread, lila-ws's
way), and ``Annotated[X, Codec(...)]`` for a limit of the wire's own.

A ``Message`` is a dataclass with a tag (``type``, or the helper's ``cmd``
and ``event``) in one room (who sends it).  A class registers itself by
being defined; ``parse(room, text)`` reads any message of a room.  A value
that does not read raises ``ProtocolError`` (``bad_field``), as a client's
message has always been refused.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal


class ProtocolError(Exception):
    """A message the host refuses before the game sees it; ``code`` is stable,
    ``id`` the intent's when the message had a valid one."""

    def __init__(self, code: str, message: str, id: int | None = None):
        super().__init__(message)
        self.code, self.message, self.id = code, message, id


def need(cond: bool, field: str, what: str) -> None:
    if not cond:
        raise ProtocolError("bad_field", f"'{field}' {what}")


# The checks below build their refusal's words only when they refuse: every value of every frame passes here.
def whole(x: Any, field: str, lo: int, hi: int) -> int:
    if type(x) is int and lo <= x <= hi:  # bool is a subclass of int, not an int
        return x
    raise ProtocolError("bad_field", f"'{field}' is not a whole number {lo}..{hi}")


def text(x: Any, field: str, longest: int) -> str:
    if isinstance(x, str) and 0 < len(x) <= longest and x.isprintable():
        return x
    raise ProtocolError("bad_field", f"'{field}' is not printable text of 1..{longest} characters")


def dumps(message: Any) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _same(x: Any) -> Any:
    return x


@dataclass(frozen=True)
class Codec:
    """How a value of one type crosses: its JSON check, its value both ways, the doc's words for it."""

    check: Callable[[Any, str], Any]
    doc: str = ""
    decode: Callable[[Any], Any] = _same  # JSON (checked) -> the value
    encode: Callable[[Any], Any] = _same  # the value -> JSON
    nullable: bool = False  # None (null, or the field left out) is a value of it
    span: tuple[int, int] | None = None  # a whole number's range, or a text's length (a test draws values in it)

    def read(self, x: Any, field: str) -> Any:
        if x is None and self.nullable:
            return None
        checked = self.check(x, field)
        return checked if self.decode is _same else self.decode(checked)

    def write(self, value: Any) -> Any:
        return None if value is None and self.nullable else self.encode(value)


def Whole(lo: int, hi: int) -> Codec:  # noqa: N802 - read as a type's limit: Annotated[int, Whole(0, 3)]
    return Codec(lambda x, f: whole(x, f, lo, hi), f"whole number {lo}..{hi}", span=(lo, hi))


def Text(longest: int) -> Codec:  # noqa: N802 - as Whole
    return Codec(lambda x, f: text(x, f, longest), f"text of 1..{longest} characters", span=(1, longest))


@dataclass(frozen=True)
class Opaque:
    """A JSON object carried unread (a game record a client hands to the rules as it came)."""

    json: dict


def _kind(kind: type, what: str) -> Callable[[Any, str], Any]:
    def check(x: Any, field: str) -> Any:
        if type(x) is kind or (isinstance(x, kind) and kind is not int):  # a bool is no whole number
            return x
        raise ProtocolError("bad_field", f"'{field}' is not {what}")
    return check


_PLAIN: dict[object, Codec] = {
    int: Codec(_kind(int, "a whole number")),
    str: Codec(_kind(str, "text")),
    bool: Codec(_kind(bool, "true or false"), "`true` or `false`"),
    Any: Codec(lambda x, f: x),
    Opaque: Codec(_kind(dict, "an object"), decode=Opaque, encode=lambda o: o.json),
}


def _plain_kind(c: Codec) -> type | None:
    """The Python type a value of ``c`` always has, when its JSON is that very value (int, str, bool)."""
    for kind in (int, str, bool):
        if c is _PLAIN[kind]:
            return kind
    return None


_KNOWN: dict[object, Codec] = {}  # a type's own codec, registered by whoever declares the type (``register``)
_MADE: dict[object, Codec] = {}


def register(hint: object, codec: Codec) -> None:
    _KNOWN[hint] = codec


def codec_for(hint: object) -> Codec:
    """The codec of a declared type (TypeError for a type no JSON holds)."""
    try:
        return _KNOWN.get(hint) or _MADE[hint]
    except (KeyError, TypeError):  # not made yet (or unhashable: made each time)
        pass
    codec = _make(hint)
    try:
        _MADE[hint] = codec
    except TypeError:
        pass
    return codec


def _make(hint: Any) -> Codec:
    if hint in _PLAIN:
        return _PLAIN[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        own = [m for m in hint.__metadata__ if isinstance(m, Codec)]
        return own[0] if own else codec_for(args[0])
    if origin in (typing.Union, types.UnionType):
        rest = tuple(a for a in args if a is not type(None))
        inner = codec_for(rest[0]) if len(rest) == 1 else _either(rest)
        return dataclasses.replace(inner, nullable=True) if len(rest) < len(args) else inner
    if origin is Literal:
        return Codec(_one_of(args), " or ".join(f'`{json.dumps(a)}`' for a in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = codec_for(args[0])
        plain_items = _plain_kind(item) is not None  # written as they are
        return Codec(_list_of(item), decode=tuple,
                     encode=list if plain_items else lambda xs: [item.write(x) for x in xs])
    if origin is tuple:
        items = [codec_for(a) for a in args]
        return Codec(_row_of(items), decode=tuple, encode=lambda xs: [c.write(x) for c, x in zip(items, xs)])
    if origin is frozenset:
        item = codec_for(args[0])
        plain_items = _plain_kind(item) is not None
        return Codec(_list_of(item), decode=frozenset,
                     encode=sorted if plain_items else lambda xs: [item.write(x) for x in sorted(xs)])
    if origin is dict and args[0] is str:
        item = codec_for(args[1])
        return Codec(_object_of(item), encode=lambda d: {k: item.write(v) for k, v in d.items()})
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return Codec(lambda x, f: record_of(hint).read(x, f), decode=_same, encode=lambda v: record_of(hint).write(v))
    raise TypeError(f"no JSON codec for {hint!r}")


def _one_of(values: tuple) -> Callable[[Any, str], Any]:
    def check(x: Any, field: str) -> Any:
        if any(x == v and type(x) is type(v) for v in values):
            return x
        raise ProtocolError("bad_field", f"'{field}' is not " + " or ".join(json.dumps(v) for v in values))
    return check


def _list_of(item: Codec) -> Callable[[Any, str], list]:
    read, kind = item.read, _plain_kind(item)

    def check(x: Any, field: str) -> list:
        need(isinstance(x, list), field, "is not a list")
        if kind is not None and (not x or set(map(type, x)) == {kind}):  # the common case, at C speed
            return x
        return [read(v, field) for v in x]
    return check


def _row_of(items: list[Codec]) -> Callable[[Any, str], list]:
    def check(x: Any, field: str) -> list:
        if not (isinstance(x, list) and len(x) == len(items)):
            raise ProtocolError("bad_field", f"'{field}' is not a list of {len(items)}")
        return [c.read(v, field) for c, v in zip(items, x)]
    return check


def _object_of(item: Codec) -> Callable[[Any, str], dict]:
    read = item.read

    def check(x: Any, field: str) -> dict:
        need(isinstance(x, dict) and all(isinstance(k, str) for k in x), field, "is not an object")
        return {k: read(v, field) for k, v in x.items()}
    return check


def _either(kinds: tuple) -> Codec:
    """A union of dataclasses: the first that reads the JSON (a ``Literal`` field tells them apart)."""
    codecs = [(k, codec_for(k)) for k in kinds]

    def check(x: Any, field: str) -> Any:
        for _, c in codecs:
            try:
                return c.read(x, field)
            except ProtocolError:
                continue
        raise ProtocolError("bad_field", f"'{field}' is none of its kinds")

    def encode(v: Any) -> Any:
        return next(c for k, c in codecs if isinstance(v, k)).write(v)
    return Codec(check, encode=encode)


class Record:
    """A dataclass as a JSON object: each field by the codec of its type, in the class's order.
    A field ``from_`` is the key ``from``; ``omitted`` (a ClassVar) names the fields left out when None."""

    def __init__(self, cls: type):
        hints = typing.get_type_hints(cls, include_extras=True)
        self.cls = cls
        self.fields = [(f.name, f.name.rstrip("_"), codec_for(hints[f.name]))
                       for f in dataclasses.fields(cls)]
        # Per field, the type its plain values have (they read and write as themselves), else None.
        self._kinds = [_plain_kind(c) for _, _, c in self.fields]
        self.omitted: frozenset[str] = getattr(cls, "omitted", frozenset())
        self.defaulted = frozenset(f.name for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING)

    def read(self, x: Any, field: str = "", strict: bool = False, skip: frozenset[str] = frozenset()) -> Any:
        """The value of ``x``; ``strict``: a key the class does not have is refused (``skip`` aside)."""
        need(isinstance(x, dict), field, "is not an object")
        if strict:
            extra = sorted(set(x) - {k for _, k, _ in self.fields} - skip)
            need(not extra, extra[0] if extra else "", "is not a field of this message")
        out = {}
        for (name, key, c), kind in zip(self.fields, self._kinds):
            v = x.get(key)
            if kind is not None and type(v) is kind:
                out[name] = v
                continue
            if v is None:
                if key not in x and name in self.defaulted:
                    continue  # left out: the class's default
                if not c.nullable:
                    raise ProtocolError("bad_field", f"'{key}' is missing")
                out[name] = None
                continue
            out[name] = c.read(v, key)
        return self.cls(**out)

    def write(self, value: Any) -> dict:
        out = {}
        for (name, key, c), kind in zip(self.fields, self._kinds):
            v = getattr(value, name)
            if kind is not None and type(v) is kind:
                out[key] = v
            elif v is not None or name not in self.omitted:
                out[key] = c.write(v)
        return out


_RECORDS: dict[type, Record] = {}


def record_of(cls: type) -> Record:
    rec = _RECORDS.get(cls)
    if rec is None:
        rec = _RECORDS[cls] = Record(cls)
    return rec


def read(hint: Any, x: Any) -> Any:
    """The value of type ``hint`` that the JSON ``x`` holds (ProtocolError if it holds none)."""
    return codec_for(hint).read(x, getattr(hint, "__name__", "value"))


def plain(value: Any) -> Any:
    """A dataclass value as its JSON (for a reader that takes JSON: the rules' deal check)."""
    return codec_for(type(value)).write(value)


# -- messages ---------------------------------------------------------------------------
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
