// The app shell: one state object and the ways it changes. Its parts, each in shell/:
//   shell/hashSync.mjs      the state's URL hash (throttled writes, one history entry per lesson, never
//                           over a link not read yet) and the long texts kept in the tab
//   shell/engineStatus.mjs  the engine: its status line, Stop and Restart, the lessons' query()
//   shell/lessonHost.mjs    the open lesson: modules, the lesson's context, the Retry message
//   shell/chrome.mjs        the frame: words, tabs, projector, keyboard help, notes
//
// The state is the single source of truth. Anything that changes it calls setState(patch); the shell
// writes the hash, says when the link holds less than the page, applies language and projector mode,
// and hands the changed field names to the open lesson, which redraws what depends on them.
//
// A lesson is opened three ways, and each gives the lesson's fields the same values: what the link
// says, else the long text this tab kept, else the field's default (a tab keeps what the state holds:
// a name means one thing in every lesson).
//   - its tab: a new history entry (Back goes to the lesson before);
//   - a link or Back/Forward (hashchange): the hash as it was when the event came;
//   - the page's start (the hash, or the one a reload just after an edit wanted).
//
// A lesson gets a context object (ctx, made in makeContext); what it holds and what a lesson gives back
// are written once, in lessons/registry.mjs.

import { LESSONS, findLesson } from "./lessons/registry.mjs";
import { translate, detectLanguage, LANGUAGES } from "./i18n.mjs";
import { SPEEDS, LIMITS } from "./theme.mjs";
import { param, parseHash, defaults, replaceURL, tooLongForLink } from "./state.mjs";
import { installClassroom } from "./classroom/classroom.mjs";
import { ClassroomTools } from "./classroom/export.mjs";
import "./shell-strings.mjs";
import "./ui/errorWords.mjs";
import "./ui/offlineWords.mjs";
import "./ui/askFirstWords.mjs";
import { Chrome } from "./shell/chrome.mjs";
import { EngineHost } from "./shell/engineStatus.mjs";
import { HashSync } from "./shell/hashSync.mjs";
import { LessonHost } from "./shell/lessonHost.mjs";
import { Latest } from "./ui/latest.mjs";
import { settled } from "./ui/settled.mjs";

const CORE = new Map([
  ["lesson", param.oneOf(LESSONS[0].id, LESSONS.map((l) => l.id), { always: true })],
  ["lang", param.oneOf("en", LANGUAGES, { always: true })],
  ["text", param.text("tokenization", LIMITS.hashTextMax)],
  ["speed", param.oneOf(1, SPEEDS)],
  ["projector", param.bool(false)],
  // Ask before telling (ui/askFirst.mjs): each lesson opens on a question; the teacher's switch turns it off.
  ["ask", param.bool(true)],
]);

const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");
// Ask first, in every lesson: the teacher's switch beside the projector's (the core field `ask`).
const askSwitch = document.querySelector('[data-testid="ask-toggle"]');
let state = null;
const early = []; // what the reader did before the first state was made (start), done once it is
let linkValues = {}; // what the link that opened the lesson said ({} for a tab, a reload, a restart)
const navigation = new Latest(); // the newest lesson change: an older one whose module loads later gives way
let classroom = null; // follow windows, decks, speaker notes (web/classroom/)
let exportTools = null; // the export and print buttons (classroom/export.mjs)

const t = (key, vars) => translate(state ? state.lang : "en", key, vars);
const getState = () => state;

const chrome = new Chrome({ t, getState, host: () => host, tab: (id) => goToLesson(id), setLang: (lang) => setState({ lang }) });
const note = (text) => chrome.note(text);
const announce = (text) => chrome.announce(text);
const host = new LessonHost(chrome.dom.main, {
  core: CORE,
  t,
  makeContext,
  opened: () => {
    chrome.renderNav();
    chrome.renderHelp();
    renderLinkShort();
  },
  retry: retryLesson,
  next: (id) => {
    // The Next link at a lesson's end: the next lesson from its top, as its tab opens it.
    goToLesson(id);
    window.scrollTo({ top: 0 });
    chrome.dom.main.focus({ preventScroll: true });
  },
});
const engine = new EngineHost(chrome.dom, { t, note, reopen: () => host.has(state.lesson) && openLesson() });
const hash = new HashSync({
  getState,
  schemaFor: (id) => host.schemaFor(id),
  refused: () => note(t("link.storageFull", { max: LIMITS.hashTextMax.toLocaleString("en-US") })),
});

function makeContext(id) {
  return {
    root: chrome.dom.main,
    t,
    getState,
    setState,
    // The lesson's requests form one lane: a newer round of the same kind replaces one still waiting.
    query: (kind, payload, options = {}) => engine.query(kind, payload, { ...options, lane: id }),
    stopRunning: (kind) => engine.stopRunning(kind),
    engineReady: () => engine.ready(),
    holdsTable: (name) => engine.holds(name),
    tables: () => engine.tables(),
    onTables: (fn) => engine.onTables(fn),
    onEngineReady: (fn) => engine.onReady(fn),
    announce,
    note,
    reducedMotion: () => motionQuery.matches,
    linkValues: () => linkValues,
  };
}

// ---------------------------------------------------------------- state

/**
 * `s` with every field of lesson `id` it lacks: the long text this tab kept for it, else its default.
 *     complete("encode", {lesson: "encode", text: "hi"}) -> {..., piece: 0, step: 0, ...}
 */
function complete(id, s) {
  const schema = host.schemaFor(id);
  return schema ? { ...defaults(schema), ...hash.restore(schema, s), ...s } : s;
}

/** fn, or, before the first state is made (start), fn kept in `early` until it is. */
function whenStarted(fn) {
  return (...args) => (state ? fn(...args) : early.push(() => fn(...args)));
}

function setState(patch) {
  if (!state) {
    early.push(() => setState(patch));
    return;
  }
  const changed = new Set();
  for (const [key, value] of Object.entries(patch)) {
    if (!Object.is(state[key], value)) changed.add(key);
  }
  if (changed.size === 0) return;
  // The lesson being left keeps its long text now: the next hash write is about the next lesson.
  if (changed.has("lesson")) hash.keep(state, host.schemaFor(state.lesson));
  state = { ...state, ...patch };
  if (changed.has("lesson")) state = complete(state.lesson, state);
  applyChanges(changed);
}

function applyChanges(changed) {
  if (changed.has("lang")) {
    chrome.render();
    engine.render();
    host.relabel();
  }
  if (changed.has("projector")) chrome.applyProjector(state);
  if (changed.has("ask")) renderAskSwitch();
  if (classroom) classroom.changed(state, changed);
  renderLinkShort();
  hash.schedule();
  if (exportTools) exportTools.update(state, changed);
  if (changed.has("lesson")) {
    openLesson();
    return;
  }
  if (host.lesson) host.lesson.update(state, changed);
}

/** The teacher's switch says whether the lessons ask first (ui/askFirst.mjs; a link may have said ask=0). */
function renderAskSwitch() {
  askSwitch.setAttribute("aria-pressed", String(state.ask !== false));
}

/** The note that the link holds less than the page: some text field is too long for it. */
function renderLinkShort() {
  const schema = state ? host.schemaFor(state.lesson) : null;
  chrome.linkShort(Boolean(schema) && tooLongForLink(state, schema).length > 0);
}

function reportRejected(rejected) {
  if (rejected.length) note(t("note.badHash"));
}

// ---------------------------------------------------------------- lessons

async function openLesson() {
  if (await host.open(state.lesson, getState)) hash.schedule();
}

/** A lesson's tab: the lesson on this state, in a new history entry (the one left keeps its state). */
async function goToLesson(id) {
  if (id === state.lesson) return;
  const ticket = navigation.next();
  const loaded = await host.load(id).then(() => true, () => false);
  if (!navigation.is(ticket)) return;
  linkValues = {};
  if (!loaded) {
    setState({ lesson: id }); // the lesson's error box, with Retry; the URL stays as it was
    return;
  }
  hash.write();
  setState({ lesson: id });
  hash.push();
}

/** A link opened in the tab, the address bar, Back or Forward: the hash as it was when the event came. */
function onHashChange() {
  const link = window.location.hash;
  hash.heard(link);
  settled.asked(); // a link is a newer state asked, even one that changes nothing (ui/settled.mjs)
  const ticket = navigation.next();
  const probe = parseHash(link, CORE).values;
  if (Object.hasOwn(probe, "lesson") && probe.lesson !== state.lesson) {
    const id = probe.lesson;
    hash.hold();
    const loading = settled.hold();
    host.load(id).finally(loading).then(() => {
      hash.release();
      if (!navigation.is(ticket)) return;
      const read = parseHash(link, host.schemaFor(id));
      reportRejected(read.rejected);
      linkValues = read.values;
      setState({ ...defaults(host.schemaFor(id)), lang: state.lang, ...hash.restore(host.schemaFor(id), read.values), ...read.values });
      hash.schedule();
    }, () => {
      hash.release();
      if (navigation.is(ticket)) setState({ lesson: id });
    });
    return;
  }
  const schema = host.schemaFor(state.lesson) || CORE;
  const read = parseHash(link, schema);
  reportRejected(read.rejected);
  linkValues = read.empty ? {} : read.values;
  // A link means what it means in a new tab: a field it leaves out is the default (a link without
  // encoding= kept Gemma 3 from before in this tab, and opened r50k in a new one); the language stays.
  setState(read.empty ? {} : { ...defaults(schema), lang: state.lang, ...hash.restore(schema, read.values), ...read.values });
  // What was read goes back into the address bar, though nothing changed: no unreadable value stays.
  hash.schedule();
}

/** Retry: the module once more; the hash's fields for the lesson are read again (they were kept). */
async function retryLesson(id) {
  try {
    await host.load(id);
  } catch (error) {
    host.showError(id, error);
    return;
  }
  const schema = host.schemaFor(id);
  const parsed = parseHash(window.location.hash, schema);
  const values = parsed.values.lesson === id ? parsed.values : {};
  reportRejected(values === parsed.values ? parsed.rejected : []);
  linkValues = values;
  state = { ...defaults(schema), ...state, ...hash.restore(schema, values), ...values, lesson: id };
  await openLesson();
}

// ---------------------------------------------------------------- start

function startClassroom() {
  // Installed before the hash is read (it moves ?follow= and the like out of the hash), started once
  // the first lesson is open.
  classroom = installClassroom({
    t,
    getState,
    setState,
    note,
    announce,
    loadSchema: (id) => host.load(id).then(() => host.schemaFor(id)),
    // A slide's notes ask the engine what its lesson asks (decks.mjs `facts`), in a lane of their own.
    query: (kind, payload, options = {}) => engine.query(kind, payload, { ...options, lane: "notes" }),
  });
}

async function start() {
  startClassroom();
  const isReload = performance.getEntriesByType("navigation")[0]?.type === "reload";
  const firstHash = hash.recover(isReload);
  if (firstHash !== window.location.hash) replaceURL(firstHash);
  hash.heard(window.location.hash);
  const probe = parseHash(firstHash, CORE);
  const lessonId = findLesson(probe.values.lesson) ? probe.values.lesson : LESSONS[0].id;
  // Heard from now on, though the state is made only once the first lesson's module is in: Python can
  // be ready before that (its status shows), and a language chosen or a link set meanwhile was lost.
  for (const button of chrome.dom.langButtons) {
    button.addEventListener("click", () => setState({ lang: button.dataset.lang }));
  }
  chrome.dom.projector.addEventListener("click", whenStarted(() => setState({ projector: !state.projector })));
  askSwitch.addEventListener("click", whenStarted(() => setState({ ask: state.ask === false })));
  window.addEventListener("hashchange", whenStarted(onHashChange));
  // Leaving the page (closing the tab, following a link, a reload): the waiting hash write happens now.
  window.addEventListener("pagehide", () => hash.write());
  // A module that does not load leaves the core fields; the lesson's box then shows why, and Retry
  // reads the lesson's own fields from the hash, which is not rewritten meanwhile.
  const loaded = await host.load(lessonId).then(() => true, () => false);
  const schema = loaded ? host.schemaFor(lessonId) : CORE;
  const parsed = loaded ? parseHash(firstHash, schema) : probe;
  linkValues = isReload ? {} : parsed.values;
  state = {
    ...defaults(schema), lang: detectLanguage(navigator.languages), ...hash.restore(schema, parsed.values), ...parsed.values,
    lesson: lessonId,
  };
  chrome.applyProjector(state);
  renderAskSwitch();
  chrome.render();
  engine.render();
  if (loaded) reportRejected(parsed.rejected);
  for (const fn of early.splice(0)) fn(); // what came before there was a state, in order
  motionQuery.addEventListener("change", () => host.lesson && host.lesson.update(state, new Set(["motion"])));

  exportTools = new ClassroomTools(document.querySelector(".topbar-tools"), {
    t, getState, query: (...args) => engine.query(...args), note, lesson: () => host.lesson, module: () => host.module,
  });
  exportTools.update(state, new Set(Object.keys(state)));
  await openLesson();
  await classroom.start();
}

start();
