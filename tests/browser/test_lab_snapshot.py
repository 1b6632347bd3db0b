"""The lab's worker starts Python the way the engine's does (web/pyboot.mjs): from build.py's start-up
snapshot, or the normal way when the snapshot cannot be used. Either way the lab is ready, runs a
student's answer against the exercise's cases and logs no console error; a fallback says why in a
console warning."""

import json

import pytest
from lab_solutions import solution
from test_lab import open_lab, paste, run_and_wait

SNAPSHOT_PATH = "/snapshot/engine.bin"


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


def paths_seen(requests_seen, app_server) -> set[str]:
    return {url[len(app_server.origin) :].split("?")[0] for url in requests_seen if url.startswith(app_server.origin)}


def encode_passes(page) -> None:
    paste(page, solution("right", "encode"))
    assert "tests pass" in run_and_wait(page, "passed").inner_text()


def test_lab_worker_starts_from_the_snapshot(open_app, requests_seen, app_server, manifest, console_errors, console_warnings):
    page = open_lab(open_app, "lesson=lab&ex=encode")
    encode_passes(page)
    paths = paths_seen(requests_seen, app_server)
    assert SNAPSHOT_PATH in paths
    assert f"/wheels/{manifest['toklab']}" not in paths  # neither worker unpacked the engine's wheel
    assert any(path.startswith("/lab/") and path.endswith(".whl") for path in paths)
    assert console_errors == []
    assert console_warnings == []


def test_lab_worker_falls_back_to_the_normal_boot(context, open_app, requests_seen, app_server, manifest, console_errors, console_warnings):
    context.route(f"{app_server.origin}{SNAPSHOT_PATH}?*", lambda route: route.fulfill(status=404, body=b"not found"))
    page = open_lab(open_app, "lesson=lab&ex=encode")
    encode_passes(page)
    assert f"/wheels/{manifest['toklab']}" in paths_seen(requests_seen, app_server)
    lab = [w for w in console_warnings if w.startswith("The lab's start-up snapshot could not be used")]
    # One warning for each lab worker that booted (a fresh one follows every run), each saying why.
    assert lab and all("HTTP 404" in w for w in lab), console_warnings
    assert console_errors == []
