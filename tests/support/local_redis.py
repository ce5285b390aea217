"""A private ``redis-server`` for tests, benchmarks and trying the Redis back end locally.

It listens on a free port on 127.0.0.1 only, keeps its files (if any) in a
temporary folder of its own, and is stopped, and the folder removed, on
leaving the ``with`` block::

    with LocalRedis() as server:
        store = RedisStore(server.url)

``python -m tests.support.local_redis`` runs one until interrupted and prints its URL,
for ``DEALERS_CHOICE_STORE=redis://... make run``. The server is Debian's
``redis-server`` (``make test`` installs it).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

import redis

__all__ = ["LocalRedis"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalRedis:
    """A ``redis-server`` child process on a free loopback port.

    ``persist=True`` turns on the append-only file (written to the private
    folder), so :meth:`restart` brings the same data back, as a real
    server restart does.
    """

    def __init__(self, *, persist: bool = False, binary: str = "redis-server") -> None:
        found = shutil.which(binary) or (binary if Path(binary).exists() else None)
        if found is None:
            raise FileNotFoundError(f"{binary} is not installed (apt-get install redis-server)")
        self.binary = found
        self.persist = persist
        self.folder = Path(tempfile.mkdtemp(prefix="dealers-choice-redis-"))
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        for _attempt in range(5):
            self.port = _free_port()
            self._launch()
            if self._wait_ready():
                return
            self.stop_process()
        raise RuntimeError(f"redis-server did not start; see {self.folder / 'redis.log'}")

    def _launch(self) -> None:
        command = [
            self.binary, "--bind", "127.0.0.1", "--port", str(self.port),
            "--dir", str(self.folder), "--save", "", "--protected-mode", "yes",
            "--appendonly", "yes" if self.persist else "no",
            "--appendfsync", "always", "--logfile", str(self.folder / "redis.log"),
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)

    def _wait_ready(self, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1)
        try:
            while time.monotonic() < deadline:
                if self.process is None or self.process.poll() is not None:
                    return False
                try:
                    if client.ping():
                        return True
                except redis.ConnectionError:
                    time.sleep(0.02)
                except redis.BusyLoadingError:
                    time.sleep(0.02)
            return False
        finally:
            client.close()

    def stop_process(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        """Stop the server and start it again on the same port, from its files."""
        self.stop_process()
        self._launch()
        if not self._wait_ready():
            raise RuntimeError(f"redis-server did not restart; see {self.folder / 'redis.log'}")

    def stop(self) -> None:
        self.stop_process()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> LocalRedis:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


if __name__ == "__main__":
    with LocalRedis() as server:
        print(f"DEALERS_CHOICE_STORE={server.url}", flush=True)
        try:
            while server.process is not None and server.process.poll() is None:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
