"""Issue 23, item 8: only regular files are read.

A FIFO named ``x.txt`` in an imported folder used to hang ``pokerhh import`` (and
``watch``) for ever on its ``open``; a symlink to ``/dev/zero`` was read until
``MemoryError``. Now both are refused at listing, each with what it is, and the other files
import. The import runs in a child process with a timeout and an address-space limit, so
the test fails (instead of hanging or eating the machine's memory) where the old code would.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from analytics.ingest.sources import NotRegularFile, list_inputs, read_regular
from tests.reliability.conftest import SAMPLES, query

pytestmark = pytest.mark.skipif(
    not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
    reason="needs FIFOs and /dev/zero (POSIX)",
)

ROOT = Path(__file__).resolve().parents[2]
WALK = SAMPLES / "pokerstars/nlhe/walk.txt"
#: A hung import is killed after this long (the fixed one takes about two seconds).
TIMEOUT = 60
#: The child's address space: /dev/zero read whole reaches it within a second.
ADDRESS_SPACE = 3 * 1024**3


def hostile_folder(root: Path) -> Path:
    """A folder with one real history, a FIFO ``x.txt``, a FIFO ``y.zip`` and
    ``zero.txt`` -> ``/dev/zero``."""
    folder = root / "hh"
    folder.mkdir()
    (folder / "walk.txt").write_bytes(WALK.read_bytes())
    os.mkfifo(folder / "x.txt")
    os.mkfifo(folder / "y.zip")
    (folder / "zero.txt").symlink_to("/dev/zero")
    return folder


def run_limited(*argv: object) -> subprocess.CompletedProcess[str]:
    """``pokerhh ARGV`` in a child with a timeout and a memory limit: a hang or a read
    without end is a failed test, not a stuck suite."""

    def limit() -> None:  # pragma: no cover (runs in the child)
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    code = "import sys; from dashboard.cli import main; sys.exit(main(sys.argv[1:]))"
    try:
        return subprocess.run(
            [sys.executable, "-c", code, *map(str, argv)],
            capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, preexec_fn=limit,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"pokerhh {' '.join(map(str, argv[:1]))} hung for {TIMEOUT} s on a FIFO")


def test_a_fifo_and_a_symlink_to_dev_zero_are_refused_the_rest_imports(tmp_path: Path) -> None:
    folder = hostile_folder(tmp_path)
    lone = tmp_path / "lone.txt"  # a FIFO named on the command line
    os.mkfifo(lone)
    db = tmp_path / "db.sqlite"
    done = run_limited("import", "--quiet", "--jobs", "1", "--db", db, folder, lone)
    assert "MemoryError" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1, (done.stdout, done.stderr[-2000:])
    fifo = "not_a_file: a FIFO (named pipe), not a regular file: only regular files are read"
    assert f"not read: {folder / 'x.txt'}: {fifo}" in done.stdout
    assert f"not read: {folder / 'y.zip'}: {fifo}" in done.stdout
    assert f"not read: {lone}: {fifo}" in done.stdout
    zero = "not_a_file: a character device (a symlink to /dev/zero), not a regular file"
    assert f"not read: {folder / 'zero.txt'}: {zero}" in done.stdout
    assert query(db, "SELECT count(*) FROM hands") == [(1,)]
    assert query(db, "SELECT path FROM files") == [(str(folder / "walk.txt"),)]


def test_the_listing_refuses_each_with_what_it_is(tmp_path: Path) -> None:
    folder = hostile_folder(tmp_path)
    listing = list_inputs([folder])
    assert [Path(f.path).name for f in listing.files] == ["walk.txt"]
    refused = {Path(r.path).name: (r.kind, r.message.split(",")[0]) for r in listing.refused}
    assert refused == {
        "x.txt": ("not_a_file", "a FIFO (named pipe)"),
        "y.zip": ("not_a_file", "a FIFO (named pipe)"),
        "zero.txt": ("not_a_file", "a character device (a symlink to /dev/zero)"),
    }


def test_a_fifo_put_in_place_after_the_listing_is_refused_not_waited_on(tmp_path: Path) -> None:
    """The race: listed as a regular file, a FIFO by the time it is read. ``O_NONBLOCK``
    makes the open return at once, and ``fstat`` on the descriptor refuses it."""
    path = tmp_path / "x.txt"
    path.write_bytes(WALK.read_bytes())
    (item,) = list_inputs([path]).files
    path.unlink()
    os.mkfifo(path)
    with pytest.raises(NotRegularFile, match=r"a FIFO \(named pipe\), not a regular file"):
        item.read()


def test_a_file_that_keeps_growing_is_refused_past_its_size_and_the_margin(tmp_path: Path) -> None:
    """A regular file whose ``stat`` size is not its length (a pseudo-file, a device
    behind a filesystem that calls it regular) is read no further than size + margin."""
    pseudo = Path("/proc/self/status")  # st_size 0, about 1.4 KB of text
    if not pseudo.exists() or not stat.S_ISREG(pseudo.stat().st_mode):
        pytest.skip("needs Linux's /proc")
    assert pseudo.stat().st_size == 0
    with pytest.raises(NotRegularFile, match="kept growing while read: more than 100 bytes"):
        read_regular(pseudo, margin=100)
    assert b"Name:" in read_regular(pseudo)  # within the default margin: read whole
    path = tmp_path / "walk.txt"
    path.write_bytes(WALK.read_bytes())
    assert read_regular(path, margin=0) == WALK.read_bytes()
