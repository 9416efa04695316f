"""The bot's worker processes (pictures, computer players): one each, spawned
fresh (not forked from a process running threads), and gone with the bot.

Computer players think in a `Worker` (a pool of one process: a search takes
long, its trip is nothing beside it). Pictures are drawn in a `Pipe`: many
small calls, each answered with bytes, over a socket the event loop reads
itself, with no thread in between (a pool's trip cost the bot 0.4 ms of CPU
and the worker 0.3 ms, more than half of what a picture takes to draw).

A worker whose bot was killed (SIGKILL, a crash) would otherwise live on,
waiting for work that never comes; each watches its parent and leaves when
the parent is gone. A worker says nothing on the bot's output: what goes wrong
in a task is raised in the bot, and a worker left without its bot would only
print the traceback of a broken pipe into the bot's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Seconds between a worker's looks at whether its bot is still there.
WATCH_EVERY = 1.0


def worker() -> ProcessPoolExecutor:
    """A pool of one worker process."""
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_leave_with,
        initargs=(os.getpid(),),
    )


def _leave_with(parent: int) -> None:
    """In the worker: quiet, and gone as soon as `parent` is no longer its parent."""
    quiet = open(os.devnull, "w")  # noqa: SIM115  # for the worker's whole life
    sys.stdout = sys.stderr = quiet
    os.dup2(quiet.fileno(), 1)
    os.dup2(quiet.fileno(), 2)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-the-bot", daemon=True).start()


#: Every worker and pipe made, for `stop_all`.
WORKERS: list[Worker] = []
PIPES: list[Pipe] = []


async def stop_all() -> None:
    """Stop every worker process (at the bot process's end)."""
    for pipe in PIPES:
        pipe.stop()
    await asyncio.gather(*(worker.stop() for worker in WORKERS))


class Worker:
    """One worker process, started on first use, for `await run(fn, *args)`.

    A worker that died (killed, out of memory) is replaced once per call;
    where no process can be started, or a call cannot be sent to one (an
    argument that does not pickle), the call runs in a thread instead."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._process: Executor | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        WORKERS.append(self)

    async def stop(self) -> None:
        """Let the worker process go (it finishes the task it has), and its
        queue's semaphores with it; the next call starts another."""
        process, self._process = self._process, None
        if process is not None and process is not self._thread:
            await asyncio.to_thread(process.shutdown, wait=True, cancel_futures=True)

    def _executor(self) -> Executor:
        if self._process is None:
            try:
                self._process = worker()
            except (OSError, NotImplementedError):
                log.warning("no process for %s; working in a thread", self.name)
                self._process = self._thread
        return self._process

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            log.warning("the %s worker stopped; starting another", self.name)
            self._process = None
            return await loop.run_in_executor(self._executor(), fn, *args)
        except (pickle.PicklingError, TypeError, AttributeError):
            log.exception("work could not be sent to the %s worker; doing it here", self.name)
            return await loop.run_in_executor(self._thread, fn, *args)


#: A `Pipe`'s answer: its call's number and whether it failed, then its bytes
#: (or the pickled exception).
ANSWER = struct.Struct("!IB")
#: multiprocessing's frame: the length of what follows.
FRAME = struct.Struct("!i")


class WorkerDied(Exception):
    """The worker process went away with calls under way."""


def _serve(conn: Connection, parent: int) -> None:
    """In a `Pipe`'s worker: answer each call, in order, until the bot goes."""
    _leave_with(parent)
    while True:
        try:
            number, fn, args = pickle.loads(conn.recv_bytes())
        except EOFError:
            return
        try:
            out, failed = fn(*args), 0
            if not isinstance(out, bytes):
                raise TypeError(f"{fn!r} gave {type(out).__name__}, not bytes")
        except Exception as error:
            out, failed = pickle.dumps(error), 1
        conn.send_bytes(ANSWER.pack(number, failed) + out)


class Pipe:
    """One worker process for `await run(fn, *args)` where `fn` gives bytes:
    a call is one write to a socket, its answer read by the event loop when
    it comes (no thread, no pool). A worker that died is replaced once per
    call; where no process can be started, or a call cannot be sent (an
    argument that does not pickle), it runs in a thread instead. The worker
    serves whichever event loop calls it (tests run one after another)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self._process: multiprocessing.process.BaseProcess | None = None
        self._socket: socket.socket | None = None  # the bot's end, kept across event loops
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._attached: socket.socket | None = None  # the copy the loop's streams use
        self._reading: asyncio.Task[None] | None = None
        self._starting: asyncio.Lock | None = None
        self._calls: dict[int, asyncio.Future[bytes]] = {}
        self._numbers = iter(range(1, 2**32))
        self._no_process = False
        PIPES.append(self)

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def run(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        for attempt in range(2):
            writer = await self._connected()
            if writer is None:
                return await self._here(fn, *args)
            number = next(self._numbers)
            try:
                data = pickle.dumps((number, fn, args))
            except (pickle.PicklingError, TypeError, AttributeError):
                log.exception("work could not be sent to the %s worker; doing it here", self.name)
                return await self._here(fn, *args)
            answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
            self._calls[number] = answer
            writer.write(FRAME.pack(len(data)) + data)
            try:
                return await answer
            except WorkerDied:
                if attempt:
                    raise
                log.warning("the %s worker stopped; starting another", self.name)
        raise AssertionError("unreachable")

    async def _here(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def _connected(self) -> asyncio.StreamWriter | None:
        """The worker's socket in this event loop, the worker started first
        if it is not running; None if no process can run."""
        loop = asyncio.get_running_loop()
        if self._loop is loop and self._writer is not None and not self._writer.is_closing():
            return self._writer
        if self._no_process:
            return None
        if self._loop is not loop:  # another loop's streams and calls are gone with it
            self._detach()
            self._loop, self._writer, self._starting = loop, None, asyncio.Lock()
            self._calls = {}
        assert self._starting is not None
        async with self._starting:
            if self._writer is None or self._writer.is_closing():
                if self._process is not None and not self._process.is_alive():
                    self._lost()  # died meanwhile (between two event loops, say)
                try:
                    if self._socket is None:
                        self._socket = self._start()
                    self._writer = await self._attach(self._socket)
                except (OSError, NotImplementedError):
                    log.warning("no process for %s; working in a thread", self.name)
                    self._no_process = True
                    return None
            return self._writer

    def _start(self) -> socket.socket:
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=_serve, args=(theirs, os.getpid()), name=self.name, daemon=True
        )
        process.start()
        theirs.close()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM, fileno=os.dup(mine.fileno()))
        mine.close()
        self._process = process
        return sock

    async def _attach(self, sock: socket.socket) -> asyncio.StreamWriter:
        """This event loop reads and writes the worker's socket (a copy of it,
        which its streams close)."""
        self._attached = sock.dup()
        reader, writer = await asyncio.open_unix_connection(sock=self._attached)
        reading = self._read(reader, writer, self._process)
        self._reading = asyncio.create_task(reading, name=f"{self.name}-answers")
        return writer

    async def _read(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        process: multiprocessing.process.BaseProcess | None,
    ) -> None:
        calls = self._calls
        gone = False
        try:
            while True:
                (size,) = FRAME.unpack(await reader.readexactly(FRAME.size))
                data = await reader.readexactly(size)
                number, failed = ANSWER.unpack_from(data)
                answer = calls.pop(number, None)
                if answer is None or answer.done():
                    continue
                if failed:
                    answer.set_exception(pickle.loads(data[ANSWER.size :]))
                else:
                    answer.set_result(data[ANSWER.size :])
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            gone = True  # the worker went away
        finally:
            writer.close()
            if gone and self._process is process:
                self._lost()
            for answer in calls.values():
                if not answer.done():
                    answer.set_exception(WorkerDied(self.name))
            calls.clear()

    def _detach(self) -> None:
        """Let the copy of the socket another loop's streams used go (that
        loop may be closed already, so not through them)."""
        if self._attached is not None:
            self._attached.close()
            self._attached = None

    def _lost(self) -> None:
        """The worker is gone: the next call starts another."""
        if self._socket is not None:
            self._socket.close()
        self._socket, self._process, self._writer = None, None, None

    def stop(self) -> None:
        """End the worker (the bot stops)."""
        process = self._process
        if self._writer is not None and self._loop is not None and not self._loop.is_closed():
            self._writer.close()
        else:
            self._detach()
        self._lost()
        if process is not None:
            with contextlib.suppress(OSError, ValueError):
                process.kill()
