"""The whole suite remembers parse trees and schema verdicts in a cache folder of its own."""
from __future__ import annotations

import os
import tempfile

os.environ.setdefault("RULESRUN_CACHE_DIR", tempfile.mkdtemp(prefix="rulesrun-test-cache-"))
