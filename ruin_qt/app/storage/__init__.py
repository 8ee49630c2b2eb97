"""What keeps the app's data on disk: where it lives and the settings
(``settings``), the autosave (``autosave``, aimed at by the test hook
``probe``), the history of finished games (``history``) and the games it
could not take yet (``unfiled``), record files (``record_files``: reading;
``saves``: the player's saves), the tables joined (``joined_tables``), the
player profile the settings and the history keep (``profile``), the storage
faults told apart (``faults``), and the keeper that ties them to a game
(``keeper``).  Only this folder imports sqlite3 or QSaveFile
(tests/test_layers.py)."""
