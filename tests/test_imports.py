"""No import circles in toklab: each module imports alone, and the graph of its imports has no cycle.

The graph is read from the source (every `import` and `from ... import` statement, at the top or inside a
function, as the `ast` gives them), so a circle hidden behind an import inside a function counts too. The
registry alone maps names to tables; `bpe`, `ranks`, `special_tokens` and `trace` are parts that
`encoding` composes and none of them imports it back.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # reads the repository's py_src/ (inside Pyodide toklab is an installed wheel)

SRC = Path(__file__).resolve().parent.parent / "py_src"


def module_files() -> dict[str, Path]:
    """toklab's module names -> their files."""
    out = {}
    for path in sorted((SRC / "toklab").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = module_files()


def imported(name: str, path: Path) -> set[str]:
    """The toklab modules `name` imports (a package's own __init__ excluded: importing toklab.x runs it first)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            prefix = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{prefix}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.add(target)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_finder_sees_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_relative_and_function_level_imports():
    graph = {name: imported(name, path) for name, path in MODULES.items()}
    assert {"toklab.bpe", "toklab.ranks", "toklab.special_tokens", "toklab.trace"} <= graph["toklab.encoding"]
    assert "toklab.hf.compact" in graph["toklab.registry"]  # imported inside a function


# toklab.hf's tokenizer and trace import each other (hf.tokenizer.trace() imports hf.trace); they are
# toklab.hf's own to untangle, and the only circle left.
KNOWN = [
    ["toklab.hf.tokenizer", "toklab.hf.trace"],
    ["toklab.hf.normalizers", "toklab.hf.precompiled"],  # normalizers exports Precompiled lazily (module __getattr__)
]


def test_no_import_circles():
    graph = {name: imported(name, path) for name, path in MODULES.items()}
    assert [c for c in cycles(graph) if c not in KNOWN] == []


def test_the_tables_parts_import_neither_the_encoding_nor_the_registry():
    graph = {name: imported(name, path) for name, path in MODULES.items()}
    for part in ("toklab.bpe", "toklab.ranks", "toklab.special_tokens", "toklab.trace", "toklab.protocol", "toklab.errors"):
        assert not graph[part] & {"toklab.encoding", "toklab.registry", "toklab.r50k"}, part
    assert not graph["toklab.encoding"] & {"toklab.registry", "toklab.r50k"}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_alone_in_a_fresh_interpreter(name):
    done = subprocess.run([sys.executable, "-c", f"import {name}"], env={"PYTHONPATH": str(SRC)}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
