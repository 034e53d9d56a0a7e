"""Sharing a run's games among processes: in one process, forked workers here, or the tasks of a Ray cluster.

A run is a list of items (game numbers, planned games) cut into chunks of
consecutive items. `work(game, context, chunk)` plays one chunk and returns a
part: a summary whose size grows with the chunk, never with the run. The parts
come back in chunk order whatever order they finish in, and every game's seed
derives from the run's seed and the game's place in the run, never from its
chunk, so a run gives the same figures wherever and in how many pieces it is played.

On Ray, the ruleset's resolved document is sent once and every worker process
compiles the game from it and keeps it for its next chunks. A worker that dies
has its chunk run again by Ray, up to `RETRIES` times; a part is taken once,
when its chunk is done, so a chunk run twice still counts once. At most
`IN_FLIGHT_PER_CPU` chunks per CPU are handed out ahead of the first one not
yet taken, which bounds what waits on the driver.
"""
from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import RulesrunError

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..source.document import Document

BACKENDS = ("local", "ray")
RETRIES = 3  # runs of a chunk after the first, when the worker running it dies
IN_FLIGHT_PER_CPU = 4
CHUNKS_PER_WORKER = 8  # enough chunks for an even share and a progress bar that moves
MAX_CHUNK = 64  # items in a chunk at most
KEPT_GAMES = 4  # compiled games a Ray worker keeps (a comparison needs two)
INSTALL_RAY = "pip install 'rulesrun[ray]'"

Context = TypeVar("Context")
Item = TypeVar("Item")
Part = TypeVar("Part")
Work = Callable[["Game", Context, Sequence[Item]], Part]


@dataclass(frozen=True)
class Backend:
    """Where a run's games are played.

    `local`: in this process, or in `workers` forked processes. `ray`: as tasks
    of the Ray cluster at `address` ("auto", "HOST:PORT", "ray://HOST:PORT"),
    or of a Ray instance started here with `workers` CPUs (None: every CPU);
    a Ray instance this process already joined is used as it is.
    """

    name: str = "local"
    workers: int | None = None
    address: str | None = None

    def __post_init__(self) -> None:
        if self.name not in BACKENDS:
            raise ValueError(f"unknown backend {self.name!r}: one of {', '.join(BACKENDS)}")
        if self.address is not None and self.name != "ray":
            raise ValueError("an address names a Ray cluster: it goes with the ray backend only")
        if self.workers is not None and self.workers < 1:
            raise ValueError("workers must be at least 1")


LOCAL = Backend()


class BackendUnavailable(RulesrunError):
    """The backend asked for cannot run here: an optional extra is missing, or its cluster failed."""


def share(work: Work, game: Game, context: Any, items: Sequence[Any], backend: Backend = LOCAL,
          ruleset: str | None = None) -> Generator[Any, None, None]:
    """The parts of `work` over `items` in chunks, in order, played where `backend` says.

    `work` must be a module-level function (it is sent to other processes by
    name); `ruleset` (a shipped name or a path, as `game` was loaded) is what
    Ray workers compile the game from.
    """
    if backend.name == "ray":
        if ruleset is None:
            raise ValueError("the ray backend needs the ruleset's name or path")
        yield from _on_ray(work, game, context, items, backend, ruleset)
        return
    workers = backend.workers or 1
    if workers == 1 or len(items) < 2:
        for chunk in chunks(items, 1):
            yield work(game, context, chunk)
        return
    yield from _forked(work, game, context, items, workers)


@contextmanager
def joined(backend: Backend) -> Iterator[None]:
    """Keep one Ray instance for several runs (both sides of a comparison); nothing to do for the local backend."""
    if backend.name != "ray":
        yield
        return
    ray = _ray()
    started = _join(ray, backend)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def chunk_size(count: int, workers: int) -> int:
    """Items in each chunk: about CHUNKS_PER_WORKER chunks a worker, at most MAX_CHUNK items each."""
    return max(1, min(MAX_CHUNK, count // (workers * CHUNKS_PER_WORKER)))


def chunks(items: Sequence[Item], size: int) -> Iterator[Sequence[Item]]:
    """The items in chunks of `size`, each sliced when it is reached (a schedule's games are made then)."""
    for start in range(0, len(items), size):
        yield items[start:start + size]


# What forked workers inherit: the work, its game, context and items (frozen first, so their collector leaves
# them be). A chunk is sent to a worker as where it starts; the worker slices the items itself.
_FORKED: dict[str, Any] = {}


def _forked(work: Work, game: Game, context: Any, items: Sequence[Any], workers: int) -> Iterator[Any]:
    import multiprocessing
    size = chunk_size(len(items), workers)
    _FORKED.update(work=work, game=game, context=context, items=items, size=size)
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(min(workers, -(-len(items) // size))) as pool:
            yield from pool.imap(_forked_chunk, range(0, len(items), size))
    finally:
        gc.unfreeze()  # the parent collects as before
        _FORKED.clear()


def _forked_chunk(start: int) -> Any:
    chunk = _FORKED["items"][start:start + _FORKED["size"]]
    return _FORKED["work"](_FORKED["game"], _FORKED["context"], chunk)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendUnavailable(f"the ray backend needs Ray, an optional extra: {INSTALL_RAY}") from None
    return ray


def _on_ray(work: Work, game: Game, context: Any, items: Sequence[Any], backend: Backend,
            ruleset: str) -> Iterator[Any]:
    from ..pipeline import load_checked
    ray = _ray()
    started = _join(ray, backend)
    pending: dict[Any, int] = {}
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = chunk_size(len(items), cpus)
        count = -(-len(items) // size)
        document = load_checked(ruleset)[0]
        source = ray.put(((game.content_hash, game.engine), document))
        task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(_ray_chunk)
        finished: dict[int, Any] = {}
        handed = taken = 0
        while taken < count:
            while handed < count and handed < taken + IN_FLIGHT_PER_CPU * cpus:  # a chunk is sliced as it is sent
                chunk = items[handed * size:(handed + 1) * size]
                pending[task.remote(source, work, context, chunk)] = handed
                handed += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                finished[pending.pop(ref)] = ref
            while taken in finished:  # taken in chunk order: an error too comes when a run in one process meets it
                yield _result(ray, finished.pop(taken))
                taken += 1
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()


def _join(ray: Any, backend: Backend) -> bool:
    """Connect to the cluster or start a Ray instance, unless this process is in one already; whether it started one."""
    if ray.is_initialized():
        return False
    quiet = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if backend.address is not None:
            ray.init(address=backend.address, **quiet)
        else:
            ray.init(num_cpus=backend.workers, include_dashboard=False, **quiet)
    except (OSError, RuntimeError, ValueError) as err:  # OSError: a refused connection, a timeout
        where = f"the Ray cluster at {backend.address}" if backend.address else "a Ray instance"
        raise BackendUnavailable(f"could not start or join {where}: {err}") from None
    return True


def _result(ray: Any, ref: Any) -> Any:
    """A chunk's part; the error a game raised, as it was raised; a worker lost once too often, said plainly."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as err:
        cause = err.cause
        raise (cause if isinstance(cause, Exception) else err) from None
    except ray.exceptions.RayError as err:
        how = f"lost {RETRIES + 1} times" if isinstance(err, ray.exceptions.WorkerCrashedError) else "lost"
        raise BackendUnavailable(f"a chunk of games was {how} on Ray "
                                 f"({type(err).__name__}): {str(err).splitlines()[0]}") from None


# A Ray worker's compiled games, by their content hash and engine: compiled once, kept for later chunks.
_COMPILED: dict[tuple[str, str], Game] = {}


def _ray_chunk(source: tuple[tuple[str, str], Document], work: Work, context: Any, chunk: Sequence[Any]) -> Any:
    key, document = source
    game = _COMPILED.get(key)
    if game is None:
        from ..pipeline import compile_document, on_engine
        if len(_COMPILED) >= KEPT_GAMES:
            _COMPILED.clear()
        game = _COMPILED[key] = on_engine(compile_document(document), key[1])
    return work(game, context, chunk)
