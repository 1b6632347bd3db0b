"""The worker's two ways to start Python: from build.py's start-up snapshot, and the normal boot it falls
back to when the snapshot is missing, fails its check or fails to restore (tools/snapshot.py,
web/worker.mjs). Either way the page reaches ready with the same engine, reports its loading stages in
order, and logs no console error; a fallback says why in one console warning.

A normal boot costs many times a restore, so it runs to the end twice: the page's own worker and a
second engine, when the snapshot's memory does not restore (the last check, after every other has
passed). A bundle the worker refuses before restoring it (missing, not gzip, cut short, shorter than
its header, another build's) takes one path in the worker whatever the reason: the reason each gives
is tested under Node (tests/js/snapshot.test.mjs, on dist's pyboot.mjs), and one of them, another
build's, here in a page booted once: a new engine says why in its warning and boots the normal way up
to the last stage the reason could change (micropip and the toklab wheel installed, Python importing
toklab); from there on the normal boot is the same whatever the reason was."""

import gzip
import json
import struct

import pytest
from conftest import new_app_context, wait_until_ready
from playwright.sync_api import expect

SNAPSHOT_PATH = "/snapshot/engine.bin"
NORMAL_STAGES = ["runtime", "micropip", "toklab", "table", "ready"]
SNAPSHOT_STAGES = ["runtime", "toklab", "table", "ready"]

# A second engine (its own worker), with every status it reports, and its answer for a text whose ids
# need the whole table.
NEW_ENGINE = """async (text) => {
    const { createEngine } = await import("./engine.mjs");
    const engine = createEngine();
    const stages = [];
    engine.onStatus(({ stage }) => { if (stages.at(-1) !== stage) stages.push(stage); });
    await engine.ready;
    const answer = await engine.request("overview", { text, allowed_special: "none" });
    engine.terminate();
    return { stages, ids: answer.ok ? answer.result.ids : answer.error };
}"""
TEXT = "tokenization 你好，世界！ 🎉 naïve café"


@pytest.fixture
def manifest(dist_dir) -> dict:
    manifest = json.loads((dist_dir / "wheels" / "manifest.json").read_text())
    if "snapshot" not in manifest:
        pytest.skip("this dist/ was built without Node: it has no snapshot")
    return manifest


@pytest.fixture
def console_warnings(context) -> list[str]:
    warnings = []
    context.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    return warnings


def bundle_parts(dist_dir) -> tuple[dict, bytes, bytes]:
    """(header, memory, files) of dist's snapshot bundle."""
    bundle = gzip.decompress((dist_dir / SNAPSHOT_PATH.lstrip("/")).read_bytes())
    (length,) = struct.unpack("<I", bundle[:4])
    header = json.loads(bundle[4 : 4 + length])
    start = 4 + length
    return header, bundle[start : start + header["memory"]], bundle[start + header["memory"] :]


def repack(header: dict, memory: bytes, files: bytes) -> bytes:
    text = json.dumps(header).encode()
    text += b" " * ((16 - (4 + len(text)) % 16) % 16)
    return gzip.compress(struct.pack("<I", len(text)) + text + memory + files)


def engine_paths(requests_seen, app_server) -> set[str]:
    paths = {url[len(app_server.origin) :].split("?")[0] for url in requests_seen if url.startswith(app_server.origin)}
    return {path for path in paths if path == SNAPSHOT_PATH or path.startswith("/wheels/") and path.endswith(".whl")}


def test_worker_starts_from_the_snapshot(open_app, requests_seen, app_server, manifest, console_errors, console_warnings, r50k_oracle):
    page = open_app()
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    assert engine_paths(requests_seen, app_server) == {SNAPSHOT_PATH}  # no micropip, no wheel
    assert any(url.endswith(f"{SNAPSHOT_PATH}?v={manifest['snapshot']['key']}") for url in requests_seen)
    engine = page.evaluate(NEW_ENGINE, TEXT)
    assert engine == {"stages": ["start", *SNAPSHOT_STAGES], "ids": r50k_oracle.encode_ordinary(TEXT)}
    assert console_errors == []
    assert console_warnings == []


# How the snapshot's URL answers, and the reason the worker's warning gives.
BROKEN = {
    "missing": "HTTP 404",
    "not-gzip": "could not be decompressed",
    "gzip-cut-short": "could not be decompressed",
    "shorter-than-its-header": "does not match its header",
    "another-build": "is not this build's",
    "does-not-restore": "Snapshot has invalid magic number",  # Pyodide's own check of the memory
}


def broken_bundle(dist_dir, how: str) -> tuple[int, bytes]:
    """(HTTP status, body) for the snapshot's URL, broken one way."""
    header, memory, files = bundle_parts(dist_dir)
    if how == "missing":
        return 404, b"not found"
    if how == "not-gzip":
        return 200, memory[:4096]
    if how == "gzip-cut-short":
        return 200, repack(header, memory, files)[:-1000]
    if how == "shorter-than-its-header":
        return 200, repack(header, memory, files[:-1000])
    if how == "another-build":
        return 200, repack({**header, "key": "0" * len(header["key"])}, memory, files)
    if how == "does-not-restore":  # passes the worker's check; the memory is all zeros
        return 200, repack(header, bytes(len(memory)), files)
    raise ValueError(how)


# A second engine that boots until it reports `stage`, then ends; the stages it reported.
NEW_ENGINE_UNTIL = """async (stage) => {
    const { createEngine } = await import("./engine.mjs");
    const engine = createEngine();
    const stages = [];
    await new Promise((resolve) => engine.onStatus((status) => {
        if (stages.at(-1) !== status.stage) stages.push(status.stage);
        if (status.stage === stage || status.status === "error") resolve();
    }));
    engine.terminate();
    return stages;
}"""


def test_worker_falls_back_to_the_normal_boot_when_the_memory_does_not_restore(
    context, open_app, dist_dir, requests_seen, app_server, manifest, console_errors, console_warnings, r50k_oracle
):
    how = "does-not-restore"
    status, body = broken_bundle(dist_dir, how)
    context.route(f"{app_server.origin}{SNAPSHOT_PATH}?*", lambda route: route.fulfill(status=status, body=body))
    page = open_app()
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    paths = engine_paths(requests_seen, app_server)
    assert paths == {SNAPSHOT_PATH, f"/wheels/{manifest['micropip']}", f"/wheels/{manifest['toklab']}"}
    engine = page.evaluate(NEW_ENGINE, TEXT)
    assert engine == {"stages": ["start", *NORMAL_STAGES], "ids": r50k_oracle.encode_ordinary(TEXT)}
    # One warning from each worker (the page's and the second engine's), saying why; no console error.
    fallbacks = [w for w in console_warnings if "start-up snapshot could not be used" in w]
    assert len(fallbacks) == 2, console_warnings
    assert all(BROKEN[how] in warning for warning in fallbacks), fallbacks
    assert console_errors == []


@pytest.fixture(scope="module")
def snapshot_page(browser, app_server):
    """A page booted from the snapshot, shared by the tests of the other broken snapshots (the route is
    each test's own); its console warnings and errors (workers' too) and its requests."""
    context = new_app_context(browser, app_server)
    context.warnings, context.errors = [], []
    context.on("console", lambda m: context.warnings.append(m.text) if m.type == "warning" else None)
    context.on("console", lambda m: context.errors.append(m.text) if m.type == "error" else None)
    context.on("weberror", lambda e: context.errors.append(f"pageerror: {e.error}"))
    page = context.new_page()
    page.goto(app_server.url)
    wait_until_ready(page)
    yield page
    context.close()


# A normal boot each: the other reasons a bundle is refused before it restores are tests/js/snapshot.test.mjs's.
@pytest.mark.parametrize("how", ["another-build"])
def test_worker_falls_back_to_the_normal_boot(how, snapshot_page, dist_dir, app_server, manifest):
    page, context = snapshot_page, snapshot_page.context
    status, body = broken_bundle(dist_dir, how)
    url = f"{app_server.origin}{SNAPSHOT_PATH}?*"
    context.route(url, lambda route: route.fulfill(status=status, body=body))
    context.requests_seen.clear()
    context.warnings.clear()
    context.errors.clear()
    try:
        stages = page.evaluate(NEW_ENGINE_UNTIL, "table")
    finally:
        context.unroute(url)
    # The normal boot's stages, up to Python importing toklab: micropip loaded, the wheel installed.
    assert stages == ["start", *NORMAL_STAGES[: NORMAL_STAGES.index("table") + 1]]
    paths = engine_paths(context.requests_seen, app_server)
    assert paths == {SNAPSHOT_PATH, f"/wheels/{manifest['micropip']}", f"/wheels/{manifest['toklab']}"}
    fallbacks = [w for w in context.warnings if "start-up snapshot could not be used" in w]
    assert len(fallbacks) == 1, context.warnings
    assert BROKEN[how] in fallbacks[0], fallbacks
    assert context.errors == []
    # The page's own engine, booted from the snapshot, still answers.
    assert page.get_by_test_id("status").get_attribute("data-state") == "ready"
