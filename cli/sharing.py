"""`--workers`, `--backend` and `--address`: where the commands that play many games play them.

The three options become one `sharing` argument of the command, a Backend.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

_OPTIONS = (
    click.option("--workers", type=click.IntRange(min=1, max=64), default=None,
                 help="Processes to share the games among [default: 1; with --backend ray and no --address, a Ray "
                      "instance started here with every CPU]. The figures are the same with any number."),
    click.option("--backend", "backend_name", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                 help="local: this machine's processes; ray: the tasks of a Ray cluster (needs the extra: "
                      "pip install 'rulesrun[ray]'). Both give the same figures for the same seed."),
    click.option("--address", default=None, metavar="ADDRESS",
                 help="The Ray cluster to run on (auto, HOST:PORT or ray://HOST:PORT), with --backend ray "
                      "[default: a Ray instance started here for the run]."),
)


def sharing_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the three options to a command, which receives them as `sharing`, a Backend."""
    @functools.wraps(command)
    def with_backend(*args: Any, workers: int | None, backend_name: str, address: str | None, **kwargs: Any) -> Any:
        return command(*args, sharing=backend(workers, backend_name, address), **kwargs)
    for option in reversed(_OPTIONS):
        with_backend = option(with_backend)
    return with_backend


def backend(workers: int | None, name: str, address: str | None) -> Any:
    """The Backend the options name; an address without the ray backend is a usage error."""
    from ..interpreter.play.sharing import Backend
    if address is not None and name != "ray":
        raise click.BadParameter("an address names a Ray cluster: add --backend ray", param_hint="'--address'")
    if address is not None and workers is not None:
        raise click.BadParameter("a Ray cluster has the CPUs it has: --workers starts a Ray instance of that size "
                                 "here, without --address", param_hint="'--workers'")
    return Backend(name, workers, address)
