"""Keeps the current game safe: an autosave after every step, every finished
game in the history database, and the files the player opens and saves.
Connects to the model's signals; the model itself knows nothing about files.
The window asks it for file work and gets back a message for the player when
something failed (``None`` when all went well).

A storage fault (full disk, read-only folder, ...) is told once per kind in
a dialog (``problem``) and shown in the status bar while it lasts
(``notice_changed``); the game goes on in memory meanwhile.
"""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject, QTimer, Signal, SignalInstance

from ...model.game_model import GameModel
from ...rules import record
from ...session.table import TableSession
from ..instance import TAKEN, UNAVAILABLE, InstanceLock
from . import probe, reserve, unfiled
from .autosave import Autosave
from .faults import DAMAGED, Fault, StorageError, clean_temporary, ensure_folder, fault_of
from .player_files import PlayerFiles
from .saves import Resumable, SaveError
from .settings import data_dir

if TYPE_CHECKING:  # the history's module is imported where it is first used: a start-up opens no history
    from .history import History, ReviewCache
    from .profile import Player

RETRY_HISTORY_S = 5.0  # a history that could not be opened is tried again after this long
RETRY_UNFILED_MS = 10_000  # a finished game the history could not take is offered again this often


class GameKeeper(PlayerFiles, QObject):
    problem = Signal(str)  # a message for the user: told once per kind of fault
    notice_changed = Signal(str)  # a lasting status-bar notice ("" when all is well again)
    history_added = Signal(int)  # game id
    table_recorded = Signal(int)  # the id of a game finished at a table across laptops (``file_table_game``)

    def __init__(self, model: GameModel, parent: QObject | None = None):
        super().__init__(parent)
        self.model = model
        self.autosave = Autosave()
        self.daily: str | None = None  # the date of a daily challenge being played
        self.player: Player | None = None  # given by the wiring: whose seats the history credits
        self.mine: tuple[str, int] | None = None  # (profile id, seat) of the game on the table, if it plays
        self.owner = True  # False while another running instance owns the data folder
        self._lock: InstanceLock | None = None
        self._history: History | None = None
        self._history_tried = 0.0
        self._history_fault: Fault | None = None  # why the history last refused a game
        self._history_notice = ""  # the status-bar notice of a game it refused
        self._already_over = False  # a finished game loaded from a file is not history again
        self._told: set[str] = set()
        self._notice = ""
        self.unfiled: list[unfiled.Unfiled] = []  # finished games the history has not taken yet
        # While some are waiting (a full disk), they are offered again now and then: space may come back
        # with no autosave to write (the game is over).
        self._reserved = False  # the reserve made (or found) this session
        self._retry = QTimer(self)
        self._retry.timeout.connect(self._file_unfiled)
        model.progressed.connect(self.save_now)
        model.game_over.connect(self._on_game_over)

    # -- telling -------------------------------------------------------------
    def _tell(self, key: str, message: str) -> None:
        """One dialog per kind of fault per session: a full disk is told
        once, however many saves, histories or files it stops."""
        if key not in self._told:
            self._told.add(key)
            self.problem.emit(message)

    def _set_notice(self, text: str) -> None:
        if text != self._notice:
            self._notice = text
            self.notice_changed.emit(text)

    def _autosave_failed(self, fault: Fault) -> None:
        self._set_notice(self.tr("Not autosaved: %1").replace("%1", fault.reason()))
        self._tell(fault.kind, self.tr(
            "The game cannot be autosaved. %1 Play goes on, and the autosave starts again by itself once writing "
            "works.").replace("%1", fault.reason()))

    # -- start-up --------------------------------------------------------------
    def claim(self) -> None:
        """At start-up: make this instance the data folder's one writer, or
        say that another one is; clean what a killed run left behind."""
        folder = self.autosave.folder
        fault = ensure_folder(folder)
        if fault is not None:
            self._autosave_failed(fault)
            return
        self._lock = InstanceLock(folder)
        got = self._lock.acquire()
        if got == TAKEN:
            self.owner = False
            pid = self._lock.holder()
            self._set_notice(self.tr("Not autosaved: another window of In the Ruin is open."))
            self._tell("another instance", self.tr(
                "In the Ruin is already running (process %1). This window does not autosave and does not offer "
                "that window's game; use Game ▸ Save Game As… to keep a game played here.")
                .replace("%1", str(pid) if pid else "?"))
            return
        if got == UNAVAILABLE:
            self._lock = None
        elif self._lock.cleared:  # logged in full; the player sees one line until the first autosave
            self._set_notice(self.tr("An old lock left by an earlier run was removed."))
        clean_temporary(folder)
        self._take_pending(folder)
        if not self.unfiled:  # an exists check; 64 kB written (no sync) on a fresh folder only
            self._reserved = reserve.make(folder)  # room for a finished game, should the disk fill during it

    def _take_pending(self, folder: Path) -> None:
        """Finished games a full disk kept out of the history in an earlier run: stored now."""
        found = unfiled.found(folder)
        for item in found:
            try:
                if self.history.holds(item.game):  # stored already, the file left by a kill
                    unfiled.remove(item)
                    continue
            except Exception:  # noqa: BLE001 - an unreadable history: tried at the next write
                pass
            self.unfiled.append(item)
        self._file_unfiled()
        if found:
            self._clear_superseded([x.game for x in found])

    def _clear_superseded(self, games: list) -> None:
        """An autosave left at an earlier step of a finished game kept elsewhere is not offered back."""
        try:
            if self.autosave.state() != "playing":
                return
            saved = record.to_record(self.autosave.load().game)
        except Exception:  # noqa: BLE001 - an unreadable autosave is told by resumable()
            return
        if any(unfiled.earlier_step_of(saved, record.to_record(g)) for g in games):
            self._clear()

    def start(self, daily: str | None = None, seats: list | None = None) -> None:
        """A new game of ``seats`` ((name, kind) pairs) is dealt: the profile's seat is its name's."""
        self.daily = daily
        self.mine = self.player.playing(seats or []) if self.player is not None else None

    def _side(self) -> dict:
        """What the autosave keeps beside the game: the daily's date, the profile's seat."""
        return {**({"daily": self.daily} if self.daily else {}), **({"me": self.mine[1]} if self.mine else {})}

    @property
    def game(self):
        # The model types its session as any Table; the app's keeper keeps a local TableSession's game.
        return cast(TableSession, self.model.session).game

    # -- the autosave ----------------------------------------------------------
    def save_now(self) -> None:
        g = self.game
        if g is None or g.over or not self.owner:
            return
        extra = {**self.model.pending_state(), **self._side()}
        if self._write(g, extra):
            self._file_unfiled()  # writing works again: the history may take what it could not

    def _write(self, game, extra: dict) -> bool:
        try:
            self.autosave.write(game, extra)
        except Exception as e:  # noqa: BLE001 - a failed autosave never stops the game
            self._autosave_failed(fault_of(e, self.autosave.path))
            return False
        self._tell_notes()
        self._set_notice("")
        if not self._reserved and not self.unfiled:  # a disk that was full at start: made once it has room
            self._reserved = reserve.make(self.autosave.folder)
        return True

    def _tell_notes(self) -> None:
        while self.autosave.notes:
            note = self.autosave.notes.pop(0)
            self._tell(note, note)

    def resumable(self) -> bool:
        """An unfinished game to offer back.  A finished one still waiting
        there (killed before the history took it) goes to the history now."""
        if not self.owner:
            return False
        try:
            state = self.autosave.state()
        except StorageError as e:
            self._tell(e.fault.kind, self.tr("The autosave cannot be read. %1").replace(
                "%1", e.fault.reason()))
            return False
        finally:
            self._tell_notes()
        if state == "finished":
            self._file_finished()
        if state != "playing":
            probe.report("resume none")
        return state == "playing"

    def load_autosave(self) -> Resumable:
        """Raises SaveError (the broken part already kept aside) or StorageError."""
        return self.autosave.load()

    def resume(self, res: Resumable) -> None:
        daily = res.extra.get("daily")
        self.daily = daily if isinstance(daily, str) else None
        self.mine = self.player.playing(res.game.seats, res.extra) if self.player is not None else None
        self._already_over = res.game.over
        expected = probe.expected_steps(res.game, res.extra)
        self.model.resume(res.game, res.extra)
        self._already_over = False
        pending = self.model.pending_state()
        restored = probe.confirmed_steps(self.game, pending)
        if probe.ENABLED:
            probe.report(f"resumed {probe.digest(record.dumps(self.game), pending)} {restored}")
        for note in res.notes:
            self.problem.emit(note)
        if restored < expected:
            self.problem.emit(self.tr("%n choice(s) confirmed before the interruption could not be restored; "
                                      "they are asked for again.", "", expected - restored))

    def resume_autosave(self) -> str | None:
        """Continue the interrupted game; a broken part is kept aside and told."""
        try:
            res = self.load_autosave()
        except SaveError as e:
            return e.message
        except StorageError as e:
            return self.tr("The autosave cannot be read. %1").replace("%1", e.fault.reason())
        self.resume(res)
        return None

    def forget_game(self) -> None:
        """The player discarded the unfinished game: it is not offered back."""
        self._clear()

    def set_aside_autosave(self) -> None:
        """The player chose not to resume: the game is kept as a record file
        (Open Game can continue it), out of the way of the next one."""
        try:
            kept = self.autosave.keep_declined()
        except StorageError as e:
            self._tell(e.fault.kind, self.tr(
                "The interrupted game could not be moved aside. %1 It stays in the autosave until a new game "
                "replaces it.").replace("%1", e.fault.reason()))
            return
        if kept is not None:
            self._set_notice("")

    # -- the history -------------------------------------------------------------
    def current_record(self) -> dict | None:
        """The game on the table as a record (to review it)."""
        return record.to_record(self.game) if self.game is not None else None

    @property
    def reviews(self) -> ReviewCache:
        """Where game reviews are kept (in the history database)."""
        from .history import ReviewCache

        return ReviewCache(self.history)

    @property
    def history(self) -> History:
        """Opened on first use: start-up does not pay for it.  One that could
        not be opened (locked, read-only, ...) is tried again a little later."""
        h = self._history
        if h is None or (h.degraded and time.monotonic() - self._history_tried > RETRY_HISTORY_S):
            self._history_tried = time.monotonic()
            from .history import History

            # The one it replaces is left open: a statistics window may still be reading it.
            self._history = h = fresh = History(data_dir() / "history.sqlite3")
            if fresh.problem is not None:
                self._tell_history_problem(fresh)
        return h

    def _tell_history_problem(self, h: History) -> None:
        p = h.problem
        assert p is not None
        if p.kind == DAMAGED:
            msg = self.tr("The game history could not be read (%1).").replace("%1", p.reason)
            if p.aside is not None:
                msg += " " + self.tr("It was kept as %1 and a new history was started.").replace("%1", p.aside.name)
            self._tell("history " + p.reason, msg)
        else:
            reason = p.fault.reason() if p.fault is not None else p.reason
            self._tell(p.kind, self.tr(
                "The game history cannot be written now. %1 Statistics show what could be read; nothing was "
                "changed.").replace("%1", reason))

    def _on_game_over(self, _winners) -> None:
        g = self.game
        if self._already_over:
            return
        # The finished game waits in the autosave until the history has it:
        # a kill or a full disk in between loses nothing, and it is not added twice.
        kept = self.owner and self._write(g, {"over": True, **self._side()})
        if self._add_to_history(g, self.daily, kept, self.mine):
            self._clear()
        else:  # held until the history takes it; the final sheet offers Save as… meanwhile
            self._hold(unfiled.Unfiled(g, self.daily, self._history_fault, player=self.mine))

    def file_table_game(self, game, player: tuple[str, int] | None) -> None:
        """A game finished at a table across laptops (app.tables; ``player``: this app's seat, if it
        played one): into the history once, however often its end is heard (a seat back after it)."""
        try:
            if self.history.holds(game):
                return
        except Exception:  # noqa: BLE001 - an unreadable history: the add below tells it
            pass
        if not self._add_to_history(game, None, self.owner, player, self.table_recorded):
            self._hold(unfiled.Unfiled(game, None, self._history_fault, player=player))

    def _add_to_history(self, game, daily: str | None, kept: bool, player: tuple[str, int] | None,
                        added: SignalInstance | None = None) -> bool:
        try:
            gid = self.history.add_game(game, daily=daily, player=player)
        except Exception as e:  # noqa: BLE001 - the history must never lose the game itself
            fault = self._history_fault = fault_of(e, data_dir() / "history.sqlite3")
            then = (self.tr("It is kept and will be added at the next start.") if kept
                    else self.tr("Use Game ▸ Save Game As… to keep it."))
            message = self.tr("The finished game could not be added to the history. %1 %2").replace(
                "%1", fault.reason()).replace("%2", then)
            if fault.kind in self._told:
                self._history_notice = message
                self._set_notice(message)  # the fault was told already: no second box
            else:
                self._tell(fault.kind, message)
            return False
        (self.history_added if added is None else added).emit(gid)
        return True

    def solo_best(self, recorded: int | None) -> int | None:
        """The best solo total before the solo game on the table (``recorded``: its history id, None if it
        is not in the history): of whoever played it, the profile whatever its names, or a guest's name."""
        if recorded is not None:
            return self.history.solo_best_before(recorded)
        return self.history.solo_best(self.game.seats[0].name, profile=self.mine[0] if self.mine else None)

    def daily_best(self, day: str) -> int | None:
        """The player profile's best on ``day``'s challenge."""
        return self.history.daily_best(day, self.player.id if self.player is not None else None)

    # -- finished games the history could not take ------------------------------
    def _hold(self, item: unfiled.Unfiled) -> None:
        text = record.dumps(item.game)
        if any(record.dumps(x.game) == text for x in self.unfiled):
            return  # held already (found in a pending file, and again in the autosave)
        if self.owner:
            item.file = unfiled.keep(self.autosave.folder, item)
            self._retry.start(RETRY_UNFILED_MS)
        self.unfiled.append(item)
        if item.file is not None and item.game is self.game:
            self._clear_superseded([item.game])  # its autosave may hold an earlier step

    def _file_unfiled(self) -> None:
        """Each finished game the history could not take, offered to it again."""
        if not self.unfiled:
            self._retry.stop()
            return
        waiting = []
        for item in self.unfiled:
            if item.file is None and self.owner:
                item.file = unfiled.keep(self.autosave.folder, item)
            try:
                gid = self.history.add_game(item.game, daily=item.daily, player=item.player)
            except Exception as e:  # noqa: BLE001 - still not: kept for the next try
                item.fault = fault_of(e, data_dir() / "history.sqlite3")
                waiting.append(item)
                continue
            unfiled.remove(item)
            if item.game is self.game:
                self._clear()  # its autosave is done with
            self.history_added.emit(gid)
        self.unfiled = waiting
        if not waiting:
            self._retry.stop()
            if self.owner:
                self._reserved = reserve.make(self.autosave.folder)  # the room given back, kept again
            if self._notice == self._history_notice:
                self._set_notice("")

    def unfiled_note(self) -> str:
        """For the final sheet: why the game just finished should be saved elsewhere, or ""."""
        item = next((x for x in self.unfiled if x.game is self.game), None)
        if item is None:
            return ""
        reason = item.fault.reason() if item.fault is not None else ""
        if item.file is None:
            return self.tr("This game could not be stored. %1 Save it elsewhere (another disk) to keep it; it goes "
                           "into the history once the data folder can be written.").replace("%1", reason).strip()
        return self.tr("This game is not in the history yet. %1 It is kept and added once the history can be "
                       "written; you may also save it elsewhere.").replace("%1", reason).strip()

    def _file_finished(self) -> None:
        try:
            res = self.autosave.load()
        except (SaveError, StorageError):
            return
        daily = res.extra.get("daily")
        daily = daily if isinstance(daily, str) else None
        mine = self.player.playing(res.game.seats, res.extra) if self.player is not None else None
        try:
            done = self.history.holds(res.game) or self._add_to_history(res.game, daily, True, mine)
        except Exception:  # noqa: BLE001 - left for the next start
            return
        if done:
            self._clear()
        else:  # held too: a new game's autosave will replace it there
            self._hold(unfiled.Unfiled(res.game, daily, self._history_fault, player=mine))

    def _clear(self) -> None:
        if not self.owner:
            return
        try:
            self.autosave.clear()
        except StorageError as e:
            self._autosave_failed(e.fault)

    # -- files the player chooses --------------------------------------------
    def daily_game(self) -> tuple[int, str]:
        """Today's daily challenge: its seed and its date."""
        from .history import daily_seed

        day = today()
        return daily_seed(day), day.isoformat()

    def close(self) -> None:
        self._file_unfiled()
        self._retry.stop()
        for item in self.unfiled:
            if item.file is None and self.owner:  # a last chance to be found at the next start
                item.file = unfiled.keep(self.autosave.folder, item)
        if self._history is not None:
            self._history.close()
        self.autosave.close()
        if self._lock is not None:
            self._lock.release()


def today() -> dt.date:
    return dt.date.today()
