"""Chromium's own account of its memory (memory-infra), by process and allocator: what bench/page_memory.py
--parts prints. One detailed dump is taken through the DevTools Protocol's Tracing domain on the browser
session (Tracing.requestMemoryDump, the dump chrome://tracing's "memory-infra" records); each process
says what its allocators hold: V8's heaps (one per isolate: the page's, each worker's), PartitionAlloc
(Blink's strings, array buffers' backing stores, DOM), malloc, Blink's garbage-collected heap, Skia, the
compositor (cc), fonts, the web cache, and so on.

    dump = memory_dump(browser_cdp, page)     # {pid: {"name": ..., "allocators": {path: {"size": bytes, ...}}}}
    print(parts_table(before, after))
"""

from __future__ import annotations

import threading

# How deep into each allocator's tree the table goes: "partition_alloc/partitions/array_buffer" (3) is
# printed, its buckets are not.
DEPTH = 3
# Printed even when they did not change: the allocators a page's and its workers' data can sit in.
ALWAYS = ("partition_alloc/partitions/buffer", "partition_alloc/partitions/array_buffer", "v8/workers", "v8/main")


def memory_dump(cdp, page) -> dict[int, dict]:
    """One detailed memory-infra dump of every Chromium process, through a browser CDP session; `page`
    turns Playwright's event loop while the trace comes in (a sync Playwright hears events only then)."""
    events: list[dict] = []
    done = threading.Event()
    def collect(params):
        events.extend(params["value"])

    def complete(_params):
        done.set()

    cdp.on("Tracing.dataCollected", collect)
    cdp.on("Tracing.tracingComplete", complete)
    cdp.send("Tracing.start", {
        "transferMode": "ReportEvents",
        "traceConfig": {"includedCategories": ["disabled-by-default-memory-infra"], "excludedCategories": ["*"],
                        "memoryDumpConfig": {"triggers": []}},
    })
    reply = cdp.send("Tracing.requestMemoryDump", {"deterministic": True, "levelOfDetail": "detailed"})
    cdp.send("Tracing.end")
    for _ in range(600):
        if done.is_set():
            break
        page.wait_for_timeout(100)
    cdp.remove_listener("Tracing.dataCollected", collect)
    cdp.remove_listener("Tracing.tracingComplete", complete)
    if not reply.get("success"):
        raise RuntimeError("Chromium made no memory dump")
    names: dict[int, str] = {}
    out: dict[int, dict] = {}
    for event in events:
        if event.get("ph") == "M" and event.get("name") == "process_name":
            names[event["pid"]] = event["args"]["name"]
        if event.get("ph") != "v":
            continue
        dumps = event.get("args", {}).get("dumps", {})
        entry = out.setdefault(event["pid"], {"allocators": {}, "totals": {}})
        for path, node in dumps.get("allocators", {}).items():
            attrs = {key: int(value["value"], 16) for key, value in node.get("attrs", {}).items()
                     if value.get("type") == "scalar" and isinstance(value.get("value"), str)}
            entry["allocators"][path] = attrs
        for key, value in dumps.get("process_totals", {}).items():
            if isinstance(value, str):
                entry["totals"][key] = int(value, 16)
    for pid, entry in out.items():
        entry["name"] = names.get(pid, "?")
    return out


def sizes(entry: dict) -> dict[str, int]:
    """Each allocator path of one process, DEPTH deep at most -> its bytes."""
    return {path: attrs["size"] for path, attrs in entry["allocators"].items()
            if path.count("/") < DEPTH and "size" in attrs}


def parts_table(before: dict[int, dict], after: dict[int, dict], mb=lambda n: f"{n / 2**20:8.1f}") -> str:
    """A text table: for each process in `after`, each allocator's MiB before, after and the change (when
    it changed by half a MiB or more, or is one of ALWAYS). Each dump adds a 4 MiB buffer of shared memory
    to every process (the trace's own): the first dump's is in both, a second dump's shows as +4.0."""
    lines = []
    for pid, entry in sorted(after.items()):
        was = sizes(before.get(pid, {"allocators": {}}))
        now = sizes(entry)
        footprint = entry.get("totals", {}).get("private_footprint_bytes", 0)
        was_footprint = before.get(pid, {}).get("totals", {}).get("private_footprint_bytes", 0)
        lines.append(f"  pid {pid} ({entry['name']}): private footprint {mb(was_footprint)} -> {mb(footprint)} MiB")
        for path in sorted(set(was) | set(now)):
            a, b = was.get(path, 0), now.get(path, 0)
            if abs(b - a) >= 2**19 or (path in ALWAYS and max(a, b) >= 2**19):
                lines.append(f"    {path:60s} {mb(a)} -> {mb(b)}  ({(b - a) / 2**20:+.1f})")
    return "\n".join(lines)
