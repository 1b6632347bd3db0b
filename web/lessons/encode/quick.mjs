// The quick answer (issue 37, item 9): under the text box, how many tokens the text is in every table the
// select offers, one count per table, filling in as each table's answer arrives. A tap on a count chooses
// that table (its tokens are then drawn below, as for a choice in the select); the row ends with a link
// to the models lesson at the same text, where each model's tokens are laid side by side.
//
//     const quick = new QuickCounts(ctx, { tables: () => [...select options' values], choose: (name) => ... });
//     place quick.node;  quick.show(text, chosen)  after each change of text or table;  quick.destroy()
//
// The counts are the engine's (`model_row`, the models lesson's request, one per table), never the
// page's; the default example's are computed by the build (precomputed.json), so the first screen shows
// them before Python has started, with nothing downloaded. The tables come from the select, so a table
// added to it gets a count here too. Memory: the tables the engine holds are counted at once, and so are
// OpenAI's three and MiniMind's (small files); an open model or a SentencePiece model is fetched only
// when the reader asks (its count offers a tap, on every screen: all of them together grow the tab by
// hundreds of MB, issue 39, more than a count is worth; the models lesson loads them on a laptop, and
// on a phone or a save-data connection waits for taps too, models/table.mjs `waitsForTap`).
// Each count says while it loads (aria-busy, "…", and its download's progress in its title).

import { el } from "../../ui/dom.mjs";
import { Debounced } from "../../ui/lessonkit.mjs";
import { Latest } from "../../ui/latest.mjs";
import { precomputed } from "../../precomputed.mjs";
import { TIMING } from "../../theme.mjs";
import { tableTitle, modelFile } from "../encodings.mjs";
import { waitsForTap } from "../models/table.mjs";
import "./quickWords.mjs";

// The tables whose count waits for a tap until the engine holds them: a model's own file that the worker
// fetches, as the engine's facts say: the open models' and SentencePiece models' large files, and the
// WordPiece table (a small file, but the table is built in the worker and a long text's count through it
// keeps the worker busy for seconds while the lesson's own requests wait; tests/browser/
// test_encode_lesson.py's 100,000-character paste lost its End press to that). OpenAI's tables and
// MiniMind's, inside the engine or counted at once, are not.
const large = (name) => Boolean(modelFile(name)?.file);

const GROUPED = new Intl.NumberFormat("en-US");
const MB = 1024 * 1024;

/**
 * A table's short name in the row: OpenAI's without "_base", an open model's title without what its
 * brackets add.
 *     shortName("cl100k_base") -> "cl100k";  shortName("minimind") -> "MiniMind" (title "MiniMind (minimind-3)");
 *     sentencepiece's test models by their family and language ("Unigram en")
 */
export function shortName(name, t) {
  if (name.startsWith("unigram_") || name.startsWith("wordpiece_")) return t(`quick.short.${name}`);
  return modelFile(name) ? tableTitle(name, t).replace(/\s*[(（].*$/, "") : name.replace(/_base$/, "");
}

function sameNames(a, b) {
  return Array.isArray(b) && a.length === b.length && a.every((name, i) => name === b[i]);
}

export class QuickCounts {
  /** ctx: the lesson's (t, query, holdsTable, setState); tables(): the select's table names, in its order; choose(name). */
  constructor(ctx, { tables, choose, openModels }) {
    this.ctx = ctx;
    this.tables = tables;
    this.choose = choose;
    this.latest = new Latest();
    this.counts = new Map(); // name -> {n} | {loading, progress} | {offer} | {error}
    this.asked = new Set(); // the large tables the reader asked for with a tap (a phone's)
    this.text = null;
    this.askedFor = null; // the tables the counts were last asked for
    this.chosen = "";
    this.debounced = new Debounced(TIMING.quickCountMs, () => this.run());
    this.more = el("button", {
      className: "quick-more", testid: "quick-models", attrs: { type: "button" },
      on: { click: () => openModels(this.text ?? "") },
    });
    this.node = el("div", { className: "quick-row", testid: "quick-row", attrs: { role: "group" } }, this.more);
    // The engine's tables store: a table whose count waited for a tap is counted once the worker holds it.
    // (After the engine's own work: the store tells its listeners while it handles the worker's answer.)
    this.closed = false;
    this.unsubscribe = ctx.onTables ? ctx.onTables(() => queueMicrotask(() => this.closed || this.held())) : () => {};
  }

  /**
   * The text, the chosen table or the language changed: counts are asked again (after a pause when
   * typed) for a new text, or for a table the select did not have when they were last asked (the
   * reader's file).
   */
  show(text, chosen, { typed = false } = {}) {
    const names = this.tables();
    const again = text !== this.text || !sameNames(names, this.askedFor);
    this.chosen = chosen;
    if (!again) {
      this.render();
      return;
    }
    this.text = text;
    this.askedFor = names;
    this.latest.drop(); // the old text's answers are moot
    this.counts = new Map();
    this.render();
    if (typed) this.debounced.typed();
    this.debounced.schedule();
  }

  /** Counts for the text shown: the build's answers, then the tables the engine holds, then the others in the select's order. */
  async run() {
    const ticket = this.latest.next();
    const text = this.text;
    const names = this.tables();
    const waiting = [];
    for (const name of names) {
      const pre = precomputed("model_row", { text, encoding: name });
      if (pre && pre.ok) this.counts.set(name, { n: pre.result.n_tokens });
      else waiting.push(name);
    }
    const held = waiting.filter((name) => this.ctx.holdsTable(name));
    const rest = waiting.filter((name) => !held.includes(name));
    for (const name of rest) {
      if (!this.asked.has(name) && (waitsForTap(name) || large(name))) this.counts.set(name, { offer: true });
    }
    this.render();
    for (const name of [...held, ...rest]) {
      if (this.counts.get(name)?.offer) continue;
      if (!(await this.count(name, ticket, text))) return;
    }
  }

  /** Asks for one table's count and draws it; false when a newer text took over. */
  async count(name, ticket, text) {
    this.counts.set(name, { loading: true, progress: null });
    this.renderOne(name);
    const answer = await this.ctx.query("model_row", { text, encoding: name }, {
      round: ticket,
      timeoutMs: this.ctx.holdsTable(name) ? null : TIMING.modelLoadTimeoutMs, // a file to fetch and build first
      onProgress: (progress) => {
        if (!this.latest.is(ticket)) return;
        this.counts.set(name, { loading: true, progress });
        this.renderOne(name);
      },
    });
    if (!this.latest.is(ticket) || answer.superseded) return false;
    this.counts.set(name, answer.ok ? { n: answer.result.n_tokens } : { error: answer.error });
    this.renderOne(name);
    return true;
  }

  /** The worker holds more tables (one chosen in the select has loaded): a count that waited for a tap on one of them is asked now. */
  held() {
    for (const [name, state] of this.counts) {
      if (state.offer && this.ctx.holdsTable(name)) this.count(name, this.latest.now, this.text);
    }
  }

  /** A tap on a large table's offer (a phone's): its file loads now, for the text shown. */
  ask(name) {
    this.asked.add(name);
    this.count(name, this.latest.now, this.text);
  }

  render() {
    const t = this.ctx.t;
    this.nodes = new Map(this.tables().map((name) => [name, this.cell(name)]));
    this.node.replaceChildren(...this.nodes.values(), this.more);
    this.node.setAttribute("aria-label", t("quick.label"));
    this.more.textContent = t("quick.models");
  }

  renderOne(name) {
    const old = this.nodes && this.nodes.get(name);
    if (!old || !old.isConnected) return this.render();
    const node = this.cell(name);
    old.replaceWith(node);
    this.nodes.set(name, node);
    return undefined;
  }

  cell(name) {
    const t = this.ctx.t;
    const state = this.counts.get(name) ?? { loading: true, progress: null };
    const short = shortName(name, t);
    const title = tableTitle(name, t);
    const chosen = name === this.chosen;
    let value;
    let label;
    let hint = "";
    const data = { table: name, state: "loading" };
    if (state.n !== undefined) {
      value = GROUPED.format(state.n);
      data.tokens = String(state.n);
      data.state = "count";
      label = t(state.n === 1 ? "quick.count1" : "quick.count", { name: title, n: value });
    } else if (state.offer) {
      value = t("quick.tap");
      data.state = "offer";
      label = t("quick.offer", { name: title });
    } else if (state.error) {
      value = "!";
      data.state = "error";
      label = t("quick.error", { name: title });
    } else {
      value = "…";
      const p = state.progress;
      hint = p && p.total ? t("quick.loadingSize", { loaded: (p.loaded / MB).toFixed(1), total: (p.total / MB).toFixed(1) }) : "";
      label = t("quick.loading", { name: title, size: hint });
    }
    const busy = data.state === "loading";
    return el("button", {
      className: `quick-count${chosen ? " chosen" : ""}`, testid: "quick-count", data,
      // Named by what it shows (the table, its count), said in full by its title (its description).
      attrs: { type: "button", "aria-busy": busy ? "true" : "false", "aria-pressed": chosen ? "true" : "false", title: label },
      on: { click: () => (state.offer ? this.ask(name) : this.choose(name)) },
    },
    el("span", { className: "quick-name" }, short),
    el("span", { className: "quick-n" }, value));
  }

  destroy() {
    this.closed = true;
    this.unsubscribe();
    this.latest.drop();
    this.debounced.cancel();
  }
}
