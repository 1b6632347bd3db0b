"""toklab against the JavaScript tokenizers a page would use instead, in one headless Chromium page.

    python bench/peers [--scripts english,chinese,japanese,python] [--mb 0.5] [--tables r50k_base,...]
                       [--libraries tiktoken,...] [--markdown] [--dist DIR]

Prints one table, asserts nothing. toklab is the built app's engine (dist/, built first when it is not
current): Pyodide booted in the page from dist/ as the app's worker boots it, each table's file fetched
from dist/ into Python's file system as the worker fetches it, and loaded through toklab's registries
(bench/peers/toklab_side.py). Its peers, bundled from pinned npm tarballs (bench/peers/assets.py) and
served beside dist/ but never part of it, load their own files from the same local server:

    OpenAI's r50k_base, cl100k_base, o200k_base   tiktoken@1.0.22 (its WASM build), gpt-tokenizer@4.0.0,
                                                  js-tiktoken@1.0.21
    qwen3, deepseek_v3, llama3, gemma3, minimind  @huggingface/tokenizers@0.2.0, from the genuine
                                                  tokenizer.json each compact form of the app is made from
    SentencePiece's llama2, mistral               llama-tokenizer-js@1.2.2, mistral-tokenizer-js@1.0.0

The text is bench/corpora.py's held-out real text, the same for every library: --mb MB of each script
named, one after the other. For each table and library, in this order (toklab first, each library's
tokenizer let go before the next is loaded):
  - load: from nothing of that table in memory to a tokenizer ready (its file fetched from the server
    and read, or its module fetched and evaluated); what a library needs once for every table (toklab's
    Pyodide, tiktoken's WebAssembly) is printed apart, under "start-up";
  - cold: the first encode of the text by that fresh tokenizer (no piece cached); warm: the same again;
  - tokens, and whether the ids are toklab's (else the first index where they differ).
Each figure is the renderer process's CPU time (Chrome DevTools Protocol, Performance.getMetrics'
ProcessTime, 10 ms steps; a garbage collection first, untimed) and the page's wall clock. The
libraries' JavaScript is compiled as it runs: a library's first table pays for that, its later ones
less. Needs Playwright and Chromium (`python build.py test` installs Playwright into .venv).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(HERE))

import assets  # noqa: E402
import build  # noqa: E402
import corpora  # noqa: E402
from page_load import CHROMIUM_ARGS, chromium  # noqa: E402
from tools.server import MIME_TYPES  # noqa: E402

TABLES = ("r50k_base", "cl100k_base", "o200k_base", "qwen3", "deepseek_v3", "llama3", "gemma3", "minimind", "llama2", "mistral")
TITLES = {"r50k_base": "r50k_base", "cl100k_base": "cl100k_base", "o200k_base": "o200k_base", "qwen3": "Qwen3",
          "deepseek_v3": "DeepSeek-V3", "llama3": "Llama 3", "gemma3": "Gemma 3", "minimind": "MiniMind",
          "llama2": "Llama 2 (SentencePiece)", "mistral": "Mistral (SentencePiece)"}  # fmt: skip


class Handler(http.server.SimpleHTTPRequestHandler):
    """/bench/ -> bench/peers/, /dist/ -> dist/, /peers/ -> the bundled peers; nothing else."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    routes: dict[str, Path] = {}

    def translate_path(self, path: str) -> str:
        head, _, rest = unquote(path.split("?", 1)[0]).lstrip("/").partition("/")
        folder = self.routes.get(head)
        if folder is None or ".." in rest.split("/"):
            return str(HERE / "no such file")
        return str(folder / rest)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def serve(routes: dict[str, Path]) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = type("Routes", (Handler,), {"routes": routes})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(HERE)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/bench/index.html"


def text_of(scripts: list[str], mb: float) -> tuple[str, list[str]]:
    parts, sources = [], []
    for kind in scripts:
        part, source = corpora.held_out(kind, mb)
        parts.append(part)
        sources.append(f"{kind} {len(part.encode()) / 1e6:.2f} MB ({source})")
    return "".join(parts), sources


class Page:
    """The bench page and a DevTools session on it: each call timed by the renderer's CPU time."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")

    def cpu(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "ProcessTime")

    def timed(self, call: str, *args):
        """(CPU s, the call's result) of `peers.<call>(...args)`, after an untimed garbage collection."""
        self.cdp.send("HeapProfiler.collectGarbage")
        before = self.cpu()
        result = self.page.evaluate(f"(args) => window.peers.{call}(...args)", list(args))
        return self.cpu() - before, result

    def call(self, call: str, *args):
        return self.page.evaluate(f"(args) => window.peers.{call}(...args)", list(args))


def error_text(error: Exception) -> str:
    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return first.removeprefix("Error: ").removeprefix("page.evaluate: ")[:120]


def measure(page: Page, library: str, table: str, setups: dict) -> dict:
    row = {"table": table, "library": library}
    try:
        if library not in setups:
            cpu, ms = page.timed("setup", library)
            setups[library] = (cpu, ms / 1000)
        cpu, ms = page.timed("load", library, table)
        row["load"] = (cpu, ms / 1000)
        cpu, out = page.timed("encode")
        row["cold"], row["tokens"] = (cpu, out["ms"] / 1000), out["count"]
        if library == "toklab":
            page.call("keepReference", table)
        else:
            row["compare"] = page.call("compare", table)
        cpu, out = page.timed("encode")
        row["warm"] = (cpu, out["ms"] / 1000)
    except Exception as error:  # noqa: BLE001  a peer that does not load or encode is a row saying so
        row["error"] = error_text(error)
    finally:
        try:
            page.call("unload")
        except Exception:  # noqa: BLE001
            pass
    return row


def pair(figure: tuple[float, float] | None) -> str:
    return "" if figure is None else f"{figure[0]:.2f} / {figure[1]:.2f}"


def cells(row: dict, toklab: dict | None) -> list[str]:
    if "error" in row:
        return [TITLES[row["table"]], row["library"], f"failed: {row['error']}", "", "", "", "", ""]
    if row["library"] == "toklab":
        same = "(reference)"
    elif row["compare"] is None:
        same = "no reference"
    else:
        compare = row["compare"]
        same = "yes" if compare["same"] else f"no (from token {compare['at']:,})"
    ratio = ""
    if row["library"] != "toklab" and toklab and "cold" in toklab and toklab["cold"][0] > 0:
        ratio = f"{row['cold'][0] / toklab['cold'][0]:.2f}x"
    return [TITLES[row["table"]], row["library"], pair(row.get("load")), pair(row.get("cold")), pair(row.get("warm")),
            f"{row['tokens']:,}", same, ratio]


HEAD = ["table", "library", "load s", "cold encode s", "warm encode s", "tokens", "ids = toklab's", "toklab's cold speed ÷ this one's"]


def print_table(rows: list[dict], markdown: bool) -> None:
    toklab = {row["table"]: row for row in rows if row["library"] == "toklab"}
    lines = [cells(row, toklab.get(row["table"])) for row in rows]
    if markdown:
        print("| " + " | ".join(HEAD) + " |")
        print("|" + "|".join("---" for _ in HEAD) + "|")
        for line in lines:
            print("| " + " | ".join(line) + " |")
        return
    widths = [max(len(line[i]) for line in [HEAD, *lines]) for i in range(len(HEAD))]
    for line in [HEAD, *lines]:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scripts", default="english,chinese,japanese,python", help=f"held-out texts, in order ({', '.join(corpora.HELD_OUT)})")
    parser.add_argument("--mb", type=float, default=0.5, help="MB of each script (default 0.5)")
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--libraries", default="", help="comma-separated parts of library names to keep (default all; toklab always runs)")
    parser.add_argument("--markdown", action="store_true", help="the table in Markdown too")
    parser.add_argument("--dist", type=Path, help="a built dist/ to use (default: this checkout's, built when not current)")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench/peers needs Playwright: run `python build.py test` once, then use .venv/bin/python", file=sys.stderr)
        return 2
    executable = chromium()
    if executable is None:
        print("bench/peers needs Chromium (/usr/bin/chromium, or CHROMIUM=path)", file=sys.stderr)
        return 2
    tables = [t for t in args.tables.split(",") if t]
    unknown = [t for t in tables if t not in TABLES]
    if unknown:
        print(f"bench/peers: no table {', '.join(unknown)}; the tables are {', '.join(TABLES)}", file=sys.stderr)
        return 2
    try:
        dist = args.dist.resolve() if args.dist else build.ensure_built()
    except build.BuildError as e:
        print(f"build.py: error: {e}", file=sys.stderr)
        return 2
    text, sources = text_of([s for s in args.scripts.split(",") if s], args.mb)
    server, url = serve({"bench": HERE, "dist": dist, "peers": assets.peers_folder()})
    print(f"text: {len(text.encode()) / 1e6:.2f} MB, {len(text):,} characters: {'; '.join(sources)}")
    rows, setups = [], {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        print(f"Chromium {browser.version}, headless; CPU s / wall s")
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("() => window.peers !== undefined")
        bench = Page(page)
        bench.call("setText", text)
        cpu, ms = bench.timed("bootToklab")
        setups["toklab"] = (cpu, ms / 1000)
        libraries = bench.call("libraries")
        wanted = [w for w in args.libraries.split(",") if w]
        for table in tables:
            rows.append(measure(bench, "toklab", table, setups))
            for library, has in libraries.items():
                if table in has and (not wanted or any(w in library for w in wanted)):
                    rows.append(measure(bench, library, table, setups))
            print(f"  {table} done", file=sys.stderr, flush=True)
        browser.close()
    server.shutdown()
    print("start-up, once for every table: " + "; ".join(f"{name} {pair(figure)} s" for name, figure in setups.items()))
    print_table(rows, markdown=False)
    if args.markdown:
        print()
        print_table(rows, markdown=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
