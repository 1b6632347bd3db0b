#!/usr/bin/env python3
"""Build, serve and test Tokenizer Lab. Standard library only.

    python build.py                      write dist/ (the whole static site)
    python build.py serve [--port N]     build when needed, serve dist/ on 127.0.0.1
    python build.py test                 every test: CPython, Pyodide under Node, Chromium
    python build.py test --stage browser one stage (cpython, node, pyodide, browser; repeatable)

dist/ holds the front end (a copy of web/), Pyodide's core runtime in pyodide/, the micropip and
toklab wheels in wheels/, the r50k files in assets/ and precomputed.json (the default example's
answers, computed here on CPython by the same toklab.webapi.handle the worker runs). The Python the
worker imports is also compiled to bytecode here, by Pyodide itself under Node, which also makes the
start-up snapshot the worker restores Python from (snapshot/engine.bin; none without Node).

Downloads are checked against pinned sha256 hashes and cached in .cache/, so a second build needs no
network. A build is written to a temporary folder and renamed into place: dist/ is either the old
complete build or the new complete build, never half of one.

This file is the command line; the work is done in tools/ (tools/__init__.py lists its modules).
"""

from __future__ import annotations

import argparse
import sys

from tools.common import BuildError
from tools.dist import build, ensure_built
from tools.server import CSP, check_port, make_server, serve
from tools.testrun import STAGES, run_tests

# What other scripts use as build.X (bench/page_load.py, tests/browser/test_smoke.py).
__all__ = ["CSP", "BuildError", "build", "ensure_built", "main", "make_server"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="write dist/ (the default)")
    serve_parser = sub.add_parser("serve", help="build when needed, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    test_parser = sub.add_parser("test", help="run every test (CPython, Pyodide under Node, Chromium)")
    test_parser.add_argument("--stage", action="append", choices=list(STAGES), help="run only this stage (repeatable)")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            check_port(args.port)
            return serve(ensure_built(), args.port)
        if args.command == "test":
            return run_tests(args.stage)
        build()
        return 0
    except BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr, flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
