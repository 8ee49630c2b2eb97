"""Entry point of the packaged executable."""

import sys

from ruin_qt.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
