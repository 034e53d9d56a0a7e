"""`rulesrun serve`, once its options are read (cli/main.py): listen, print the links, run the server.

Starlette and uvicorn come with the `web` extra and are imported only here, when the command runs.
"""
from __future__ import annotations

import importlib.util
import socket
from typing import TextIO

import click

from ...interpreter import Game
from ..play import replay_hint

INSTALL = "rulesrun serve needs the web extra: pip install 'rulesrun[web]' (Starlette, uvicorn and websockets)"
MAX_MESSAGE_BYTES = 1024 * 1024  # a WebSocket message past this closes its connection; the session refuses far less
NEEDED = ("starlette", "uvicorn", "websockets")


def web_installed() -> bool:
    """Whether the web extra is installed; if not, say how to install it."""
    if all(importlib.util.find_spec(name) is not None for name in NEEDED):
        return True
    click.echo(f"error: {INSTALL}", err=True)
    return False


def serve(game: Game, players: int, humans: int, seed: int, bots: list[str], log: TextIO | None, delay: float,
          host: str, port: int) -> int:
    """Serve one game until Ctrl-C; the exit code (1 when the address cannot be listened on)."""
    try:
        listening = socket.create_server((host, port))
    except OSError as err:
        click.echo(f"error: cannot listen on {host}:{port}: {err.strerror or err}", err=True)
        return 1
    import uvicorn

    from .app import create_app
    from .session import Session
    session = Session(game, players, humans, seed, bots, log)
    shown_host = f"[{host}]" if ":" in host else host
    base = f"http://{shown_host}:{listening.getsockname()[1]}"
    click.echo(f"{game.title}: {players} seats, seed {seed}; open your link (Ctrl-C stops the server)")
    for who, link in session.links(base):
        click.echo(f"  {who:<10} {link}")
    config = uvicorn.Config(create_app(session, delay), log_level="warning", ws_max_size=MAX_MESSAGE_BYTES,
                            lifespan="on")
    uvicorn.Server(config).run(sockets=[listening])
    click.echo(replay_hint(seed))
    return 0
