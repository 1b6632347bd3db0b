// The "Train like MiniMind" mode's corpus: a file the student opens (read and checked here, before the
// engine sees it), or one of the real corpora the build ships in corpora/ (tools/corpora.py: Tang and
// Song poems, US State of the Union addresses, and the two together as MiniMind's corpus mixes Chinese
// and English), fetched only when picked.
//
//   const picker = new CorpusPicker({ b, t, changed });  card.append(...picker.nodes)
//   picker.file -> {name, size, format, text} | null;  picker.render(running) after a change

import { el } from "../../ui/dom.mjs";
import { filePicker } from "../../ui/fields.mjs";
import { errorLine } from "../../ui/lessonkit.mjs";
import { MAX_CORPUS_CHARS } from "../../protocol.mjs";
import { settled } from "../../ui/settled.mjs";

const UTF8_MAX = 4; // bytes a character takes at most: a bigger file is over the limit without reading it
// The shipped choices, each the index.json entries it joins, in order: the mixed one is poems then prose.
const SHIPPED = Object.freeze([["poems", ["poems"]], ["prose", ["prose"]], ["mixed", ["poems", "prose"]]]);

export const grouped = (n) => n.toLocaleString("en-US");

/** A file size for people: "812 B", "3.4 KB", "2.9 MB". */
export function fileSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How a corpus file is read, by its name: .jsonl (or .json) as MiniMind's sft lines, else one text per line. */
export function fileFormat(name) {
  return /\.jsonl?$/i.test(name) ? "jsonl" : "txt";
}

/** Characters as Python counts them (code points). */
function codePoints(text) {
  let pairs = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) pairs += 1;
  }
  return text.length - pairs;
}

/**
 * A corpus file's text, or why it is refused: {text} | {key, vars}. Empty, not UTF-8 (or with NUL bytes),
 * and over MAX_CORPUS_CHARS characters are refused here, before the engine sees them.
 */
export async function readCorpus(file) {
  const vars = { name: file.name, size: fileSize(file.size), limit: grouped(MAX_CORPUS_CHARS) };
  if (file.size === 0) return { key: "mm.fileEmpty", vars };
  if (file.size > MAX_CORPUS_CHARS * UTF8_MAX) return { key: "mm.fileTooLargeBytes", vars };
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { key: "mm.fileUnreadable", vars: { ...vars, detail: String(error?.message ?? error) } };
  }
  if (bytes.includes(0)) return { key: "mm.fileBinary", vars: { ...vars, why: { key: "mm.why.nul" } } };
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { key: "mm.fileBinary", vars: { ...vars, why: { key: "mm.why.utf8" } } };
  }
  if (text.startsWith("\ufeff")) text = text.slice(1);
  const chars = text.length > MAX_CORPUS_CHARS ? codePoints(text) : text.length;
  if (chars > MAX_CORPUS_CHARS) return { key: "mm.fileTooLarge", vars: { ...vars, chars: grouped(chars) } };
  if (!text.trim()) return { key: "mm.fileEmpty", vars };
  return { text };
}

/** The words of a refusal: vars whose value is {key} are words themselves. */
function said(t, { key, vars = {} }) {
  const filled = {};
  for (const [name, value] of Object.entries(vars)) filled[name] = value && typeof value === "object" ? t(value.key) : value;
  return t(key, filled);
}

export class CorpusPicker {
  /** `changed()` is called whenever the corpus (or why a file was refused) changes. */
  constructor({ b, t, changed }) {
    this.t = t;
    this.changed = changed;
    this.file = null; // {name, size, format, text}
    this.refusal = null; // {key, vars}: why the file was not taken
    this.shipped = null; // corpora/index.json
    this.loading = null; // the shipped choice being fetched
    this.reading = false; // a chosen file is being read
    this.gone = false;
    const r = (this.r = {});
    const picker = filePicker(b, {
      id: "mm-file", testid: "corpus-file", className: "mm-file", accept: ".txt,.jsonl,.json,text/plain",
      describedBy: "mm-file-hint", onChange: () => this.fileChosen(),
    });
    r.file = picker.input;
    r.buttons = SHIPPED.map(([key, parts]) => el("button", {
      className: "copy", testid: `corpus-${key}`, attrs: { type: "button" }, on: { click: () => this.take(key, parts) },
    }));
    r.sources = el("p", { className: "fine mm-sources", testid: "corpus-sources" });
    r.shipped = el("div", { className: "mm-shipped" },
      b.text(el("p", { className: "field-label" }), "mm.shippedLabel"),
      el("div", { className: "preset-row" }, ...r.buttons), r.sources);
    r.shipped.hidden = true;
    r.info = el("p", { className: "point", testid: "corpus-info", attrs: { "aria-live": "polite" } });
    r.error = errorLine("corpus-file-error");
    this.nodes = [
      b.text(el("label", { className: "field-label", attrs: { for: "mm-file" } }), "mm.fileLabel"),
      el("div", { className: "lk-file-row" }, ...picker.nodes),
      b.text(el("p", { className: "hint", id: "mm-file-hint" }), "mm.fileHint", { limit: grouped(MAX_CORPUS_CHARS) }),
      r.shipped, r.info, r.error,
    ];
    settled.track(this.loadShipped()); // the shipped corpora's buttons come with it
  }

  /** Whether a file is being read or a shipped text fetched: Start waits for it (it is not there yet). */
  get busy() {
    return this.reading || Boolean(this.loading);
  }

  async fileChosen() {
    const file = this.r.file.files?.[0];
    if (!file) return;
    this.reading = true;
    this.changed();
    const read = await settled.track(readCorpus(file));
    this.reading = false;
    if (this.gone) return;
    this.refusal = read.key ? read : null;
    this.file = read.key ? null : { name: file.name, size: file.size, format: fileFormat(file.name), text: read.text };
    this.changed();
  }

  /** The shipped corpora's facts (corpora/index.json, made by the build): the buttons appear once known. */
  async loadShipped() {
    try {
      const response = await fetch(new URL("corpora/index.json", document.baseURI));
      if (!response.ok) return;
      this.shipped = await response.json();
    } catch {
      return;
    }
    if (!this.gone) this.changed();
  }

  /** The size and count of a shipped choice: the sum of its parts. */
  facts(parts) {
    const entries = parts.map((p) => this.shipped[p]);
    return { size: fileSize(entries.reduce((n, e) => n + e.bytes, 0)), poems: grouped(this.shipped.poems.count),
      speeches: grouped(this.shipped.prose.count), first: this.shipped.prose.first, last: this.shipped.prose.last };
  }

  async take(key, parts) {
    if (!this.shipped || this.loading) return;
    this.loading = key;
    this.changed();
    const release = settled.hold(); // the text is on its way (ui/settled.mjs)
    const texts = [];
    let detail = "";
    try {
      for (const part of parts) {
        const response = await fetch(new URL(`corpora/${this.shipped[part].file}`, document.baseURI));
        if (!response.ok) {
          detail = `${this.shipped[part].file}: HTTP ${response.status}`;
          break;
        }
        texts.push(await response.text());
      }
    } catch (error) {
      detail = String(error?.message ?? error);
    }
    release();
    if (this.gone) return;
    this.loading = null;
    const name = parts.length === 1 ? this.shipped[parts[0]].file : `${parts.join("+")}.txt`;
    if (detail) {
      this.refusal = { key: "mm.fileUnreadable", vars: { name, detail } };
    } else {
      const text = texts.join("");
      this.refusal = null;
      this.file = { name, size: new TextEncoder().encode(text).length, format: "txt", text };
    }
    this.changed();
  }

  render(running) {
    const { r, t } = this;
    r.info.textContent = this.file
      ? t("mm.fileInfo", { name: this.file.name, size: fileSize(this.file.size), format: t(`mm.format.${this.file.format}`) })
      : t("mm.noFile");
    r.error.hidden = !this.refusal;
    r.error.textContent = this.refusal ? said(t, this.refusal) : "";
    r.file.disabled = running;
    const ready = Boolean(this.shipped?.poems && this.shipped?.prose);
    r.shipped.hidden = !ready;
    if (!ready) return;
    SHIPPED.forEach(([key, parts], i) => {
      r.buttons[i].textContent = t(this.loading === key ? "mm.shippedLoading" : `mm.shipped.${key}`, this.facts(parts));
      r.buttons[i].disabled = running || Boolean(this.loading);
    });
    r.sources.replaceChildren(...["poems", "prose"].flatMap((part, i) => {
      const s = this.shipped[part];
      const link = el("a", { attrs: { href: new URL(`corpora/${s.licence_file}`, document.baseURI).href, target: "_blank", rel: "noopener" } },
        t(`mm.source.${part}`, { package: s.package, version: s.version, licence: t(`mm.licence.${part}`, { licence: s.licence }) }));
      return i ? [" · ", link] : [link];
    }));
  }

  destroy() {
    this.gone = true;
  }
}
