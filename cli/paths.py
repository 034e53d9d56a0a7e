"""Paths the command line writes to: regular files only, refused with one clear message otherwise.

The checks themselves live in the interpreter (`source/files.py`); a refusal is a
`BadFile`, which the command group reports as an error with exit code 1,
like every other file rulesrun cannot use.
"""
from __future__ import annotations

from typing import Any

import click


class OutputFile(click.ParamType):
    """A file opened for writing UTF-8 text when the command starts, and closed when it ends."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..interpreter import open_output
        if not isinstance(value, str):
            return value
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
