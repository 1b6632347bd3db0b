// The reader's own tokenizer file, for the session: a HuggingFace tokenizer.json or a SentencePiece
// tokenizer.model (Yi's, ChatGLM3's, T5's), read in the page (with progress for a large file) and sent to
// the engine (`tokenizer_file` with its text, `tokenizer_model_file` with its bytes in base64), which
// keeps it as the model and table "custom"; a BERT vocab.txt (a name ending .txt) goes as its text to
// `tokenizer_vocab_file`, BERT's WordPiece on it. JSON or not, its first byte says ("{": JSON; a ModelProto
// starts with a field tag, never "{"), not its name. The models
// lesson's row and the encode lesson's file input both open it through here, so there is one file per
// session; the table selects learn of it through ../encodings.mjs (setCustomFile).

import { MAX_TOKENIZER_FILE } from "../../protocol.mjs";
import { failure } from "../../failures.mjs";
import { TIMING } from "../../theme.mjs";
import { Bindings, el } from "../../ui/dom.mjs";
import { filePicker } from "../../ui/fields.mjs";
import { errorText } from "../../ui/lessonkit.mjs";
import { customFile, setCustomFile } from "../encodings.mjs";
import "./strings.mjs";

const opened = { name: null, facts: null };  // the file the engine holds, once one was opened

/** The file the engine holds as "custom" ({name, facts}: the tokenizer_file answer), or null (none yet,
 * or the engine was restarted since, which forgets it). */
export function openFile() {
  return opened.name === null || !customFile() ? null : { name: opened.name, facts: opened.facts };
}

/** Reads `file`'s bytes, calling onRead(loaded, total) as it goes. */
function readBytes(file, onRead) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => onRead(event.loaded, event.total || file.size);
    reader.onload = () => resolve(new Uint8Array(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Whether `bytes` are a JSON text (its first byte other than white space, after a UTF-8 BOM, is "{"). */
export function isJsonFile(bytes) {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i += 1;
  return bytes[i] === 0x7b;
}

/** `bytes` in base64 (btoa on chunks: one call on a 64 MiB string of bytes would not fit the stack). */
export function base64(bytes) {
  const parts = [];
  for (let at = 0; at < bytes.length; at += 0x8000) parts.push(String.fromCharCode.apply(null, bytes.subarray(at, at + 0x8000)));
  return btoa(parts.join(""));
}

/**
 * Opens `file` in the engine. Returns {ok: true, name, facts} or {ok: false, tooLarge, error}; on a
 * failure the file opened before (if any) stays the session's. `onStage(stage, vars)` hears "reading"
 * ({loaded, total}) and "loading".
 */
export async function openTokenizerFile(ctx, file, onStage) {
  if (file.size > MAX_TOKENIZER_FILE) return { ok: false, tooLarge: true, size: file.size, limit: MAX_TOKENIZER_FILE };
  let bytes;
  try {
    bytes = await readBytes(file, (loaded, total) => onStage("reading", { loaded, total }));
  } catch (error) {
    return { ok: false, error: failure("request_failed", { detail: String(error?.message ?? error) }) };
  }
  onStage("loading", {});
  const [kind, payload] = isJsonFile(bytes) ? ["tokenizer_file", { json: new TextDecoder().decode(bytes), name: file.name }]
    : /\.txt$/i.test(file.name) ? ["tokenizer_vocab_file", { text: new TextDecoder().decode(bytes), name: file.name }]
      : ["tokenizer_model_file", { data: base64(bytes), name: file.name }];
  bytes = null;
  // Building a large vocabulary inside Pyodide takes as long as a shipped model's (Gemma 3's file: 33 MB).
  const answer = await ctx.query(kind, payload, { timeoutMs: TIMING.modelLoadTimeoutMs });
  if (!answer.ok) return { ok: false, error: answer.error };
  opened.name = file.name;
  opened.facts = answer.result;
  setCustomFile(file.name, answer.result.facts);
  return { ok: true, name: file.name, facts: answer.result };
}

export { MAX_TOKENIZER_FILE };

const fmt = (n) => n.toLocaleString("en-US");
const MIB = 1024 * 1024;
const mib = (n) => (n / MIB).toFixed(n < 10 * MIB ? 1 : 0); // 33.1, 64

/**
 * The file input, `data-testid="tokenizer-file"`, with its status line and its error line
 * (`tokenizer-file-error`: the engine's reason, in the page's language). `onOpened(name)` after a file
 * was opened; a file that cannot be used leaves the one before in place. `node` goes in the page;
 * `render()` again after a language change. Without `bindings` of the page's, it keeps its own.
 */
export class FileOpener {
  constructor(ctx, bindings, { id, onOpened, hintKey = "models.fileHint", openKey = "models.fileOpen" }) {
    this.own = bindings ? null : new Bindings();
    bindings = bindings || this.own;
    this.ctx = ctx;
    this.onOpened = onOpened;
    this.openKey = openKey;
    const picker = filePicker(bindings, {
      id, testid: "tokenizer-file", className: "lk-file", accept: ".json,.model,.txt,application/json,text/plain", onChange: () => this.openChosen(),
    });
    this.input = picker.input;
    this.status = el("p", { className: "fine", testid: "tokenizer-file-status", attrs: { role: "status" } });
    // While a file is read (its bytes) and then loaded by the engine (no measure: an indeterminate bar).
    this.progress = el("progress", { className: "lk-progress", testid: "tokenizer-file-progress", attrs: { "aria-hidden": "true" } });
    this.progress.hidden = true;
    this.error = el("p", { className: "engine-error", testid: "tokenizer-file-error", attrs: { role: "alert" } });
    this.error.hidden = true;
    this.failure = null;  // the last failure: (t) => its text, drawn again in a new language
    this.node = el("div", { className: "lk-setting lk-file-box" },
      bindings.text(el("label", { className: "field-label", attrs: { for: id } }), "models.fileLabel"),
      el("div", { className: "lk-file-row" }, ...picker.nodes),
      bindings.text(el("p", { className: "hint", testid: "tokenizer-file-limit" }), hintKey, { limit: mib(MAX_TOKENIZER_FILE) }),
      this.status, this.progress, this.error);
    this.render();
  }

  async openChosen() {
    const file = this.input.files && this.input.files[0];
    if (!file) return;
    this.failure = null;
    this.render();
    const t = () => this.ctx.t;
    this.busy = true;
    const result = await openTokenizerFile(this.ctx, file, (stage, vars) => {
      this.progress.hidden = false;
      this.input.disabled = true; // one file at a time
      if (stage === "reading") {
        this.progress.max = Math.max(1, vars.total);
        this.progress.value = vars.loaded;
        this.status.textContent = t()("models.fileReading", { name: file.name, loaded: mib(vars.loaded), total: mib(vars.total) });
      } else {
        this.progress.removeAttribute("value"); // the engine says nothing while it builds the table
        this.status.textContent = t()("models.fileLoading", { name: file.name, size: mib(file.size) });
      }
    });
    this.busy = false;
    this.progress.hidden = true;
    this.input.disabled = false;
    if (!result.ok) {
      this.failure = (tr) => (result.tooLarge
        ? tr("models.fileTooLarge", { name: file.name, size: fmt(result.size), limit: fmt(result.limit) })
        : tr("models.fileError", { name: file.name, reason: errorText(tr, result.error) }));
      this.render();
      return;
    }
    this.render();
    this.onOpened(result.name);
  }

  render() {
    const t = this.ctx.t;
    if (this.own) this.own.apply(t);
    if (this.busy) return; // the status line is the progress's until the file is open or refused
    const open = openFile();
    this.status.textContent = open
      ? t(this.openKey, { name: open.name, model: open.facts.model, total: fmt(open.facts.makeup.total) })
      : "";
    this.error.hidden = !this.failure;
    this.error.textContent = this.failure ? this.failure(t) : "";
  }
}
