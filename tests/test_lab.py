"""The lab's exercises and checking harness (py_src/toklab_lab): toklab's answers agree with independent
oracles (tiktoken, minbpe-style answers), right answers pass, typical mistakes fail on the case that
shows them, and every kind of bad code comes back as an answer the page can draw.

The answers the harness runs come from tests/lab_solutions/ (right/ and wrong/), read as text the
way a student's code arrives. The harness only reports what the code returned; the verdict is the
page's judge (web/lessons/lab/judge.mjs), run here under Node on the catalog's answers, as the page runs it.
"""

from __future__ import annotations

import ast
import doctest
import functools
import importlib
import json
import os
import re
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

if sys.platform == "emscripten":
    pytest.skip("toklab_lab ships in its own wheel for the lab's worker, not in the engine's", allow_module_level=True)

from toklab_lab import catalog, exercises, harness, helpers, inputs, plain  # noqa: E402
from toklab_lab.answers import encoded, expected  # noqa: E402
from toklab_lab.exercises import EXERCISES, cases, trained  # noqa: E402
from toklab_lab.harness import OUTPUT_MAX, produce  # noqa: E402
from lab_solutions import SOLUTIONS, solution  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def solution_module(name: str):
    """A right answer imported as a module, to use as an oracle."""
    spec = importlib.util.spec_from_file_location(f"lab_right_{name}", SOLUTIONS / "right" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def entries() -> dict:
    return {entry["id"]: entry for entry in catalog.catalog()["exercises"]}


def produced(exercise: str, code: str) -> dict:
    answer = json.loads(produce(exercise, code))
    assert set(answer) == {"state", "outputs", "error", "restart", "output", "output_cut"}
    return answer


def judged(runs: list[tuple[str, dict]]) -> list[dict]:
    """The page's verdicts (web/lessons/lab/judge.mjs under Node) on (exercise, harness answer) pairs."""
    data = [{"entry": entries()[exercise], "answer": answer, "output_max": OUTPUT_MAX} for exercise, answer in runs]
    done = subprocess.run(["node", str(ROOT / "tests" / "lab_judge.mjs")], input=json.dumps(data), capture_output=True,
                          text=True, encoding="utf-8", check=True)
    return json.loads(done.stdout)


def check(exercise: str, code: str) -> dict:
    (verdict,) = judged([(exercise, produced(exercise, code))])
    assert set(verdict) == {"state", "passed", "total", "failure", "error", "output", "output_cut"}
    return verdict


@pytest.mark.parametrize("name", ["toklab_lab", "toklab_lab.inputs", "toklab_lab.exercises", "toklab_lab.answers", "toklab_lab.nojs", "toklab_lab.harness", "toklab_lab.catalog", "toklab_lab.helpers", "toklab_lab.plain"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# ---------------------------------------------------------------- right answers pass, stubs do not


@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_a_right_answer_passes_every_case(exercise):
    answer = check(exercise, solution("right", exercise))
    assert answer["state"] == "passed", answer
    assert answer["passed"] == answer["total"] == len(cases(exercise))
    assert answer["total"] >= 50  # a few shown cases, many generated ones


STUBS = ROOT / "py_src" / "toklab_lab" / "stubs"


def code_without_words(source: str) -> str:
    """The code of a stub without its docstrings and comments (the AST drops comments)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_the_chinese_starting_code_is_the_same_code_in_chinese_words(exercise):
    english = (STUBS / f"{exercise}.py").read_text(encoding="utf-8")
    chinese = (STUBS / "zh" / f"{exercise}.py").read_text(encoding="utf-8")
    assert code_without_words(chinese) == code_without_words(english)
    words = "".join(line for line in chinese.splitlines() if "#" in line or '"""' in line)
    assert re.search(r"[\u4e00-\u9fff]", chinese) and re.search(r"[\u4e00-\u9fff]", words)
    english_comments = [line.split("#", 1)[1] for line in english.splitlines() if "#" in line]
    chinese_comments = [line.split("#", 1)[1] for line in chinese.splitlines() if "#" in line]
    assert len(chinese_comments) == len(english_comments)
    assert all(re.search(r"[\u4e00-\u9fff]", c) for c in chinese_comments)


@pytest.mark.parametrize("lang", ["", "zh"])
@pytest.mark.parametrize("exercise", list(EXERCISES))
def test_the_starting_code_runs_but_fails_a_shown_case(exercise, lang):
    stub = (STUBS / lang / f"{exercise}.py").read_text(encoding="utf-8")
    answer = check(exercise, stub)
    assert answer["state"] == "failed"
    assert answer["failure"]["shown"] is True
    assert answer["failure"]["call"].startswith(f"{EXERCISES[exercise].function}(")


# ---------------------------------------------------------------- toklab's answers agree with other oracles


def test_pair_counts_agree_with_counter_on_every_case():
    for case in cases("get_stats"):
        (ids,) = case.args
        assert expected("get_stats", case) == dict(Counter(zip(ids, ids[1:])))


def test_merge_answers_agree_with_minbpe_on_every_case():
    merge = helpers.merge
    for case in cases("merge"):
        assert expected("merge", case) == merge(*case.values())


def test_decode_answers_are_tiktokens(r50k_oracle):
    for case in cases("decode"):
        assert expected("decode", case) == r50k_oracle.decode(case.args[0])


def test_bpe_answers_are_tiktokens(r50k_oracle):
    shown = [c for c in cases("bpe") if c.shown]
    assert shown[0].args[0] == b"tokenization" and expected("bpe", shown[0]) == [30001, 1634]
    for case in cases("bpe"):
        piece = case.args[0].decode("utf-8")
        assert expected("bpe", case) == r50k_oracle.encode_ordinary(piece)


def test_bpe_pieces_are_gpt2_pieces(gpt2_regex):
    pieces = {c.args[0].decode("utf-8") for c in cases("bpe") if not c.shown}
    for piece in pieces:
        assert gpt2_regex.findall(piece) == [piece]


def test_train_example_is_minbpes():
    # minbpe's README: "aaabdaaabac" with 3 merges encodes to [258, 100, 258, 97, 99].
    merges = trained("aaabdaaabac", 3)
    assert encoded("aaabdaaabac", merges) == [258, 100, 258, 97, 99]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aab c\né中🦄")), max_size=60), st.integers(0, 20))
def test_training_agrees_with_a_minbpe_loop_on_ids(text, num_merges):
    merges = trained(text, num_merges)
    if merges is not None:  # None: two merges build the same bytes (the exercise leaves those out)
        assert merges == solution_module("train").train(text, num_merges)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab cé中")), max_size=50), st.text(max_size=30))
def test_lowest_rank_encoding_agrees_with_minbpes_merge_all_loop(corpus, text):
    merges = trained(corpus, 12)
    if merges is not None:
        assert encoded(text, merges) == solution_module("encode").encode(text, merges)


def test_generated_inputs_are_the_same_every_time_and_smallest_first():
    first = inputs.texts(7, 30, 20)
    assert first == inputs.texts(7, 30, 20)
    sizes = [len(t.encode("utf-8")) for t in first]
    assert sizes == sorted(sizes) and len(set(first)) == len(first)


# ---------------------------------------------------------------- mistakes fail where they show


def test_a_mistake_fails_with_the_input_expected_and_got():
    answer = check("get_stats", solution("wrong", "get_stats_no_overlap"))
    assert answer["state"] == "failed"
    failure = answer["failure"]
    assert failure == {
        "call": "get_stats([1, 2, 3, 1, 2])", "expected": "{(1, 2): 2, (2, 3): 1, (3, 1): 1}",
        "got": "{(1, 2): 1, (3, 1): 1}", "shown": True, "notes": [], "number": 1, "plain": True,
    }
    assert answer["passed"] == 0


def test_merging_leftmost_first_fails_on_aaaa():
    answer = check("encode", solution("wrong", "encode_leftmost"))
    assert answer["state"] == "failed"
    assert answer["failure"]["call"] == "encode('aaaa', merges)"
    assert answer["failure"]["expected"] == "[256, 256]" and answer["failure"]["got"] == "[257, 97]"
    assert answer["failure"]["notes"] == ["merges = train('aaabdaaabac', 3)"]


def test_breaking_ties_the_other_way_fails_on_the_first_example():
    # After (a, a) -> 256, the pairs (256, a) and (a, b) both occur twice: the first seen must win.
    answer = check("train", solution("wrong", "train_last_tie"))
    assert answer["state"] == "failed"
    failure = answer["failure"]
    assert failure["call"] == "train('aaabdaaabac', 3)" and failure["shown"] is True
    assert failure["expected"] == repr(trained("aaabdaaabac", 3))
    assert failure["got"].startswith("{(97, 97): 256, (97, 98): 257")


# ---------------------------------------------------------------- bad code


def test_a_syntax_error_points_at_the_students_line():
    code = solution("right", "merge").replace("while i < len(ids):", "while i < len(ids)", 1)
    answer = check("merge", code)
    assert answer["state"] == "error"
    error = answer["error"]
    assert error["kind"] == "syntax" and error["type"] == "SyntaxError"
    assert error["line"] == 4 and error["code"].strip() == "while i < len(ids)"


def test_an_exception_shows_only_the_students_lines():
    code = solution("wrong", "get_stats_raises")
    answer = check("get_stats", code)
    assert answer["state"] == "error"
    error = answer["error"]
    assert (error["kind"], error["type"], error["message"]) == ("run", "IndexError", "list index out of range")
    assert error["call"] == "get_stats([1, 2, 3, 1, 2])"
    lines = code.splitlines()
    assert [(f["function"], f["code"]) for f in error["trace"]] == [
        ("get_stats", "pair = neighbours(ids, i)"), ("neighbours", "return ids[i], ids[i + 1]")]
    assert all(lines[f["line"] - 1].strip() == f["code"] for f in error["trace"])
    assert error["line"] == error["trace"][-1]["line"]
    assert "harness" not in json.dumps(answer) and "toklab_lab" not in json.dumps(answer)


def test_a_missing_function_is_named():
    answer = check("get_stats", solution("right", "merge"))
    assert answer["state"] == "error"
    assert (answer["error"]["kind"], answer["error"]["message"]) == ("missing", "get_stats")


def test_print_output_is_kept_and_capped():
    answer = check("get_stats", solution("wrong", "get_stats_prints"))
    assert answer["state"] == "passed"
    assert answer["output"].startswith("pair (1, 2)\npair (2, 3)\n")
    assert len(answer["output"]) == OUTPUT_MAX and answer["output_cut"] is True


def test_memory_error_asks_for_a_fresh_worker():
    answer = produced("get_stats", solution("wrong", "get_stats_memory"))
    assert answer["state"] == "error"
    assert answer["error"]["kind"] == "memory" and answer["restart"] is True
    assert check("get_stats", solution("wrong", "get_stats_memory"))["error"]["kind"] == "memory"


def test_exit_is_an_answer_not_the_end():
    answer = check("get_stats", solution("wrong", "get_stats_exits"))
    assert answer["state"] == "error"
    assert (answer["error"]["type"], answer["error"]["message"], answer["error"]["line"]) == ("SystemExit", "bye", 4)
    assert check("get_stats", solution("right", "get_stats"))["state"] == "passed"


def test_a_students_function_cannot_spoil_the_next_case():
    # merge() that empties its input list: the next case still gets its own copy.
    code = solution("right", "merge").replace("    return new_ids", "    ids.clear()\n    return new_ids")
    assert check("merge", code)["state"] == "passed"


# ---------------------------------------------------------------- code that attacks the checking

ATTACKS = ("patch_checker", "eq_always", "builtins_patch", "exits", "huge", "generator")


def produced_apart(exercise: str, code: str):
    """harness.produce in a fresh interpreter (the page gives every run a fresh worker): its answer, or
    None when the code left it unable to give one (in the page: a crash)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py_src"), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "toklab_lab.harness", exercise], input=code, capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120)
    try:
        return json.loads(done.stdout)
    except ValueError:
        return None


def test_attacks_on_the_checker_are_judged_failing_and_a_right_answer_still_passes():
    runs = [("get_stats", produced_apart("get_stats", solution("attacks", name))) for name in ATTACKS]
    # The checker, patched from inside, says "passed" itself: the page does not listen.
    assert runs[0][1]["state"] == "passed" and "outputs" not in runs[0][1]
    verdicts = judged([*runs, ("get_stats", produced_apart("get_stats", solution("right", "get_stats")))])
    assert {name: v["state"] for name, v in zip(ATTACKS, verdicts)} == {
        "patch_checker": "error", "eq_always": "failed", "builtins_patch": "error", "exits": "error",
        "huge": "failed", "generator": "failed"}
    assert verdicts[0]["error"] == {"kind": "unreadable"}
    assert verdicts[1]["failure"]["got"] == "{}" and verdicts[1]["failure"]["plain"] is True
    assert [v["failure"]["plain"] for v in verdicts[4:6]] == [False, False]
    assert verdicts[3]["error"]["type"] == "SystemExit" and "All 72 tests pass" in verdicts[3]["output"]
    assert verdicts[-1]["state"] == "passed" and verdicts[-1]["passed"] == len(cases("get_stats"))


@pytest.mark.parametrize("answer", [
    None, [], {"state": "passed", "passed": 72, "total": 72},
    {"state": "ran", "outputs": []},
    {"state": "error", "outputs": [], "error": {"kind": "passed"}},
])
def test_an_answer_that_is_not_the_harness_s_is_unreadable(answer):
    (verdict,) = judged([("get_stats", answer)])
    assert verdict["state"] == "error" and verdict["error"] == {"kind": "unreadable"}


def right_outputs(exercise: str) -> list[dict]:
    return produced(exercise, solution("right", exercise))["outputs"]


@pytest.mark.parametrize(("value", "why"), [
    ([[1, 2, 2], [2, 3, 1], [3, 1, True]], "true is not an int"),
    ([[1, 2, 2], [2, 3, 1], [3, 1, "1"]], "a string is not an int"),
    ([[1, 2, 2], [2, 3, 1], [3, 1, 1, 0]], "a row has three ints"),
    ({"0": [1, 2, 2], "length": 3}, "an object is not a list"),
    ([[1, 2, 2], [2, 3, 1], [3, 1, 2**53 + 1]], "an int beyond 2**53 is not read back exactly"),
])
def test_a_result_must_be_plain_data_of_the_exercises_shape(value, why):
    outputs = right_outputs("get_stats")
    entry = entries()["get_stats"]
    assert [o["value"] for o in outputs] == [a["value"] for a in entry["answers"]]
    outputs[0] = {"value": value, "shown": "{(1, 2): 2, (2, 3): 1, (3, 1): 1}"}
    (verdict,) = judged([("get_stats", {"state": "ran", "outputs": outputs, "error": None, "output": "", "output_cut": False})])
    assert verdict["state"] == "failed" and verdict["failure"]["number"] == 1, why


def test_every_answer_of_toklab_is_well_inside_the_limits_a_result_must_keep():
    for entry in entries().values():
        limit = plain.TEXT_MAX if entry["shape"] == "text" else plain.ITEMS_MAX
        for answer in entry["answers"]:
            value = answer["value"]
            assert len(value) * 10 <= limit
            numbers = [] if entry["shape"] == "text" else [x for item in value for x in (item if isinstance(item, list) else [item])]
            assert all(type(x) is int and abs(x) <= plain.SAFE_INT for x in numbers)


def test_python_side_plain_data_is_exact():
    assert plain.plain("ids", [1, 2]) == [1, 2]
    for value in ([1.0], [True], ["1"], [2**53], (1, 2), {1: 2}):
        assert plain.plain("ids", value) is None, value
    assert plain.plain("counts", {(1, 2): 1.0}) is None and plain.plain("counts", {(1, 2, 3): 1}) is None
    assert plain.plain("counts", Counter({(2, 1): 1, (1, 2): 2})) == [[1, 2, 2], [2, 1, 1]]
    assert plain.plain("merges", {(2, 1): 256, (1, 2): 257}) == [[2, 1, 256], [1, 2, 257]]
    assert plain.plain("ids", list(range(plain.ITEMS_MAX + 1))) is None
    assert plain.plain("text", "x" * (plain.TEXT_MAX + 1)) is None


# ---------------------------------------------------------------- what the page gets


def test_catalog_lists_every_exercise_with_its_stub_and_shown_cases():
    data = catalog.catalog()
    assert [e["id"] for e in data["exercises"]] == list(EXERCISES)
    for entry in data["exercises"]:
        shown = [c for c in cases(entry["id"]) if c.shown]
        assert entry["stub"] == (ROOT / "py_src" / "toklab_lab" / "stubs" / f"{entry['id']}.py").read_text(encoding="utf-8")
        assert entry["stub_zh"] == (STUBS / "zh" / f"{entry['id']}.py").read_text(encoding="utf-8")
        assert [s["call"] for s in entry["shown"]] == [c.call(entry["function"]) for c in shown]
        assert [s["expected"] for s in entry["shown"]] == [repr(expected(entry["id"], c)) for c in shown]
        assert entry["total"] == len(cases(entry["id"]))
    assert data["output_max"] == OUTPUT_MAX


def test_lab_wheel_holds_the_harness_and_no_stubs(tmp_path):
    sys.path.insert(0, str(ROOT))
    from tools.lab import write_lab_wheel

    wheel = write_lab_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert "toklab_lab/harness.py" in names and "toklab_lab/exercises.py" in names
    # The answers are computed at build time, for the page's catalog: not one is in the lab's worker.
    assert "toklab_lab/answers.py" not in names and "toklab_lab/catalog.py" not in names
    assert not [n for n in names if "stubs" in n or n.endswith(".pyc")]
    again = write_lab_wheel(tmp_path / ".." / tmp_path.name)
    assert again.read_bytes() == wheel.read_bytes()


def test_codemirror_pins_are_exact_versions_with_hashes():
    sys.path.insert(0, str(ROOT))
    from tools.codemirror import ESBUILD, PACKAGES, cache_key

    for item in (*PACKAGES, *ESBUILD.values()):
        assert item.version.count(".") == 2 and all(p.isdigit() for p in item.version.split("."))
        assert len(item.sha256) == 64 and int(item.sha256, 16) >= 0
    assert len({item.name for item in PACKAGES}) == len(PACKAGES)


def test_codemirror_cache_key_follows_every_pin_and_the_entry_file(monkeypatch, tmp_path):
    # The cached bundle is reused only while nothing it was made from changed: each pin's version or
    # hash, the esbuild pin and the entry file each give another key.
    sys.path.insert(0, str(ROOT))
    import dataclasses

    import tools.codemirror as codemirror

    before = codemirror.cache_key()
    first = codemirror.PACKAGES[0]
    keys = set()
    for changed in (dataclasses.replace(first, version=first.version + "1"), dataclasses.replace(first, sha256="0" * 64)):
        monkeypatch.setattr(codemirror, "PACKAGES", (changed, *codemirror.PACKAGES[1:]))
        keys.add(codemirror.cache_key())
        monkeypatch.undo()
    pin = next(iter(codemirror.ESBUILD))
    monkeypatch.setitem(codemirror.ESBUILD, pin, dataclasses.replace(codemirror.ESBUILD[pin], sha256="f" * 64))
    keys.add(codemirror.cache_key())
    monkeypatch.undo()
    entry = tmp_path / "entry.mjs"
    entry.write_bytes(codemirror.ENTRY.read_bytes() + b"\n")
    monkeypatch.setattr(codemirror, "ENTRY", entry)
    keys.add(codemirror.cache_key())
    monkeypatch.undo()
    assert codemirror.cache_key() == before  # the same pins give the same key
    assert len(keys) == 4 and before not in keys


def test_exercise_modules_need_only_toklab_and_the_standard_library():
    for module in (exercises, harness, inputs, catalog, helpers, plain):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        imports = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imports |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert imports <= {"__future__", "json", "sys", "traceback", "functools", "random", "reprlib", "collections",
                           "dataclasses", "pathlib", "toklab", "toklab_lab"}


def test_a_machine_without_a_pinned_esbuild_gets_a_clear_message(monkeypatch, tmp_path):
    sys.path.insert(0, str(ROOT))
    import tools.codemirror as cm
    from tools.common import BuildError

    monkeypatch.setattr(cm.platform, "system", lambda: "Darwin")
    monkeypatch.setattr(cm.platform, "machine", lambda: "arm64")
    monkeypatch.setattr(cm, "CACHE", tmp_path)  # no cached bundle
    with pytest.raises(BuildError, match=r"no esbuild binary is pinned for Darwin arm64: add its @esbuild/"):
        cm.bundle_codemirror(tmp_path / "vendor")


def test_the_expected_answers_are_not_in_the_lab_s_python(tmp_path):
    """Student code runs beside the lab's wheel: from it, no way to an answer (a case's `expected`,
    toklab_lab.answers or .catalog) is open, and code that returns what it found fails."""
    sys.path.insert(0, str(ROOT))
    from tools.lab import write_lab_wheel

    zipfile.ZipFile(write_lab_wheel(tmp_path)).extractall(tmp_path / "site")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "site"), str(ROOT / "py_src")]),
               PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "toklab_lab.harness", "get_stats"], input=solution("attacks", "peek"),
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=120, cwd=tmp_path)
    answer = json.loads(done.stdout)
    tried = dict(line.split(": ", 1) for line in answer["output"].splitlines())
    assert set(tried) == {"case.expected", "toklab_lab.answers", "toklab_lab.catalog", "a module holding answers"}
    assert {name: verdict for name, verdict in tried.items() if not verdict.startswith("blocked")} == {}
    (verdict,) = judged([("get_stats", answer)])
    assert verdict["state"] == "failed"
