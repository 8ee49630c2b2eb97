"""Entry point of the packaged executable."""

import multiprocessing
import sys

from ruin_qt.__main__ import main

if __name__ == "__main__":
    # The Expert's search and the game review run on a spawned process pool:
    # in a frozen program each worker starts this executable again, and must
    # become a worker, not a second window.
    multiprocessing.freeze_support()
    sys.exit(main())
