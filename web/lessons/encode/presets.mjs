// The preset examples of the encode lesson. Each teaches one point (its text is in strings.mjs under
// preset.<id>.label / .point); `piece` is the piece shown first; `counts`: the point ends with the
// text's characters and tokens, from the engine's answer; `encoding`: the preset chooses that table too.

/** Each preset teaches one point; `piece` is the piece shown first. */
export const PRESETS = Object.freeze([
  { id: "tokenization", text: "tokenization", piece: 0 },
  { id: "fizzlepuff", text: "fizzlepuff", piece: 0 },
  { id: "unicorn", text: "🦄", piece: 0 },
  { id: "space", text: "the the", piece: 1 },
  { id: "case", text: "Hello\nhello", piece: 0 },
  { id: "boundary", text: "fix the AI", piece: 1 },
  { id: "middle", text: "understand", piece: 0, vars: { word: "understand" } },
  { id: "byte", text: "a", piece: 0 },
  { id: "chinese", text: "今天天气真好", piece: 0, counts: true },
  // MiniMind's real example (issue #24): the preset chooses MiniMind's table too; its point quotes the answer.
  { id: "minimind", text: "今天天气真好", piece: 0, encoding: "minimind" },
]);
