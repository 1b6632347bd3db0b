// TextLesson: the skeleton of the lessons built around one text box and one engine query (decode,
// special, compare, models, samples, tables). The parts it is made of are in ./lessonkit.mjs; the newest
// answer wins through ./latest.mjs.

import { el, Bindings } from "./dom.mjs";
import { Latest } from "./latest.mjs";
import { paramValue, Debounced, errorLine, showError, textBox, presetButtons, insertUndoable } from "./lessonkit.mjs";
import { AskFirst } from "./askFirst.mjs";

/**
 * The skeleton of a lesson built around one text box and one engine query (decode, special, compare,
 * samples; train uses its parts). It holds the text box bound to one state field, the preset buttons
 * that fill it, the query that re-runs when the lesson's fields change (at once, or after a pause when
 * the change was typed), the newest answer, the error line and the clean-up. A lesson extends it and
 * keeps what is its own: its page, its query, its render and its params.
 *
 *     class DecodeLesson extends TextLesson {
 *       constructor(ctx) {
 *         super(ctx, { id: "decode", params: PARAMS, field: "ids" });
 *         const box = this.textBox("ids");           // #ids-input, typing sets state.ids
 *         const presets = this.presets(PRESETS);     // each {id, label, text}
 *         this.mount([intro(...), card(box, presets, this.errorBox)], resultCard, ...);
 *       }
 *       query() { return this.ctx.query("decode", { ids: this.get("ids") }); }
 *       render() { ... this.result ... }            // the error line is drawn for it
 *     }
 *
 * Options: `also`, more fields every text change sets (samples: {start: 0}); `debounceMs`, the pause
 * after typing; `keepLastResult`, whether an engine error leaves the last good result drawn.
 *
 * Asking first: a lesson places `this.askFirst(regions)` in its head and words its question in quiz().
 */
export class TextLesson {
  constructor(ctx, { id, params, field, also = {}, debounceMs = 150, keepLastResult = false }) {
    this.latest = new Latest();
    // Each run's requests are one round: a newer run's request replaces one still waiting in the engine
    // (its answer would be dropped anyway), so typing never piles requests up behind a slow one.
    this.ctx = Object.freeze({ ...ctx, query: (kind, payload, options = {}) => ctx.query(kind, payload, { round: this.latest.now, ...options }) });
    this.t = ctx.t;
    this.b = new Bindings();
    this.id = id;
    this.params = params;
    this.field = field;
    this.also = also;
    this.keepLastResult = keepLastResult;
    // The text field may be a shared one ("text"), so it is watched besides the lesson's params.
    this.watched = [...new Set([field, ...params.keys()])];
    this.debounced = new Debounced(debounceMs, () => this.run());
    this.result = null;
    this.error = null;
    this.started = false;
    this.input = null;
    this.presetChoices = [];   // [preset, its button]
    this.pressed = null;
    this.errorBox = errorLine(`${id}-error`);
    this.main = null;
    this.asker = null;
  }

  /**
   * The question the lesson opens on (./askFirst.mjs): `regions` (the elements that show the answer)
   * stay hidden until it is answered; `quiz()` (the lesson's own quiz() by default) words it from the
   * engine's answer. Returns its node, to place in the page's head.
   */
  askFirst(regions, quiz = () => this.quiz()) {
    this.asker = new AskFirst(this.ctx, { regions });
    this.askQuiz = quiz;
    return this.asker.node;
  }

  /** The opening question for what is on show (./askFirst.mjs), or null when there is nothing to ask. */
  quiz() {
    return null;
  }

  /** Draws the opening question again from the newest answer. */
  renderAsk() {
    if (this.asker) this.asker.render(this.askQuiz());
  }

  get(name) {
    return paramValue(this.ctx.getState(), this.params, name);
  }

  /** The state patch that puts `text` in the box; typing and the presets both go through it. */
  textPatch(text) {
    return { [this.field]: text, ...this.also };
  }

  /** The lesson's text box, `<name>-input`, bound to its field. */
  textBox(name, options = {}) {
    this.input = textBox(this.ctx, this.debounced, { id: `${name}-input`, patch: (v) => this.textPatch(v), ...options });
    return this.input;
  }

  /**
   * Preset buttons (`<id>-preset-<preset id>`) that put a preset's `text` in the box, as an edit Ctrl+Z
   * undoes; a button is pressed while the box holds its text. `pick(preset)` and `pressed(preset)`
   * replace these two rules for presets that set more than the text. Returns the list to place in the page.
   */
  presets(list, { pick = (p) => this.ctx.setState(this.textPatch(p.text)), pressed = (p) => p.text === this.get(this.field) } = {}) {
    const made = presetButtons(this.b, list, this.id, (preset) => {
      insertUndoable(this.input, preset.text);
      pick(preset);
    });
    this.presetChoices = list.map((preset) => [preset, made.buttons.get(preset.id)]);
    this.pressed = pressed;
    return made.list;
  }

  /**
   * Adds the page to the root, as "lesson lk <id>", labelled in the current language: first `head` (the
   * intro, the text box's card, a guessing card), then the cards of the lesson's `view`, the ones an
   * export draws (exportScene()).
   */
  mount(head, ...view) {
    this.view = view;
    this.main = el("div", { className: `lesson lk ${this.id}` }, ...head, ...view);
    this.ctx.root.append(this.main);
    this.b.apply(this.t);
  }

  /** What an export draws (the lesson contract, lessons/registry.mjs): the view's cards, the text, its table. */
  exportScene() {
    return { view: this.view, text: this.input ? this.input.value : "", table: this.choice ? this.get("encoding") : null, merges: null };
  }

  /** Puts the state's text in the box and presses the matching preset. */
  showText() {
    const text = this.get(this.field);
    // Writing the same value again would move the caret to the end while the user types.
    if (this.input.value !== text) this.input.value = text;
    for (const [preset, button] of this.presetChoices) button.setAttribute("aria-pressed", String(this.pressed(preset)));
  }

  /** Shows the lesson's other settings (number fields, choices) from the state; none by default. */
  showSettings() {}

  /** The first update and any change of a watched field re-run the query; a language change alone redraws. */
  update(state, changed) {
    if (changed.has("lang")) this.b.apply(this.t);
    if (this.asker && (!this.started || changed.has("ask"))) this.asker.show(state.ask);
    if (!this.started || this.watched.some((name) => changed.has(name))) {
      this.started = true;
      this.showText();
      this.showSettings();
      this.debounced.schedule();
    } else if (changed.has("lang")) {
      this.redraw();
    }
  }

  /** The engine request for the current state: `return this.ctx.query(kind, payload)`. */
  query() {
    throw new Error(`lesson ${this.id} has no query()`);
  }

  /** Draws this.result (null until the first answer, or after an error unless keepLastResult). */
  render() {}

  /** The error line, then render(). */
  redraw() {
    showError(this.errorBox, this.t, this.error);
    this.render();
    this.renderAsk();
  }

  /**
   * Asks the engine and draws the answer, unless a newer request overtook this one. The page is marked
   * stale meanwhile. Returns the answer it drew, or null when it was overtaken.
   */
  async run() {
    const ticket = this.latest.next();
    this.main.classList.add("stale");
    const answer = await this.query();
    if (!this.latest.is(ticket) || answer.superseded) return null;
    this.main.classList.remove("stale");
    if (answer.ok) this.result = answer.result;
    else if (!this.keepLastResult) this.result = null;
    this.error = answer.ok ? null : answer.error;
    this.redraw();
    return answer;
  }

  onKey() {
    return false;
  }

  destroy() {
    this.debounced.cancel();
    this.latest.drop();
    this.main.remove();
  }
}
