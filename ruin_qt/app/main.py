"""Start-up: ``python -m ruin_qt`` / ``ruin-qt`` -> ``run(argv)``."""

from __future__ import annotations

import os
import sys
import time

_T0 = time.perf_counter()


def run(argv: list[str]) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from .. import model  # noqa: F401  (its PySide6 work-around must load first)
    from ..ui.main_window import MainWindow
    from . import i18n
    from .settings import Settings

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "ruin-qt", *argv])
    app.setApplicationName("ruin-qt")
    app.setApplicationDisplayName("In the Ruin")
    settings = Settings()
    i18n.install_language(settings.language())
    window = MainWindow(settings)
    window.restore_state()
    window.show()
    if os.environ.get("RUIN_QT_EXIT_WHEN_SHOWN"):
        # Start-up benchmark and smoke test: report the time to a shown window.
        def shown() -> None:
            print(f"shown after {time.perf_counter() - _T0:.3f} s", flush=True)
            window.close()
            app.quit()

        QTimer.singleShot(0, shown)
    return app.exec()
