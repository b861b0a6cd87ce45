"""Run the development server and say where it answers **once it answers** (``make demo``):
the server takes seconds to start, and a newcomer told too early opens a page that fails."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request

from django.core.management.base import BaseCommand


def answers(url: str) -> bool:
    """Whether ``url`` answers an HTTP request now (any status)."""
    try:
        with urllib.request.urlopen(url, timeout=1):  # noqa: S310 - our own local server
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


class Command(BaseCommand):
    help = "Run the development server; print its address once it answers."

    def add_arguments(self, parser) -> None:
        parser.add_argument("address", help="host:port, e.g. 127.0.0.1:8000")
        parser.add_argument("--wait", type=float, default=120, help="Seconds to wait at most.")

    def handle(self, *args, address: str, wait: float, **options) -> None:
        url = f"http://{address}/"
        server = subprocess.Popen(  # noqa: S603 - this interpreter, this project
            [sys.executable, "manage.py", "runserver", address],
            stdout=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + wait
            while not answers(url + "healthz"):
                if server.poll() is not None or time.monotonic() > deadline:
                    self.stderr.write(f"The server did not answer at {url}.")
                    return
                time.sleep(0.25)
            self.stdout.write(self.style.SUCCESS(f"Tenace answers at {url} (Ctrl-C to stop)"))
            server.wait()
        except KeyboardInterrupt:
            pass
        finally:
            if server.poll() is None:
                server.terminate()
                server.wait(timeout=10)
