"""The interpreter and the command line type-check: mypy runs with every test run, so a type error fails the suite.

mypy does not read the package-dir mapping of pyproject.toml (interpreter/ is installed as
rulesrun.interpreter), so it reads the folders through links named as they are installed.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors(tmp_path: Path) -> None:
    package = tmp_path / "root" / "rulesrun"
    package.mkdir(parents=True)
    # A regular package here, so that mypy reads these folders rather than a non-editable installed copy
    # (which it would prefer to a namespace package, now that rulesrun.interpreter ships py.typed).
    (package / "__init__.py").touch()
    for folder in ("interpreter", "cli"):
        (package / folder).symlink_to(ROOT / folder, target_is_directory=True)
    command = [sys.executable, "-m", "mypy", "--namespace-packages", "--explicit-package-bases",
               "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
               "-p", "rulesrun.interpreter", "-p", "rulesrun.cli"]
    environment = {**os.environ, "MYPYPATH": str(package.parent)}
    result = subprocess.run(command, cwd=package.parent, env=environment, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, f"mypy found type errors:\n{result.stdout}{result.stderr}"
