"""Suite-wide set-up: headless Qt and a throw-away user data folder, set
before anything imports Qt or reads settings, so no test touches a real home."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ["RUIN_QT_MOTION"] = "0"  # animations off whatever a window's settings say; motion tests turn it on
os.environ["RUIN_QT_DATA_DIR"] = tempfile.mkdtemp(prefix="ruin-qt-tests-")
os.environ["RUIN_QT_NO_MDNS"] = "1"  # tables across laptops: no multicast announce or browse in tests
