"""Files that users name: read and written only as regular files, and read within bounds.

A ruleset or a log may be named by anybody (a shared file, a log's own header,
a path typed by mistake). A device (`/dev/zero`), a pipe or a directory is never
read from or written to: a pipe would block and a device never ends. Files are
opened without blocking and checked with `fstat`, so nothing can change what the
path names between the check and the reading; text is read line by line with a
bound on each line, so a file with no line breaks cannot fill the memory.

A file of a kernel filesystem (`/proc/self/mem`, `/proc/self/environ`, `/sys/...`)
says it is a regular file, but reading it asks the running system a question (the
process's environment, its memory) and writing it gives the system a command (as
root, `/proc/sys/...` sets the kernel's parameters): such files are refused by the
filesystem they are on, by their path before they are opened and by what was
opened after. The null device is refused like any other device.
"""
from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from functools import lru_cache
from typing import BinaryIO

from ..errors import BadFile

MAX_LINE = 16 * 1024 * 1024  # bytes in one line of a log (a header lists every component)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
# Filesystems whose files the kernel makes up: writing one is a command to the kernel, reading one a question.
KERNEL_FILESYSTEMS = frozenset({
    "proc", "sysfs", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2", "configfs", "pstore", "efivarfs",
    "bpf", "binfmt_misc", "fusectl", "selinuxfs", "mqueue", "hugetlbfs", "rpc_pipefs", "nfsd", "nsfs", "autofs",
})
MOUNTS = "/proc/self/mountinfo"


def open_regular(path: str | os.PathLike[str], max_bytes: int) -> BinaryIO:
    """The file at `path`, open for reading, if it is a regular file of at most `max_bytes`."""
    file = os.fspath(path)
    refuse_kernel_file(file)
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
        if found.st_dev in kernel_devices():  # the path changed since it was checked
            raise BadFile(file, "kernel")
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
    refuse_kernel_file(file, parent=True)
    try:
        fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK, 0o666)
    except IsADirectoryError:
        raise BadFile(file, "directory") from None
    except OSError as error:  # a pipe nobody reads gives ENXIO here rather than blocking
        raise BadFile(file, "unwritable", error.strerror or str(error)) from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise BadFile(file, "special")
        if found.st_dev in kernel_devices():  # the path changed since it was checked: nothing is written
            raise BadFile(file, "kernel")
        _blocking(fd)
        return OutputText(os.fdopen(fd, "wb"), file)
    except BaseException:
        os.close(fd)
        raise


def check_output(path: str | os.PathLike[str]) -> None:
    """Refuse now a path that `open_output` would refuse later (for files another library writes)."""
    file = os.fspath(path)
    refuse_kernel_file(file, parent=True)
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


def refuse_kernel_file(path: str, parent: bool = False) -> None:
    """Refuse a path on a kernel filesystem; with `parent`, a file not made yet is judged by its folder."""
    devices = kernel_devices()
    if not devices:
        return
    for candidate in (path, os.path.dirname(os.path.abspath(path))) if parent else (path,):
        try:
            device = os.stat(candidate).st_dev
        except OSError:  # missing or unreadable: the usual checks say so, when the file is opened
            continue
        if device in devices:
            raise BadFile(path, "kernel")
        return


@lru_cache(maxsize=1)
def kernel_devices() -> frozenset[int]:
    """The device numbers of the mounted kernel filesystems, from the mount table (none where there is none)."""
    try:
        with open(MOUNTS, encoding="utf-8", errors="replace") as stream:
            table = stream.read(4 * 1024 * 1024)
    except OSError:
        return frozenset()
    devices = set()
    for line in table.splitlines():
        fields = line.split()  # id parent major:minor root mount-point options [optional...] - type source options
        _, dash, rest = " ".join(fields[6:]).partition("- ")
        major, _, minor = fields[2].partition(":") if len(fields) > 2 else ("", "", "")
        if dash and rest.split()[:1] and rest.split()[0] in KERNEL_FILESYSTEMS and major.isdigit() and minor.isdigit():
            devices.add(os.makedev(int(major), int(minor)))
    return frozenset(devices)
