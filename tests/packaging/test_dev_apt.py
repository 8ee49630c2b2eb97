"""``python3 dev.py play`` ended in a traceback when another
program held apt's lock.  Now apt-get waits for the lock (its own
DPkg::Lock::Timeout and dev.py's retries), and if it is still held dev.py says
in one line what to do.  A fake apt-get and dpkg-query on PATH play the system;
dev.py runs in a process of its own (only its root check is faked)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LOCKED = ("E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (unattended-upgr)\n"
          "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?")


def fake_system(tmp_path: Path, locked_times: int, other_error: str = "") -> Path:
    """A bin folder: dpkg-query says nothing is installed; apt-get logs its arguments and
    fails with the lock message ``locked_times`` times (or ``other_error`` on install)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")
    (bin_dir / "apt-get").write_text(f"""#!/bin/sh
echo "$*" >> "{tmp_path}/apt.log"
n=$(cat "{tmp_path}/count" 2>/dev/null || echo 0)
echo $((n + 1)) > "{tmp_path}/count"
if [ "$n" -lt {locked_times} ]; then
  printf '%s\\n' "{LOCKED}" >&2
  exit 100
fi
case "$*" in *install*) if [ -n "{other_error}" ]; then echo "{other_error}" >&2; exit 100; fi;; esac
exit 0
""")
    for f in bin_dir.iterdir():
        f.chmod(0o755)
    return bin_dir


def run_dev(bin_dir: Path, wait: int) -> subprocess.CompletedProcess:
    code = ("import os, sys; os.geteuid = lambda: 0; sys.path.insert(0, sys.argv[1]); import dev; "
            "print('result', dev.ensure_system(['libegl1', 'fonts-noto-cjk'], 'play'))")
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               RUIN_QT_APT_LOCK_WAIT=str(wait))
    return subprocess.run([sys.executable, "-c", code, str(ROOT)], env=env, capture_output=True, text=True,
                          timeout=120)


def test_a_lock_held_for_a_while_is_waited_for(tmp_path):
    r = run_dev(fake_system(tmp_path, locked_times=2), wait=20)
    assert "result True" in r.stdout, r.stdout + r.stderr
    assert r.stdout.count("waiting for it") == 1 and "Traceback" not in r.stderr
    calls = (tmp_path / "apt.log").read_text().splitlines()
    assert all(c.startswith("-o DPkg::Lock::Timeout=20 ") for c in calls)  # apt waits by itself too
    assert calls[-1].endswith("install -y -qq --no-install-recommends libegl1 fonts-noto-cjk")


def test_a_lock_still_held_is_told_in_one_line(tmp_path):
    r = run_dev(fake_system(tmp_path, locked_times=10_000), wait=1)
    assert "result False" in r.stdout and "Traceback" not in r.stderr + r.stdout
    said = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(said) == 1, said
    assert "lock" in said[0] and "python3 dev.py play again" in said[0]
    assert "sudo apt-get install -y libegl1 fonts-noto-cjk" in said[0]
    assert len((tmp_path / "apt.log").read_text().splitlines()) >= 2  # it tried again before giving up


def test_another_apt_failure_is_one_line_too(tmp_path):
    r = run_dev(fake_system(tmp_path, locked_times=0, other_error="E: Unable to locate package fonts-noto-cjk"),
                wait=5)
    said = [line for line in r.stderr.splitlines() if line.strip()]
    assert "result False" in r.stdout and "Traceback" not in r.stderr
    assert len(said) == 1 and "Unable to locate package" in said[0] and "sudo apt-get install" in said[0]
    assert len((tmp_path / "apt.log").read_text().splitlines()) == 2  # update, install: no waiting for a lock
