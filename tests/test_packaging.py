"""What is installed is what is in the tree: every package folder is listed in pyproject.toml.

The packages are listed by hand (the installed names differ from the folders), so
a new sub-package that is not listed works in a checkout and is missing from an
installation.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_installed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    for installed, folder in config["package-dir"].items():
        for init in sorted((ROOT / folder).rglob("__init__.py")):
            parts = init.parent.relative_to(ROOT / folder).parts
            assert ".".join((installed, *parts)) in listed, f"{init.parent} is not among the packages"
