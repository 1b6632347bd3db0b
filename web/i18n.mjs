// Every user-facing string, one table per language. Look-ups use Object.hasOwn, so a key such as
// "constructor" can never reach the object prototype. `{name}` in a string is filled from `vars`.

export const LANGUAGES = Object.freeze(["en", "zh"]);

const en = {
  "meta.htmlLang": "en",
  "app.title": "Tokenizer Lab",
  "app.subtitle": "GPT-2 (r50k) tokenization, step by step",
  "app.skip": "Skip to the lesson",
  "app.lessons": "Lessons",
  "app.language": "Language",
  "app.projector": "Projector",
  "app.keys": "Keys",
  "app.footer": "The tokenizer is the real GPT-2 (r50k) table and merge rules, run by Python inside your browser. Nothing you type leaves this page.",

  "lesson.encode": "Encode",

  "status.starting": "starting",
  "status.loading": "Loading Python: {stage}…",
  "status.ready": "Python ready",
  "status.error": "Python could not start: {message}",
  "error.noEngine": "The engine could not be loaded.",
  "error.engine": "The engine could not trace this text: {message}",
  "note.badHash": "The link had parts that could not be read; they were ignored.",

  "help.title": "Keyboard",
  "help.intro": "These keys work anywhere on the page except while you type in the text box.",
  "help.close": "Close",
  "keys.help": "show this list",
  "keys.close": "close this list",
  "keys.play": "play or pause",
  "keys.step": "step back / forward",
  "keys.piece": "previous / next piece",
  "keys.ends": "first / last step",

  "encode.title": "How GPT-2 turns text into token ids",
  "encode.lead": "A language model never reads letters. It reads integer ids. Type anything and watch the real GPT-2 tokenizer do it: cut the text into pieces, start each piece from its UTF-8 bytes, merge neighbouring pairs in the order of a learned rule table, then look each final token up in the 50,257-row vocabulary.",
  "encode.inputLabel": "Text to tokenize",
  "encode.inputHint": "Type or paste anything: words, numbers, emoji, Chinese…",
  "encode.presets": "Examples",
  "encode.pointTitle": "What this example shows",
  "encode.empty": "The text box is empty: type something to see how GPT-2 cuts it into tokens.",
  "encode.waiting": "Waiting for Python to start before this text can be traced…",
  "encode.tracing": "Tracing…",
  "encode.keepTyping": "Your text is kept; fix it or try another example.",

  "stage1.title": "Cut into pieces",
  "stage1.text": "First a regular expression cuts the text into pieces: runs of letters, of digits, of punctuation, whitespace, and English contractions such as 's. A space in front of a word stays with that word and is drawn as Ġ, so \"the\" and \" the\" are different pieces. Merges never cross a piece boundary.",
  "stage1.count": "{n} pieces",
  "stage1.count1": "1 piece",
  "stage1.page": "Pieces {from}–{to} of {n}",
  "stage1.prevPage": "Earlier pieces",
  "stage1.nextPage": "Later pieces",
  "stage1.pieceLabel": "Piece {n}:",

  "rule.letters": "letters",
  "rule.digits": "digits",
  "rule.punctuation": "punctuation",
  "rule.whitespace": "whitespace",
  "rule.contraction": "contraction",
  "rule.special": "special",

  "stage2.title": "Merge by rank",
  "stage2.piece": "Piece {n} of {total}: {text}",
  "stage2.start": "Each of the {bytes} bytes starts as its own symbol. Under every neighbouring pair is its rank in GPT-2's merge table (× means no rule). The pair with the lowest rank, the rule learned earliest, merges first, wherever it sits in the piece.",
  "stage2.middle": "Step {step}: {left} + {right} became {merged} (rank {rank}). After each merge the search starts again over the new pairs, and again the lowest rank wins.",
  "stage2.final": "No neighbouring pair has a rule any more, so merging stops. This piece ends as {tokens}.",
  "stage2.nothing": "No pair in this piece has a merge rule: its bytes are already its final tokens.",
  "stage2.single": "A single byte is already one of the 256 base tokens: there is nothing to merge.",
  "stage2.noRanks": "This piece is long, so the ranks of all pairs are not listed; every step still takes the lowest rank.",
  "stage2.tooLong": "This piece is {bytes} bytes long: too long to animate. Its final tokens and ids are listed below.",
  "stage2.legendLowest": "lowest rank: merges next",
  "stage2.legendFresh": "made by the last merge",
  "stage2.legendPartial": "dashed: part of a character",
  "stage2.legendNoRule": "no rule for this pair",
  "stage2.canvasLabel": "Merge canvas: {symbols}",
  "stage2.widthNote": "A cell's width shows how many bytes it holds, not its meaning or importance.",

  "canvas.lowest": "lowest rank",
  "canvas.leftmost": "leftmost rule",
  "canvas.table": "r50k table (50,257 rows): token → id",
  "canvas.pending": "Ids are looked up once no merge is left.",

  "cell.label": "Symbol {n} of {total}: {symbol}, bytes {hex}",
  "cell.bytes": "Bytes: {hex}",
  "cell.chars": "Characters: {chars}",
  "cell.partial": "Part of {char}: bytes {from}–{to} of its {n}",
  "cell.id": "Token id: {id}",

  "controls.label": "Step controls",
  "controls.first": "First step",
  "controls.back": "Step back",
  "controls.play": "Play",
  "controls.pause": "Pause",
  "controls.forward": "Step forward",
  "controls.last": "Last step",
  "controls.prevPiece": "Previous piece",
  "controls.nextPiece": "Next piece",
  "controls.piece": "Piece",
  "controls.speed": "Speed",
  "controls.scrub": "Step",
  "controls.mistake": "Common mistake: merge left to right",

  "log.title": "Merge log",
  "log.start": "start: {n} bytes",
  "log.rank": "rank {rank}",
  "log.id": "id {id}",
  "log.empty": "No merges in this piece.",

  "announce.start": "Step 0 of {total}: {bytes} separate bytes.",
  "announce.startNext": "Step 0 of {total}: {bytes} separate bytes; lowest rank {left} + {right} (rank {rank}).",
  "announce.step": "Step {step} of {total}: {left} + {right} -> {merged}, rank {rank}",
  "announce.final": "No rule left: {tokens} -> ids {ids}.",
  "announce.sep": ".",

  "stage3.title": "Look up the ids",
  "stage3.text": "Each final token is one row of the 50,257-row table, and its row number is the id the model reads. The id then selects a learned vector (an embedding); the model never sees the letters. Ids belong to this table only: another tokenizer's 30001 means something else.",
  "stage3.idsLabel": "Token ids of the whole text",
  "stage3.copy": "Copy ids",
  "stage3.copied": "Copied",
  "stage3.copyFailed": "Select the ids and copy them by hand",
  "stage3.summary": "{chars} characters → {pieces} → {tokens}",
  "stage3.tokens": "{n} tokens",
  "stage3.tokens1": "1 token",
  "stage3.tokensLabel": "Final tokens",
  "stage3.more": "…and {n} more tokens (only the first {shown} are drawn).",

  "mistake.title": "The common mistake: merging from the left",
  "mistake.text": "A tempting shortcut is to merge the leftmost pair that has any rule. GPT-2 does not do that: it always takes the pair with the lowest rank, wherever it is. Left, the real rank order; right, the shortcut on the same piece.",
  "mistake.rank": "Rank order (GPT-2)",
  "mistake.greedy": "Leftmost first (wrong)",
  "mistake.diverge": "They part at step {step}: GPT-2 merges {real} (rank {rankReal}); the shortcut merges {wrong} (rank {rankWrong}).",
  "mistake.same": "Here both orders make the same merges: this piece cannot show the difference. Try tokenization.",
  "mistake.sameEnd": "Here the shortcut happens to end with the same tokens, but by a different path; on other words it gives tokens GPT-2 never produces.",
  "mistake.differentEnd": "The shortcut ends with {wrong} → [{wrongIds}]; GPT-2 gives {real} → [{realIds}]. Only the rank order matches GPT-2.",
  "mistake.matches": "matches GPT-2",
  "mistake.notGpt2": "not GPT-2",
  "mistake.step": "step {step} of {total}",

  "input.endoftext": "<|endoftext|> is plain text here: this lesson encodes with no special tokens allowed, so it is cut into ordinary pieces.",
  "input.control": "The text holds control characters; they are drawn as visible symbols such as ␀, ↵ and ⇥.",
  "input.rtl": "Right-to-left text is drawn in the order its bytes are stored, which is the order the tokenizer reads.",
  "input.long": "This text is too long to keep in the link, so a shared link will open with the default text.",
  "input.surrogate": "The text holds a broken half of a character (a lone surrogate); like tiktoken, the engine reads it as the replacement character � (U+FFFD).",

  "preset.tokenization.label": "tokenization",
  "preset.tokenization.point": "One common word, two tokens. Ten merges build the suffix (ation) and the stem (token) in turn; then token + ization has no rule and merging stops: [30001, 1634].",
  "preset.fizzlepuff.label": "fizzlepuff",
  "preset.fizzlepuff.point": "A made-up word still encodes: it falls apart into pieces the table knows, f + izzle + puff. No unknown-word marker is ever needed.",
  "preset.unicorn.label": "🦄",
  "preset.unicorn.point": "One character, four UTF-8 bytes, several byte-level tokens. A token can be only part of a character (dashed cells); only decoding the whole sequence gives the character back.",
  "preset.space.label": "\"the\" vs \" the\"",
  "preset.space.point": "The leading space belongs to the piece: \" the\" (Ġthe) and \"the\" are different bytes, so they get different ids.",
  "preset.case.label": "Hello vs hello",
  "preset.case.point": "Upper and lower case are different bytes. Nothing is lower-cased, so Hello and hello get different tokens.",
  "preset.boundary.label": "fix the AI",
  "preset.boundary.point": "Three pieces: fix, Ġthe, ĠAI. Each piece merges on its own; no merge ever crosses a piece boundary.",
  "preset.middle.label": "{word}",
  "preset.middle.point": "The lowest-rank pair sits in the middle of the word, so the first merge happens there, not at the left end.",
  "preset.byte.label": "a single byte",
  "preset.byte.point": "One byte is already one of the 256 base tokens, so there is nothing to merge.",
  "preset.chinese.label": "今天天气真好",
  "preset.chinese.point": "Each Chinese character here is three UTF-8 bytes. Common characters merge into a single token; rarer ones stay split into byte pieces.",
};

const zh = {
  "meta.htmlLang": "zh-CN",
  "app.title": "分词实验室",
  "app.subtitle": "一步一步看 GPT-2（r50k）分词",
  "app.skip": "跳到课程内容",
  "app.lessons": "课程",
  "app.language": "语言",
  "app.projector": "投影模式",
  "app.keys": "快捷键",
  "app.footer": "分词器使用真实的 GPT-2（r50k）词表与合并规则，由浏览器内的 Python 运行。你输入的文字不会离开本页。",

  "lesson.encode": "编码",

  "status.starting": "启动中",
  "status.loading": "正在加载 Python：{stage}…",
  "status.ready": "Python 已就绪",
  "status.error": "Python 无法启动：{message}",
  "error.noEngine": "无法加载分词引擎。",
  "error.engine": "引擎无法处理这段文字：{message}",
  "note.badHash": "链接中有无法识别的部分，已忽略。",

  "help.title": "快捷键",
  "help.intro": "在文本框中输入时快捷键不生效，其他位置都可以使用。",
  "help.close": "关闭",
  "keys.help": "显示本列表",
  "keys.close": "关闭本列表",
  "keys.play": "播放 / 暂停",
  "keys.step": "后退 / 前进一步",
  "keys.piece": "上一个 / 下一个片段",
  "keys.ends": "第一步 / 最后一步",

  "encode.title": "GPT-2 如何把文字变成 token ID",
  "encode.lead": "语言模型读的不是字母，而是整数 ID。输入任意文字，看真实的 GPT-2 分词器怎么做：先把文字切成片段（piece），每个片段从 UTF-8 字节出发，按学到的规则表依次合并相邻的一对，最后在 50,257 行的词表中查出每个 token 的 ID。",
  "encode.inputLabel": "要分词的文字",
  "encode.inputHint": "可以输入或粘贴任何内容：单词、数字、emoji、中文……",
  "encode.presets": "示例",
  "encode.pointTitle": "这个例子说明了什么",
  "encode.empty": "文本框是空的：输入一些文字，看看 GPT-2 如何把它切成 token。",
  "encode.waiting": "正在等待 Python 启动，之后才能处理这段文字……",
  "encode.tracing": "处理中……",
  "encode.keepTyping": "你的文字仍然保留着，可以修改或换一个示例。",

  "stage1.title": "预切分",
  "stage1.text": "先用一个正则表达式把文字切成片段：连续的字母、数字、标点、空白，以及英语缩写（如 's）。单词前面的空格跟着这个单词，画成 Ġ，所以 \"the\" 和 \" the\" 是不同的片段。合并永远不会跨越片段边界。",
  "stage1.count": "{n} 个片段",
  "stage1.count1": "1 个片段",
  "stage1.page": "第 {from}–{to} 个片段，共 {n} 个",
  "stage1.prevPage": "前面的片段",
  "stage1.nextPage": "后面的片段",
  "stage1.pieceLabel": "片段 {n}：",

  "rule.letters": "字母",
  "rule.digits": "数字",
  "rule.punctuation": "标点",
  "rule.whitespace": "空白",
  "rule.contraction": "缩写",
  "rule.special": "特殊",

  "stage2.title": "按 rank 合并",
  "stage2.piece": "片段 {n} / {total}：{text}",
  "stage2.start": "这个片段的 {bytes} 个字节各自是一个符号。每对相邻符号下方标着它在 GPT-2 合并表中的 rank（× 表示没有规则）。rank 最小、也就是最早学到的规则先合并，不管它在片段的哪个位置。",
  "stage2.middle": "第 {step} 步：{left} + {right} 合并为 {merged}（rank {rank}）。每次合并后都重新搜索新的相邻对，仍然是 rank 最小的先合并。",
  "stage2.final": "已经没有任何相邻对有合并规则，合并停止。这个片段最终是 {tokens}。",
  "stage2.nothing": "这个片段中没有任何一对有合并规则：它的字节就是最终的 token。",
  "stage2.single": "单个字节本身就是 256 个基础 token 之一，无需合并。",
  "stage2.noRanks": "这个片段很长，所以不列出所有相邻对的 rank；每一步仍然选 rank 最小的一对。",
  "stage2.tooLong": "这个片段有 {bytes} 个字节，太长，无法逐步演示。它的最终 token 和 ID 列在下方。",
  "stage2.legendLowest": "rank 最小：下一步合并",
  "stage2.legendFresh": "上一步合并出的符号",
  "stage2.legendPartial": "虚线：只是某个字符的一部分",
  "stage2.legendNoRule": "这一对没有规则",
  "stage2.canvasLabel": "合并画布：{symbols}",
  "stage2.widthNote": "格子的宽度只表示它包含几个字节，不表示含义或重要性。",

  "canvas.lowest": "rank 最小",
  "canvas.leftmost": "最左的规则",
  "canvas.table": "r50k 词表（50,257 行）：token → ID",
  "canvas.pending": "合并结束后再查 ID。",

  "cell.label": "第 {n} 个符号（共 {total} 个）：{symbol}，字节 {hex}",
  "cell.bytes": "字节：{hex}",
  "cell.chars": "字符：{chars}",
  "cell.partial": "{char} 的一部分：它 {n} 个字节中的第 {from}–{to} 个",
  "cell.id": "Token ID：{id}",

  "controls.label": "步骤控制",
  "controls.first": "第一步",
  "controls.back": "后退一步",
  "controls.play": "播放",
  "controls.pause": "暂停",
  "controls.forward": "前进一步",
  "controls.last": "最后一步",
  "controls.prevPiece": "上一个片段",
  "controls.nextPiece": "下一个片段",
  "controls.piece": "片段",
  "controls.speed": "速度",
  "controls.scrub": "步骤",
  "controls.mistake": "常见错误：从左往右合并",

  "log.title": "合并记录",
  "log.start": "开始：{n} 个字节",
  "log.rank": "rank {rank}",
  "log.id": "ID {id}",
  "log.empty": "这个片段没有合并。",

  "announce.start": "第 0 步，共 {total} 步：{bytes} 个独立字节。",
  "announce.startNext": "第 0 步，共 {total} 步：{bytes} 个独立字节；rank 最小的是 {left} + {right}（rank {rank}）。",
  "announce.step": "第 {step} 步，共 {total} 步：{left} + {right} -> {merged}，rank {rank}",
  "announce.final": "没有可用规则了：{tokens} -> ID {ids}。",
  "announce.sep": "。",

  "stage3.title": "查 ID",
  "stage3.text": "每个最终 token 都是 50,257 行词表中的一行，行号就是模型读入的 ID。模型再用 ID 取出学到的向量（嵌入），它从不直接看字形。ID 只属于这张词表：另一个分词器的 30001 可能是完全不同的内容。",
  "stage3.idsLabel": "整段文字的 token ID",
  "stage3.copy": "复制 ID",
  "stage3.copied": "已复制",
  "stage3.copyFailed": "请手动选中并复制 ID",
  "stage3.summary": "{chars} 个字符 → {pieces} → {tokens}",
  "stage3.tokens": "{n} 个 token",
  "stage3.tokens1": "1 个 token",
  "stage3.tokensLabel": "最终的 token",
  "stage3.more": "……还有 {n} 个 token（只画出前 {shown} 个）。",

  "mistake.title": "常见错误：从左往右合并",
  "mistake.text": "一种看似合理的捷径是：总是合并最左边、有任意规则的那一对。GPT-2 不是这样做的：它总是选 rank 最小的一对，不管在哪里。左边是真实的 rank 顺序，右边是同一片段上的捷径做法。",
  "mistake.rank": "按 rank（GPT-2）",
  "mistake.greedy": "从最左开始（错误）",
  "mistake.diverge": "两者在第 {step} 步分开：GPT-2 合并 {real}（rank {rankReal}），捷径合并 {wrong}（rank {rankWrong}）。",
  "mistake.same": "在这个片段上两种顺序的合并完全相同，看不出区别。试试 tokenization。",
  "mistake.sameEnd": "这里捷径碰巧得到相同的 token，但合并路径不同；换成别的词，它会得到 GPT-2 从不产生的结果。",
  "mistake.differentEnd": "捷径最终得到 {wrong} → [{wrongIds}]；GPT-2 得到 {real} → [{realIds}]。只有按 rank 的顺序与 GPT-2 一致。",
  "mistake.matches": "与 GPT-2 一致",
  "mistake.notGpt2": "不是 GPT-2",
  "mistake.step": "第 {step} 步，共 {total} 步",

  "input.endoftext": "这里的 <|endoftext|> 只是普通文字：本课编码时不允许特殊 token，所以它被切成普通片段。",
  "input.control": "文字中有控制字符，它们画成可见的符号，例如 ␀、↵、⇥。",
  "input.rtl": "从右到左的文字按字节存储的顺序显示，这也是分词器读取的顺序。",
  "input.long": "这段文字太长，无法保存在链接里；分享的链接会显示默认文字。",
  "input.surrogate": "文字中有残缺的半个字符（孤立代理项）；和 tiktoken 一样，引擎把它当作替换字符 �（U+FFFD）。",

  "preset.tokenization.label": "tokenization",
  "preset.tokenization.point": "一个常见单词，两个 token。十次合并交替构造后缀（ation）和词干（token）；之后 token + ization 没有规则，合并停止：[30001, 1634]。",
  "preset.fizzlepuff.label": "fizzlepuff",
  "preset.fizzlepuff.point": "新造的词也能编码：它拆成词表已有的片段 f + izzle + puff，不需要“未知词”占位。",
  "preset.unicorn.label": "🦄",
  "preset.unicorn.point": "一个字符，四个 UTF-8 字节，变成几个字节级 token。一个 token 可能只是某个字符的一部分（虚线格子）；只有把整串解码才能还原这个字符。",
  "preset.space.label": "\"the\" 与 \" the\"",
  "preset.space.point": "前导空格属于片段：\" the\"（Ġthe）和 \"the\" 的字节不同，ID 也不同。",
  "preset.case.label": "Hello 与 hello",
  "preset.case.point": "大写和小写是不同的字节。分词器不会统一转成小写，所以 Hello 和 hello 的 token 不同。",
  "preset.boundary.label": "fix the AI",
  "preset.boundary.point": "三个片段：fix、Ġthe、ĠAI。每个片段各自合并，合并从不跨越片段边界。",
  "preset.middle.label": "{word}",
  "preset.middle.point": "rank 最小的一对在单词中间，所以第一次合并发生在中间，而不是最左边。",
  "preset.byte.label": "单个字节",
  "preset.byte.point": "一个字节本身就是 256 个基础 token 之一，无需合并。",
  "preset.chinese.label": "今天天气真好",
  "preset.chinese.point": "这里每个汉字是三个 UTF-8 字节。常见的字合并成一个 token，较少见的字仍然拆成几个字节片段。",
};

const TABLES = new Map([
  ["en", Object.freeze(en)],
  ["zh", Object.freeze(zh)],
]);

/** The string for `key` in `lang` (falling back to English, then to the key), with {vars} filled. */
export function translate(lang, key, vars) {
  const table = TABLES.get(lang) || TABLES.get("en");
  let text;
  if (Object.hasOwn(table, key)) text = table[key];
  else if (Object.hasOwn(en, key)) text = en[key];
  else text = key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** "zh" when the browser prefers any Chinese, else "en". */
export function detectLanguage(preferred) {
  for (const tag of preferred || []) {
    const lower = String(tag).toLowerCase();
    if (lower.startsWith("zh")) return "zh";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}

/** Both tables' keys, for tests that check that every key has both languages. */
export function tableKeys(lang) {
  return Object.keys(TABLES.get(lang) || {});
}
