// The app shell: one state object, its URL hash, the language, the engine status, the lesson tabs,
// the keyboard help overlay, and the lesson that is open.
//
// The state is the single source of truth. Anything that changes it calls setState(patch); the shell
// writes the hash (debounced, with replaceState), applies language and projector mode, and hands the
// changed field names to the open lesson, which redraws what depends on them.
//
// A lesson gets a context object (ctx, made in openLesson); what it holds and what a lesson gives back
// are written once, in lessons/registry.mjs.

import { LESSONS, findLesson } from "./lessons/registry.mjs";
import { translate, detectLanguage, LANGUAGES } from "./i18n.mjs";
import { applyTheme, TIMING, SPEEDS, LIMITS } from "./theme.mjs";
import { param, parseHash, formatHash, defaults } from "./state.mjs";
import { checkCard } from "./ui/questions.mjs";
import { installClassroom } from "./classroom/classroom.mjs";
import { ClassroomTools } from "./classroom/export.mjs";

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

const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
const lessonModules = new Map();
let lessonModule = null;
let lesson = null;
let questions = null; // the open lesson's "check yourself" card, after the lesson
let exportTools = null; // the export and print buttons (classroom/export.mjs)
let state = null;
let hashTimer = 0;
let engineStatus = { status: "loading", stage: "", message: "" };
let engineIsReady = false;
const readyListeners = [];

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
    const engine = mod.createEngine();
    engine.onStatus((status) => setEngineStatus(status));
    Promise.resolve(engine.ready).then(
      () => {
        engineIsReady = true;
        setEngineStatus({ status: "ready", stage: "", message: "" });
        for (const fn of readyListeners.splice(0)) fn();
      },
      (error) => setEngineStatus({ status: "error", stage: "", message: String(error && error.message || error) }),
    );
    return engine;
  })
  .catch((error) => {
    setEngineStatus({ status: "error", stage: "", message: String(error && error.message || error) });
    return null;
  });

function setEngineStatus(status) {
  if (engineIsReady && status.status !== "ready") return;
  engineStatus = { status: status.status || "loading", stage: status.stage || "", message: status.message || "" };
  renderStatus();
}

function renderStatus() {
  const { status, stage, message } = engineStatus;
  dom.status.dataset.state = status;
  let text;
  if (status === "ready") text = t("status.ready");
  else if (status === "error") text = t("status.error", { message: message || stage });
  else {
    const known = `status.stage.${stage}`;
    const label = t(known) !== known ? t(known) : message || stage || t("status.starting");
    text = t("status.loading", { stage: label });
  }
  dom.statusText.textContent = text;
  dom.status.title = text;
}

async function query(kind, payload, options) {
  const engine = await enginePromise;
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
  scheduleHash();
  if (exportTools) exportTools.update(state, changed);
  if (changed.has("lesson")) {
    openLesson(state.lesson);
    return;
  }
  if (lesson) lesson.update(state, changed);
}

function scheduleHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(writeHash, TIMING.hashDebounceMs);
}

function writeHash() {
  const hash = formatHash(state, schemaFor(state.lesson));
  if (hash !== window.location.hash) {
    window.history.replaceState(null, "", hash);
  }
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
      setState({ ...defaults(schemaFor(values.lesson)), lang: state.lang, ...again.values });
    });
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
    button.addEventListener("click", () => {
      ensureLessonModule(entry.id).then(() => setState({ lesson: entry.id }));
    });
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

async function openLesson(id) {
  const mod = await ensureLessonModule(id);
  if (lesson) lesson.destroy();
  lessonModule = mod;
  dom.main.replaceChildren();
  lesson = mod.create({
    root: dom.main,
    t,
    getState: () => state,
    setState,
    query,
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
  lesson.update(state, new Set(Object.keys(state)));
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
  const firstHash = window.location.hash;
  const probe = parseHash(firstHash, CORE);
  const lessonId = findLesson(probe.values.lesson) ? probe.values.lesson : LESSONS[0].id;
  await ensureLessonModule(lessonId);
  const parsed = readHash(firstHash, lessonId);
  state = { ...defaults(schemaFor(lessonId)), lang: detectLanguage(navigator.languages), ...parsed.values };
  state.lesson = lessonId;
  applyProjector();
  renderChrome();
  reportRejected(parsed.rejected);

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
  motionQuery.addEventListener("change", () => lesson && lesson.update(state, new Set(["motion"])));

  exportTools = new ClassroomTools(document.querySelector(".topbar-tools"), { t, getState: () => state, query, note });
  exportTools.update(state, new Set(Object.keys(state)));
  await openLesson(lessonId);
  scheduleHash();
  await classroom.start();
}

start();
