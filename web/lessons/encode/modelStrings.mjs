// The encode lesson's words about the chosen table's own way of cutting (modelWords.mjs): one sentence
// per fact the engine reports of a table (ModelFacts, docs/protocol.md), for the open models (issue
// #24), and OpenAI's cl100k/o200k pattern. Registered when modelWords.mjs is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "bytes.byteLevel": {
    en: "Why Ġ and å¤©? {title} is byte-level, as GPT-2 is: it works on bytes and writes each of the 256 bytes as one printable character, the same ones GPT-2 uses. The visible ASCII and Latin-1 bytes stand for themselves, the others get stand-ins from U+0100 on, so a space is {space} and a newline is Ċ; 天's three bytes E5 A4 A9 are written å¤©. The switch “Show bytes in hex” writes the bytes themselves instead.",
    zh: "为什么会出现 Ġ 和 å¤©？{title} 和 GPT-2 一样是字节级的：它处理的是字节，给 256 个字节各配一个可打印字符，用的正是 GPT-2 那一套。看得见的 ASCII 和 Latin-1 字节就用它本身，其余的从 U+0100 开始找替身，所以空格写成 {space}，换行写成 Ċ；天 的三个字节 E5 A4 A9 写出来就是 å¤©。打开“按十六进制显示字节”，显示的就是字节本身。",
  },
  "bytes.characters": {
    en: "Why {space} and no Ġ? {title} starts from characters, not bytes: that is the SentencePiece way, where a byte-level BPE such as GPT-2's starts from bytes. Each cell is one character of the text, and its normalizer writes a space as {space}.",
    zh: "为什么是 {space} 而不是 Ġ？{title} 不从字节开始，而是从字符开始合并，这是 SentencePiece 的做法；像 GPT-2 那样的字节级 BPE 才从字节开始。每个格子是文字里的一个字符，它的规范化器把空格写成 {space}。",
  },
  "bytes.charactersPlain": {
    en: "{title} starts from characters, not bytes: that is the SentencePiece way, where a byte-level BPE such as GPT-2's starts from bytes. Each cell is one character of the text.",
    zh: "{title} 不从字节开始，而是从字符开始合并，这是 SentencePiece 的做法；像 GPT-2 那样的字节级 BPE 才从字节开始。每个格子是文字里的一个字符。",
  },
  "bytes.fallback": {
    en: "A character its vocabulary lacks is not lost: it falls back to its UTF-8 bytes, one token per byte written <0xE4>-style (a character whose bytes are E4 BB 8A becomes <0xE4> <0xBB> <0x8A>). This is byte fallback.",
    zh: "词表里没有的字符也不会丢：它退回到自己的 UTF-8 字节，每个字节一个 token，写成 <0xE4> 这种样子（字节是 E4 BB 8A 的字符就变成 <0xE4> <0xBB> <0x8A>）。这叫字节回退（byte fallback）。",
  },
  "bytes.noFallback": {
    en: "Its file has no byte fallback: a character its vocabulary lacks cannot be spelled in bytes.",
    zh: "它的文件没有字节回退：词表里没有的字符，没法拆成字节来表示。",
  },
  "bytes.hexChars": {
    en: "The switch “Show bytes in hex” shows the UTF-8 bytes each cell stands for.",
    zh: "打开“按十六进制显示字节”，可以看到每个格子代表的 UTF-8 字节。",
  },
  "cut.ranked": {
    en: "First a regular expression cuts the text into pieces, as GPT-2's does, with changes: a run of digits is cut into groups of at most three (12345 becomes 123 and 45), contractions such as 'S match in any case, and a run of newlines is a piece of its own. A word takes any one character in front of it that is not a letter, a digit or a line break: a space (drawn as Ġ), but also a bracket or a quote, so “(x” is one piece. Merges never cross a piece boundary.",
    zh: "先用一个正则表达式把文字切成片段，做法和 GPT-2 相近，但改了几处：一串数字最多三个一组（12345 切成 123 和 45）；'S 这类缩写不分大小写；一串换行自成一个片段。单词会带上它前面的一个字符，只要那不是字母、数字或换行：通常是空格（画成 Ġ），也可以是括号或引号，所以“(x”是一个片段。合并永远不会跨过片段边界。",
  },
  "cut.ranked.o200k": {
    en: "First a regular expression cuts the text into pieces, as GPT-2's does, with changes: a run of digits is cut into groups of at most three (12345 becomes 123 and 45); a contraction stays inside its word (“he's” is one piece); a word is cut where a small letter is followed by a capital (HelloWorld becomes Hello and World). A word takes any one character in front of it that is not a letter, a digit or a line break: a space (drawn as Ġ), but also a bracket or a quote, so “(x” is one piece. Merges never cross a piece boundary.",
    zh: "先用一个正则表达式把文字切成片段，做法和 GPT-2 相近，但改了几处：一串数字最多三个一组（12345 切成 123 和 45）；缩写留在单词里（“he's”是一个片段）；小写字母后面紧跟大写字母的地方要切开（HelloWorld 切成 Hello 和 World）。单词会带上它前面的一个字符，只要那不是字母、数字或换行：通常是空格（画成 Ġ），也可以是括号或引号，所以“(x”是一个片段。合并永远不会跨过片段边界。",
  },
  "cut.byteLevel": {
    en: "{title} is a byte-level BPE, like GPT-2: its pre-tokenizer first cuts the text with {patterns}, then writes each piece's UTF-8 bytes as printable characters (a space is Ġ), and every piece starts from its bytes. Merges never cross a piece boundary.",
    zh: "{title} 和 GPT-2 一样是字节级 BPE：它的预分词器先用{patterns}把文字切成片段，再把每个片段的 UTF-8 字节写成可打印字符（空格写成 Ġ），每个片段都从字节开始合并。合并永远不会跨过片段边界。",
  },
  "cut.patterns1": {
    en: "one regular expression",
    zh: "一个正则表达式",
  },
  "cut.patterns": {
    en: "{n} regular expressions, one after another (each cuts the pieces the one before it left)",
    zh: "{n} 个正则表达式，一个接一个（后一个再切前一个切出的片段）",
  },
  "cut.digits.threes": {
    en: "A run of digits is cut into groups of at most three (12345 becomes 123 and 45).",
    zh: "一串数字最多三个一组（12345 切成 123 和 45）。",
  },
  "cut.digits.single": {
    en: "Every digit is a piece of its own (2024 becomes 2, 0, 2, 4), so a number is never one token.",
    zh: "每个数字单独成为一个片段（2024 切成 2、0、2、4），所以一个多位数永远不会是一个 token。",
  },
  "cut.digits.runs": {
    en: "A run of digits stays one piece, with the space in front of it.",
    zh: "一串数字连同它前面的空格是一个片段。",
  },
  "cut.cjk": {
    en: "A run of Han characters or Japanese kana is cut out as a piece of its own, apart from the space in front of it (我爱 北京 gives 我爱, Ġ, 北京).",
    zh: "一串汉字或日文假名会被单独切成一个片段，和前面的空格分开（“我爱 北京”切成 我爱、Ġ、北京）。",
  },
  "cut.whole": {
    en: "When a whole piece is itself a token of the vocabulary, it is taken as it is, with no merging (ignore_merges): “ việc” is one id at once.",
    zh: "如果整个片段本身就是词表里的一个 token，就直接整块拿来，不再合并（ignore_merges）：“ việc”一下子就是一个 id。",
  },
  "cut.characters": {
    en: "{title} works the SentencePiece way, not as a byte-level BPE: its normalizer writes every space as {space}, and there is no pre-tokenizer cut (its split on spaces finds none once they are {space}), so everything between two added tokens is one piece. The merges start from characters, not from bytes.",
    zh: "{title} 走的是 SentencePiece 的路子，而不是字节级 BPE：它的规范化器把每个空格写成 {space}，也没有真正的预分词（它按空格切，可空格已经变成了 {space}，什么也切不到），所以两个添加 token 之间的全部文字就是一个片段。合并从字符开始，而不是从字节开始。",
  },
  "cut.spm": {
    en: "{title} is a SentencePiece model: its normalizer writes every space as ▁ and puts one ▁ in front of the text, and SentencePiece cuts the whole text as one string, with no pre-tokenizer. This page shows its answer word by word: each piece here starts at a ▁, and one word cut on its own gives the same tokens as it does inside the whole text.",
    zh: "{title} 是 SentencePiece 模型：它的规范化器把每个空格写成 ▁，并在文字开头加一个 ▁；SentencePiece 把整段文字当成一个字符串来切，没有预分词。本页把它的结果按词展示：这里每个片段从一个 ▁ 开始，单独切一个词得到的 token 和它在整段文字里得到的一样。",
  },
  "cut.fallback": {
    en: "A character missing from its vocabulary becomes its UTF-8 bytes, as tokens written like <0xE4> (byte fallback).",
    zh: "词表里没有的字符会退回成它的 UTF-8 字节，每个字节是一个写作 <0xE4> 这样的 token（字节回退，byte fallback）。",
  },
  "cut.added": {
    en: "Before any of this, the added tokens such as {example} are cut out of the text and become their own ids: HuggingFace tokenizers does this for every added token typed into plain text.",
    zh: "在这一切之前，像 {example} 这样的添加 token 会先从文字里切出来，直接变成它们自己的 id：HuggingFace tokenizers 对出现在普通文字里的每个添加 token 都这样做。",
  },
  "stage2.startBytes": {
    en: "Each of the {bytes} bytes starts as its own symbol. Under every neighbouring pair is the rank of its merge in {title}'s merges list (× means no merge). The pair with the lowest rank, the merge learned earliest, merges first, wherever it sits in the piece. The rank is the merge's place in the list; the id of the token it makes comes from the vocabulary, so the log shows two different numbers.",
    zh: "这个片段的 {bytes} 个字节各自是一个符号。每对相邻符号下方标着这对符号在 {title} 的 merges 列表里的 rank（× 表示没有这条合并）。不管在片段的哪个位置，rank 最小（最早学到）的那对先合并。rank 是这条合并在列表里的位置；合并出的 token 的 id 要到词表里查，所以合并记录里是两个不同的数。",
  },
  "stage2.startChars": {
    en: "Each of the {symbols} symbols is a character ({space} is a space) or, for a character missing from the vocabulary, one of its bytes. Under every neighbouring pair is the rank of its merge in {title}'s merges list (× means no merge). The lowest rank merges first; the id of the token it makes comes from the vocabulary, not from the rank.",
    zh: "这里的 {symbols} 个符号，每个是一个字符（{space} 代表空格），词表里没有的字符则拆成字节。每对相邻符号下方标着这对符号在 {title} 的 merges 列表里的 rank（× 表示没有这条合并）。rank 最小的先合并；合并出的 token 的 id 来自词表，而不是 rank。",
  },
  "stage2.whole": {
    en: "This whole piece, {token}, is itself a token of {title}'s vocabulary, so it is taken whole with no merging (ignore_merges): id {id}.",
    zh: "整个片段 {token} 本身就是 {title} 词表里的一个 token，所以直接整块拿来，不做任何合并（ignore_merges）：id 是 {id}。",
  },
  "canvas.tableOpen": {
    en: "{name} vocabulary: token → id (id ≠ rank)",
    zh: "{name} 词表：token → id（id 不是 rank）",
  },
  "stage3.postSpecials": {
    en: "{title}'s post-processor adds {tokens} around these ids (add_special_tokens), so the model itself reads [{all}]. Those are not cut from your text.",
    zh: "{title} 的后处理器还会在这些 id 两旁加上 {tokens}（add_special_tokens），所以模型真正读到的是 [{all}]。这些 token 不是从你的文字里切出来的。",
  },
  "stage3.postAt.start": {
    en: "{token} (id {id}) at the start",
    zh: "开头的 {token}（id {id}）",
  },
  "stage3.postAt.end": {
    en: "{token} (id {id}) at the end",
    zh: "结尾的 {token}（id {id}）",
  },
  "table.makeup.open": {
    en: "{title}'s vocabulary has {ranks} entries and its merges list {merges} merges; {added} tokens are added to it ({specials} of them special, such as {list}); the largest id is {maxId}, so the ids run over {rows} rows{gaps}",
    zh: "{title} 的词表有 {ranks} 项，merges 列表有 {merges} 条合并；另有 {added} 个添加 token（其中 {specials} 个是特殊 token，例如 {list}）；最大的 id 是 {maxId}，所以 id 从 0 到 {maxId}，共占 {rows} 行{gaps}",
  },
  "preset.minimind.label": {
    en: "MiniMind: 今天天气真好",
    zh: "MiniMind：今天天气真好",
  },
  "preset.minimind.point": {
    en: "MiniMind's real tokenizer.json cuts 今天天气真好 into {tokens} = [{ids}] (step through its merges below). The MiniMind notes guess 今 / 天 / 天气 / 真 / 好 with made-up ids; the real table learned the merges that make 今天 and 天气 whole, so it needs only {n} tokens.",
    zh: "MiniMind 真实的 tokenizer.json 把“今天天气真好”切成 {tokens} = [{ids}]（下面可以一步步看它的合并）。MiniMind 笔记里猜的是 今 / 天 / 天气 / 真 / 好，id 也是编的；真实的词表学到了拼出完整的“今天”和“天气”的合并，所以只要 {n} 个 token。",
  },
  "preset.minimind.waiting": {
    en: "MiniMind's real tokenizer.json is loading; its tokens and ids for 今天天气真好 follow.",
    zh: "正在加载 MiniMind 真实的 tokenizer.json，随后给出“今天天气真好”的 token 和 id。",
  },
  "log.startSymbols": {
    en: "start: {n} symbols",
    zh: "开始：{n} 个符号",
  },
  "announce.startSymbols": {
    en: "Step 0 of {total}: {symbols} separate symbols.",
    zh: "第 0 步，共 {total} 步：{symbols} 个单独的符号。",
  },
  "announce.startNextSymbols": {
    en: "Step 0 of {total}: {symbols} separate symbols; lowest rank {left} + {right} (rank {rank}).",
    zh: "第 0 步，共 {total} 步：{symbols} 个单独的符号；rank 最小的是 {left} + {right}（rank {rank}）。",
  },
});
