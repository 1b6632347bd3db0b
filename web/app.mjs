// The app shell: one state object, its URL hash, the language, the engine status, the lesson tabs,
// the keyboard help overlay, and the lesson that is open.
//
// The state is the single source of truth. Anything that changes it calls setState(patch); the shell
// writes the hash (throttled, with replaceState, and once more on pagehide), keeps text too long for the
// link in sessionStorage (KeptText) and says so, applies language and projector mode, and hands the
// changed field names to the open lesson, which redraws what depends on them.
//
// The engine's status is shown with a Stop button while a request runs long (a new worker; the long
// request is answered "stopped") and a Restart button after a crash or a timeout (a new worker, and the
// lesson opened again); the state, its text, stays. A lesson module that does not load shows a message
// with a Retry button.
//
// A lesson gets a context object (ctx, made in openLesson); what it holds and what a lesson gives back
// are written once, in lessons/registry.mjs.

import { LESSONS, findLesson } from "./lessons/registry.mjs";
import { translate, detectLanguage, LANGUAGES } from "./i18n.mjs";
import { applyTheme, TIMING, SPEEDS, LIMITS } from "./theme.mjs";
import { param, parseHash, formatHash, defaults, PendingHash, replaceURL, tooLongForLink, KeptText } from "./state.mjs";
import { checkCard } from "./ui/questions.mjs";
import { installClassroom } from "./classroom/classroom.mjs";
import { ClassroomTools } from "./classroom/export.mjs";
import "./shell-strings.mjs";
import "./ui/errorWords.mjs";
import "./ui/offlineWords.mjs";

const CORE = new Map([
  ["lesson", param.oneOf(LESSONS[0].id, LESSONS.map((l) => l.id), { always: true })],
  ["lang", param.oneOf("en", LANGUAGES, { always: true })],
  ["text", param.text("tokenization", LIMITS.hashTextMax)],
  ["speed", param.oneOf(1, SPEEDS)],
  ["projector", param.bool(false)],
]);

const dom = {
  html: document.documentElement,
  status: document.querySelector('[data-testid="status"]'),
  statusText: document.querySelector('[data-testid="status"] .status-text'),
  statusBar: document.querySelector('[data-testid="status"] .status-bar'),
  note: document.querySelector('[data-testid="note"]'),
  noteText: document.querySelector('[data-testid="note"] .note-text'),
  noteClose: document.querySelector('[data-testid="note-close"]'),
  nav: document.querySelector('[data-testid="lesson-nav"]'),
  main: document.getElementById("main"),
  live: document.querySelector('[data-testid="announce"]'),
  help: document.querySelector('[data-testid="help"]'),
  helpBody: document.querySelector('[data-testid="help"] tbody'),
  helpButton: document.querySelector('[data-testid="help-button"]'),
  helpClose: document.querySelector('[data-testid="help-close"]'),
  projector: document.querySelector('[data-testid="projector-toggle"]'),
  langButtons: [...document.querySelectorAll("[data-lang]")],
  skip: document.querySelector(".skip-link"),
};
Object.assign(dom, shellControls());

/** The Stop and Restart buttons beside the status, and the link note under the header's note. */
function shellControls() {
  const button = (testid, key) => {
    const node = document.createElement("button");
    node.type = "button";
    node.className = "tool-button engine-button";
    node.dataset.testid = testid;
    node.dataset.i18n = key;
    node.hidden = true;
    return node;
  };
  const stop = button("stop-engine", "engine.stop");
  stop.dataset.i18nTitle = "engine.stopTitle";
  const restart = button("restart-engine", "engine.restart");
  dom.status.after(stop, restart);
  const linkShort = document.createElement("div");
  linkShort.className = "note link-short";
  linkShort.dataset.testid = "link-short";
  linkShort.setAttribute("role", "status");
  linkShort.hidden = true;
  const linkShortText = document.createElement("span");
  linkShort.append(linkShortText);
  dom.note.after(linkShort);
  return { stop, restart, linkShort, linkShortText };
}

const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
const lessonModules = new Map();
let lessonModule = null;
let lesson = null;
let questions = null; // the open lesson's "check yourself" card, after the lesson
let exportTools = null; // the export and print buttons (classroom/export.mjs)
let state = null;
let hashTimer = 0;
let lastHashWrite = -Infinity;
let openTicket = 0; // the newest openLesson(): an older one that finishes later gives way
let engine = null;
let engineStatus = { status: "loading", stage: "", message: "", code: "", params: {} };
let engineIsReady = false;
let stopTimer = 0;
const readyListeners = [];
const kept = new KeptText(window.sessionStorage);
const pending = new PendingHash(window.sessionStorage);

function schemaFor(lessonId) {
  const schema = new Map(CORE);
  const mod = lessonModules.get(lessonId);
  if (mod && mod.params) for (const [name, spec] of mod.params) schema.set(name, spec);
  return schema;
}

function t(key, vars) {
  return translate(state ? state.lang : "en", key, vars);
}

// ---------------------------------------------------------------- engine

const enginePromise = import("./engine.mjs")
  .then((mod) => {
    engine = mod.createEngine();
    engine.onStatus((status) => setEngineStatus(status));
    engine.onActivity((running) => showStopLater(running));
    return engine;
  })
  .catch((error) => {
    setEngineStatus({ status: "error", stage: "", message: String(error && error.message || error) });
    return null;
  });

function setEngineStatus(status) {
  engineStatus = {
    status: status.status || "loading", stage: status.stage || "", message: status.message || "",
    code: status.code || "", params: status.params || {},
  };
  const wasReady = engineIsReady;
  engineIsReady = engineStatus.status === "ready";
  renderStatus();
  if (engineIsReady && !wasReady) for (const fn of readyListeners.splice(0)) fn();
}

function renderStatus() {
  const { status, stage, message, code, params } = engineStatus;
  dom.status.dataset.state = status;
  let text;
  if (status === "ready") text = t("status.ready");
  else if (status === "error" && code === "crashed") text = t("engine.crashed");
  else if (status === "error" && code === "boot_timeout") text = t("engine.bootTimeout", params);
  else if (status === "error" && code === "request_timeout") text = t("engine.requestTimeout", params);
  else if (status === "error") text = t("status.error", { message: message || stage });
  else {
    const known = `status.stage.${stage}`;
    const label = t(known) !== known ? t(known) : message || stage || t("status.starting");
    text = t("status.loading", { stage: label });
  }
  dom.statusText.textContent = text;
  dom.status.title = text;
  dom.restart.hidden = status !== "error";
  if (status !== "ready") dom.stop.hidden = true;
}

/** Shows the Stop button once the running request has taken TIMING.stopAfterMs; hides it when none runs. */
function showStopLater(running) {
  clearTimeout(stopTimer);
  dom.stop.hidden = true;
  if (!running) return;
  const wait = Math.max(0, running.since + TIMING.stopAfterMs - performance.now());
  stopTimer = setTimeout(() => {
    dom.stop.hidden = false;
  }, wait);
}

/**
 * Restart (after a crash or a timeout): a new engine worker, and the open lesson starts again on the same
 * state, so the text stays and every request is asked again.
 */
function restartEngine() {
  if (!engine) {
    window.location.reload();
    return;
  }
  clearTimeout(stopTimer);
  dom.stop.hidden = true;
  engine.restart();
  if (lessonModules.has(state.lesson)) openLesson(state.lesson);
}

/**
 * Stop (a request running long): a new engine worker; the request that ran is answered "stopped" (the
 * lesson shows that, its text and what it drew kept) and the waiting ones go to the new worker. The
 * lesson is not opened again: that would ask the long request once more.
 */
function stopEngine() {
  clearTimeout(stopTimer);
  dom.stop.hidden = true;
  engine.restart({ keepWaiting: true });
  note(t("engine.stopped"));
}

async function query(kind, payload, options) {
  await enginePromise;
  if (!engine) {
    return { ok: false, error: { type: "EngineUnavailable", code: "engine_missing", params: {}, message: t("error.noEngine") } };
  }
  if (!engineIsReady && typeof engine.precomputed === "function") {
    try {
      const pre = await engine.precomputed(kind, payload);
      if (pre && typeof pre === "object") return Object.hasOwn(pre, "ok") ? pre : { ok: true, result: pre };
    } catch {
      // No precomputed answer: ask the engine below.
    }
  }
  try {
    return await engine.request(kind, payload, options);
  } catch (error) {
    const detail = String(error && error.message || error);
    return { ok: false, error: { type: "Error", code: "request_failed", params: { detail }, message: detail } };
  }
}

// ---------------------------------------------------------------- state

function setState(patch) {
  const changed = new Set();
  for (const [key, value] of Object.entries(patch)) {
    if (!Object.is(state[key], value)) changed.add(key);
  }
  if (changed.size === 0) return;
  // The lesson being left keeps its long text now: the next hash write is about the next lesson.
  if (changed.has("lesson") && lessonModules.has(state.lesson)) kept.save(state.lesson, state, schemaFor(state.lesson));
  state = { ...state, ...patch };
  applyChanges(changed);
}

function applyChanges(changed) {
  if (changed.has("lang")) {
    renderChrome();
    if (questions) questions.apply(t);
  }
  if (changed.has("projector")) applyProjector();
  if (classroom) classroom.changed(state, changed);
  renderLinkShort();
  scheduleHash();
  if (exportTools) exportTools.update(state, changed);
  if (changed.has("lesson")) {
    openLesson(state.lesson);
    return;
  }
  if (lesson) lesson.update(state, changed);
}

/**
 * Writes the hash soon: TIMING.hashDebounceMs after a change, and never sooner than TIMING.hashMinGapMs
 * after the last write, so playback at 4x stays under Safari's limit (100 replaceState calls in 30 s).
 * A write already waiting takes the newest state when it runs, so the last change is always written.
 */
function scheduleHash() {
  if (state && lessonModules.has(state.lesson)) pending.want(formatHash(state, schemaFor(state.lesson)), window.location.hash);
  if (hashTimer) return;
  const wait = Math.max(TIMING.hashDebounceMs, lastHashWrite + TIMING.hashMinGapMs - performance.now());
  hashTimer = setTimeout(writeHash, wait);
}

/** The hash and the kept long text, now. Nothing is written while the lesson's module is missing. */
function writeHash() {
  clearTimeout(hashTimer);
  hashTimer = 0;
  if (!state || !lessonModules.has(state.lesson)) return;
  const schema = schemaFor(state.lesson);
  kept.save(state.lesson, state, schema);
  const hash = formatHash(state, schema);
  if (hash === window.location.hash) return;
  lastHashWrite = performance.now();
  try {
    window.history.replaceState(null, "", hash);
  } catch {
    // Refused (too many calls): the state is still here, and the next write tries again.
  }
}

/** The note that the link holds less than the page: some text field is too long for it. */
function renderLinkShort() {
  const short = Boolean(state) && lessonModules.has(state.lesson) && tooLongForLink(state, schemaFor(state.lesson)).length > 0;
  dom.linkShort.hidden = !short;
  if (short) dom.linkShortText.textContent = t("link.short", { max: LIMITS.hashTextMax.toLocaleString("en-US") });
}

function readHash(hash, lessonId) {
  return parseHash(hash, schemaFor(lessonId));
}

function onHashChange() {
  const parsed = readHash(window.location.hash, state.lesson);
  let values = parsed.values;
  if (Object.hasOwn(values, "lesson") && values.lesson !== state.lesson) {
    ensureLessonModule(values.lesson).then(() => {
      const again = readHash(window.location.hash, values.lesson);
      reportRejected(again.rejected);
      const restored = kept.restore(values.lesson, schemaFor(values.lesson), again.values);
      setState({ ...defaults(schemaFor(values.lesson)), lang: state.lang, ...restored, ...again.values });
    }, () => setState({ lesson: values.lesson }));
    return;
  }
  reportRejected(parsed.rejected);
  if (parsed.empty) values = {};
  setState(values);
}

function reportRejected(rejected) {
  if (rejected.length) note(t("note.badHash"));
}

// ---------------------------------------------------------------- chrome

function renderChrome() {
  dom.html.lang = t("meta.htmlLang");
  document.title = t("app.title");
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of document.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of document.querySelectorAll("[data-i18n-title]")) {
    el.title = t(el.dataset.i18nTitle);
  }
  for (const button of dom.langButtons) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === state.lang));
  }
  renderNav();
  renderStatus();
  renderHelp();
  renderLinkShort();
}

function renderNav() {
  const items = LESSONS.map((entry) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "lesson-tab";
    button.dataset.testid = `lesson-tab-${entry.id}`;
    button.textContent = t(`lesson.${entry.id}`);
    if (entry.id === state.lesson) button.setAttribute("aria-current", "page");
    button.addEventListener("click", () => setState({ lesson: entry.id }));
    li.append(button);
    return li;
  });
  const list = document.createElement("ul");
  list.append(...items);
  dom.nav.replaceChildren(list);
}

function applyProjector() {
  applyTheme(state.projector);
  document.body.classList.toggle("projector", state.projector);
  dom.html.classList.toggle("projector", state.projector);
  dom.projector.setAttribute("aria-pressed", String(state.projector));
}

/** A quiet note under the header; it stays until dismissed or replaced. */
function note(text) {
  dom.noteText.textContent = text;
  dom.note.hidden = false;
}

function announce(text) {
  if (dom.live.textContent !== text) dom.live.textContent = text;
}

// ---------------------------------------------------------------- help overlay and keys

const APP_KEYS = [
  ["PageUp PageDown", "keys.deck"],
  ["?", "keys.help"],
  ["Esc", "keys.close"],
];

function renderHelp() {
  const keys = [...(lessonModule && lessonModule.keys ? lessonModule.keys : []), ...APP_KEYS];
  const rows = keys.map(([combo, key]) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    for (const part of combo.split(" ")) {
      const kbd = document.createElement("kbd");
      kbd.textContent = t(`kbd.${part}`) === `kbd.${part}` ? part : t(`kbd.${part}`);
      th.append(kbd, " ");
    }
    const td = document.createElement("td");
    td.textContent = t(key);
    tr.append(th, td);
    return tr;
  });
  dom.helpBody.replaceChildren(...rows);
}

function openHelp() {
  if (!dom.help.open) dom.help.showModal();
}

/** Targets where keys belong to the control: text entry, selects, and range sliders for arrows. */
function keyBelongsToControl(event) {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest("textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  const input = target.closest("input");
  if (input) {
    if (input.type !== "range") return true;
    return event.key !== " ";
  }
  return false;
}

function onKeyDown(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (dom.help.open) return;
  if (keyBelongsToControl(event)) return;
  if (event.key === "?") {
    event.preventDefault();
    openHelp();
    return;
  }
  if (lesson && lesson.onKey(event)) event.preventDefault();
}

// ---------------------------------------------------------------- lessons

async function ensureLessonModule(id) {
  if (lessonModules.has(id)) return lessonModules.get(id);
  const entry = findLesson(id) || LESSONS[0];
  const mod = (await entry.load()).default;
  lessonModules.set(entry.id, mod);
  return mod;
}

/**
 * Opens lesson `id`: loads its module (a failure shows lessonError), brings back its text fields kept in
 * this tab that the state does not hold yet, and creates it on the state.
 */
async function openLesson(id) {
  const ticket = ++openTicket;
  let mod;
  try {
    mod = await ensureLessonModule(id);
  } catch (error) {
    if (ticket === openTicket) lessonError(id, error);
    return;
  }
  if (ticket !== openTicket) return;
  if (lesson) lesson.destroy();
  lesson = null;
  lessonModule = mod;
  dom.main.replaceChildren();
  const restored = kept.restore(id, schemaFor(id), state);
  if (Object.keys(restored).length) state = { ...state, ...restored };
  lesson = mod.create({
    root: dom.main,
    t,
    getState: () => state,
    setState,
    // The lesson's requests form one lane: a newer round of the same kind replaces one still waiting.
    query: (kind, payload, options = {}) => query(kind, payload, { ...options, lane: id }),
    engineReady: () => engineIsReady,
    onEngineReady(fn) {
      if (engineIsReady) fn();
      else readyListeners.push(fn);
    },
    announce,
    note,
    reducedMotion: () => motionQuery.matches,
  });
  questions = checkCard(lessonModule.id);
  if (questions) {
    dom.main.append(questions.node);
    questions.apply(t);
  }
  renderNav();
  renderHelp();
  renderLinkShort();
  lesson.update(state, new Set(Object.keys(state)));
  scheduleHash();
}

/** The lesson's module did not load (offline, a failed fetch): say so, with a Retry button. */
function lessonError(id, error) {
  if (lesson) lesson.destroy();
  lesson = null;
  lessonModule = null;
  questions = null;
  const box = document.createElement("section");
  box.className = "card lesson-error";
  box.dataset.testid = "lesson-error";
  box.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.dataset.i18n = "lessonError.text";
  text.textContent = t("lessonError.text");
  const detail = document.createElement("p");
  detail.className = "fine";
  detail.textContent = String(error && error.message || error);
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "primary";
  retry.dataset.testid = "lesson-retry";
  retry.dataset.i18n = "lessonError.retry";
  retry.textContent = t("lessonError.retry");
  retry.addEventListener("click", () => retryLesson(id));
  box.append(text, detail, retry);
  dom.main.replaceChildren(box);
  renderNav();
  renderHelp();
}

/** Retry: the module once more; the hash's fields for the lesson are read again (they were kept). */
async function retryLesson(id) {
  try {
    await ensureLessonModule(id);
  } catch (error) {
    lessonError(id, error);
    return;
  }
  const parsed = readHash(window.location.hash, id);
  const values = parsed.values.lesson === id ? parsed.values : {};
  reportRejected(values === parsed.values ? parsed.rejected : []);
  const schema = schemaFor(id);
  state = { ...defaults(schema), ...state, ...kept.restore(id, schema, values), ...values, lesson: id };
  await openLesson(id);
}

// ---------------------------------------------------------------- classroom (web/classroom/)
// Follow windows, decks, speaker notes and embedding: installed before the hash is read (it moves
// ?follow= and the like out of the hash), started once the first lesson is open.

let classroom = null;

function startClassroom() {
  classroom = installClassroom({
    t,
    getState: () => state,
    setState,
    note,
    announce,
    loadSchema: (id) => ensureLessonModule(id).then(() => schemaFor(id)),
  });
}

// ---------------------------------------------------------------- start

async function start() {
  startClassroom();
  // A reload just after an edit opens the hash this tab wanted, not the one it had written yet.
  const firstHash = pending.recover(window.location.hash, performance.getEntriesByType("navigation")[0]?.type === "reload");
  if (firstHash !== window.location.hash) replaceURL(firstHash);
  pending.want(firstHash, firstHash);
  const probe = parseHash(firstHash, CORE);
  const lessonId = findLesson(probe.values.lesson) ? probe.values.lesson : LESSONS[0].id;
  // A module that does not load leaves the core fields; openLesson() below then shows why, and Retry
  // reads the lesson's own fields from the hash, which is not rewritten meanwhile.
  const loaded = await ensureLessonModule(lessonId).then(() => true, () => false);
  const parsed = readHash(firstHash, lessonId);
  const values = loaded ? parsed.values : probe.values;
  const restored = loaded ? kept.restore(lessonId, schemaFor(lessonId), values) : {};
  state = { ...defaults(schemaFor(lessonId)), lang: detectLanguage(navigator.languages), ...restored, ...values };
  state.lesson = lessonId;
  applyProjector();
  renderChrome();
  if (loaded) reportRejected(parsed.rejected);

  for (const button of dom.langButtons) {
    button.addEventListener("click", () => setState({ lang: button.dataset.lang }));
  }
  dom.projector.addEventListener("click", () => setState({ projector: !state.projector }));
  dom.helpButton.addEventListener("click", openHelp);
  dom.noteClose.addEventListener("click", () => {
    dom.note.hidden = true;
  });
  dom.helpClose.addEventListener("click", () => dom.help.close());
  dom.help.addEventListener("click", (event) => {
    if (event.target === dom.help) dom.help.close();
  });
  dom.skip.addEventListener("click", (event) => {
    event.preventDefault();
    dom.main.focus();
  });
  document.addEventListener("keydown", onKeyDown);
  window.addEventListener("hashchange", onHashChange);
  // Leaving the page (closing the tab, following a link, a reload): the waiting hash write happens now.
  window.addEventListener("pagehide", writeHash);
  dom.stop.addEventListener("click", stopEngine);
  dom.restart.addEventListener("click", restartEngine);
  motionQuery.addEventListener("change", () => lesson && lesson.update(state, new Set(["motion"])));

  exportTools = new ClassroomTools(document.querySelector(".topbar-tools"), { t, getState: () => state, query, note });
  exportTools.update(state, new Set(Object.keys(state)));
  await openLesson(lessonId);
  await classroom.start();
}

start();
