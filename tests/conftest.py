"""The whole suite remembers parse trees and schema verdicts in a cache folder of its own, removed at the end."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

if "RULESRUN_CACHE_DIR" not in os.environ:
    _folder = tempfile.mkdtemp(prefix="rulesrun-test-cache-")
    os.environ["RULESRUN_CACHE_DIR"] = _folder
    atexit.register(shutil.rmtree, _folder, ignore_errors=True)
