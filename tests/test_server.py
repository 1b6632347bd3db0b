"""The dev server (tools/server.py, `python build.py serve`) over real sockets on 127.0.0.1.

Bad paths answer 400, methods other than GET and HEAD answer 405 with an Allow header, and a connection
that sends nothing is closed after the idle timeout. Every socket here has a timeout, so a server that
never answers fails the test instead of hanging it.
"""

from __future__ import annotations

import select
import socket
import sys
import threading

import pytest

if sys.platform == "emscripten":
    pytest.skip("the dev server runs on CPython only", allow_module_level=True)

from tools.server import make_server  # noqa: E402

WAIT_S = 10.0  # the longest any answer may take here
IDLE_S = 0.5  # the idle timeout of the server under test


@pytest.fixture
def server(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>\n")
    (tmp_path / "a.txt").write_text("hello\n")
    httpd = make_server(tmp_path, 0, idle_timeout=IDLE_S)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def exchange(port: int, raw: bytes) -> bytes:
    """Sends `raw` and reads until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT_S) as conn:
        conn.sendall(raw)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def status_and_headers(answer: bytes) -> tuple[int, dict[str, str]]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    assert head[0].startswith("HTTP/1."), answer[:200]
    headers = dict(line.split(": ", 1) for line in head[1:])
    return int(head[0].split()[1]), {k.lower(): v for k, v in headers.items()}


def test_a_file_is_served_with_the_policy(server):
    status, headers = status_and_headers(exchange(server, b"GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n"))
    assert status == 200
    assert "require-trusted-types-for 'script'" in headers["content-security-policy"]


@pytest.mark.parametrize("path", ["/%ff", "/%c0%ae%c0%ae/etc/passwd", "/%c0%ae%c0%ae/", "/a%fe.txt", "/a%00.txt"])
def test_a_path_that_is_not_utf8_or_holds_nul_answers_400(server, path):
    for method in ("GET", "HEAD"):
        answer = exchange(server, f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        assert status_and_headers(answer)[0] == 400, (method, path)


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH"])
def test_other_methods_answer_405_with_allow(server, method):
    answer = exchange(server, f"{method} /a.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".encode())
    status, headers = status_and_headers(answer)
    assert status == 405
    assert headers["allow"] == "GET, HEAD"


def test_an_idle_connection_is_closed(server):
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT_S) as conn:
        assert conn.recv(1) == b""  # closed by the server, not by our timeout (that would raise)


def test_a_request_that_stops_halfway_is_closed(server):
    with socket.create_connection(("127.0.0.1", server), timeout=WAIT_S) as conn:
        conn.sendall(b"GET /a.txt HTTP/1.1\r\nHost: x\r\n")  # no blank line: the headers never end
        assert conn.recv(65536) == b""


def test_a_request_sent_a_byte_at_a_time_is_closed_when_its_time_is_up(tmp_path):
    """One byte every IDLE_S / 2 never lets the idle timeout fire: the whole request has REQUEST_S. The
    client would go on for far longer; the server closes the connection first."""
    (tmp_path / "a.txt").write_text("hello\n")
    httpd = make_server(tmp_path, 0, idle_timeout=IDLE_S, request_timeout=4 * IDLE_S)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with socket.create_connection(("127.0.0.1", httpd.server_address[1]), timeout=WAIT_S) as conn:
            closed = False
            for _ in range(200):  # 200 bytes at IDLE_S / 2 apart: 50 s, against a request time of 2 s
                try:
                    conn.sendall(b"X")
                except OSError:  # reset: the server closed it
                    closed = True
                    break
                ready, _, _ = select.select([conn], [], [], IDLE_S / 2)
                if ready:
                    closed = conn.recv(1) == b""
                    break
            assert closed
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_symbolic_link_out_of_the_folder_is_not_followed(tmp_path):
    served, outside = tmp_path / "dist", tmp_path / "secret"
    served.mkdir()
    outside.mkdir()
    (outside / "passwd").write_text("root:x:0:0\n")
    (served / "a.txt").write_text("hello\n")
    (served / "leak.txt").symlink_to(outside / "passwd")
    (served / "leakdir").symlink_to(outside, target_is_directory=True)
    (served / "inner.txt").symlink_to(served / "a.txt")  # a link that stays inside is served
    httpd = make_server(served, 0, idle_timeout=IDLE_S)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        port = httpd.server_address[1]
        for path in ("/leak.txt", "/leakdir/passwd"):
            answer = exchange(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            assert status_and_headers(answer)[0] == 404 and b"root:x" not in answer, path
        answer = exchange(port, b"GET /inner.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert status_and_headers(answer)[0] == 200 and answer.endswith(b"hello\n")
    finally:
        httpd.shutdown()
        httpd.server_close()
