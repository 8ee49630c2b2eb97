"""In the Ruin (インザルーイン), the flip-and-write game, for the desktop."""

# The one place the version is written: pyproject.toml reads it (setuptools
# dynamic version), --version and the About box show it.
__version__ = "0.1.0"
# The desktop entry's id (reverse-DNS): the .desktop and AppStream files, the
# icon and the MIME package are named after it (packaging/linux/).
APP_ID = "io.github.ruinqt.RuinQt"
