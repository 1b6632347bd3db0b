"""The protocol's declared types at work: check a JSON value against one, and render them as docs.

    check(value, Type)   raises AssertionError naming the path of the first field that does not fit
                         (a missing or undeclared key, a wrong type); runs on CPython and in Pyodide
    render()             the generated part of docs/protocol.md, from py_src/toklab/protocol.py

`python tests/contract.py --write` rewrites that part of docs/protocol.md (tests/test_protocol.py fails
while the two differ).
"""

import ast
import inspect
import sys
import types
import typing
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py_src"))

from toklab import protocol  # noqa: E402

BEGIN = "<!-- generated from py_src/toklab/protocol.py by `python tests/contract.py --write`: do not edit -->"
END = "<!-- end of the generated part -->"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def check(value, tp, path: str = "$") -> None:
    """Raise AssertionError unless `value` (decoded JSON) has the declared type `tp`.

    >>> check({"pair": ["a", "b"], "count": 2}, protocol.PairCount)
    >>> check({"pair": ["a", "b"], "count": 2, "extra": 1}, protocol.PairCount)
    Traceback (most recent call last):
    AssertionError: $: undeclared keys ['extra'] in PairCount
    """
    origin = typing.get_origin(tp)
    if typing.is_typeddict(tp):
        assert isinstance(value, dict), f"{path}: expected {tp.__name__}, got {type(value).__name__}"
        hints = typing.get_type_hints(tp)
        extra = sorted(set(value) - set(hints))
        assert not extra, f"{path}: undeclared keys {extra} in {tp.__name__}"
        missing = sorted(tp.__required_keys__ - set(value))
        assert not missing, f"{path}: missing keys {missing} of {tp.__name__}"
        for key, item in value.items():
            check(item, hints[key], f"{path}.{key}")
    elif origin in (typing.Union, types.UnionType):
        errors = []
        for option in typing.get_args(tp):
            try:
                return check(value, option, path)
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(f"{path}: fits no option of {tp}: {'; '.join(errors)}")
    elif origin is typing.Literal:
        assert value in typing.get_args(tp) and type(value) in map(type, typing.get_args(tp)), (
            f"{path}: {value!r} is not one of {typing.get_args(tp)}")
    elif origin is list:
        assert isinstance(value, list), f"{path}: expected a list, got {type(value).__name__}"
        (item,) = typing.get_args(tp)
        for i, v in enumerate(value):
            check(v, item, f"{path}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{path}: expected an object, got {type(value).__name__}"
        key_type, item = typing.get_args(tp)
        for k, v in value.items():
            check(k, key_type, f"{path} key {k!r}")
            check(v, item, f"{path}[{k!r}]")
    elif origin is tuple:
        items = typing.get_args(tp)
        assert isinstance(value, list) and len(value) == len(items), f"{path}: expected {len(items)} items, got {value!r}"
        for i, (v, item) in enumerate(zip(value, items)):
            check(v, item, f"{path}[{i}]")
    elif tp is None or tp is type(None):
        assert value is None, f"{path}: expected null, got {value!r}"
    elif tp is float:
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{path}: expected a number, got {value!r}"
    elif tp in (int, str, bool):
        assert type(value) is tp, f"{path}: expected {tp.__name__}, got {value!r}"
    else:
        raise TypeError(f"{path}: the protocol uses a type the checker does not know: {tp!r}")


def _declarations():
    """(name, docstring, bases, [(field, annotation text, comment)]) for each class, and the other
    top-level lines (constants, aliases), in source order."""
    source = inspect.getsource(protocol)
    lines = source.splitlines()
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            fields = []
            for item in node.body:
                if isinstance(item, ast.AnnAssign):
                    line = lines[item.lineno - 1]
                    comment = line.split("  # ", 1)[1] if "  # " in line else ""
                    fields.append((item.target.id, ast.get_source_segment(source, item.annotation), comment))
            bases = [ast.get_source_segment(source, b) for b in node.bases if ast.get_source_segment(source, b) != "TypedDict"]
            out.append(("class", node.name, ast.get_docstring(node) or "", bases, fields))
        elif isinstance(node, ast.Assign) and node.targets[0].id != "KINDS":
            out.append(("line", "\n".join(lines[node.lineno - 1 : node.end_lineno])))
    return out


def render() -> str:
    """The declared types as the docs show them."""
    text = ["```"]
    for decl in _declarations():
        if decl[0] == "line":
            text.append(decl[1])
            continue
        _, name, doc, bases, fields = decl
        text.append("")
        if doc:
            text += [f"# {line}" if line else "#" for line in doc.splitlines()]
        opener = f"{name} = {' + '.join(bases)} + {{" if bases else f"{name} = {{"
        width = max([len(f'  "{f}": {a},') for f, a, c in fields if c] or [0])
        text.append(opener if fields else opener + "}")
        for field, annotation, comment in fields:
            entry = f'  "{field}": {annotation},'
            text.append(f"{entry:<{width}}  # {comment}" if comment else entry)
        if fields:
            text.append("}")
    text += ["```", "", "| kind | payload | result |", "| --- | --- | --- |"]
    for kind, (request, result) in protocol.KINDS.items():
        results = typing.get_args(result) or (result,)  # a union: one of its types
        text.append(f"| `{kind}` | `{request.__name__}` | {' or '.join(f'`{r.__name__}`' for r in results)} |")
    return "\n".join(text)


def documented() -> str:
    """The generated part as docs/protocol.md has it now."""
    docs = DOCS.read_text(encoding="utf-8")
    return docs.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    docs = DOCS.read_text(encoding="utf-8")
    head, rest = docs.split(BEGIN, 1)
    DOCS.write_text(f"{head}{BEGIN}\n{render()}\n{END}{rest.split(END, 1)[1]}", encoding="utf-8")
