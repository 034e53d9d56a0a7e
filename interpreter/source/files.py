"""Files that users name: read and written only as regular files, and read within bounds.

A ruleset or a log may be named by anybody (a shared file, a log's own header,
a path typed by mistake). A device (`/dev/zero`), a pipe or a directory is never
read from or written to: a pipe would block and a device never ends. Files are
opened without blocking and checked with `fstat`, so nothing can change what the
path names between the check and the reading; text is read line by line with a
bound on each line, so a file with no line breaks cannot fill the memory.
"""
from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from typing import BinaryIO

from ..errors import BadFile

MAX_LINE = 16 * 1024 * 1024  # bytes in one line of a log (a header lists every component)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def open_regular(path: str | os.PathLike[str], max_bytes: int) -> BinaryIO:
    """The file at `path`, open for reading, if it is a regular file of at most `max_bytes`."""
    file = os.fspath(path)
    try:
        fd = os.open(file, os.O_RDONLY | _NONBLOCK)
    except FileNotFoundError:
        raise BadFile(file, "missing") from None
    except IsADirectoryError:
        raise BadFile(file, "directory") from None
    except OSError as error:
        raise BadFile(file, "unreadable", error.strerror or str(error)) from None
    try:
        found = os.fstat(fd)
        if stat.S_ISDIR(found.st_mode):
            raise BadFile(file, "directory")
        if not stat.S_ISREG(found.st_mode):
            raise BadFile(file, "special")
        if found.st_size > max_bytes:
            raise BadFile(file, "too_large", limit=max_bytes)
        _blocking(fd)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def text_lines(path: str | os.PathLike[str], max_bytes: int, max_line: int = MAX_LINE) -> Iterator[tuple[int, str]]:
    """(line number from 1, text without its line break) of a UTF-8 text file, each line bounded."""
    file = os.fspath(path)
    with open_regular(file, max_bytes) as stream:
        number = 0
        while True:
            raw = stream.readline(max_line + 1)
            if not raw:
                return
            number += 1
            if len(raw) > max_line:
                raise BadFile(file, "long_line", limit=max_line, line=number)
            try:
                yield number, raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError:
                raise BadFile(file, "not_text", line=number) from None


class OutputText(io.TextIOWrapper):
    """A UTF-8 text file being written, which knows the path it was opened by (`name` is its descriptor)."""

    def __init__(self, stream: BinaryIO, path: str):
        super().__init__(stream, encoding="utf-8", newline="\n")
        self.path = path


def open_output(path: str | os.PathLike[str]) -> OutputText:
    """`path` open for writing UTF-8 text (created, or emptied), if it is or becomes a regular file."""
    file = os.fspath(path)
    try:
        fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK, 0o666)
    except IsADirectoryError:
        raise BadFile(file, "directory") from None
    except OSError as error:  # a pipe nobody reads gives ENXIO here rather than blocking
        raise BadFile(file, "unwritable", error.strerror or str(error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadFile(file, "special")
        _blocking(fd)
        return OutputText(os.fdopen(fd, "wb"), file)
    except BaseException:
        os.close(fd)
        raise


def check_output(path: str | os.PathLike[str]) -> None:
    """Refuse now a path that `open_output` would refuse later (for files another library writes)."""
    file = os.fspath(path)
    try:
        found = os.stat(file)
    except FileNotFoundError:
        return
    except OSError as error:
        raise BadFile(file, "unwritable", error.strerror or str(error)) from None
    if stat.S_ISDIR(found.st_mode):
        raise BadFile(file, "directory")
    if not stat.S_ISREG(found.st_mode):
        raise BadFile(file, "special")


def _blocking(fd: int) -> None:
    """Reads and writes of an open regular file wait as usual (the flag only guarded the opening)."""
    if _NONBLOCK:
        os.set_blocking(fd, True)
