// The reader's own tokenizer.json, for the session: read in the page (with progress for a large file),
// sent to the engine (`tokenizer_file`), which keeps it as the model "custom". The models lesson's row
// and the encode lesson's file input both open it through here, so there is one file per session.

import { MAX_TOKENIZER_FILE } from "../../protocol.mjs";

const opened = { name: null, facts: null };  // the file the engine holds, once one was opened

/** The file the engine holds as "custom" ({name, facts}), or null. */
export function openFile() {
  return opened.name === null ? null : { name: opened.name, facts: opened.facts };
}

/** Reads `file` as text, calling onRead(loaded, total) as it goes. */
function readText(file, onRead) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => onRead(event.loaded, event.total || file.size);
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, "utf-8");
  });
}

/**
 * Opens `file` in the engine. Returns {ok: true, name, facts} or {ok: false, tooLarge, error}; on a
 * failure the file opened before (if any) stays the session's. `onStage(stage, vars)` hears "reading"
 * ({loaded, total}) and "loading".
 */
export async function openTokenizerFile(ctx, file, onStage) {
  if (file.size > MAX_TOKENIZER_FILE) return { ok: false, tooLarge: true, size: file.size, limit: MAX_TOKENIZER_FILE };
  let text;
  try {
    text = await readText(file, (loaded, total) => onStage("reading", { loaded, total }));
  } catch (error) {
    return { ok: false, error: { code: "request_failed", params: { detail: String(error?.message ?? error) } } };
  }
  onStage("loading", {});
  const answer = await ctx.query("tokenizer_file", { json: text });
  if (!answer.ok) return { ok: false, error: answer.error };
  opened.name = file.name;
  opened.facts = answer.result;
  return { ok: true, name: file.name, facts: answer.result };
}

export { MAX_TOKENIZER_FILE };
