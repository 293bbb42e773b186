"""One client's connection as the host sees it: the frames going out, and who it is.

Frames are written at once into the transport's buffer, so a table telling five seats about
an action never waits on any of them; a flusher task drains the buffer with a timeout. A
client whose buffer grows past a limit, or that does not drain in time, is dropped: one
slow or stalled reader must not hold frames for everyone else in the host's memory.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Callable

from liar_tui.net.addresses import address_key
from liar_tui.net.protocol import FrameError, HostFrame, encode_frame

logger = logging.getLogger(__name__)

FRAMES_PER_SECOND = 30.0
"""Frames a client may send each second, on average: far more than a person or a bot
playing flat out sends, far fewer than a flood that would crowd other connections out."""
FRAME_BURST = 120.0
"""Frames a client may send at once above that rate (a reconnect resuming many seats)."""
DRAIN_TIMEOUT = 10.0
"""Seconds a client may take to read what it was sent before the host gives up on it."""
MAX_BUFFERED_BYTES = 4 * 1024 * 1024
"""Unread bytes a client may fall behind by: hundreds of updates, far more than a game sends
between two reads of a live client."""


class Connection:
    """The writing half of a client connection, and what the client said about itself."""

    def __init__(
        self,
        writer: asyncio.StreamWriter,
        encode: Callable[[HostFrame], bytes] = encode_frame,
        drain_timeout: float = DRAIN_TIMEOUT,
        max_buffered: int = MAX_BUFFERED_BYTES,
        frames_per_second: float = FRAMES_PER_SECOND,
    ) -> None:
        self._writer = writer
        peer = _address_of(writer)
        self.is_local = _is_local(peer)
        """From this machine: a Unix socket or loopback, as every SSH door session is."""
        self.address = address_key(peer)
        """The client's address as limits count it (an IPv6 /64 is one); empty for a Unix
        socket."""
        self._frame_rate = frames_per_second
        self._frame_allowance = FRAME_BURST
        self._allowance_time = asyncio.get_running_loop().time()
        self._encode = encode
        self._drain_timeout = drain_timeout
        self._max_buffered = max_buffered
        self.name: str | None = None
        """The name from Hello; None until the client has said Hello."""
        self.tokens: set[str] = set()
        """The seat tokens this connection plays (taken or resumed here)."""
        self._closed = False
        self._wake = asyncio.Event()
        self._flusher = asyncio.create_task(self._flush())

    def allow_frame(self) -> bool:
        """Count one frame from the client against its rate (a token bucket); False when
        it sends faster than :data:`FRAMES_PER_SECOND` beyond its burst."""
        now = asyncio.get_running_loop().time()
        elapsed = now - self._allowance_time
        self._allowance_time = now
        self._frame_allowance = min(FRAME_BURST, self._frame_allowance + elapsed * self._frame_rate)
        if self._frame_allowance < 1.0:
            return False
        self._frame_allowance -= 1.0
        return True

    @property
    def greeted(self) -> bool:
        return self.name is not None

    @property
    def closed(self) -> bool:
        return self._closed

    def send(self, frame: HostFrame) -> None:
        """Queue one frame without waiting; a client too far behind is dropped instead."""
        if self._closed:
            return
        try:
            data = self._encode(frame)
        except FrameError:
            logger.exception("a %s frame could not be sent", type(frame).__name__)
            return
        self.send_encoded(data)

    def send_encoded(self, data: bytes) -> None:
        """Queue a frame already encoded: one frame for many connections is encoded once."""
        if self._closed:
            return
        self._writer.write(data)
        if self._writer.transport.get_write_buffer_size() > self._max_buffered:
            logger.warning("dropping a client that has not read %d bytes", self._max_buffered)
            self.abort()
            return
        self._wake.set()

    def close(self) -> None:
        """Close once the frames already sent have gone out (the transport flushes them)."""
        if self._closed:
            return
        self._closed = True
        self._flusher.cancel()
        self._writer.close()

    def abort(self) -> None:
        """Close at once, dropping whatever the client has not read."""
        if self._closed:
            return
        self._closed = True
        self._flusher.cancel()
        self._writer.transport.abort()

    async def _flush(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                await asyncio.wait_for(self._writer.drain(), self._drain_timeout)
        except TimeoutError:
            logger.warning("dropping a client that read nothing for %g s", self._drain_timeout)
            self.abort()
        except ConnectionError:
            self.abort()


def _is_local(address: str) -> bool:
    if not address:
        return True
    try:
        return ipaddress.ip_address(address.removeprefix("::ffff:")).is_loopback
    except ValueError:
        return False


def _address_of(writer: asyncio.StreamWriter) -> str:
    peer = writer.get_extra_info("peername")
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return ""
