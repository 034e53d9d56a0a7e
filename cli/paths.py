"""Paths the command line writes to: regular files only, refused with one clear message otherwise.

The checks themselves live in the interpreter (`source/files.py`: no device, pipe,
folder or file of a kernel filesystem such as `/proc/self/mem`); a refusal is a
`BadFile`, which the command group reports as an error with exit code 1, like every
other file rulesrun cannot use. Here a file that is there already is kept unless
`--force` is given.
"""
from __future__ import annotations

import os
from typing import Any

import click


class OutputFile(click.ParamType):
    """A file opened for writing UTF-8 text when the command starts, and closed when it ends.

    A file that is there already is kept (a usage error) unless the command's eager `--force` flag was
    given: a log of an earlier game is worth more than a typo in a command.
    """

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        from ..interpreter import open_output
        from ..interpreter.source.files import refuse_kernel_file
        refuse_kernel_file(value, parent=True)  # a file the kernel makes up is refused as such, not as one that exists
        if os.path.isfile(value) and not (ctx is not None and ctx.params.get("force")):
            self.fail(f"{value} already exists; nothing was written (add --force to overwrite it)", param, ctx)
        stream = open_output(value)
        if ctx is not None:
            ctx.call_on_close(stream.close)
        return stream


class OutputPath(click.ParamType):
    """A path written later (a picture, a saved reproduction): refused now if it could not be written then."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..interpreter import check_output
        check_output(value)
        return value
