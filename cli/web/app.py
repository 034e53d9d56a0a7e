"""The web server around a `Session`: the page, its files, and one WebSocket per open page.

    GET /play/{token}   the page (the same static page for every seat; the token picks the seat)
    GET /static/...     its script and style sheet
    WS  /ws/{token}     the live table: each change is sent to every connection as its own seat's view

A request with a token the session does not know gets nothing but a 404 (a
WebSocket is closed at once, with code 4404 and no message). Bots move in one background task, one
move at a time, `delay` seconds apart; people's messages are decided as they
come, between bot moves. A bot thinks in a worker thread (a search bot may take
seconds), so the server keeps answering meanwhile; one lock over the session
still decides each message and each bot move whole before the next, and makes
no view of a table half changed. docs/web.md describes the messages.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib.resources import files

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .session import Session, refused

STATIC = files("rulesrun.cli.web") / "static"
REFUSED_TOKEN = 4404  # the WebSocket close code for a token that opens no table
HEADERS = {  # the page loads nothing from elsewhere and tells nobody its address (which holds the token)
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class Connections:
    """The pages open on one session, and the task that lets its bots play."""

    def __init__(self, session: Session, delay: float):
        self.session = session
        self.delay = delay
        self.open: dict[WebSocket, int | None] = {}
        self.wake = asyncio.Event()
        self.telling = asyncio.Lock()  # one round of news at a time, so that no page gets an older table last
        self.deciding = asyncio.Lock()  # the session is changed or read by one message or bot move at a time

    async def tell_everyone(self) -> None:
        """Send every page its seat's view of the table as it is now (one view made per seat)."""
        async with self.telling:
            async with self.deciding:
                made = {seat: self.session.table_for(seat) for seat in set(self.open.values())}
            for socket, seat in list(self.open.items()):
                if seat not in made:  # a page opened meanwhile was sent its table when it opened
                    continue
                with contextlib.suppress(Exception):  # a page closed meanwhile: its own loop forgets it
                    await socket.send_json(made[seat])

    async def bots(self) -> None:
        """Let the bots move whenever one would, pausing `delay` before each move so that people can follow."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while True:
                await asyncio.sleep(self.delay)
                async with self.deciding:
                    moved = await asyncio.to_thread(self.session.bot_move)
                if not moved:
                    break
                await self.tell_everyone()


def create_app(session: Session, delay: float = 0.0) -> Starlette:
    """The server for one session."""
    pages = Connections(session, delay)
    page = (STATIC / "index.html").read_text(encoding="utf-8")

    async def play(request: Request) -> Response:
        known, _ = session.seat_of(request.path_params["token"])
        if not known:
            return PlainTextResponse("No table here: open the link printed for your seat.", 404, headers=HEADERS)
        return HTMLResponse(page, headers=HEADERS)

    async def nothing(request: Request) -> Response:
        return PlainTextResponse("No table here: open the link printed for your seat.", 404, headers=HEADERS)

    async def live(socket: WebSocket) -> None:
        known, seat = session.seat_of(socket.path_params["token"])
        await socket.accept()
        if not known:  # opened only to say, by its close code alone, that this link opens no table
            await socket.close(code=REFUSED_TOKEN)
            return
        pages.open[socket] = seat
        try:
            async with pages.deciding:
                table = session.table_for(seat)
            await socket.send_json(table)
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                async with pages.deciding:
                    reply = session.receive(seat, text) if text is not None else \
                        refused("not_text", "messages are JSON text")
                if reply is None:
                    await pages.tell_everyone()
                    pages.wake.set()
                else:
                    await socket.send_json(reply.to_json())
        except WebSocketDisconnect:
            pass
        finally:
            pages.open.pop(socket, None)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(pages.bots())
        pages.wake.set()  # bots may have the first move
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            session.write_log()

    routes = [Route("/", nothing), Route("/play/{token}", play), WebSocketRoute("/ws/{token}", live),
              Mount("/static", StaticFiles(directory=str(STATIC)), name="static")]
    return Starlette(routes=routes, lifespan=lifespan)
