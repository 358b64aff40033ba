"""A throw-away PostgreSQL cluster, for the tests (started once per session) and the lookup
benchmark: on 127.0.0.1 only (a free port, its socket in its own temporary directory), a fresh
database on demand.

PostgreSQL refuses to run as root, so as root the cluster belongs to the unprivileged `postgres`
user (created if missing) and runs through `runuser`; otherwise it runs as the current user.
Durability is off (fsync, synchronous_commit): a crash loses nothing worth keeping, and database
creation per test stays cheap.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

USER = "tabula"  # the cluster's superuser (trust authentication, loopback only)
RUN_AS = "postgres"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def available() -> bool:
    """Whether PostgreSQL's server programs are installed here."""
    try:
        _binary("initdb")
        _binary("pg_ctl")
    except RuntimeError:
        return False
    return True


def _binary(name: str) -> str:
    """On PATH, or in Debian's versioned directory (the package puts only psql on PATH)."""
    found = shutil.which(name) or next(iter(sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise RuntimeError(f"{name} not found: install PostgreSQL (Debian: apt-get install postgresql)")
    return str(found)


class PgCluster:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="tabula-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self._as_root = os.geteuid() == 0
        self._names = itertools.count(1)
        self._running = False
        atexit.register(self.stop)  # a session that dies without teardown still leaves nothing behind

    def _run(self, *args: str) -> None:
        cmd = ["runuser", "-u", RUN_AS, "--", *args] if self._as_root else list(args)
        done = subprocess.run(cmd, cwd=self.root, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> PgCluster:
        if self._as_root:
            try:
                pwd.getpwnam(RUN_AS)
            except KeyError:
                subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", RUN_AS], check=True)
            shutil.chown(self.root, RUN_AS, RUN_AS)
        self._run(_binary("initdb"), "-D", str(self.data), "-A", "trust", "-U", USER, "-E", "UTF8", "--locale=C", "--no-sync")
        for attempt in range(3):  # the port may be taken between choosing and binding it
            self.port = _free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off -c synchronous_commit=off"
                " -c full_page_writes=off -c max_connections=200"
            )
            try:
                self._run(_binary("pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-o", options, "-w", "start")
                self._running = True
                return self
            except RuntimeError as e:
                if attempt == 2:
                    log = self.root / "log"
                    tail = log.read_text(errors="replace").strip().splitlines()[-5:] if log.exists() else []
                    raise RuntimeError(" | ".join([str(e), *tail])) from e
        raise AssertionError("unreachable")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = f"t_{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
        finally:
            await conn.close()
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast: open sessions are cut) and remove every file; idempotent."""
        try:
            if self._running:
                self._running = False
                self._run(_binary("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
