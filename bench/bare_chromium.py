"""Chromium driven through its DevTools pipe with nothing switched on: bench/page_memory.py --bare.

Playwright switches on the Network domain in every page and worker it attaches to, and DevTools then
keeps a copy of each response body for Network.getResponseBody (in the renderer, Blink's buffer
partition); that copy is the tool's, not the page's. Here the page is opened with
--remote-debugging-pipe and only the calls the bench makes: Target (to reach the page and its workers),
Emulation (the viewport), Page.navigate, Runtime.evaluate, HeapProfiler.collectGarbage,
Runtime.getHeapUsage, Performance.getMetrics and Tracing (the memory dump). No Network, no Fetch, no
console recording. The worker's script is swapped for bench/worker_probe.mjs by the server itself
(`probe_server`), not by interception.

The classes answer the few calls page_memory.scenario makes of Playwright's page, worker and CDP session.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from http import HTTPStatus
from pathlib import Path

HERE = Path(__file__).resolve().parent


def probe_server(directory: Path):
    """A server for `directory` (tools.server's) whose /worker.mjs, without a query, is bench/worker_probe.mjs;
    (server, url). The probe imports /worker.mjs?bench-original, which is the real file."""
    from tools.server import make_server

    server = make_server(directory, 0)
    base = server.RequestHandlerClass
    probe = (HERE / "worker_probe.mjs").read_bytes()

    class Probe(base.func):
        def send_head(self):
            if self.path != "/worker.mjs":
                return super().send_head()
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(probe)))
            self.end_headers()
            return io.BytesIO(probe)

    server.RequestHandlerClass = lambda *args, **kwargs: Probe(*args, **kwargs, **base.keywords)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class Browser:
    """One Chromium on a DevTools pipe (fd 3 in, fd 4 out; each message JSON ended by a NUL byte)."""

    def __init__(self, executable: str, args: list[str], width: int, height: int):
        self.profile = tempfile.mkdtemp(prefix="toklab-bare-")
        to_chromium, self._out = os.pipe()
        self._in, from_chromium = os.pipe()
        # The child's ends, first moved above 4 so that placing them at 3 and 4 clobbers neither; the
        # copies dup2 makes are inheritable, the originals (Python's) are closed at exec.
        child = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_chromium, from_chromium)]
        os.close(to_chromium)
        os.close(from_chromium)

        def place():
            os.dup2(child[0], 3)
            os.dup2(child[1], 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--no-first-run", "--no-default-browser-check", *args, "about:blank"],
            close_fds=False, preexec_fn=place, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in child:
            os.close(fd)
        self._next = 0
        self._lock = threading.Lock()
        self._waiting: dict[int, tuple[threading.Event, list]] = {}
        self._listeners: dict[str, list] = {}
        self.attached: list[dict] = []  # Target.attachedToTarget events' params
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        pending = b""
        while True:
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                break
            pending += chunk
            while b"\0" in pending:
                raw, pending = pending.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    event, box = self._waiting.pop(message["id"])
                    box.append(message)
                    event.set()
                    continue
                if message.get("method") == "Target.attachedToTarget":
                    self.attached.append(message["params"])
                for listener in list(self._listeners.get(message.get("method"), ())):
                    listener(message.get("params", {}))

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 120) -> dict:
        with self._lock:
            self._next += 1
            ident = self._next
        event, box = threading.Event(), []
        self._waiting[ident] = (event, box)
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        if not event.wait(timeout):
            raise TimeoutError(f"{method}: no answer in {timeout} s")
        reply = box[0]
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error'].get('message')}")
        return reply.get("result", {})

    # What memory_dump needs of a CDP session: on, remove_listener, send.
    def on(self, method: str, listener) -> None:
        self._listeners.setdefault(method, []).append(listener)

    def remove_listener(self, method: str, listener) -> None:
        self._listeners.get(method, []).remove(listener)

    def new_page(self, width: int, height: int) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True}, session)
        return Page(self, session)

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=10)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def _call(expression: str, arg) -> str:
    """`expression` (a function's source) called with `arg`, as one expression for Runtime.evaluate."""
    return f"({expression})({json.dumps(arg)})" if arg is not None else f"({expression})()"


class Session:
    """A target's session: send(), and evaluate() of a function's source as Playwright's evaluate does."""

    def __init__(self, browser: Browser, session: str):
        self.browser, self.session = browser, session

    def send(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression: str, arg=None):
        reply = self.send("Runtime.evaluate", {"expression": _call(expression, arg), "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in reply:
            raise RuntimeError(reply["exceptionDetails"].get("exception", {}).get("description", "evaluation failed"))
        return reply["result"].get("value")


    def array_buffers(self) -> list[int]:
        """The sizes of the ArrayBuffers' contents this target's JavaScript holds after a collection (a heap
        snapshot's "system / JSArrayBufferData" nodes), largest first; a WebAssembly memory is one of them."""
        chunks: list[str] = []

        def collect(params):
            chunks.append(params["chunk"])

        self.browser.on("HeapProfiler.addHeapSnapshotChunk", collect)
        try:
            self.send("HeapProfiler.enable")
            self.send("HeapProfiler.collectGarbage")
            self.browser.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False}, self.session, timeout=600)
            self.send("HeapProfiler.disable")
        finally:
            self.browser.remove_listener("HeapProfiler.addHeapSnapshotChunk", collect)
        snapshot = json.loads("".join(chunks))
        fields = snapshot["snapshot"]["meta"]["node_fields"]
        name, size, nodes = fields.index("name"), fields.index("self_size"), snapshot["nodes"]
        wanted = snapshot["strings"].index("system / JSArrayBufferData") if "system / JSArrayBufferData" in snapshot["strings"] else -1
        found = [nodes[i + size] for i in range(0, len(nodes), len(fields)) if nodes[i + name] == wanted]
        return sorted(found, reverse=True)


class Page(Session):
    @property
    def workers(self) -> list[Session]:
        return [Session(self.browser, info["sessionId"]) for info in self.browser.attached
                if info["targetInfo"]["type"] == "worker"]

    def goto(self, url: str) -> None:
        self.send("Page.navigate", {"url": url})

    def wait_for_function(self, expression: str, arg=None, timeout: float = 30_000, polling: float = 100) -> None:
        end = time.monotonic() + timeout / 1000
        while not self.evaluate(expression, arg):
            if time.monotonic() > end:
                raise TimeoutError(f"not true within {timeout / 1000:.0f} s: {expression}")
            time.sleep(polling / 1000)

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)
