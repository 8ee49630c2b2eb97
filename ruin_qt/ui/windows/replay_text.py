# ruff: noqa: UP031 - %-formatted HTML rows
"""The replay window's words: where the replay stands, the table of gems,
penalties, hands and scores, and why a record cannot be replayed
(``ReplayWindow`` mixes it in; its strings are the window's own, context
"ReplayWindow").  Plural strings stay in the window: lupdate reads ``%n``
only from ``self.tr``."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from ...session.replay import ReplayStep
from ..common import texts, tones

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTextBrowser

    from ...session.replay import Replay, RuleError, Snapshot

translate = QCoreApplication.translate  # lupdate reads ``translate("Context", "…")`` calls


class ReplayText:
    """Needs ``replay``, ``snapshots``, ``index``, ``seat``, ``public_only`` and ``error`` of the window."""

    # The window's (``ReplayWindow`` sets them): what these words are about.
    replay: Replay
    snapshots: list[Snapshot]
    index: int
    seat: int
    public_only: bool
    error: RuleError | None
    info: QTextBrowser

    if TYPE_CHECKING:
        def current(self) -> Snapshot | None: ...

    def position_text(self) -> str:
        snap = self.current()
        if snap is None:
            return translate("ReplayWindow", "No rounds")
        if snap.round == 0:
            return translate("ReplayWindow", "Setup")
        if snap.finished and self.index == len(self.snapshots) - 1:
            return translate("ReplayWindow", "Final (round %1)").replace("%1", str(snap.round))
        stage = self.replay.steps[self.index].stage_played
        return translate("ReplayWindow", "Round %1 (stage %2)").replace("%1", str(snap.round)).replace("%2", str(stage))

    def _empty_html(self) -> str:
        return "<p>%s</p>" % html.escape(translate("ReplayWindow", "There is nothing to replay in this record."))

    def _table_html(self, step: ReplayStep) -> str:
        """Gems, penalties, hands and the score, one column per seat (short
        numbers in columns fit a narrow panel even with four seats)."""
        e = html.escape
        snap = step.snapshot
        head = (translate("ReplayWindow", "Final scores") if snap.finished
                else translate("ReplayWindow", "Scores if the game ended now"))
        win = step.winners
        n = len(snap.names)

        def opt(v):
            return "–" if v is None else str(v)

        if self.public_only:
            return self._public_table_html(snap)
        rows = [
            (translate("ReplayWindow", "Gems"), [str(g) for g in snap.gems]),
            (translate("ReplayWindow", "Penalties"), [str(p) for p in snap.penalties]),
            (translate("ReplayWindow", "Objective cards"), [str(len(h)) for h in snap.hands]),
            (translate("ReplayWindow", "Escaped"), [translate("ReplayWindow", "round %1").replace("%1", str(r))
                                                    if r is not None else "–"
                                  for r in snap.escaped_rounds]),
            (translate("ReplayWindow", "Square bonus 1"), [opt(sc.square1) for sc in snap.scores]),
            (translate("ReplayWindow", "Square bonus 2"), [opt(sc.square2) for sc in snap.scores]),
            (translate("ReplayWindow", "Gems (VP)"), [str(sc.gem_vp) for sc in snap.scores]),
            (translate("ReplayWindow", "Honour"), [str(sc.honour) for sc in snap.scores]),
            (translate("ReplayWindow", "Routes"), [str(sc.routes) for sc in snap.scores]),
        ]
        shade = " style='background:%s'" % tones.shade(self.info, 0.15)

        def cell(i: int, text: str, tag: str = "td") -> str:
            return "<%s align='right' style='padding:1px 8px'%s>%s</%s>" % (
                tag, shade if i == self.seat and n > 1 else "", text, tag)

        out = ["<h4 style='margin:10px 0 2px 0'>%s</h4><table cellspacing='0'>" % e(head)]
        out.append("<tr><th></th>%s</tr>" % "".join(
            cell(i, ("★ " if i in win else "") + e(name), "th") for i, name in enumerate(snap.names)))
        for label, values in rows:
            out.append("<tr><td style='padding:1px 8px 1px 0'>%s</td>%s</tr>" % (
                e(label), "".join(cell(i, e(v)) for i, v in enumerate(values))))
        out.append("<tr><td style='padding:3px 8px 1px 0'><b>%s</b></td>%s</tr>" % (
            e(translate("ReplayWindow", "Total")),
            "".join(cell(i, "<b>%d</b>" % sc.total) for i, sc in enumerate(snap.scores))))
        out.append("</table>")
        if win:
            out.append("<p style='margin:4px 0'>%s</p>" % e(
                translate("ReplayWindow", "★ wins (R11.5: highest total, then most road/gate cells).")))
        return "".join(out)

    def _public_table_html(self, snap) -> str:
        """R12.2's part of the table: gems, hand sizes and escapes."""
        e = html.escape
        rows = [
            (translate("ReplayWindow", "Gems"), [str(g) for g in snap.gems]),
            (translate("ReplayWindow", "Objective cards"), [str(len(h)) for h in snap.hands]),
            (translate("ReplayWindow", "Escaped"), [translate("ReplayWindow", "round %1").replace("%1", str(r))
                                                    if r is not None else "–"
                                  for r in snap.escaped_rounds]),
        ]
        out = ["<h4 style='margin:10px 0 2px 0'>%s</h4><table cellspacing='0'>" % e(
            translate("ReplayWindow", "Public information"))]
        out.append("<tr><th></th>%s</tr>" % "".join(
            "<th align='right' style='padding:1px 8px'>%s</th>" % e(name) for name in snap.names))
        for label, values in rows:
            out.append("<tr><td style='padding:1px 8px 1px 0'>%s</td>%s</tr>" % (e(label), "".join(
                "<td align='right' style='padding:1px 8px'>%s</td>" % e(v) for v in values)))
        out.append("</table>")
        return "".join(out)

    def error_text(self) -> str:
        e = self.error
        if e is None:
            return ""
        why = texts.refusal(e.rule, e.message, e.code)
        if e.rule == "format":
            return translate("ReplayWindow", "This record cannot be read: %1").replace("%1", e.message)
        if not self.snapshots:
            return translate("ReplayWindow", "This record breaks a rule during the setup, so there is nothing to "
                                             "replay: %1").replace("%1", why)
        where = (translate("ReplayWindow", "round %1").replace("%1", str(e.round)) if e.round
                 else translate("ReplayWindow", "the setup"))
        if e.seat is not None:
            where = translate("ReplayWindow", "%1, seat %2").replace("%1", where).replace("%2", str(e.seat + 1))
        return translate("ReplayWindow", "This record breaks a rule in %1; the replay stops before it. %2").replace(
            "%1", where).replace("%2", why)
