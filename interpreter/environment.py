"""What rulesrun remembers between runs, and where: a private cache folder of the user's.

Remembering is only ever a shortcut (a parse tree, the schema's verdict on a
section that has not changed), so anything unexpected means "not remembered"
and the work is done again; nothing read from the cache is trusted further
than that.

- The folder is `$RULESRUN_CACHE_DIR`, else `$XDG_CACHE_HOME/rulesrun`, else
  `~/.cache/rulesrun`; `RULESRUN_CACHE_DIR=off` remembers nothing. It is made
  with mode 0700, and used only while it is a real directory owned by the user
  that nobody else may read or write.
- A store keeps one file per entry, named by a digest of the entry's key, and
  read only when that entry is asked for. Each file holds the key it answers
  and a digest of its own content; a file that is too large, a link, somebody
  else's, damaged or about another key is ignored.
- Entries are written under a fresh name with exclusive creation (never through
  a link) and renamed into place, so that a reader sees a whole entry or none.
- A store holds a bounded number of entries and bytes: when it grows past them,
  the entries used least recently are removed (a read touches its entry).
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
from functools import lru_cache
from pathlib import Path
from typing import Any

MAX_ENTRY_BYTES = 256 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Store:
    """One kind of remembered value (parse trees, schema verdicts), each entry in its own file."""

    def __init__(self, folder: Path | None, max_entries: int, max_bytes: int):
        self.folder = folder
        self.max_entries, self.max_bytes = max_entries, max_bytes
        self._pruned = False

    def get(self, key: str) -> Any:
        """The value remembered for `key`, or None."""
        if self.folder is None:
            return None
        path = self.folder / _name(key)
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
        except OSError:
            return None
        try:
            found = os.fstat(fd)
            if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_ENTRY_BYTES or not _own(found):
                return None
            raw = os.read(fd, MAX_ENTRY_BYTES + 1)
        except OSError:
            return None
        finally:
            os.close(fd)
        entry = _entry(raw, key)
        if entry is not None:
            try:
                os.utime(path)  # used now: the last to be removed when the store is full
            except OSError:
                pass
        return entry

    def put(self, key: str, value: Any) -> None:
        """Remember `value` (plain JSON data) for `key`; any failure just means it is not remembered."""
        if self.folder is None:
            return
        body = json.dumps({"key": key, "value": value}, separators=(",", ":"), sort_keys=True)
        raw = json.dumps({"digest": _digest(body), "body": body}, separators=(",", ":")).encode("utf-8")
        if len(raw) > MAX_ENTRY_BYTES:
            return
        target = self.folder / _name(key)
        partial = self.folder / f".{_name(key)}.{os.getpid()}.{os.urandom(4).hex()}"
        try:
            fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
            try:
                os.write(fd, raw)
            finally:
                os.close(fd)
            os.replace(partial, target)
        except OSError:
            try:
                os.unlink(partial)
            except OSError:
                pass
            return
        if not self._pruned:
            self._pruned = True
            self.prune()

    def prune(self) -> None:
        """Remove the least recently used entries while the store holds more than its bounds."""
        if self.folder is None:
            return
        try:
            entries = [(e.stat(follow_symlinks=False), e.path) for e in os.scandir(self.folder)
                       if not e.name.startswith(".")]
        except OSError:
            return
        entries.sort(key=lambda entry: entry[0].st_mtime_ns)
        count, size = len(entries), sum(found.st_size for found, _ in entries)
        for found, path in entries:
            if count <= self.max_entries and size <= self.max_bytes:
                break
            try:
                os.unlink(path)
            except OSError:
                continue
            count, size = count - 1, size - found.st_size


class Environment:
    """The place rulesrun remembers things in (None: it remembers nothing)."""

    def __init__(self, folder: Path | None):
        self.folder = _private_folder(folder) if folder is not None else None

    @classmethod
    def from_process(cls) -> "Environment":
        """The folder the process's environment variables name (see the module's description)."""
        chosen = os.environ.get("RULESRUN_CACHE_DIR")
        if chosen == "off":
            return cls(None)
        if chosen:
            return cls(Path(chosen))
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        return cls(Path(base) / "rulesrun")

    def store(self, kind: str, version: str, max_entries: int, max_bytes: int) -> Store:
        """The store of one kind of value; `version` names what its values depend on (a grammar, a schema)."""
        if self.folder is None:
            return Store(None, max_entries, max_bytes)
        return Store(_private_folder(self.folder / f"{kind}-{_digest(version)[:16]}"), max_entries, max_bytes)


@lru_cache(maxsize=1)
def current() -> Environment:
    """The environment of this process, made once."""
    return Environment.from_process()


def _private_folder(folder: Path) -> Path | None:
    """`folder`, made if it is missing, if it is a directory of the user's that only they may use."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        found = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(found.st_mode) or not _own(found) or found.st_mode & 0o077:
        return None
    return folder


def _own(found: os.stat_result) -> bool:
    return not hasattr(os, "getuid") or found.st_uid == os.getuid()


def _name(key: str) -> str:
    return _digest(key)[:40]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(raw: bytes, key: str) -> Any:
    """The value in an entry's file, if the file is whole and answers `key`; None otherwise."""
    try:
        outer = json.loads(raw)
        body = outer["body"]
        if not isinstance(body, str) or outer["digest"] != _digest(body):
            return None
        inner = json.loads(body)
        return inner["value"] if inner["key"] == key else None
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
