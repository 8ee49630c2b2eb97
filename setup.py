"""The wheel's build step that pyproject.toml cannot declare: the compiled
translations (.qm) are build products, made here from translations/*.ts (the
one source) with PySide6's lrelease, a build requirement."""

import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
from setuptools.command.install import install

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "packaging"))
from linux_bundle import APP_ID  # noqa: E402

import translations  # noqa: E402

LINUX = "packaging/linux"


class BuildPyWithTranslations(build_py):
    def run(self) -> None:
        super().run()
        # An editable install reads translations/ in place (ruin_qt.paths).
        out = translations.TS_DIR if self.editable_mode else Path(self.build_lib) / "ruin_qt" / "translations"
        translations.build(out)


class InstallWithIcon(install):
    """The icon keeps its one source (resources/icons) and is installed under the app id's name."""

    def run(self) -> None:
        super().run()
        icons = Path(self.install_data) / "share" / "icons" / "hicolor" / "scalable" / "apps"
        icons.mkdir(parents=True, exist_ok=True)
        target = icons / f"{APP_ID}.svg"
        target.write_bytes((ROOT / "resources" / "icons" / "ruin-qt.svg").read_bytes())
        self.outputs_extra = [str(target)]

    def get_outputs(self) -> list[str]:
        return [*super().get_outputs(), *getattr(self, "outputs_extra", [])]


# Installed under the environment's prefix: `pip install --user` puts the menu
# entry, the record type and the icon where the desktop looks (~/.local/share).
DATA_FILES = [
    ("share/applications", [f"{LINUX}/{APP_ID}.desktop"]),
    ("share/metainfo", [f"{LINUX}/{APP_ID}.metainfo.xml"]),
    ("share/mime/packages", [f"{LINUX}/{APP_ID}.xml"]),
]

# The packages pyproject.toml's [tool.setuptools.packages.find] cannot find:
# the top-level resources/ and translations/ folders, carried in the wheel as
# ruin_qt.resources and ruin_qt.translations (its package-dir mapping).
MAPPED = ["ruin_qt.resources", "ruin_qt.resources.icons", "ruin_qt.translations"]


class WithMappedPackages(Distribution):
    """Adds MAPPED to the packages found under ruin_qt/ once pyproject.toml is applied."""

    def parse_config_files(self, *args, **kwargs):
        super().parse_config_files(*args, **kwargs)
        self.packages = [*(self.packages or []), *(m for m in MAPPED if m not in (self.packages or []))]


setup(distclass=WithMappedPackages, cmdclass={"build_py": BuildPyWithTranslations, "install": InstallWithIcon},
      data_files=DATA_FILES)
