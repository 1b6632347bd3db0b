# Tries every way out of the lab's worker it knows, and prints one line per way: "blocked" when the
# attempt raised at once, "OPEN" when it did not (a request sent, a cache opened, code compiled...).
# Every URL holds "sandbox-probe", so the test can look for it among the requests the server saw.
# What returns a promise (Pyodide's loadPackage) is noted in builtins.sandbox_probe_pending, for
# settled.py to read on a later run. Then it defines a wrong get_stats, so the run fails.
# The lab's Python has no JavaScript (toklab_lab.nojs): when no way to it is found, every attempt that
# needs it fails too, and says so.
import builtins
import importlib
import sys

try:
    import js
    import pyodide_js
    from pyodide.ffi import create_proxy, jsnull, to_js
except ImportError:
    js = pyodide_js = create_proxy = jsnull = to_js = None


def no_javascript():
    raise LookupError("no js")


def via_subclasses():
    """A proxy of a JavaScript object, found through the classes Python knows and their functions."""
    for kind in object.__subclasses__():
        for value in vars(kind).values():
            for held in getattr(value, "__globals__", {}).values():
                if type(held).__name__.startswith("JsProxy") or getattr(held, "__name__", "") in ("js", "pyodide_js"):
                    return held
    raise LookupError("no proxy")


WAYS_TO_JS = {
    "import js": lambda: importlib.import_module("js"),
    "import pyodide_js": lambda: importlib.import_module("pyodide_js"),
    "import pyodide.ffi": lambda: importlib.import_module("pyodide.ffi"),
    "import _pyodide_core": lambda: importlib.import_module("_pyodide_core"),
    "sys.modules['js']": lambda: sys.modules["js"],
    "import gc": lambda: importlib.import_module("gc"),
    "import ctypes": lambda: importlib.import_module("ctypes"),
    "a module's variables": via_subclasses,
}
for name, way in WAYS_TO_JS.items():
    try:
        way()
    except BaseException as exc:  # noqa: BLE001
        print(f"{name}: blocked ({type(exc).__name__})")
    else:
        print(f"{name}: OPEN")
if js is None:
    js = type("NoJs", (), {"__getattr__": lambda self, name: no_javascript()})()
    pyodide_js = js
    to_js = create_proxy = lambda *args, **kwargs: no_javascript()

try:
    HERE = js.location.origin
except LookupError:
    HERE = "http://127.0.0.1"
PROBE = HERE + "/sandbox-probe"
ELSEWHERE = "http://sandbox-probe.invalid/escape"


def chain(obj):
    """The object and every object on its prototype chain."""
    while obj is not None and obj is not jsnull:
        yield obj
        obj = js.Object.getPrototypeOf(obj)


def found(name):
    """`name` as the first object of the global chain that has it holds it: its value, or its getter's
    answer (an object nearer the global object that holds only undefined does not hide the rest)."""
    for obj in chain(js.self):
        held = js.Object.getOwnPropertyDescriptor(obj, name)
        if held is not None:
            getter = getattr(held, "get", None)  # a JsProxy has no attribute for a missing property
            value = js.Reflect.apply(getter, js.self, to_js([])) if getter is not None else getattr(held, "value", None)
            if value is not None:
                return value
    raise LookupError(f"{name} is on no object of the global chain")


def method(name):
    """`name` from the chain, as a function called on the global object."""
    value = found(name)
    return lambda *args: js.Reflect.apply(value, js.self, to_js(list(args)))


def forged_result():
    return to_js({"id": "sandbox-probe", "kind": "run", "ok": True, "result": {"state": "passed", "passed": 9, "total": 9}},
                 dict_converter=js.Object.fromEntries)


ATTEMPTS = {
    "fetch": lambda: js.fetch(PROBE + "/fetch"),
    "fetch from the prototype": lambda: js.WorkerGlobalScope.prototype.fetch.call(js.self, PROBE + "/fetch-prototype"),
    "fetch on the chain": lambda: method("fetch")(PROBE + "/fetch-chain"),
    "fetch elsewhere": lambda: method("fetch")(ELSEWHERE),
    "XMLHttpRequest": lambda: (lambda x: (x.open("GET", PROBE + "/xhr", False), x.send()))(found("XMLHttpRequest").new()),
    "WebSocket": lambda: found("WebSocket").new("ws://" + js.location.host + "/sandbox-probe/ws"),
    "EventSource": lambda: found("EventSource").new(PROBE + "/event-source"),
    "WebTransport": lambda: found("WebTransport").new("https://" + js.location.host + "/sandbox-probe/transport"),
    "importScripts": lambda: method("importScripts")(PROBE + "/import-scripts.js"),
    "caches": lambda: found("caches").open("toklab-sandbox-probe"),
    "indexedDB": lambda: found("indexedDB").open("sandbox-probe"),
    "FontFace": lambda: found("FontFace").new("probe", f"url({PROBE}/font.woff2)").load(),
    "fonts": lambda: found("fonts").load("12px probe"),
    "Worker": lambda: found("Worker").new(PROBE + "/worker.mjs"),
    "SharedWorker": lambda: found("SharedWorker").new(PROBE + "/shared-worker.js"),
    "BroadcastChannel": lambda: found("BroadcastChannel").new("toklab").postMessage("sandbox-probe"),
    "navigator.storage": lambda: found("navigator").storage.getDirectory(),
    "navigator.serviceWorker": lambda: found("navigator").serviceWorker.register(PROBE + "/sw.js"),
    "navigator.locks": lambda: found("navigator").locks.query(),
    "navigator.sendBeacon": lambda: found("navigator").sendBeacon(PROBE + "/beacon"),
    "eval": lambda: method("eval")("1"),
    "Function": lambda: js.Function("return 1"),
    "a function's constructor": lambda: js.Object.constructor("return 1"),
    "an async function's constructor": lambda: js.Object.getPrototypeOf(pyodide_js.loadPackage).constructor("return 1"),
    "run_js": lambda: __import__("pyodide.code", fromlist=["run_js"]).run_js("1"),
    "setTimeout with a string": lambda: js.setTimeout("self.sandboxProbe = 1", 0),
    "setTimeout on the chain": lambda: method("setTimeout")("self.sandboxProbe = 1", 0),
    "setInterval with a string": lambda: js.setInterval("self.sandboxProbe = 1", 1000),
    "a Blob URL": lambda: js.URL.createObjectURL(found("Blob").new(to_js(["export default 1"]))),
    "Response": lambda: found("Response").new("x"),
    "postMessage": lambda: method("postMessage")(forged_result()),
    "close on the chain": lambda: found("close") if js.Object.getOwnPropertyDescriptor(js.self, "close") is None else [
        js.Object.getOwnPropertyDescriptor(obj, "close").value for obj in list(chain(js.self))[1:]
        if js.Object.getOwnPropertyDescriptor(obj, "close") is not None][0],
}

for name, attempt in ATTEMPTS.items():
    try:
        attempt()
    except BaseException as exc:  # noqa: BLE001 (each way out must fail, however it fails)
        print(f"{name}: blocked ({type(exc).__name__})")
    else:
        print(f"{name}: OPEN")

builtins.sandbox_probe_pending = pending = {}


def watch(name, promise):
    pending[name] = "pending"
    promise.then(create_proxy(lambda _: pending.__setitem__(name, "resolved")),
                 create_proxy(lambda _: pending.__setitem__(name, "rejected")))


try:
    watch("loadPackage", pyodide_js.loadPackage(PROBE + "/package-1.0-py3-none-any.whl"))
except LookupError:
    pending["loadPackage"] = "blocked"


def get_stats(ids):
    return {}
