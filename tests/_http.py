"""A local HTTP server for the tests that read URLs: 127.0.0.1, a free port, a thread, and a log of its requests.

Nothing reaches the internet.  Each path is a :class:`Route`: a list of
bodies served one per request, staying on the last (so a schedule can change
between two reads), with an ETag and Last-Modified unless told otherwise and
a ``304`` when the request's validators match; or a status, a redirect, a
delay, a declared length, a body or a status line that trickles.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LAST_MODIFIED = "Tue, 01 Dec 2026 08:00:00 GMT"


@dataclass
class Route:
    """What the server answers on one path."""

    bodies: list[bytes] = field(default_factory=list)
    status: int = 200
    location: str | None = None
    etag: bool = True
    last_modified: bool = True
    delay: float = 0.0
    declared_length: int | None = None
    """A Content-Length to send instead of the body's (-1: none, the body ends when the connection closes)."""
    served: int = 0
    trickle: float = 0.0
    """Seconds to wait between the body's 16-byte pieces."""
    answered: int = 0
    """Requests answered on this path while ``statuses`` is set."""
    pieces_sent: int = 0
    """The body pieces written so far (a trickled body goes 16 bytes at a time, else the body is one piece)."""
    load: Callable[[], list[bytes]] | None = None
    """When set, gives the bodies at each request (files read when asked for), instead of ``bodies``."""
    head_trickle: float = 0.0
    """Seconds to wait between the bytes of the status line and headers (a server that answers one byte at a time)."""
    head_bytes_sent: int = 0
    """The bytes of the status line and headers written so far when they trickle."""
    statuses: list[int] | None = None
    """When set, the status of each request in turn (staying on the last): 200 serves the next body, another is an error."""
    headers: dict[str, str] = field(default_factory=dict)
    """Headers sent with every answer on this path (``Retry-After``, say)."""


@dataclass
class Request:
    """One request the server answered: path, status, and the validators it carried."""

    path: str
    status: int
    if_none_match: str | None
    if_modified_since: str | None
    authorization: str | None = None


class LocalServer:
    """The server's routes and the requests it answered; ``url(path)`` is the address of a path."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[Request] = []
        self.stop = threading.Event()
        self.port = 0

    def url(self, path: str, scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.port}{path}"

    def serve(self, path: str, *bodies: bytes, **options: object) -> str:
        """Serve ``bodies`` at ``path`` (one per request, staying on the last) and return its URL."""
        self.routes[path] = Route(bodies=list(bodies), **options)  # type: ignore[arg-type]
        return self.url(path)

    def statuses(self, path: str) -> list[int]:
        """The statuses answered on ``path``, in order."""
        return [r.status for r in self.requests if r.path == path]


def _handler(server: LocalServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

        def do_GET(self) -> None:
            route = server.routes.get(self.path)
            if route is None:
                self._answer(404, b"not found\n", {})
                return
            if route.delay and server.stop.wait(route.delay):
                return
            if route.head_trickle:
                self._trickle_head(route)
                return
            if route.location is not None:
                self._answer(route.status, b"", {"Location": route.location, **route.headers})
                return
            bodies = route.load() if route.load is not None else route.bodies
            status = route.status
            if route.statuses is not None:
                status = route.statuses[min(route.answered, len(route.statuses) - 1)]
                route.answered += 1
            if status != 200 or not bodies:
                self._answer(status if status != 200 else 404, b"error\n", dict(route.headers))
                return
            body = bodies[min(route.served, len(bodies) - 1)]
            route.served += 1
            headers: dict[str, str] = dict(route.headers)
            tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            if route.etag:
                headers["ETag"] = tag
            if route.last_modified:
                headers["Last-Modified"] = LAST_MODIFIED
            unchanged = (route.etag and self.headers.get("If-None-Match") == tag) or (
                not route.etag and route.last_modified and self.headers.get("If-Modified-Since") == LAST_MODIFIED
            )
            if unchanged:
                self._answer(304, b"", headers)
                return
            if route.declared_length is not None and route.declared_length >= 0:
                headers["Content-Length"] = str(route.declared_length)
            self._answer(200, body, headers, length=route.declared_length != -1, trickle=route.trickle, route=route)

        def _trickle_head(self, route: Route) -> None:
            server.requests.append(Request(self.path, 200, None, None))
            head = b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-Pad-%d: %s\r\n" % (n, b"x" * 60) for n in range(50)) + b"\r\n"
            try:
                for byte in head:
                    if server.stop.wait(route.head_trickle):
                        return
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    route.head_bytes_sent += 1
            except OSError:  # the client gave up
                pass
            self.close_connection = True

        def _answer(
            self,
            status: int,
            body: bytes,
            headers: dict[str, str],
            *,
            length: bool = True,
            trickle: float = 0.0,
            route: Route | None = None,
        ) -> None:
            server.requests.append(
                Request(
                    self.path,
                    status,
                    self.headers.get("If-None-Match"),
                    self.headers.get("If-Modified-Since"),
                    self.headers.get("Authorization"),
                )
            )
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            if length and "Content-Length" not in headers:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if status != 304:
                try:
                    pieces = [body[i : i + 16] for i in range(0, len(body), 16)] if trickle else [body]
                    for piece in pieces:
                        if trickle and server.stop.wait(trickle):
                            return
                        self.wfile.write(piece)
                        self.wfile.flush()
                        if route is not None:
                            route.pieces_sent += 1
                except OSError:  # the client gave up (a size or time limit): nothing to do
                    pass

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a TLS handshake sent to plain HTTP, or a client that gave up: not the test's concern


@contextmanager
def local_server() -> Iterator[LocalServer]:
    """Run a :class:`LocalServer` on 127.0.0.1 on a free port for the duration of the block."""
    state = LocalServer()
    httpd = _Server(("127.0.0.1", 0), _handler(state))
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        state.stop.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join()
