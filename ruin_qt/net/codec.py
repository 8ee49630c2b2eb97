"""One codec for every JSON the net/ room speaks, driven by the declared types.

A value crosses as JSON by the codec of its type (``codec_for``): whole
numbers, text, ``bool``, ``Literal`` choices, ``X | None``, ``tuple[X, ...]``,
``frozenset[X]``, ``dict[str, X]``, a union of dataclasses (the first that
reads), any dataclass (an object of its fields, in their order: the bytes
stay those the doc shows), ``Opaque`` (JSON forwarded unread, lila-ws's
way), and ``Annotated[X, Codec(...)]`` for a limit of the wire's own.

A value that does not read raises ``ProtocolError`` (``bad_field``), as a
client's message has always been refused.  Messages are dataclasses of
``message_base``.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal


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
    # What a record's generated code reads and writes inline (``Record``): a value that is its own JSON
    # (any of this type, within ``span`` for a whole number), a list of such items, a dataclass.
    plain: type | None = None
    items: type | None = None
    record: type | None = None

    def read(self, x: Any, field: str) -> Any:
        if x is None and self.nullable:
            return None
        checked = self.check(x, field)
        return checked if self.decode is _same else self.decode(checked)

    def write(self, value: Any) -> Any:
        return None if value is None and self.nullable else self.encode(value)


def Whole(lo: int, hi: int) -> Codec:  # noqa: N802 - read as a type's limit: Annotated[int, Whole(0, 3)]
    return Codec(lambda x, f: whole(x, f, lo, hi), f"whole number {lo}..{hi}", span=(lo, hi), plain=int)


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
    int: Codec(_kind(int, "a whole number"), plain=int),
    str: Codec(_kind(str, "text"), plain=str),
    bool: Codec(_kind(bool, "true or false"), "`true` or `false`", plain=bool),
    Any: Codec(lambda x, f: x),
    Opaque: Codec(_kind(dict, "an object"), decode=Opaque, encode=lambda o: o.json),
}


def _plain_kind(c: Codec) -> type | None:
    """The Python type whose every value reads as itself by ``c`` (int, str, bool; not a whole number's span)."""
    return c.plain if c.span is None else None


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
        kind = _plain_kind(item)  # items written as they are
        each = kind or (None if item.nullable else item.record)
        return Codec(_list_of(item), decode=tuple, items=each,
                     encode=list if kind is not None else lambda xs: [item.write(x) for x in xs])
    if origin is tuple:
        items = [codec_for(a) for a in args]
        return Codec(_row_of(items), decode=tuple, encode=lambda xs: [c.write(x) for c, x in zip(items, xs)])
    if origin is frozenset:
        item = codec_for(args[0])
        kind = _plain_kind(item)
        return Codec(_list_of(item), decode=frozenset, items=kind,
                     encode=sorted if kind is not None else lambda xs: [item.write(x) for x in sorted(xs)])
    if origin is dict and args[0] is str:
        item = codec_for(args[1])
        return Codec(_object_of(item), encode=lambda d: {k: item.write(v) for k, v in d.items()})
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return Codec(lambda x, f: record_of(hint).read(x, f), encode=lambda v: record_of(hint).write(v), record=hint)
    raise TypeError(f"no JSON codec for {hint!r}")


def _one_of(values: tuple) -> Callable[[Any, str], Any]:
    def check(x: Any, field: str) -> Any:
        if any(x == v and type(x) is type(v) for v in values):
            return x
        raise ProtocolError("bad_field", f"'{field}' is not " + " or ".join(json.dumps(v) for v in values))
    return check


def _list_of(item: Codec) -> Callable[[Any, str], list]:
    read, kind = item.read, _plain_kind(item)
    each = None if item.nullable else item.record

    def check(x: Any, field: str) -> list:
        need(isinstance(x, list), field, "is not a list")
        if kind is not None and (not x or set(map(type, x)) == {kind}):  # the common case, at C speed
            return x
        if each is not None:  # a list of records: each read by its record's own code
            one = record_of(each).read
            return [one(v, field) for v in x]
        return [read(v, field) for v in x]
    return check


def _row_of(items: list[Codec]) -> Callable[[Any, str], list]:
    kinds = [_plain_kind(c) for c in items]
    plain = all(kinds)  # a cell's [row, column]: checked at once

    def check(x: Any, field: str) -> list:
        if not (isinstance(x, list) and len(x) == len(items)):
            raise ProtocolError("bad_field", f"'{field}' is not a list of {len(items)}")
        if plain and all(type(v) is k for v, k in zip(x, kinds)):
            return x
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
    A field ``from_`` is the key ``from``; ``omitted`` (a ClassVar) names the fields left out when None.

    Its ``read`` and ``write`` are generated per class, each field's common case inline (a plain
    value, a list of them, a nested record): every frame a client reads passes here, field by field."""

    read: Callable[..., Any]  # (x, field="", strict=False, skip=frozenset()) -> the value; strict: no unknown key
    write: Callable[[Any], dict]

    def __init__(self, cls: type):
        hints = typing.get_type_hints(cls, include_extras=True)
        self.cls = cls
        self.fields = [(f.name, f.name.rstrip("_"), codec_for(hints[f.name])) for f in dataclasses.fields(cls)]
        self.omitted: frozenset[str] = getattr(cls, "omitted", frozenset())
        self.defaults = {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}
        self.defaulted = frozenset(self.defaults)
        self.positional = all(f.init and not f.kw_only for f in dataclasses.fields(cls))
        _BUILDING.add(cls)  # a record nested in itself is read by its codec, not inline
        try:
            self.read, self.write = self._reader(), self._writer()
        finally:
            _BUILDING.discard(cls)

    def _extra(self, x: dict, skip: frozenset[str]) -> None:
        extra = sorted(set(x) - {k for _, k, _ in self.fields} - skip)
        need(not extra, extra[0] if extra else "", "is not a field of this message")

    def _slow(self, name: str, key: str, c: Codec) -> Callable[[dict, Any], Any]:
        """A field's value when its inline case does not hold: left out, null, or read by its codec."""
        has_default, default, read = name in self.defaults, self.defaults.get(name), c.read

        def slow(x: dict, v: Any) -> Any:
            if v is None:
                if has_default and key not in x:
                    return default
                if not c.nullable:
                    raise ProtocolError("bad_field", f"'{key}' is missing")
                return None
            return read(v, key)
        return slow

    def _reader(self) -> Callable[..., Any]:
        env: dict[str, Any] = {"cls": self.cls, "need": need, "NOTHING": frozenset(), "extra": self._extra}
        lines = ["def read(x, field='', strict=False, skip=NOTHING):",
                 "    if type(x) is not dict:",
                 "        need(isinstance(x, dict), field, 'is not an object')",
                 "    if strict:",
                 "        extra(x, skip)",
                 "    get = x.get"]
        for i, (name, key, c) in enumerate(self.fields):
            env[f"slow{i}"] = self._slow(name, key, c)
            lines.append(f"    v = get({key!r})")
            fast = _inline_read(i, key, c, env)
            if fast and c.nullable and name not in self.defaults:  # null, or left out: None
                fast = (f"({fast[0]} or v is None)", "v" if fast[1] == "v" else f"(None if v is None else {fast[1]})")
            value = f"{fast[1]} if {fast[0]} else slow{i}(x, v)" if fast else f"slow{i}(x, v)"
            lines.append(f"    a{i} = {value}")
        if self.positional and not hasattr(self.cls, "__post_init__") and not hasattr(self.cls, "__slots__"):
            # Its __init__ would only set the fields, each by the frozen class's object.__setattr__: twice the time.
            env["new"] = object.__new__
            lines += ["    o = new(cls)", "    d = o.__dict__"]
            lines += [f"    d[{name!r}] = a{i}" for i, (name, _, _) in enumerate(self.fields)]
            lines.append("    return o")
        else:
            args = (f"a{i}" if self.positional else f"{name}=a{i}" for i, (name, _, _) in enumerate(self.fields))
            lines.append(f"    return cls({', '.join(args)})")
        return _compiled(lines, env, "read", self.cls)

    def _writer(self) -> Callable[[Any], dict]:
        env: dict[str, Any] = {}
        lines = ["def write(value):", "    out = {}"]
        for i, (name, key, c) in enumerate(self.fields):
            expr, whole = _inline_write(i, c, env)
            lines.append(f"    v = value.{name}")
            if name in self.omitted:
                lines.append(f"    if v is not None: out[{key!r}] = {expr}")
            else:
                expr = expr if whole or not c.nullable else f"None if v is None else {expr}"
                lines.append(f"    out[{key!r}] = {expr}")
        lines.append("    return out")
        return _compiled(lines, env, "write", self.cls)


_BUILDING: set[type] = set()


def _inline_read(i: int, key: str, c: Codec, env: dict[str, Any]) -> tuple[str, str] | None:
    """The test and the value by which field ``i`` (JSON in ``v``) reads in its common case, or None."""
    if c.plain is not None:
        env[f"k{i}"] = c.plain
        if c.span is not None:
            return f"(type(v) is k{i} and {c.span[0]} <= v <= {c.span[1]})", "v"
        return f"type(v) is k{i}", "v"
    if c.items is not None and c.record is None:
        env[f"d{i}"] = c.decode
        if dataclasses.is_dataclass(c.items):
            if c.items in _BUILDING:
                return None
            env[f"r{i}"] = record_of(c.items).read
            return "type(v) is list", f"d{i}([r{i}(e, {key!r}) for e in v])"
        env[f"s{i}"] = {c.items}
        return f"(type(v) is list and (not v or set(map(type, v)) == s{i}))", f"d{i}(v)"
    if c.record is not None and c.record not in _BUILDING:
        env[f"r{i}"] = record_of(c.record).read
        return "type(v) is dict", f"r{i}(v, {key!r})"
    return None


def _inline_write(i: int, c: Codec, env: dict[str, Any]) -> tuple[str, bool]:
    """The JSON of field ``i`` (its value in ``v``), and whether that expression also writes None."""
    if c.plain is not None:
        return "v", True
    if c.items is not None and c.record is None:
        if dataclasses.is_dataclass(c.items) and c.items not in _BUILDING:
            env[f"w{i}"] = record_of(c.items).write
            return f"[w{i}(e) for e in v]", False
        if not dataclasses.is_dataclass(c.items):
            env[f"e{i}"] = c.encode
            return f"e{i}(v)", False
    if c.record is not None and c.record not in _BUILDING:
        env[f"w{i}"] = record_of(c.record).write
        return f"w{i}(v)", False
    env[f"c{i}"] = c.write
    return f"c{i}(v)", True


def _compiled(lines: list[str], env: dict[str, Any], name: str, cls: type) -> Callable[..., Any]:
    exec(compile("\n".join(lines), f"<codec: {cls.__qualname__}.{name}>", "exec"), env)  # noqa: S102 - our own source
    return env[name]


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
