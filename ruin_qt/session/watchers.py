"""A table's one way out: every ``Changes`` a table makes, whoever
asked for it (this screen's gesture, a computer seat's answer, another
laptop's intent, the host's frame), is told to the table's watchers, once, as
the outermost call that made it returns.  A model watches its table and
re-emits for its views; a host watches its session and sends the frames.
Like Anki's ``operation_did_execute``: one hook, each reader takes what it
needs from it."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar, cast

from .views import Changes

Watcher = Callable[[Changes], None]
F = TypeVar("F", bound=Callable[..., Changes])


class Watched:
    """What a table (``TableSession``, ``net.RemoteTable``) tells its watchers."""

    def __init__(self) -> None:
        self._watchers: list[Callable[[], Watcher | None]] = []
        self._depth = 0  # calls of ``told`` methods under way: only the outermost one tells

    def watch(self, watcher: Watcher) -> None:
        """``watcher(changes)`` after every call that changed the table.  A bound method
        is held weakly: a model dropped (its window closed) is no longer told."""
        ref: Callable[[], Watcher | None] = weakref.WeakMethod(watcher) if hasattr(watcher, "__self__") \
            else (lambda: watcher)
        self._watchers.append(ref)

    def unwatch(self, watcher: Watcher) -> None:
        self._watchers = [r for r in self._watchers if r() not in (None, watcher)]

    def tell(self, ch: Changes) -> None:
        for ref in list(self._watchers):
            watcher = ref()
            if watcher is not None:
                watcher(ch)


def told(method: F) -> F:
    """``method`` returns the ``Changes`` it made; the outermost such call of a table tells them."""

    @functools.wraps(method)
    def telling(self: Watched, *args: Any, **kwargs: Any) -> Changes:
        depth = self._depth
        self._depth = depth + 1
        try:
            ch = method(self, *args, **kwargs)
        finally:
            self._depth = depth
        if depth == 0 and ch:
            self.tell(ch)
        return ch

    return cast(F, telling)  # the wrapper takes and returns what ``method`` does
