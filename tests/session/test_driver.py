"""One driver for a table's computer decisions (``session.computer.Driver``),
whoever hosts the table: it reads the work from the table, not from the change
notices, asks each decision once, drops what a new game or the end leaves
behind, and settles each answer on the table.  No Qt: a decision is "asked"
into a list here, and answered when the test says."""

from __future__ import annotations

from dataclasses import fields

from ruin_qt.session import computer
from ruin_qt.session.table import TableSession
from ruin_qt.session.views import Changes


class Asked:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Desk:
    """A driver of ``session`` whose decisions wait in ``asked`` until ``answer`` runs them."""

    def __init__(self, session: TableSession, level=lambda seat: None) -> None:
        self.asked: list[tuple[computer.Plan, computer.Done, Asked]] = []
        self.driver = computer.Driver(session, self.ask, lambda: "secret", level)

    def ask(self, plan: computer.Plan, done: computer.Done) -> Asked:
        handle = Asked()
        self.asked.append((plan, done, handle))
        return handle

    def answer(self) -> None:
        while self.asked:
            plan, done, _ = self.asked.pop(0)
            done(computer.decide(plan))


def test_a_change_notice_carries_no_work_order():
    """A watcher of a table reads what changed; which seats wait is the table's to say (``thinking``)."""
    assert "requests" not in {f.name for f in fields(Changes)}


def test_each_computer_seat_is_asked_once_and_its_answer_settled():
    s = TableSession()
    desk = Desk(s)
    s.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:random")], seed=10)
    assert sorted(plan.seat for plan, _, _ in desk.asked) == [0, 1] and desk.driver.asked() == [0, 1]
    desk.driver.poke()  # asked already: not again
    assert len(desk.asked) == 2
    for _ in range(200):
        if s.game.over:
            break
        desk.answer()
    assert s.game.over and not desk.asked and desk.driver.asked() == []


def test_a_computer_game_decides_as_the_seeds_say_whoever_drives_it():
    """Two tables on one seed and one secret, driven apart: the same game."""
    games = []
    for _ in range(2):
        s = TableSession()
        desk = Desk(s)
        s.new_game([("CPU 1", "ai:random"), ("CPU 2", "ai:beginner")], seed=4)
        while not s.game.over:
            desk.answer()
        games.append(s.game.scores())
    assert games[0] == games[1]


def test_a_new_game_drops_the_decisions_of_the_last_one():
    s = TableSession()
    desk = Desk(s)
    s.new_game([("Aki", "human"), ("CPU", "ai:random")], seed=2)
    [(old_plan, old_done, old)] = desk.asked
    s.new_game([("Aki", "human"), ("CPU", "ai:random")], seed=5)
    assert old.cancelled and len(desk.asked) == 2 and desk.driver.asked() == [1]
    old_done(computer.decide(old_plan))  # too late: the game it was for is gone
    assert s.thinking() == [1] and s.game.setup_choices[1] is None


def test_a_seat_played_for_its_player_is_asked_while_a_computer_plays_it_and_dropped_when_they_return():
    s = TableSession()
    level = {0: None}
    desk = Desk(s, lambda seat: level.get(seat))
    s.new_game([("Aki", "human"), ("Bo", "human")], seed=3)
    assert desk.asked == []  # both players decide their own
    level[0] = "random"  # Aki is away: a computer plays the seat (a host's ``takeover_level``)
    desk.driver.poke()  # a seat taken over changes no table: its host pokes the driver
    [(plan, done, _)] = desk.asked
    assert plan.seat == 0 and plan.takeover
    level[0] = None  # back before the answer
    desk.asked.clear()
    done(computer.decide(plan))
    assert 0 in s.may_act() and desk.asked == []  # the seat is theirs: nothing settled, nothing asked


def test_a_takeover_is_taken_and_confirmed_without_being_asked_again_in_between():
    """A takeover settles in two changes (the decision taken, then confirmed): the first must not ask again."""
    s = TableSession()
    desk = Desk(s, lambda seat: "random" if seat == 1 else None)
    s.new_game([("Aki", "human"), ("Bo", "human")], seed=3)
    [(plan, done, _)] = desk.asked
    desk.asked.clear()
    done(computer.decide(plan))
    assert 1 not in s.may_act() and desk.asked == [] and desk.driver.asked() == []


def test_a_stopped_driver_asks_and_settles_nothing():
    s = TableSession()
    desk = Desk(s)
    s.new_game([("Aki", "human"), ("CPU", "ai:random")], seed=2)
    [(plan, done, handle)] = desk.asked
    desk.driver.stop()
    assert handle.cancelled
    done(computer.decide(plan))
    desk.driver.poke()
    assert s.thinking() == [1] and len(desk.asked) == 1
