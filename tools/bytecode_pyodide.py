"""Runs inside Pyodide under Node (tools/bytecode.mjs): writes checked-hash .pyc files into /out.

bytecode.mjs runs this file right after Pyodide's start-up, so BEFORE holds the modules Pyodide itself
imported; then it loads micropip, installs the toklab wheel and calls main(). main() answers the page's
first requests (TOKLAB_REQUESTS), so every module the worker needs for them is imported, and compiles
the standard library modules imported since start-up and every module of the two wheels (toklab
imports some lazily, for the lessons that need them):

    /out/stdlib/<path in the stdlib zip>.pyc           beside its .py (zipimport looks for mod.pyc)
    /out/site/<package>/__pycache__/<module>.cpython-314.pyc
"""

import sys

BEFORE = set(sys.modules)  # first, before this file imports anything: Pyodide's own start-up

import importlib.util  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
from importlib._bootstrap_external import _code_to_hash_pyc  # noqa: E402


def imported_sources(stdlib: str, site: str) -> list[tuple[object, str]]:
    """(loader or None, origin) of each module to compile, by origin; a None loader means a plain file."""
    origins = {
        (module.__spec__.loader, module.__spec__.origin)
        for name, module in sys.modules.items()
        if name not in BEFORE and getattr(getattr(module, "__spec__", None), "origin", None)
    }
    packages = [os.path.join(site, package) for package in ("toklab", "micropip")]
    origins |= {
        (None, os.path.join(folder, file))
        for package in packages
        for folder, _, files in os.walk(package)
        for file in files
        if file.endswith(".py")
    }
    return sorted(origins, key=lambda item: item[1])


def pyc_target(origin: str, stdlib: str, site: str) -> str | None:
    """Where origin's .pyc goes under /out, or None for a module outside the stdlib zip and site-packages.
    A .pyc's name carries the running Python's tag (cpython-314 in Pyodide).

    >>> pyc_target("/lib/python314.zip/urllib/parse.py", "/lib/python314.zip", "/lib/python3.14/site-packages")
    'stdlib/urllib/parse.pyc'
    >>> pyc_target("/lib/python3.14/site-packages/toklab/bpe.py", "/lib/python314.zip", "/lib/python3.14/site-packages")
    'site/toklab/__pycache__/bpe.cpython-3...pyc'
    >>> pyc_target("/home/pyodide/script.py", "/lib/python314.zip", "/lib/python3.14/site-packages") is None
    True
    """
    if origin.startswith(stdlib + "/"):
        return "stdlib/" + origin[len(stdlib) + 1 :] + "c"
    if origin.startswith(site + "/"):
        return "site/" + importlib.util.cache_from_source(origin)[len(site) + 1 :]
    return None


def main() -> None:
    """Answer the page's first requests, then write a .pyc for every module to compile."""
    from toklab.webapi import handle  # installed by bytecode.mjs after this file ran

    requests = json.loads(os.environ.get("TOKLAB_REQUESTS", "[]"))
    print(f"step 3/4: answering the page's {len(requests)} first requests", flush=True)
    for kind, payload in requests:
        handle(kind, json.dumps(payload))
    stdlib, site = os.environ["TOKLAB_STDLIB"], os.environ["TOKLAB_SITE"]
    # Compiled first, written after: marshal flags an object it sees with more than one reference
    # (FLAG_REF), so holding each code object in `compiled` while it is written keeps the .pyc bytes
    # the same from one build to the next, and as they were when this loop ran at module level.
    compiled = {}  # target -> (code object, source hash)
    sources = imported_sources(stdlib, site)
    for n, (loader, origin) in enumerate(sources):
        if n % 100 == 0:
            print(f"step 4/4: compiling {len(sources)} modules, {n} done", flush=True)
        target = pyc_target(origin, stdlib, site) if origin.endswith(".py") else None
        if target is None or target in compiled:
            continue
        if loader is not None:
            source = loader.get_data(origin)
        else:
            with open(origin, "rb") as f:
                source = f.read()
        compiled[target] = compile(source, origin, "exec", dont_inherit=True), importlib.util.source_hash(source)
    for target, (code, source_hash) in compiled.items():
        os.makedirs(os.path.dirname("/out/" + target), exist_ok=True)
        with open("/out/" + target, "wb") as f:
            f.write(_code_to_hash_pyc(code, source_hash, checked=True))
