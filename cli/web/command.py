"""`rulesrun serve`: the command that opens a table in the browser (the server itself is in app.py)."""
from __future__ import annotations

import importlib.util
import socket
import sys
from typing import TYPE_CHECKING, TextIO

import click

from ..bounds import MAX_DELAY, Seconds
from ..main import _BOT, _BOTS, _FORCE, _LOG, _PLAY_SEED, _PLAYERS, _RULESET, EXIT_FAILED, _load, _seating

INSTALL = "rulesrun serve needs the web extra: pip install 'rulesrun[web]' (Starlette and uvicorn)"
if TYPE_CHECKING:
    from .session import Session

MAX_MESSAGE_BYTES = 1024 * 1024  # a WebSocket message past this closes its connection; the session refuses far less


@click.command("serve")
@_RULESET
@_PLAYERS
@click.option("--humans", type=click.IntRange(min=0), default=None,
              help="People at the table, each with a link of their own (they take the first seats) "
                   "[default: 2, or 1 for a one-player game].")
@_PLAY_SEED
@_LOG
@_FORCE
@_BOT
@_BOTS
@click.option("--delay", type=Seconds(), default=1.0, show_default=True, metavar="SECONDS",
              help=f"Pause before each bot move, to follow the game and claim in time (0 to {MAX_DELAY:g} seconds).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default lets only this machine in (0.0.0.0: every network).")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8000, show_default=True,
              help="Port to listen on (0: any free one).")
def serve_command(ruleset: str, players: int | None, humans: int | None, seed: int | None, log: TextIO | None,
                  force: bool, bot: str, bots: list[str], delay: float, host: str, port: int) -> None:
    """Play in the browser: one secret link per person, and one for spectators.

    Each link shows the table as that seat may see it and is updated live; bots
    play on the server. Stop the server with Ctrl-C (the game log is written then
    if the game is not over). See docs/web.md.
    """
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        click.echo(f"error: {INSTALL}", err=True)
        sys.exit(EXIT_FAILED)
    game = _load(ruleset)
    people = humans if humans is not None else min(2, game.max_players)
    count, kinds = _seating(game, players, people, bots, bot)
    if seed is None:
        import secrets
        seed = secrets.randbelow(2 ** 32)
    try:
        listening = socket.create_server((host, port))
    except OSError as err:
        click.echo(f"error: cannot listen on {host}:{port}: {err.strerror or err}", err=True)
        sys.exit(EXIT_FAILED)
    from .session import Session
    session = Session(game, count, people, seed, kinds, log)
    shown_host = f"[{host}]" if ":" in host else host
    base = f"http://{shown_host}:{listening.getsockname()[1]}"
    click.echo(f"{game.title}: {count} seats, seed {seed}; open your link (Ctrl-C stops the server)")
    for who, link in session.links(base):
        click.echo(f"  {who:<10} {link}")
    sys.stdout.flush()
    _run(session, delay, listening)


def _run(session: Session, delay: float, listening: socket.socket) -> None:
    import uvicorn

    from .app import create_app
    app = create_app(session, delay)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=MAX_MESSAGE_BYTES, lifespan="on")
    uvicorn.Server(config).run(sockets=[listening])
