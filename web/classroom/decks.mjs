// Decks: a teacher's ordered list of views, each with speaker notes in both languages.
//
// A deck module (web/decks/<id>.mjs) default-exports plain data:
//
//     { id: "encode", lesson: "encode", focus: "merge-canvas",
//       title: {en, zh}, summary: {en, zh},          // the summary is the notes shown outside the deck
//       slides: [ { view: {text: "tokenization", step: 4}, focus?: "final-tokens", title: {en, zh}, notes: {en, zh},
//                   facts?: {ask(state) -> [[kind, payload], ...], vars(results, lang)} }, ... ] }
//
// A number the notes state is never typed in when the screen shows it: the notes say {name}, and the
// slide's `facts` asks the engine the requests its lesson asks for the slide's view (`ask` of the
// state the slide opened, built by the lesson's own query code), so `vars(results, lang)` fills the
// notes from the same answers the screen draws. Until they come, a placeholder reads "…".
//
// `focus` names (by data-testid) what a slide is about: both windows scroll its card to the top of the
// screen when the slide opens. A slide without one takes the deck's.
//
// A slide's view is a state of the app: the deck's lesson (or the slide's own `lesson`) and that
// lesson's fields; every field it does not name takes its default, so a slide always opens the same
// way. The language and projector mode are the window's, not the slide's. Notes are paragraphs
// separated by a blank line.

/** Each deck's module, in the order the deck menu lists them (the lessons' order). */
const LOADERS = new Map([
  ["encode", () => import("../decks/encode.mjs")],
  ["decode", () => import("../decks/decode.mjs")],
  ["train", () => import("../decks/train.mjs")],
  ["compare", () => import("../decks/compare.mjs")],
  ["special", () => import("../decks/special.mjs")],
  ["tables", () => import("../decks/tables.mjs")],
  ["families", () => import("../decks/families.mjs")],
  ["models", () => import("../decks/models.mjs")],
  ["samples", () => import("../decks/samples.mjs")],
  ["quirks", () => import("../decks/quirks.mjs")],
  ["lab", () => import("../decks/lab.mjs")],
]);

export const DECK_IDS = Object.freeze([...LOADERS.keys()]);

let loaded = null;

/** Every deck, in the lessons' order, loaded once: Promise<Map(id -> deck)>. */
export function loadDecks() {
  if (!loaded) {
    loaded = Promise.all(DECK_IDS.map((id) => LOADERS.get(id)().then((mod) => [id, mod.default])))
      .then((entries) => new Map(entries));
  }
  return loaded;
}

/** The view a slide opens: the lesson and the slide's fields. */
export function slideView(deck, slide) {
  return { lesson: slide.view.lesson || deck.lesson, ...slide.view };
}

/** The data-testid a slide is about (its own, else the deck's), or null. */
export function slideFocus(deck, slide) {
  const focus = slide.focus || deck.focus || null;
  return typeof focus === "string" && /^[a-z0-9-]{1,60}$/.test(focus) ? focus : null;
}

/**
 * Notes with their {placeholders} filled from `vars`; a name `vars` lacks (an answer not yet come) is "…".
 *
 *     fillNotes("{n} tokens", {n: 7}) -> "7 tokens";  fillNotes("{n} tokens", null) -> "… tokens"
 */
export function fillNotes(text, vars) {
  return String(text || "").replace(/\{(\w+)\}/g, (_, name) => (vars && Object.hasOwn(vars, name) ? String(vars[name]) : "…"));
}

/**
 * The engine's answers to a slide's requests (its `facts.ask` for the state on show), or null when the
 * slide asks nothing or an answer failed.
 */
export async function askSlideFacts(query, slide, state) {
  if (!slide.facts || !query) return null;
  const answers = await Promise.all(slide.facts.ask(state).map(([kind, payload]) => query(kind, payload)));
  return answers.every((answer) => answer.ok) ? answers.map((answer) => answer.result) : null;
}

/** A slide's notes in `lang`, numbers filled from `results` (null: "…"), and `facts`: none, pending or filled. */
export function slideNotes(slide, results, lang) {
  const vars = results && slide.facts ? slide.facts.vars(results, lang) : null;
  const facts = !slide.facts ? "none" : results ? "filled" : "pending";
  return { notes: fillNotes(slide.notes[lang] || slide.notes.en, vars), facts };
}

/** A slide's notes in `lang` as paragraphs: "a\n\nb" -> ["a", "b"]. */
export function paragraphs(text) {
  return String(text || "").split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}

/**
 * A deck being shown: which slide, and moving by one. Slides are counted from 1 where people see them
 * (the counter, ?slide=) and from 0 here.
 *
 *     const run = new DeckRun(deck, 0);  run.move(1) -> true (now at index 1);  run.move(-5) -> false
 */
export class DeckRun {
  constructor(deck, index) {
    this.deck = deck;
    this.index = Math.max(0, Math.min(index, deck.slides.length - 1));
  }

  get slide() {
    return this.deck.slides[this.index];
  }

  get count() {
    return this.deck.slides.length;
  }

  /** Moves by `delta` slides; false (and no move) past either end. */
  move(delta) {
    const next = this.index + delta;
    if (next < 0 || next >= this.count) return false;
    this.index = next;
    return true;
  }

  /** What a follow window needs to show the counter and to scroll to what the slide is about. */
  position() {
    return { id: this.deck.id, index: this.index + 1, count: this.count, focus: slideFocus(this.deck, this.slide) };
  }
}
