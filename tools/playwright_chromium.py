"""Prints the path of Playwright's own Chromium; run by .venv's Python (tools/testrun.py, find_chromium)."""

from playwright.sync_api import sync_playwright

with sync_playwright() as p:
    print(p.chromium.executable_path)
