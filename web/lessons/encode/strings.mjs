// The encode lesson's words: its page, the three stages, the merge canvas and log, the step
// announcements, the common mistake, the input notes and the presets (presets.mjs). Registered when
// the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "keys.piece": {
    en: "previous / next piece",
    zh: "上一个 / 下一个片段",
  },
  "encode.title": {
    en: "How {tokenizer} turns text into token ids",
    zh: "{tokenizer} 如何把文字变成 token id",
  },
  "encode.lead": {
    en: "A language model never reads letters. It reads integer ids. Type anything and watch the real {tokenizer} tokenizer do it: cut the text into pieces, start each piece from its UTF-8 bytes, merge neighbouring pairs in the order of a learned rule table, then look each final token up in the {rows}-row vocabulary.",
    zh: "语言模型看到的不是字母，而是整数 id。随便输入一段文字，看看真实的 {tokenizer} 分词器是怎么做的：先把文字切成片段（piece），每个片段从 UTF-8 字节开始，按学到的规则表一次合并一对相邻的符号，最后在 {rows} 行的词表里查出每个 token 的 id。",
  },
  "encode.inputLabel": {
    en: "Text to tokenize",
    zh: "要分词的文字",
  },
  "encode.inputHint": {
    en: "Type or paste anything: words, numbers, emoji, Chinese…",
    zh: "可以输入或粘贴任何内容：单词、数字、emoji、中文……",
  },
  "encode.presets": {
    en: "Examples",
    zh: "示例",
  },
  "encode.pointTitle": {
    en: "What this example shows",
    zh: "这个例子说明了什么",
  },
  "encode.empty": {
    en: "The text box is empty: type something to see how the chosen table cuts it into tokens.",
    zh: "文本框是空的：输入一些文字，看看所选的词表怎样把它切成 token。",
  },
  "encode.waiting": {
    en: "Waiting for Python to start before this text can be traced…",
    zh: "正在等待 Python 启动，之后才能处理这段文字……",
  },
  "encode.loadingTable": {
    en: "Loading the chosen token table; the merges follow as soon as it is in…",
    zh: "正在载入所选的词表，载入后马上显示合并过程……",
  },
  "encode.tracing": {
    en: "Tracing…",
    zh: "处理中……",
  },
  "encode.keepTyping": {
    en: "Your text is kept; fix it or try another example.",
    zh: "你的文字仍然保留着，可以修改或换一个示例。",
  },
  "stage1.title": {
    en: "Cut into pieces",
    zh: "预分词",
  },
  "stage1.text": {
    en: "First a regular expression cuts the text into pieces: runs of letters (any script), of digits, of symbols and punctuation, whitespace, and English contractions such as 's. A word takes the one space in front of it, drawn as Ġ, so \"the\" and \" the\" are different pieces; in a run of spaces only the last one joins the word (\"hello   world\" becomes hello, two spaces, Ġworld). Merges never cross a piece boundary, but that only keeps apart what the pattern cuts apart: Chinese has no spaces, so a whole Chinese clause is one piece, and a merge may join the end of one word to the start of the next.",
    zh: "先用一个正则表达式把文字切成片段：一串字母（哪种文字的都算）、一串数字、一串符号和标点、空白，还有英语的缩写（如 's）。单词会带上紧挨在它前面的一个空格（画成 Ġ），所以 \"the\" 和 \" the\" 是两个不同的片段；连着好几个空格时，只有最后一个归到单词里（\"hello   world\" 切成 hello、两个空格、Ġworld）。合并不会跨过片段的边界，可边界全由正则决定：中文不用空格隔开词，一整句中文就是一个片段，所以前一个词的末尾完全可能和后一个词的开头合在一起。",
  },
  "stage1.count": {
    en: "{n} pieces",
    zh: "{n} 个片段",
  },
  "stage1.count1": {
    en: "1 piece",
    zh: "1 个片段",
  },
  "stage1.page": {
    en: "Pieces {from}–{to} of {n}",
    zh: "第 {from}–{to} 个片段，共 {n} 个",
  },
  "stage1.prevPage": {
    en: "Earlier pieces",
    zh: "前面的片段",
  },
  "stage1.nextPage": {
    en: "Later pieces",
    zh: "后面的片段",
  },
  "stage1.pieceLabel": {
    en: "Piece {n}:",
    zh: "片段 {n}：",
  },
  "rule.letters": {
    en: "letters (any script)",
    zh: "字母（任何文字）",
  },
  "rule.digits": {
    en: "digits",
    zh: "数字",
  },
  "rule.punctuation": {
    en: "symbols and punctuation",
    zh: "符号和标点",
  },
  "rule.whitespace": {
    en: "whitespace",
    zh: "空白",
  },
  "rule.contraction": {
    en: "contraction",
    zh: "缩写",
  },
  "rule.special": {
    en: "special",
    zh: "特殊",
  },
  "stage2.title": {
    en: "Merge by rank",
    zh: "按 rank 合并",
  },
  "stage2.piece": {
    en: "Piece {n} of {total}: {text}",
    zh: "片段 {n} / {total}：{text}",
  },
  "stage2.start": {
    en: "Each of the {bytes} bytes starts as its own symbol. Under every neighbouring pair is its rank in GPT-2's merge table (× means no rule). The pair with the lowest rank, the rule learned earliest, merges first, wherever it sits in the piece. A rank is the rule's line in the table, counted from 0; the token it makes has id 256 + rank, because ids 0–255 are the single bytes, so the merge log reads “rank 5 · id 261”. (tiktoken calls that id itself the token's “rank”.)",
    zh: "这个片段的 {bytes} 个字节，开始时各算一个符号。每个相邻对下面标着它在 GPT-2 合并表里的 rank（× 表示没有这条规则）。rank 最小、也就是最早学到的那条规则先合并，不管它在片段的什么位置。rank 就是规则在表里的行号（从 0 数起）；合并出的 token，id 是 256 + rank，因为 0–255 留给了单个字节，所以合并记录里写的是“rank 5 · id 261”。（tiktoken 则直接把这个 id 叫作 token 的“rank”。）",
  },
  "stage2.middle": {
    en: "Step {step}: {left} + {right} became {merged} (rank {rank}). After each merge the search starts again over the new pairs, and again the lowest rank wins.",
    zh: "第 {step} 步：{left} + {right} 合并为 {merged}（rank {rank}）。每合并一次，都要重新检查所有相邻对，仍然是 rank 最小的先合并。",
  },
  "stage2.final": {
    en: "No neighbouring pair has a rule any more, so merging stops. This piece ends as {tokens}.",
    zh: "所有相邻对都没有合并规则了，合并到此结束。这个片段最后得到 {tokens}。",
  },
  "stage2.nothing": {
    en: "No pair in this piece has a merge rule: its bytes are already its final tokens.",
    zh: "这个片段里没有一对相邻符号有合并规则，所以它的每个字节就是最终的 token。",
  },
  "stage2.single": {
    en: "A single byte is already one of the 256 base tokens: there is nothing to merge.",
    zh: "单个字节本身就是 256 个基础 token 之一，无需合并。",
  },
  "stage2.noRanks": {
    en: "This piece is long, so the ranks of all pairs are not listed; every step still takes the lowest rank.",
    zh: "这个片段很长，所以不列出所有相邻对的 rank；每一步仍然选 rank 最小的一对。",
  },
  "stage2.tooLong": {
    en: "This piece is {bytes} bytes long: too long to animate. Its final tokens and ids are listed below.",
    zh: "这个片段有 {bytes} 个字节，太长，无法逐步演示。它的最终 token 和 id 列在下方。",
  },
  "stage2.legendLowest": {
    en: "lowest rank: merges next",
    zh: "rank 最小：下一步合并",
  },
  "stage2.legendFresh": {
    en: "made by the last merge",
    zh: "上一步合并出的符号",
  },
  "stage2.legendPartial": {
    en: "dashed: part of a character",
    zh: "虚线：只是某个字符的一部分",
  },
  "stage2.legendNoRule": {
    en: "no rule for this pair",
    zh: "这一对没有规则",
  },
  "stage2.canvasLabel": {
    en: "Merge canvas: {symbols}",
    zh: "合并画布：{symbols}",
  },
  "stage2.widthNote": {
    en: "A cell's width shows how many bytes it holds, not its meaning or importance.",
    zh: "格子的宽度只表示它包含几个字节，不表示含义或重要性。",
  },
  "stage2.bytesNote": {
    en: "Why Ġ, Ċ and å¤©? GPT-2's table works on bytes, and it writes each of the 256 bytes as one printable character: the visible ASCII and Latin-1 bytes stand for themselves, the others (space, newline, control bytes…) get stand-ins from U+0100 on, so 0x20 (a space) is Ġ and 0x0A (a newline) is Ċ. A Chinese character's three bytes become three such characters: 天 is E5 A4 A9, written å¤©. The switch “Show bytes in hex” writes the bytes themselves instead: 今 is E4 BB 8A.",
    zh: "为什么会冒出 Ġ、Ċ、å¤© 这样的符号？GPT-2 的词表以字节为单位，它给 256 个字节值各找了一个能显示的字符来代表：能显示的 ASCII 和 Latin-1 字节就用自己，其余的（空格、换行、控制字节等）从 U+0100 起依次借一个字符来代替，于是 0x20（空格）写作 Ġ，0x0A（换行）写作 Ċ。一个汉字占三个字节，也就写成三个这样的字符：“天”是 E5 A4 A9，写作 å¤©。打开“按十六进制显示字节”，看到的就是字节本身：“今”是 E4 BB 8A。",
  },
  "canvas.lowest": {
    en: "lowest rank",
    zh: "rank 最小",
  },
  "canvas.leftmost": {
    en: "leftmost rule",
    zh: "最左的规则",
  },
  "canvas.table": {
    en: "r50k table ({rows} rows): token → id",
    zh: "r50k 词表（{rows} 行）：token → id",
  },
  "canvas.tableOf": {
    en: "{name} table: token → id (the id is the rank)",
    zh: "{name} 词表：token → id（id 就是 rank）",
  },
  "canvas.pending": {
    en: "Ids are looked up once no merge is left.",
    zh: "合并结束后再查 id。",
  },
  "cell.label": {
    en: "Symbol {n} of {total}: {symbol}, bytes {hex}",
    zh: "第 {n} 个符号（共 {total} 个）：{symbol}，字节 {hex}",
  },
  "cell.bytes": {
    en: "Bytes: {hex}",
    zh: "字节：{hex}",
  },
  "cell.chars": {
    en: "Characters: {chars}",
    zh: "字符：{chars}",
  },
  "cell.partial": {
    en: "Part of {char}: bytes {from}–{to} of its {n}",
    zh: "{char} 的一部分：它共 {n} 个字节，这里是第 {from}–{to} 个",
  },
  "cell.id": {
    en: "Token id: {id}",
    zh: "Token id：{id}",
  },
  "controls.prevPiece": {
    en: "Previous piece",
    zh: "上一个片段",
  },
  "controls.nextPiece": {
    en: "Next piece",
    zh: "下一个片段",
  },
  "controls.piece": {
    en: "Piece",
    zh: "片段",
  },
  "controls.mistake": {
    en: "Common mistake: merge left to right",
    zh: "常见错误：从左往右合并",
  },
  "controls.hex": {
    en: "Show bytes in hex",
    zh: "按十六进制显示字节",
  },
  "log.title": {
    en: "Merge log",
    zh: "合并记录",
  },
  "log.start": {
    en: "start: {n} bytes",
    zh: "开始：{n} 个字节",
  },
  "log.rank": {
    en: "rank {rank}",
    zh: "rank {rank}",
  },
  "log.id": {
    en: "id {id}",
    zh: "id {id}",
  },
  "log.empty": {
    en: "No merges in this piece.",
    zh: "这个片段没有合并。",
  },
  "announce.start": {
    en: "Step 0 of {total}: {bytes} separate bytes.",
    zh: "第 0 步，共 {total} 步：{bytes} 个单独的字节。",
  },
  "announce.startNext": {
    en: "Step 0 of {total}: {bytes} separate bytes; lowest rank {left} + {right} (rank {rank}).",
    zh: "第 0 步，共 {total} 步：{bytes} 个单独的字节；rank 最小的是 {left} + {right}（rank {rank}）。",
  },
  "names.spelled": {
    en: " (as the table writes it: {forms})",
    zh: "（词表里写作 {forms}）",
  },
  "announce.step": {
    en: "Step {step} of {total}: {left} + {right} → {merged}, rank {rank}",
    zh: "第 {step} 步，共 {total} 步：{left} + {right} → {merged}，rank {rank}",
  },
  "announce.final": {
    en: "No rule left: {tokens} → ids {ids}.",
    zh: "没有可用规则了：{tokens} → id {ids}。",
  },
  "announce.final1": {
    en: "No rule left: {tokens} → id {ids}.",
    zh: "没有可用规则了：{tokens} → id {ids}。",
  },
  "announce.sep": {
    en: ". ",
    zh: "。",
  },
  "stage3.title": {
    en: "Look up the ids",
    zh: "查 id",
  },
  "stage3.text": {
    en: "Each final token is one row of the {rows}-row table, and its row number is the id the model reads: {makeup}. The id then selects a learned vector (an embedding); the model never sees the letters. Ids belong to this table only: another tokenizer's 30001 means something else.",
    zh: "每个最终 token 都是 {rows} 行词表中的一行，行号就是模型读入的 id：{makeup}。模型再用 id 取出学到的向量（嵌入），它从来不直接看字形。id 只在这张词表里有意义：换一个分词器，30001 可能代表完全不同的东西。",
  },
  "stage3.idsLabel": {
    en: "Token ids of the whole text",
    zh: "整段文字的 token id",
  },
  "stage3.copy": {
    en: "Copy ids",
    zh: "复制 id",
  },
  "stage3.copied": {
    en: "Copied",
    zh: "已复制",
  },
  "stage3.copyFailed": {
    en: "Select the ids and copy them by hand",
    zh: "请手动选中并复制 id",
  },
  "stage3.copyFailedPart": {
    en: "Select the ids and copy them by hand (only the first {n} are written here)",
    zh: "请手动选中并复制 id（这里只写出前 {n} 个）",
  },
  "stage3.copying": {
    en: "Copying…",
    zh: "正在复制……",
  },
  "stage3.summary": {
    en: "{chars} → {pieces} → {tokens}",
    zh: "{chars} → {pieces} → {tokens}",
  },
  "stage3.chars": {
    en: "{n} characters",
    zh: "{n} 个字符",
  },
  "stage3.chars1": {
    en: "1 character",
    zh: "1 个字符",
  },
  "stage3.tokens": {
    en: "{n} tokens",
    zh: "{n} 个 token",
  },
  "stage3.tokens1": {
    en: "1 token",
    zh: "1 个 token",
  },
  "stage3.tokensLabel": {
    en: "Final tokens",
    zh: "最终的 token",
  },
  "stage3.more": {
    en: "…and {n} more tokens (only the first {shown} are drawn).",
    zh: "……还有 {n} 个 token（只画出前 {shown} 个）。",
  },
  "mistake.title": {
    en: "The common mistake: merging from the left",
    zh: "常见错误：从左往右合并",
  },
  "mistake.text": {
    en: "A tempting shortcut is to merge the leftmost pair that has any rule. GPT-2 does not do that: it always takes the pair with the lowest rank, wherever it is. Left, the real rank order; right, the shortcut on the same piece.",
    zh: "有一种看似合理的捷径：从左往右找，只要有合并规则，就合并最左边的那一对。GPT-2 不是这样做的：它总是选 rank 最小的那一对，不管它在哪里。左边是真实的 rank 顺序，右边是同一个片段按捷径合并的过程。",
  },
  "mistake.rank": {
    en: "Rank order (GPT-2)",
    zh: "按 rank（GPT-2）",
  },
  "mistake.greedy": {
    en: "Leftmost first (wrong)",
    zh: "从最左开始（错误）",
  },
  "mistake.diverge": {
    en: "They part at step {step}: GPT-2 merges {real} (rank {rankReal}); the shortcut merges {wrong} (rank {rankWrong}).",
    zh: "两者在第 {step} 步分开：GPT-2 合并 {real}（rank {rankReal}），捷径合并 {wrong}（rank {rankWrong}）。",
  },
  "mistake.same": {
    en: "Here both orders make the same merges: this piece cannot show the difference. Try tokenization.",
    zh: "在这个片段上，两种顺序的合并过程完全一样，看不出区别。换成 tokenization 试试。",
  },
  "mistake.sameEnd": {
    en: "Here the shortcut happens to end with the same tokens, but by a different path. On other words it ends with a split GPT-2 never produces for that word: each of its tokens is in the table, but GPT-2 would cut the word differently.",
    zh: "这个词碰巧殊途同归：捷径得到的 token 一样，只是合并的路径不同。换个词就未必了：捷径切出的每个 token 词表里都有，可 GPT-2 根本不会那样切这个词。",
  },
  "mistake.differentEnd": {
    en: "The shortcut ends with {wrong} → [{wrongIds}]; GPT-2 gives {real} → [{realIds}]. Only the rank order matches GPT-2.",
    zh: "捷径最终得到 {wrong} → [{wrongIds}]；GPT-2 得到 {real} → [{realIds}]。只有按 rank 的顺序才和 GPT-2 一致。",
  },
  "mistake.matches": {
    en: "matches GPT-2",
    zh: "与 GPT-2 一致",
  },
  "mistake.notGpt2": {
    en: "not GPT-2",
    zh: "不是 GPT-2",
  },
  "mistake.step": {
    en: "step {step} of {total}",
    zh: "第 {step} 步，共 {total} 步",
  },
  "mistake.partsHere": {
    en: "⚑ the two orders part here",
    zh: "⚑ 两种顺序在这里分开",
  },
  "input.endoftext": {
    en: "<|endoftext|> is read as plain text here, the way encode_ordinary() reads it: its characters are cut into ordinary pieces. The Special tokens lesson shows the other two treatments: refused with an error, or allowed as the special id.",
    zh: "这里的 <|endoftext|> 被当作普通文字来读，和 encode_ordinary() 一样：这些字符被切成普通片段。另外两种处理方式（报错拒绝，或者允许它编成特殊 id）见“特殊 token”一课。",
  },
  "input.control": {
    en: "The text holds control characters; they are drawn as visible symbols such as ␀, ↵ and ⇥.",
    zh: "文字中有控制字符，它们画成可见的符号，例如 ␀、↵、⇥。",
  },
  "input.rtl": {
    en: "Right-to-left text is drawn in the order its bytes are stored, which is the order the tokenizer reads.",
    zh: "从右到左的文字按字节存储的顺序显示，这也是分词器读取的顺序。",
  },
  "input.surrogate": {
    en: "The text holds a broken half of a character (a lone surrogate); like tiktoken, the engine reads it as the replacement character � (U+FFFD).",
    zh: "文字中有残缺的半个字符（孤立代理项）；和 tiktoken 一样，引擎把它当作替换字符 �（U+FFFD）。",
  },
  "preset.tokenization.label": {
    en: "tokenization",
    zh: "tokenization",
  },
  "preset.tokenization.point": {
    en: "One common word, two tokens. Ten merges build the suffix (ation) and the stem (token) in turn; then token + ization has no rule and merging stops: [30001, 1634].",
    zh: "一个常见的单词，切成两个 token。十次合并轮流拼出后缀（ation）和词干（token）；之后 token + ization 没有合并规则，合并就停了：[30001, 1634]。",
  },
  "preset.fizzlepuff.label": {
    en: "fizzlepuff",
    zh: "fizzlepuff",
  },
  "preset.fizzlepuff.point": {
    en: "A made-up word still encodes: it falls apart into pieces the table knows, f + izzle + puff. No unknown-word marker is ever needed.",
    zh: "新造的词也能编码：它拆成词表已有的片段 f + izzle + puff，不需要“未知词”占位。",
  },
  "preset.unicorn.label": {
    en: "🦄",
    zh: "🦄",
  },
  "preset.unicorn.point": {
    en: "One character, four UTF-8 bytes, several byte-level tokens. A token can be only part of a character (dashed cells); only decoding the whole sequence gives the character back.",
    zh: "一个字符占四个 UTF-8 字节，切成了几个字节级 token。一个 token 可能只是某个字符的一部分（虚线格子）；只有把整串解码才能还原这个字符。",
  },
  "preset.space.label": {
    en: "\"the\" vs \" the\"",
    zh: "\"the\" 与 \" the\"",
  },
  "preset.space.point": {
    en: "The leading space belongs to the piece: \" the\" (Ġthe) and \"the\" are different bytes, so they get different ids.",
    zh: "前面的空格也算在片段里：\" the\"（Ġthe）和 \"the\" 的字节不同，id 也不同。",
  },
  "preset.case.label": {
    en: "Hello vs hello",
    zh: "Hello 与 hello",
  },
  "preset.case.point": {
    en: "Upper and lower case are different bytes, and nothing is lower-cased. Here Hello and hello each start a line, so neither has a space in front: the only difference is the capital H, and still they get different tokens.",
    zh: "大写和小写是不同的字节，分词器也不会统一转成小写。这里 Hello 和 hello 各自在一行的开头，前面都没有空格，唯一的区别就是大写的 H，可它们的 token 还是不一样。",
  },
  "preset.boundary.label": {
    en: "fix the AI",
    zh: "fix the AI",
  },
  "preset.boundary.point": {
    en: "Three pieces: fix, Ġthe, ĠAI. Each piece merges on its own; no merge ever crosses a piece boundary.",
    zh: "三个片段：fix、Ġthe、ĠAI。每个片段各自合并，合并从不跨越片段边界。",
  },
  "preset.middle.label": {
    en: "{word}",
    zh: "{word}",
  },
  "preset.middle.point": {
    en: "The lowest-rank pair sits in the middle of the word, so the first merge happens there, not at the left end.",
    zh: "rank 最小的一对在单词中间，所以第一次合并发生在中间，而不是最左边。",
  },
  "preset.byte.label": {
    en: "a single byte",
    zh: "单个字节",
  },
  "preset.byte.point": {
    en: "One byte is already one of the 256 base tokens, so there is nothing to merge.",
    zh: "一个字节本身就是 256 个基础 token 之一，无需合并。",
  },
  "preset.chinese.label": {
    en: "今天天气真好",
    zh: "今天天气真好",
  },
  "preset.chinese.point": {
    en: "Each Chinese character here is three UTF-8 bytes. 真 and 好 are everyday Chinese characters; they are rare only in GPT-2's training text, which is mostly English, so few merges were learned for them and some characters stay split into byte pieces. The “Why models stumble” lesson sets this sentence beside the same one in English.",
    zh: "这里每个汉字是三个 UTF-8 字节。真、好都是最常用的汉字，只是在 GPT-2 的训练文本里很少见（那些文本大多是英文），所以为它们学到的合并规则很少，有的字仍然拆成几个字节片段。“模型为何犯错”一课把这句话和同样意思的英文句子放在一起对比。",
  },
  "preset.counts": {
    en: "Here: {chars} characters, {tokens} tokens.",
    zh: "这里：{chars} 个字符，{tokens} 个 token。",
  },
  "preset.otherTable": {
    en: "With {table} this text is {tokens} tokens, [{ids}]. The note is about GPT-2's table, r50k_base (choose it above to see what it describes):",
    zh: "用 {table}，这段文字是 {tokens} 个 token：[{ids}]。下面的说明讲的是 GPT-2 的词表 r50k_base（在上面选它，就能看到说明里讲的内容）：",
  },
});
