"""Takes JavaScript away from the lab's Python before any student code runs.

The lab's worker seals its JavaScript global object (web/lab-seal.mjs), but Pyodide's bridge would still
let Python code make JavaScript objects: `import js` then `js.Uint8Array.new(256 << 20)` in a loop fills
gigabytes outside Python's own WebAssembly memory, which the worker caps. Student code needs no
JavaScript at all, so the bridge goes: the modules that reach JavaScript (`js`, `pyodide_js`, `pyodide`
and its parts, Pyodide's C core, `ctypes`) are removed from `sys.modules` and refused on import, and every
loaded module's names that still hold a way over (a JavaScript object's proxy, one of those modules, a
function or class of theirs) are deleted, so neither an import nor a module's variables reach it.

    >>> blocked("js"), blocked("pyodide.ffi"), blocked("json")
    (True, True, False)

The lab's worker calls `take_javascript_away()` once it has computed the exercise's inputs and before it
seals itself; its own calls into Python (harness.produce, steps.watch_bpe) go through Pyodide's C API,
which needs none of these modules. The worker runs one student's code and is then replaced.
"""

from __future__ import annotations

import gc
import sys

# Top-level names whose module, and every submodule of it, reaches JavaScript.
BRIDGES = ("js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core")
# Also refused on import: raw memory (ctypes), and the garbage collector's list of every object.
REFUSED = (*BRIDGES, "ctypes", "_ctypes", "gc")
MESSAGE = "the lab's Python has no JavaScript and no {name}: your code computes with Python alone"


def blocked(name: str, names: tuple[str, ...] = REFUSED) -> bool:
    """Whether a module name is one of `names` or inside one."""
    return name.split(".", 1)[0] in names


class Refuse:
    """A finder first on sys.meta_path: a bridge's import fails with a message saying why."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if blocked(name):
            raise ModuleNotFoundError(MESSAGE.format(name=name), name=name)
        return None


def _is_bridge(value, proxy: type | None) -> bool:
    """A JavaScript object's proxy, a refused module, or a function or class of one."""
    kind = type(value)
    if (proxy is not None and isinstance(value, proxy)) or blocked(getattr(kind, "__module__", "") or "", BRIDGES):
        return True
    if kind is type(sys):
        return blocked(value.__name__)
    owner = getattr(value, "__module__", None)
    return isinstance(owner, str) and blocked(owner) and callable(value)


def take_javascript_away() -> None:
    """Removes the bridges as the module docstring says. Raises when one is still importable."""
    collect = gc.collect
    gone = [name for name in sys.modules if blocked(name)]
    proxy = getattr(sys.modules.get("pyodide.ffi"), "JsProxy", None)
    for module in list(sys.modules.values()):
        names = getattr(module, "__dict__", None)
        if not isinstance(names, dict) or module is sys:
            continue
        for key, value in list(names.items()):
            try:
                bridge = _is_bridge(value, proxy)
            except Exception:  # a proxy that cannot even say its type is a bridge too
                bridge = True
            if bridge:
                del names[key]
    for name in gone:
        del sys.modules[name]
    sys.meta_path[:] = [Refuse, *(f for f in sys.meta_path if not blocked(getattr(type(f), "__module__", "") or ""))]
    collect()
    for name in ("js", "pyodide_js", "pyodide.ffi", "_pyodide_core", "gc"):
        try:
            __import__(name)
        except ImportError:
            continue
        raise RuntimeError(f"the lab could not take {name} away")
