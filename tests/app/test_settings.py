"""Settings are checked as they are read: every wrong value falls back to
its default with one log line, so the app starts and every dialog opens."""

from __future__ import annotations

import json
import logging

import pytest

from ruin_qt.app.storage.settings import Settings, checked_new_game_defaults, data_dir

WRONG_CHOICES = {
    "count as text": ({"count": "three"}, "count"),
    "count null": ({"count": None}, None),  # null is a missing value: no log line
    "count zero": ({"count": 0}, "count"),
    "count five": ({"count": 5}, "count"),
    "count true": ({"count": True}, "count"),
    "count float": ({"count": 2.5}, "count"),
    "names not a list": ({"names": "Aki"}, "names"),
    "a name of 5": ({"names": [5, "Bo"]}, "names[0]"),
    "a name with a lone surrogate": ({"names": ["A\ud800"]}, "names[0]"),
    "a name with a newline": ({"names": ["A\nB"]}, "names[0]"),
    "a name too long": ({"names": ["A" * 41]}, "names[0]"),
    "a kind of 3": ({"kinds": ["human", 3]}, "kinds[1]"),
    "a kind that is no kind": ({"kinds": ["ai:../../x"]}, "kinds[0]"),
    "a seed from an older version": ({"seed": "42"}, None),  # dropped: a fresh deal unless asked
    "seed as a list": ({"seed": [1]}, None),
    "not an object": ([1, 2], "not an object"),
}


@pytest.mark.parametrize("name", sorted(WRONG_CHOICES))
def test_each_wrong_new_game_value_falls_back_with_one_log_line(caplog, name):
    raw, logged = WRONG_CHOICES[name]
    with caplog.at_level(logging.WARNING, logger="ruin_qt.app.storage.settings"):
        out = checked_new_game_defaults(raw)
    assert len(caplog.records) == (1 if logged else 0), caplog.text
    if logged:
        assert logged in caplog.text
    assert out.get("count", 2) in (1, 2, 3, 4)
    assert all(n == "" or (isinstance(n, str) and len(n) <= 40) for n in out.get("names", []))
    assert all(isinstance(k, str) for k in out.get("kinds", []))
    assert "seed" not in out


def test_good_values_are_kept():
    good = {"count": 3, "names": ["Aki", "", "Bo", "Cy"], "kinds": ["human", "ai:standard"]}
    assert checked_new_game_defaults(good) == good
    assert checked_new_game_defaults({**good, "seed": "42"}) == good  # the last deal is not proposed again


@pytest.mark.parametrize("stored, expected", [("Aki", "Aki"), ("  Bo ", "Bo"), ("A\nB", ""), ("", ""),
                                              ("A" * 41, "")])
def test_the_usual_name(tmp_path, stored, expected):
    s = Settings(tmp_path / "s.ini")
    s.qs.setValue("player/name", stored)
    assert s.usual_name() == expected
    s.set_usual_name("Chika")
    assert s.usual_name() == "Chika"
    s.set_usual_name("   ")  # a blank name is not a name: the last one stays
    assert s.usual_name() == "Chika"


def write_ini(path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("ini, expected", [
    ("[ui]\nlanguage=5\n", ""),
    ("[ui]\nlanguage=en, ja\n", ""),  # QSettings reads a list
    ("[ui]\nlanguage=ja\n", "ja"),
    ("", ""),
])
def test_language_setting(tmp_path, ini, expected):
    write_ini(tmp_path / "s.ini", ini)
    assert Settings(tmp_path / "s.ini").language() == expected


def test_every_setting_of_the_wrong_type_falls_back(tmp_path, caplog):
    choices = json.dumps({"count": "three", "names": [5, None], "kinds": [3], "seed": "abc"})
    write_ini(tmp_path / "s.ini", "[window]\ngeometry=not geometry\n[ui]\nlanguage=@Invalid()\n"
              "[new_game]\nchoices=" + json.dumps(choices) + "\n[files]\nlast_folder=/no/such/folder\n")
    s = Settings(tmp_path / "s.ini")
    with caplog.at_level(logging.WARNING, logger="ruin_qt.app.storage.settings"):
        assert s.geometry() is None
        assert s.language() == ""
        assert s.new_game_defaults() == {"names": ["", ""], "kinds": [""]}
        assert s.last_folder().is_dir()
    assert 4 <= len(caplog.records) <= 8  # one line per wrong value


def test_new_game_choices_that_are_not_json(tmp_path):
    write_ini(tmp_path / "s.ini", "[new_game]\nchoices={not json\n")
    assert Settings(tmp_path / "s.ini").new_game_defaults() == {}


def test_data_dir_never_raises(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for where in (blocker, blocker / "under"):
        monkeypatch.setenv("RUIN_QT_DATA_DIR", str(where))
        assert data_dir() == where


def test_last_folder_is_remembered(tmp_path):
    s = Settings(tmp_path / "s.ini")
    s.set_last_folder(tmp_path)
    assert Settings(tmp_path / "s.ini").last_folder() == tmp_path


def test_an_oversized_value_is_dropped_from_the_file_on_read(tmp_path, caplog):
    """A 10 MB value made every settings write take seconds: it is dropped as the file is
    read, with one warning, and the file no longer holds it; the other values stay."""
    import logging

    path = tmp_path / "settings.ini"
    blob = "x" * (10 * 1024 * 1024)
    path.write_text(f"[junk]\nblob={blob}\n[ui]\nlanguage=ja\n[new_game]\nchoices={'y' * 100_000}\n"
                    f"[tutorial]\noffered=yes\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        s = Settings(path)
    told = [r.getMessage() for r in caplog.records if "dropped" in r.getMessage()]
    assert len(told) == 2 and any("junk/blob" in t for t in told) and all(len(t) < 200 for t in told)
    assert path.stat().st_size < 1000 and "xxxx" not in path.read_text(encoding="utf-8")
    assert s.language() == "ja" and s.tutorial_offered() and s.new_game_defaults() == {}
    s.set_usual_name("Aki")  # a write no longer carries 10 MB along
    assert Settings(path).usual_name() == "Aki" and "blob" not in path.read_text(encoding="utf-8")


def test_a_value_over_its_own_bound_is_dropped_from_the_file(tmp_path, caplog):
    """Under the file's bound but over its key's (a language of 100 characters): the default is
    used and the file no longer holds it, so it is told once, not at every start."""
    import logging

    path = tmp_path / "settings.ini"
    path.write_text(f"[ui]\nlanguage={'j' * 100}\nanimations=false\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        s = Settings(path)
        assert s.language() == ""
    assert any("ui/language" in r.getMessage() and "dropped" in r.getMessage() for r in caplog.records)
    assert "jjj" not in path.read_text(encoding="utf-8") and "animations=false" in path.read_text(encoding="utf-8")
    assert not Settings(path).animations()
