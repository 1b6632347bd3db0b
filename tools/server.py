"""The static file server: `build.py serve`, the browser tests' server and bench/page_load.py's.

It serves one folder on 127.0.0.1 with the MIME types a static host must send, the page's
Content-Security-Policy as a header, and no directory listings. It answers GET and HEAD; any other
method of HTTP/1.1 gets 405 with an Allow header, a path that is not UTF-8 once decoded (`/%ff`, the
overlong `/%c0%ae%c0%ae/`) 400, a connection that sends nothing for IDLE_TIMEOUT seconds is closed, and
so is one whose request is not over after REQUEST_TIMEOUT seconds (a byte every few seconds never lets
the idle timeout fire). Only files inside the folder are served: a symbolic link that leads out of it
answers 404, like a file that is not there.
"""

from __future__ import annotations

import functools
import http.server
import os
import signal
import socket
import threading
from http import HTTPStatus
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote

from tools.common import BuildError

# The page's Content-Security-Policy. web/index.html carries it in a <meta> tag; serve() and the test
# server also send it as a header, because a <meta> policy does not reach a worker: the worker runs
# under the policy of its own script's response.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types default"
)

IDLE_TIMEOUT = 30.0  # seconds a connection may wait between the bytes of a request
REQUEST_TIMEOUT = 60.0  # seconds one request may take in all, from its first byte awaited to its answer sent
ALLOWED = "GET, HEAD"

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".map": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".bpe": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves one folder with the right MIME types and the page's CSP; records every path asked for.

    A folder answers with its index.html, or 404 (never a listing); a path holding a NUL byte
    (`/a%00.txt`) or bytes that are not UTF-8 answers 400; POST, PUT, DELETE, OPTIONS, TRACE, PATCH and
    CONNECT answer 405 (other methods 501, as the standard library does).
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    requests_seen: list[str] | None = None
    timeout = IDLE_TIMEOUT  # socketserver.StreamRequestHandler sets it on the connection's socket
    request_timeout = REQUEST_TIMEOUT

    def handle_one_request(self) -> None:
        """One request, closed when it is not over within request_timeout seconds (the socket's timeout
        bounds each wait, not their sum)."""
        timer = threading.Timer(self.request_timeout, self.cut_off)
        timer.daemon = True
        timer.start()
        try:
            super().handle_one_request()
        finally:
            timer.cancel()

    def cut_off(self) -> None:
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)  # the read or write under way returns at once
        except OSError:
            pass

    def end_headers(self) -> None:
        if getattr(self, "_refused_method", False):
            self.send_header("Allow", ALLOWED)
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        if self.requests_seen is not None:
            self.requests_seen.append(self.path)
        try:
            super().do_GET()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            pass  # the browser dropped the connection (a cancelled or superseded load) or stopped reading

    def refuse_method(self) -> None:
        self._refused_method = True
        self.send_error(HTTPStatus.METHOD_NOT_ALLOWED, f"This server answers {ALLOWED} only")

    do_POST = do_PUT = do_DELETE = do_OPTIONS = do_TRACE = do_PATCH = do_CONNECT = refuse_method

    def send_head(self) -> BinaryIO | None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        try:
            decoded = unquote(path, errors="strict")
        except UnicodeDecodeError:
            self.send_error(HTTPStatus.BAD_REQUEST, "The path is not UTF-8")
            return None
        if "\0" in decoded:
            self.send_error(HTTPStatus.BAD_REQUEST, "The path holds a NUL byte")
            return None
        if not self.inside(self.translate_path(self.path)):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        return super().send_head()

    def inside(self, path: str) -> bool:
        """Whether `path`, every symbolic link on the way followed, is in the served folder."""
        root = os.path.realpath(self.directory)
        return os.path.commonpath([root, os.path.realpath(path)]) == root

    def list_directory(self, path: str) -> None:
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if str(getattr(code, "value", code)).startswith(("4", "5")):
            super().log_request(code, size)


def make_server(directory: Path, port: int = 0, requests_seen: list[str] | None = None,
                idle_timeout: float = IDLE_TIMEOUT, request_timeout: float = REQUEST_TIMEOUT) -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` on 127.0.0.1 (port 0 = a free port); call serve_forever() on it."""
    handler = type("Handler", (StaticHandler,), {"requests_seen": requests_seen, "timeout": idle_timeout,
                                                 "request_timeout": request_timeout})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def check_port(port: int) -> None:
    """Refuse a port no server can listen on.

    >>> check_port(8000)
    >>> check_port(70000)
    Traceback (most recent call last):
    tools.common.BuildError: --port 70000: a port must be 1-65535
    """
    if not 1 <= port <= 65535:
        raise BuildError(f"--port {port}: a port must be 1-65535")


def serve(directory: Path, port: int) -> int:
    """Serve `directory` on 127.0.0.1:port until Ctrl-C or SIGTERM; returns the exit status."""
    check_port(port)
    try:
        server = make_server(directory, port)
    except OSError as e:
        raise BuildError(f"cannot listen on 127.0.0.1:{port} ({e.strerror}): pick another port with --port N") from e

    def stop(*_: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
    return 0
