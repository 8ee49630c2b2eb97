"""The reading and jumping keys in a known position: a saved two-seat game
(Aki, human, against Bo, a beginner computer) opened at round 9, each key
pressed on the sheet and its answer heard as a screen reader hears it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui import driver

KNOWN = Path(__file__).with_name("known_game.ruin")


def listen(window) -> list[tuple[str, bool]]:
    heard: list[tuple[str, bool]] = []
    window.speaker.said.connect(lambda text, assertive: heard.append((text, assertive)))
    return heard


@pytest.fixture
def known(window, qtbot):
    assert window.open_file(str(KNOWN))
    m = window.model
    qtbot.waitUntil(lambda: m.step() == "draw", timeout=10000)
    window.view.setFocus()
    return window


def press(window, heard, key, mod=Qt.KeyboardModifier.NoModifier) -> str:
    before = len(heard)
    driver.key(window.view, key, mod)
    assert len(heard) == before + 1, heard[before:]
    text, assertive = heard[-1]
    assert assertive
    return text


def test_explore(known):
    heard = listen(known)
    for key in (Qt.Key.Key_S, Qt.Key.Key_O, Qt.Key.Key_T, Qt.Key.Key_M, Qt.Key.Key_D, Qt.Key.Key_G, Qt.Key.Key_A,
                Qt.Key.Key_X, Qt.Key.Key_Period, Qt.Key.Key_Comma, Qt.Key.Key_Comma):
        print(key, "=>", press(known, heard, key))
