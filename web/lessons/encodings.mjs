// The token tables a lesson can use (the engine's `encoding` field, docs/protocol.md) and the select
// that chooses one. r50k_base is inside the engine and is the default; cl100k_base and o200k_base are
// files the worker fetches the first time a request names them (web/worker.mjs), with progress. The
// choice is one state field, `encoding`, so encode, decode and special follow it and the URL keeps it.
//
//     const choice = new EncodingChoice(ctx, (name) => rerun());   // place choice.element
//     update(state, changed): choice.update(state, changed);   queries: withEncoding(payload, choice.active)
//
// `active` is the table the lesson uses now: r50k_base until the chosen table has loaded. A table that
// does not load leaves the lesson on r50k_base (the state goes back to it) and says so.

import { param } from "../state.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import "./encodingWords.mjs";

export const ENCODINGS = Object.freeze(["r50k_base", "cl100k_base", "o200k_base"]);
export const DEFAULT_ENCODING = ENCODINGS[0];

/** The `encoding` state field (left out of the URL at its default). */
export const encodingParam = () => param.oneOf(DEFAULT_ENCODING, ENCODINGS);

/**
 * A payload for `encoding`: the default leaves the field out, so r50k's payloads (and their precomputed
 * answers) stay what they were.
 *     withEncoding({text: "hi"}, "r50k_base") -> {text: "hi"};  (…, "o200k_base") -> {text: "hi", encoding: "o200k_base"}
 */
export function withEncoding(payload, encoding) {
  return encoding === DEFAULT_ENCODING ? payload : { ...payload, encoding };
}

const loaded = new Set([DEFAULT_ENCODING]); // tables the worker holds (it keeps them while it lives)

/** A new engine worker (Stop, Restart) holds only r50k_base: the larger tables are asked for again. */
export function forgetLoadedTables() {
  for (const name of loaded) if (name !== DEFAULT_ENCODING) loaded.delete(name);
}

const MB = 1024 * 1024;

export class EncodingChoice {
  /** onActive(name): the table in use changed. */
  constructor(ctx, onActive, { id = "encoding" } = {}) {
    const b = new Bindings();
    this.b = b;
    this.ctx = ctx;
    this.onActive = onActive;
    this.active = DEFAULT_ENCODING;
    this.wanted = DEFAULT_ENCODING;
    this.loading = null; // {name, loaded, total} while a table downloads
    this.failed = null; // the name of the last table that did not load
    this.closed = false;
    this.select = el("select", {
      id: `${id}-select`, testid: "encoding-select", className: "encoding-select",
      on: { change: () => ctx.setState({ encoding: this.select.value }) },
    });
    for (const name of ENCODINGS) this.select.append(b.text(el("option", { attrs: { value: name } }), `encoding.${name}`));
    this.status = el("p", { className: "encoding-status", testid: "encoding-status", attrs: { role: "status" } });
    this.note = el("p", { className: "encoding-note fine", testid: "encoding-note" });
    this.element = el("div", { className: "encoding-choice" },
      b.text(el("label", { className: "field-label", attrs: { for: `${id}-select` } }), "encoding.label"),
      this.select, this.status, this.note);
    this.render();
  }

  update(state, changed) {
    if (changed.has("encoding")) this.choose(ENCODINGS.includes(state.encoding) ? state.encoding : DEFAULT_ENCODING);
    else if (changed.has("lang")) this.render();
  }

  async choose(name) {
    this.wanted = name;
    this.select.value = name;
    if (loaded.has(name)) {
      this.loading = null;
      this.use(name);
      return;
    }
    this.loading = { name, loaded: 0, total: 0 };
    this.render();
    const answer = await this.ctx.query("warmup", { encoding: name }, {
      onProgress: ({ loaded: got, total }) => {
        if (this.wanted !== name || this.closed) return;
        this.loading = { name, loaded: got, total };
        this.render();
      },
    });
    if (answer.ok) loaded.add(name);
    if (this.closed || this.wanted !== name) return;
    this.loading = null;
    if (answer.ok) {
      this.failed = null;
      this.use(name);
    } else {
      this.failed = name;
      this.render();
      this.ctx.setState({ encoding: DEFAULT_ENCODING });
    }
  }

  use(name) {
    const changed = name !== this.active;
    this.active = name;
    this.render();
    if (changed) this.onActive(name);
  }

  render() {
    const t = this.ctx.t;
    this.b.apply(t);
    const l = this.loading;
    let status = "";
    if (l) {
      const percent = l.total > 0 ? t("encoding.loadingSize", { loaded: (l.loaded / MB).toFixed(1), total: (l.total / MB).toFixed(1) }) : "";
      status = t("encoding.loading", { name: l.name, percent });
    } else if (this.failed) {
      status = t("encoding.failed", { name: this.failed });
    }
    this.status.textContent = status;
    this.status.hidden = status === "";
    this.status.dataset.state = l ? "loading" : this.failed ? "error" : "ready";
    this.note.textContent = t(`encoding.note.${this.active}`);
    this.element.dataset.active = this.active;
  }

  destroy() {
    this.closed = true;
  }
}
