// The state's URL hash as the page writes it (web/shell/hashSync.mjs), on a fake window with mocked
// timers: the throttled writes, a link never written over before it is read, history entries, the long
// texts kept in the tab and the reload's wanted hash. In the browser, test_navigation and test_resilience
// walk the same paths through the page.

import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { HashSync } = await web("shell/hashSync.mjs");
const { param } = await web("state.mjs");
const { TIMING } = await web("theme.mjs");

const SCHEMA = new Map([
  ["lesson", param.oneOf("encode", ["encode", "decode"], { always: true })],
  ["text", param.text("tokenization", 10)],
  ["piece", param.int(0)],
]);

/** A window with a location hash, a history that records its calls, and a sessionStorage. */
function fakeWindow(hash = "") {
  const store = new Map();
  const win = {
    location: { hash },
    calls: [],
    history: {
      replaceState: (_, __, h) => { win.calls.push(["replace", h]); win.location.hash = h; },
      pushState: (_, __, h) => { win.calls.push(["push", h]); win.location.hash = h; },
    },
    sessionStorage: {
      full: false,
      getItem: (k) => (store.has(k) ? store.get(k) : null),
      setItem: (k, v) => {
        if (win.sessionStorage.full) throw new Error("QuotaExceededError");
        store.set(k, String(v));
      },
      removeItem: (k) => store.delete(k),
    },
    store,
  };
  return win;
}

function made(state, hash = "") {
  const win = fakeWindow(hash);
  const box = { state, refused: [] };
  const sync = new HashSync({ getState: () => box.state, schemaFor: () => SCHEMA, refused: (names) => box.refused.push(names), win });
  return { win, box, sync };
}

const later = (ms = TIMING.hashDebounceMs + TIMING.hashMinGapMs + 10) => mock.timers.tick(ms);

test("changes in a row are written once, after the pause, with the newest state", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { win, box, sync } = made({ lesson: "encode", text: "a", piece: 0 }, "#lesson=encode");
    sync.schedule();
    box.state = { ...box.state, text: "ab" };
    sync.schedule();
    box.state = { ...box.state, text: "abc", piece: 2 };
    sync.schedule();
    assert.deepEqual(win.calls, [], "nothing before the pause");
    later();
    assert.deepEqual(win.calls, [["replace", "#lesson=encode&text=abc&piece=2"]]);
  } finally {
    mock.timers.reset();
  }
});

test("a link in the URL not heard yet is never written over; once heard, writes go on", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { win, box, sync } = made({ lesson: "encode", text: "mine", piece: 0 }, "#lesson=encode");
    sync.schedule();
    win.location.hash = "#lesson=decode&text=link"; // set in the tab: its hashchange is on its way
    later(TIMING.hashDebounceMs + 1);
    assert.deepEqual(win.calls, []);
    sync.heard("#lesson=decode&text=link"); // the page read it
    box.state = { lesson: "decode", text: "link", piece: 1 };
    sync.schedule();
    later();
    assert.deepEqual(win.calls, [["replace", "#lesson=decode&text=link&piece=1"]]);
  } finally {
    mock.timers.reset();
  }
});

test("a URL the page wrote some other way (no hashchange) is taken as known one round later", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { win, box, sync } = made({ lesson: "encode", text: "x", piece: 0 }, "#lesson=encode");
    win.location.hash = "#lesson=encode&src=shared";
    sync.write();
    assert.deepEqual(win.calls, [], "the first round waits for a hashchange");
    later(TIMING.hashDebounceMs + 1);
    assert.deepEqual(win.calls, [["replace", "#lesson=encode&text=x&piece=0"]]);
    assert.equal(box.refused.length, 0);
  } finally {
    mock.timers.reset();
  }
});

test("while a link's lesson loads (hold) nothing is written; after release it is", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { win, sync } = made({ lesson: "encode", text: "x", piece: 0 }, "");
    sync.hold();
    sync.schedule();
    later();
    assert.deepEqual(win.calls, []);
    sync.release();
    sync.write();
    assert.deepEqual(win.calls, [["replace", "#lesson=encode&text=x&piece=0"]]);
  } finally {
    mock.timers.reset();
  }
});

test("a lesson opened from its tab is a new history entry", () => {
  const { win, box, sync } = made({ lesson: "encode", text: "x", piece: 0 }, "#lesson=encode&text=x");
  box.state = { lesson: "decode", text: "x", piece: 0 };
  sync.push();
  assert.deepEqual(win.calls, [["push", "#lesson=decode&text=x&piece=0"]]);
});

test("text too long for the link is kept in the tab with the write, and a full storage is said", () => {
  const long = "a long text over ten";
  const { win, box, sync } = made({ lesson: "encode", text: long, piece: 0 }, "");
  sync.write();
  assert.deepEqual(win.calls, [["replace", "#lesson=encode&piece=0"]], "the link leaves the long text out");
  assert.equal(win.store.get("toklab.kept:text"), long);
  assert.deepEqual(sync.restore(SCHEMA, {}), { text: long });
  win.sessionStorage.full = true;
  box.state = { ...box.state, text: `${long}, longer` };
  sync.write();
  assert.deepEqual(box.refused, [["text"]]);
});

test("a reload just after an edit opens the hash the tab wanted, not the one written", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const first = made({ lesson: "encode", text: "edit", piece: 0 }, "#lesson=encode&text=old");
    first.sync.heard("#lesson=encode&text=old");
    first.sync.schedule(); // the edit: wanted, not written yet
    const again = new HashSync({ getState: () => null, schemaFor: () => SCHEMA, refused: () => {}, win: first.win });
    assert.equal(again.recover(true), "#lesson=encode&text=edit&piece=0");
    assert.equal(again.recover(false), "#lesson=encode&text=old");
  } finally {
    mock.timers.reset();
  }
});
