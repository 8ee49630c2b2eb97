"""File dialogs start in the documents folder, then in the folder last used;
Save proposes a name with the date."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ruin_qt.app.storage.settings import documents_dir


def test_dialogs_start_in_the_documents_folder_then_in_the_last_one(window, tmp_path):
    docs = documents_dir()
    assert Path(window._documents()) == (docs if docs.is_dir() else Path.home())
    window.start_game([("Aki", "human")], seed=12)
    folder = tmp_path / "my games"
    folder.mkdir()
    assert window.save_to(str(folder / "a.json"))
    assert Path(window._documents()) == folder
    (folder / "a.json").unlink()
    folder.rmdir()  # gone: back to the documents folder
    assert Path(window._documents()) == (docs if docs.is_dir() else Path.home())


def test_save_proposes_a_name_with_the_date(window):
    window.start_game([("Aki", "human")], seed=12)
    name = window.proposed_file_name()
    assert name.startswith(f"ruin-{dt.date.today().isoformat()}-") and name.endswith("-seed12.ruin")
