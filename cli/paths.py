"""Paths the command line writes to: regular files only, refused with one clear message otherwise.

The checks themselves live in the interpreter (`source/files.py`); a refusal is a
`BadFile`, which the command group reports as an error with exit code 1,
like every other file rulesrun cannot use.

A file of a kernel filesystem (`/proc/self/mem`, `/sys/...`) says it is a
regular file, but writing to it changes the running system rather than storing
text (as root, `/proc/sys/...` sets the kernel's parameters): such files are
refused here, by the filesystem they are on, before anything is written. The null
device is refused like any other device; leaving an option such as `--log` out
already discards what it would write.
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, TextIO

import click

# Filesystems whose files the kernel makes up: writing one is a command to the kernel, reading one a question.
KERNEL_FILESYSTEMS = frozenset({
    "proc", "sysfs", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2", "configfs", "pstore", "efivarfs",
    "bpf", "binfmt_misc", "fusectl", "selinuxfs", "mqueue", "hugetlbfs", "rpc_pipefs", "nfsd", "nsfs", "autofs",
})
MOUNTS = "/proc/self/mountinfo"


class OutputFile(click.ParamType):
    """A file opened for writing UTF-8 text when the command starts, and closed when it ends.

    A file that is there already is kept (a usage error) unless the command's eager `--force` flag was
    given: a log of an earlier game is worth more than a typo in a command.
    """

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        refuse_kernel_file(value, parent=True)  # a file the kernel makes up is refused as such, not as one that exists
        if os.path.isfile(value) and not (ctx is not None and ctx.params.get("force")):
            self.fail(f"{value} already exists; nothing was written (add --force to overwrite it)", param, ctx)
        stream = open_written(value)
        if ctx is not None:
            ctx.call_on_close(stream.close)
        return stream


class OutputPath(click.ParamType):
    """A path written later (a picture, a saved reproduction): refused now if it could not be written then."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..interpreter import check_output
        check_output(value)
        refuse_kernel_file(value, parent=True)
        return value


def open_written(path: str) -> TextIO:
    """`open_output`, for a path that is not a kernel file: checked by its path first, then by what was opened."""
    from ..interpreter import BadFile, open_output
    refuse_kernel_file(path, parent=True)
    stream = open_output(path)
    if os.fstat(stream.fileno()).st_dev in kernel_devices():  # the path changed in between: nothing is written
        stream.close()
        raise BadFile(path, "kernel")
    return stream


def refuse_kernel_file(path: str, parent: bool = False) -> None:
    """Refuse a path on a kernel filesystem; with `parent`, a file not made yet is judged by its folder."""
    from ..interpreter import BadFile
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
