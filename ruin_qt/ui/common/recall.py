"""The announcements said so far, for a player who missed one: "." says the
last again, "," steps back one older at each press (lichess's blind mode
repeats the last move and walks the move history so).

Each is kept with the seat whose sheet was shown when it was said: at a
pass-and-play table a seat hears again what was said to it or to nobody
(the news under the cover), never what was said while another seat had the
sheet (its refusals, its new objective card).  A read key's answer is not
an announcement: it is not kept (the key says it again)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject

from .speech import Speaker

KEPT = 200


class Recall(QObject):
    def __init__(self, speaker: Speaker, viewer: Callable[[], int]):
        """``viewer``: the seat whose sheet is shown now (-1: nobody's)."""
        super().__init__(speaker)
        self.speaker, self.viewer = speaker, viewer
        self.said: list[tuple[str, int]] = []  # (words, the seat shown then)
        self._answering = False
        self._back = 0  # how far "," has stepped back (0: not yet)
        speaker.said.connect(self._heard)

    def answer(self, text: str) -> None:
        """A read key's words: spoken at once, not kept."""
        self._answering = True
        try:
            self.speaker.answer(text)
        finally:
            self._answering = False

    def forget(self) -> None:
        self.said.clear()
        self._back = 0

    def _heard(self, text: str, assertive: bool) -> None:
        if self._answering:
            return
        self.said.append((text, self.viewer()))
        del self.said[:-KEPT]
        self._back = 0

    def _mine(self) -> list[str]:
        seat = self.viewer()
        return [text for text, shown in self.said if shown in (seat, -1)]

    def last(self) -> str:
        mine = self._mine()
        self._back = 0
        if not mine:
            return QCoreApplication.translate("Recall", "Nothing announced yet.")
        return mine[-1]

    def back(self) -> str:
        mine = self._mine()
        if not mine:
            return QCoreApplication.translate("Recall", "Nothing announced yet.")
        self._back = min(self._back + 1, len(mine))
        text = mine[-self._back]
        head = QCoreApplication.translate("Recall", "Announcement %1 of %2: ").replace(
            "%1", str(len(mine) - self._back + 1)).replace("%2", str(len(mine)))
        if self._back == len(mine):
            head = QCoreApplication.translate("Recall", "The first announcement: ")
        return head + text
