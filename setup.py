"""The wheel carries the Activity's built client (`make activity` builds it
into activity/dist) as `bot/web/client/`, where an installed bot serves it
from (bot.web.app). Everything else is in pyproject.toml."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CLIENT = ROOT / "activity" / "dist"
FILES = ("app.js", "app.css", "app.js.map")


class BuildWithClient(build_py):
    """The package's modules, and the built client beside bot/web's."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install serves activity/dist where it is
            return
        if not (CLIENT / "app.js").exists():
            raise SystemExit("activity/dist is not built: run `make activity` first (Node 20, npm)")
        target = Path(self.build_lib, "bot", "web", "client")
        target.mkdir(parents=True, exist_ok=True)
        for name in FILES:
            if (CLIENT / name).exists():
                shutil.copy2(CLIENT / name, target / name)


setup(cmdclass={"build_py": BuildWithClient})
