// The decode lesson's words (../decode.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "decode.title": {
    en: "From ids back to text",
    zh: "从 id 回到文字",
  },
  "decode.lead": {
    en: "Decoding runs the table backwards: each id names a token, each token is a run of bytes, and the bytes are read as UTF-8. A token may hold only part of a character, so a character can appear only after several tokens have arrived.",
    zh: "解码就是把查表倒过来：每个 id 对应一个 token，每个 token 是一串字节，再把这些字节按 UTF-8 读成文字。一个 token 可能只装着某个字符的一部分，所以有的字符要等好几个 token 到齐才会出现。",
  },
  "decode.inputLabel": {
    en: "Token ids",
    zh: "Token id",
  },
  "decode.inputHint": {
    en: "Separate ids with spaces or commas; brackets are fine. Example: [30001, 1634]. The examples are GPT-2's ids (r50k_base); the one “with mistakes” holds a word and an id larger than any table here has.",
    zh: "用空格或逗号分隔，可以带方括号。例如：[30001, 1634]。这些示例都是 GPT-2（r50k_base）的 id；“含错误的输入”里有一个单词，还有一个比这里任何一张词表的 id 都大的 id。",
  },
  "decode.presets": {
    en: "Examples",
    zh: "示例",
  },
  "decode.preset.tokenization": {
    en: "tokenization",
    zh: "tokenization",
  },
  "decode.preset.unicorn": {
    en: "🦄 in three tokens",
    zh: "🦄 拆成三个 token",
  },
  "decode.preset.chinese": {
    en: "今天天气真好",
    zh: "今天天气真好",
  },
  "decode.preset.half": {
    en: "half an emoji",
    zh: "半个 emoji",
  },
  "decode.preset.bad": {
    en: "with mistakes",
    zh: "含错误的输入",
  },
  "decode.fromText": {
    en: "Ids of “{text}” (the text of the other lessons)",
    zh: "取“{text}”的 id（其他课里的文字）",
  },
  "decode.itemsTitle": {
    en: "Each id, one by one",
    zh: "逐个查看每个 id",
  },
  "decode.itemsText": {
    en: "For every id: the token {form}, its bytes in hex, and the characters those bytes complete. A character needs all of its UTF-8 bytes, so a token that ends in the middle of one waits for the next.",
    zh: "每个 id 都列出：{form}、十六进制字节，以及这些字节补全了哪些字符。一个字符要等它的 UTF-8 字节全部到齐；在字符中间结束的 token 只能先等着。",
  },
  "decode.form.openai": {
    en: "as GPT-2 writes it (each byte one printable character, a space as Ġ)",
    zh: "GPT-2 写法的 token（每个字节写成一个可打印字符，空格写成 Ġ）",
  },
  "decode.form.byteLevel": {
    en: "as {title}'s tokenizer.json writes it (byte-level, as GPT-2 is: each byte one printable character, a space as {space})",
    zh: "{title} 的 tokenizer.json 里的写法（和 GPT-2 一样是字节级的：每个字节写成一个可打印字符，空格写成 {space}）",
  },
  "decode.form.characters": {
    en: "as {title}'s tokenizer.json writes it (characters, a space as {space})",
    zh: "{title} 的 tokenizer.json 里的写法（按字符写，空格写成 {space}）",
  },
  "decode.form.fallback": {
    en: "as {title}'s tokenizer.json writes it (characters, a space as {space}; a character its vocabulary lacks comes as byte tokens such as <0xE4>, one byte each, so it waits for the rest of its bytes like any other part of a character)",
    zh: "{title} 的 tokenizer.json 里的写法（按字符写，空格写成 {space}；词表里没有的字符会拆成 <0xE4> 这样的字节 token，每个一个字节，所以它也要等其余的字节到齐）",
  },
  "decode.count": {
    en: "{n} items, {bad} not ids",
    zh: "共 {n} 项，其中 {bad} 项不是 id",
  },
  "decode.empty": {
    en: "No ids yet: type some above.",
    zh: "还没有 id：请在上面输入。",
  },
  "decode.more": {
    en: "…and {n} more items.",
    zh: "……另有 {n} 项。",
  },
  "decode.token": {
    en: "token",
    zh: "token",
  },
  "decode.hex": {
    en: "bytes",
    zh: "字节",
  },
  "decode.special": {
    en: "special",
    zh: "特殊",
  },
  "decode.waiting": {
    en: "Incomplete character: waiting for {n} more bytes",
    zh: "字符还不完整：还要等 {n} 个字节",
  },
  "decode.waiting1": {
    en: "Incomplete character: waiting for 1 more byte",
    zh: "字符还不完整：还要等 1 个字节",
  },
  "decode.nothing": {
    en: "No character completed yet",
    zh: "还没有补全任何字符",
  },
  "decode.invalid": {
    en: "These bytes cannot be part of any UTF-8 character here; a decoder would show a replacement mark (shown below as ⟨?⟩).",
    zh: "这些字节在这里不可能组成 UTF-8 字符；解码器会显示替换符（下面记作 ⟨?⟩）。",
  },
  "decode.completes": {
    en: "Completes:",
    zh: "补全了：",
  },
  "decode.bad": {
    en: "“{item}” was skipped: {message}",
    zh: "“{item}”被跳过：{message}",
  },
  "decode.outTitle": {
    en: "The decoded text",
    zh: "解码结果",
  },
  "decode.outText": {
    en: "All the good ids together, read as one UTF-8 byte string.",
    zh: "把所有有效的 id 连起来，当作一串 UTF-8 字节来读。",
  },
  "decode.unfinished": {
    en: "The last character is still incomplete: more bytes are needed.",
    zh: "最后一个字符还不完整：还缺字节。",
  },
  "decode.textMore": {
    en: "…and {n} more characters (only the first {shown} are drawn).",
    zh: "……还有 {n} 个字符（只画出前 {shown} 个）。",
  },
  "decode.hasInvalid": {
    en: "⟨?⟩ marks bytes that do not form a character.",
    zh: "⟨?⟩ 表示无法组成字符的字节。",
  },
  "decode.skipped": {
    en: "{n} item(s) that are not valid ids were left out.",
    zh: "有 {n} 项不是有效 id，已略过。",
  },
});
