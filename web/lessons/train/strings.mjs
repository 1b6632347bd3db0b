// The train lesson's words (../train.mjs and this folder). Registered when the lesson's module is
// first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "train.title": {
    en: "Train your own BPE tokenizer",
    zh: "训练你自己的 BPE 分词器",
  },
  "train.lead": {
    en: "Where do merge rules come from? From counting. Start from single characters (or bytes), count every pair of neighbours in the corpus, merge the most frequent pair everywhere, and count again. Each merge becomes a rule and a new token, in the order it was learned.",
    zh: "合并规则是从哪来的？是数出来的。先把语料拆成单个字符（或字节），数一数每一对相邻符号出现了几次，把最常见的那一对在所有出现的地方都合并掉，然后重新数。每次合并都变成一条规则和一个新 token，顺序就是学到的顺序。",
  },
  "train.corpusLabel": {
    en: "Training corpus",
    zh: "训练语料",
  },
  "train.corpusHint": {
    en: "Paste any text, even a few hundred KB. Long corpora train when you press the button; the step-by-step tables are only drawn for small ones.",
    zh: "可以粘贴任何文字，几百 KB 也行。语料较长时，要点“训练”按钮才会开始；只有小语料才显示逐步的表格。",
  },
  "train.preset.words": {
    en: "low lower lowest…",
    zh: "low lower lowest…",
  },
  "train.preset.chinese": {
    en: "我爱中国人 (lines)",
    zh: "我爱中国人（按行）",
  },
  "train.preset.paragraph": {
    en: "the cat sat… (bytes)",
    zh: "the cat sat…（字节）",
  },
  "train.mode": {
    en: "Start from",
    zh: "起点",
  },
  "train.mode.chars": {
    en: "characters + </w>",
    zh: "字符 + </w>",
  },
  "train.mode.bytes": {
    en: "bytes, GPT-2 style (Ġ)",
    zh: "字节，GPT-2 风格（Ġ）",
  },
  "train.unit": {
    en: "Split the corpus into",
    zh: "语料切分单位",
  },
  "train.unit.words": {
    en: "words",
    zh: "按词",
  },
  "train.unit.lines": {
    en: "lines",
    zh: "按行",
  },
  "train.tie": {
    en: "When counts tie, choose",
    zh: "次数并列时选",
  },
  "train.tie.first_occurrence": {
    en: "first occurrence",
    zh: "最先出现的",
  },
  "train.tie.lexicographic": {
    en: "lexicographic order",
    zh: "字典序最小的",
  },
  "train.tie.huggingface": {
    en: "smallest token ids (HuggingFace)",
    zh: "token id 最小的（HuggingFace）",
  },
  "train.minf": {
    en: "min_frequency",
    zh: "min_frequency",
  },
  "train.nmerges": {
    en: "max merges (0 = no limit)",
    zh: "最多合并次数（0 = 不限）",
  },
  "train.vsize": {
    en: "vocabulary size (0 = no limit)",
    zh: "词表大小（0 = 不限）",
  },
  "train.limitsHint": {
    en: "Training stops at the first limit it reaches: the vocabulary size, the number of merges, no pairs left, or a best pair rarer than min_frequency. In bytes mode the words are cut by GPT-2's pattern and the vocabulary starts with all 256 bytes.",
    zh: "训练遇到第一个限制就停：词表达到目标大小、合并次数用完、没有相邻对了，或者最常见的对也少于 min_frequency 次。字节模式下按 GPT-2 的正则切词，词表一开始就有全部 256 个字节。",
  },
  "train.trainNow": {
    en: "Train",
    zh: "训练",
  },
  "train.busy": {
    en: "Training in the background… {seconds} s",
    zh: "正在后台训练……{seconds} 秒",
  },
  "train.tooLarge": {
    en: "This corpus is too large to draw every table: its {rows} distinct rows hold {distinct} symbols (each row counted once; {all} counting every repeat). The merges, their counts and the stop reason are still listed.",
    zh: "语料太大，不画每一步的表格：去掉重复后有 {rows} 行，共 {distinct} 个符号（每行只算一次；重复的行都算上是 {all} 个）。合并列表、每次的次数和停止原因仍然列出。",
  },
  "train.stepsTitle": {
    en: "Step by step",
    zh: "一步一步看",
  },
  "train.stepMeta": {
    en: "{rows} distinct rows, {words} in all, {merges} merges",
    zh: "共 {words} 行，去掉重复后 {rows} 行，合并 {merges} 次",
  },
  "train.startChars": {
    en: "Step 0: every row is split into characters: {n} symbols counting every repeat of a row ({rows} distinct rows, {alpha} different characters). The vocabulary starts with {v} entries: the special token {special} and the {alpha} characters. Press → (or tap ▶) to count the neighbouring pairs and merge the most frequent.",
    zh: "第 0 步，先把每一行拆成单个字符。重复的行也算在内，一共 {n} 个符号（不计重复是 {rows} 行，共 {alpha} 种字符）。词表一开始有 {v} 项：特殊 token {special}，再加这 {alpha} 个字符。按 →（或点 ▶）统计相邻对，合并出现最多的那一对。",
  },
  "train.startBytes": {
    en: "Step 0: every piece is split into bytes, written as GPT-2 does (a space is Ġ): {n} symbols counting every repeat of a piece ({rows} distinct pieces). The vocabulary starts with {v} entries, one per byte. Press → (or tap ▶) to count pairs and merge the most frequent.",
    zh: "第 0 步：每个片段都拆成字节，写法和 GPT-2 一样（空格写作 Ġ）：重复的片段都算上，共 {n} 个符号（去掉重复后有 {rows} 个片段）。词表一开始有 {v} 项，每个字节一项。按 →（或点 ▶）数相邻对，合并最常见的一对。",
  },
  "train.merge": {
    en: "Merge {k}: ({left}, {right}) is the most frequent pair ({count} times), so every occurrence becomes {merged}. The vocabulary now has {v} tokens.",
    zh: "第 {k} 次合并：({left}, {right}) 是出现最多的一对（{count} 次），所以它出现的每一处都合并成 {merged}。现在词表有 {v} 个 token。",
  },
  "train.notNew": {
    en: "{merged} was already a token, so the rule is new but the vocabulary does not grow.",
    zh: "{merged} 本来就是一个 token，所以多了一条规则，词表却没有变大。",
  },
  "train.stopped": {
    en: "Training stopped after {n} merges.",
    zh: "合并 {n} 次之后，训练停止。",
  },
  "train.stopLabel": {
    en: "Stop:",
    zh: "停止：",
  },
  "train.stop.vocab_size": {
    en: "the vocabulary reached the target size of {n}.",
    zh: "词表达到了目标大小 {n}。",
  },
  "train.stop.num_merges": {
    en: "the maximum of {n} merges was made.",
    zh: "已经做满 {n} 次合并。",
  },
  "train.stop.no_pairs": {
    en: "no pair of neighbours is left: every row is a single token.",
    zh: "没有相邻对了：每一行都只剩一个 token。",
  },
  "train.stop.min_frequency": {
    en: "the most frequent pair {pair} occurs only {count} time(s), fewer than min_frequency = {min}.",
    zh: "最常见的一对 {pair} 只出现 {count} 次，少于 min_frequency = {min}。",
  },
  "train.tieLine": {
    en: "{n} pairs tie at {count}. The rule “{rule}” chose ({left}, {right}).",
    zh: "有 {n} 对并列，都是 {count} 次。按“{rule}”规则选中了 ({left}, {right})。",
  },
  "train.tieIds": {
    en: "Their token ids: {list}. The pair with the smallest ids wins (the left id first, then the right).",
    zh: "它们的 token id：{list}。id 最小的一对胜出（先比左边的 id，再比右边的）。",
  },
  "train.listSep": {
    en: "; ",
    zh: "；",
  },
  "train.specialTitle": {
    en: "A special token: it stands for any symbol the vocabulary does not have.",
    zh: "特殊 token：词表里没有的符号都用它来代替。",
  },
  "train.recountTitle": {
    en: "Recount before you trust a table",
    zh: "重新数一遍，别急着相信表格",
  },
  "train.recountText": {
    en: "The MiniMind notes, which print this example, list (中国, 人) twice in their fifth table and go on merging. Count again: once 我爱中国 has been merged, line 1 is 我爱中国 · 人, so 中国 no longer stands next to 人 there. Only line 2 still has (中国, 人): it occurs once, below min_frequency = 2, and training stops here.",
    zh: "MiniMind 笔记讲这个例子时，第五张表写着 (中国, 人) 出现 2 次，然后接着合并。再数一遍：合并出“我爱中国”以后，第 1 行成了 我爱中国 · 人，这里的“中国”已经不挨着“人”了。只有第 2 行还有 (中国, 人)，只出现 1 次，不到 min_frequency = 2，训练就停在这里。",
  },
  "train.loadingSteps": {
    en: "Fetching merge {k} and the steps around it from the engine…",
    zh: "正在向引擎取第 {k} 次合并和它前后的步骤……",
  },
  "train.noTables": {
    en: "The tables are not drawn for a corpus this large. The merge list below shows what was learned, in order.",
    zh: "语料这么大时不画表格。下面的合并列表按顺序列出了学到的规则。",
  },
  "train.noTablesStart": {
    en: "The tables are not drawn for a corpus this large. Training learned {n} merges: step forward (→ or ▶) and the merge list below fills in, one merge per step, in the order they were learned.",
    zh: "语料这么大时不画表格。训练一共学到 {n} 条合并规则：往下一步走（→ 或 ▶），下面的合并列表就按学到的顺序一条一条填上。",
  },
  "train.outdated": {
    en: "The corpus or the settings changed. A corpus this long trains only when you ask: press “{button}”. Until then the dimmed result below is the previous training.",
    zh: "语料或设置改了。这么长的语料只在你要求时才训练：请按“{button}”。在那之前，下面变暗的结果还是上一次训练的。",
  },
  "train.pairsStart": {
    en: "Pair counts",
    zh: "相邻对计数",
  },
  "train.pairsLater": {
    en: "Nothing counted yet: press → or tap ▶ to count.",
    zh: "还没开始数：按 → 或点 ▶ 开始。",
  },
  "train.pairsTitle": {
    en: "Pairs counted before merge {k}",
    zh: "第 {k} 次合并前数到的相邻对",
  },
  "train.pairsStop": {
    en: "Pairs counted after the last merge",
    zh: "最后一次合并之后数到的相邻对",
  },
  "train.noPairs": {
    en: "No pairs left.",
    zh: "没有相邻对了。",
  },
  "train.colPair": {
    en: "Pair",
    zh: "相邻对",
  },
  "train.colCount": {
    en: "Count",
    zh: "次数",
  },
  "train.colNote": {
    en: "Note",
    zh: "说明",
  },
  "train.chosen": {
    en: "merged",
    zh: "被合并",
  },
  "train.tied": {
    en: "tied",
    zh: "并列",
  },
  "train.below": {
    en: "below {min}",
    zh: "少于 {min}",
  },
  "train.pairLabel": {
    en: "pair {left}, {right}: {count} times; highlight it in the corpus",
    zh: "相邻对 {left}, {right}：{count} 次；在语料中标出它",
  },
  "train.morePairs": {
    en: "{n} rarer pairs are not listed.",
    zh: "另有 {n} 个更少见的对没有列出。",
  },
  "train.hoverHint": {
    en: "Point at a pair (or focus it) to see every place it occurs.",
    zh: "把鼠标指向某一对（或用键盘选中），就能看到它出现的所有位置。",
  },
  "train.corpusStart": {
    en: "The corpus",
    zh: "语料",
  },
  "train.before": {
    en: "Before the merge",
    zh: "合并之前",
  },
  "train.after": {
    en: "After: every occurrence is now {merged}",
    zh: "合并之后：每一处都变成了 {merged}",
  },
  "train.final": {
    en: "The corpus after training",
    zh: "训练结束后的语料",
  },
  "train.moreRows": {
    en: "…and {n} more rows.",
    zh: "……另有 {n} 行。",
  },
  "train.mergesTitle": {
    en: "Merges learned, in order",
    zh: "学到的合并规则（按顺序）",
  },
  "train.noMerges": {
    en: "No merges yet.",
    zh: "还没有合并。",
  },
  "train.count": {
    en: "×{count}",
    zh: "×{count}",
  },
  "train.vocabTitle": {
    en: "Vocabulary",
    zh: "词表",
  },
  "train.vocabMeta": {
    en: "{n} tokens",
    zh: "{n} 个 token",
  },
  "train.byteBase": {
    en: "256 byte tokens +",
    zh: "256 个字节 token +",
  },
  "train.done": {
    en: "Training learned {n} merges and stopped: {reason}",
    zh: "训练学到 {n} 条合并规则后停止：{reason}",
  },
  "train.tieTitle": {
    en: "Ties: a rule someone had to choose",
    zh: "并列：总得有人定个规则",
  },
  "train.tieText1": {
    en: "When two pairs are equally frequent, the algorithm itself does not say which to merge: every trainer decides for itself. “First occurrence” takes the pair met first when reading the corpus in order; minbpe-style code does the same without saying so, since it picks max(stats, key=stats.get) and, among equal counts, Python's max returns the key inserted first. “Lexicographic order” takes the smallest pair, comparing the strings code point by code point. “HuggingFace” is what the tokenizers library's BpeTrainer does: every token has an id (the special tokens first, then the alphabet in code point order, then each learned token as it is made), and among equal counts the pair with the smallest ids wins.",
    zh: "两对出现次数一样多时，算法本身并没有规定先合并哪一对，每个训练器都得自己定。“最先出现的”就是按顺序读语料，先碰到哪一对就选哪一对；minbpe 风格的代码其实也是这样：它用 max(stats, key=stats.get) 来选，次数相同时，Python 的 max 返回最先插入的键。“字典序最小的”是把两对当字符串，逐个码位比较，取最小的。“token id 最小的”是 HuggingFace tokenizers 库的 BpeTrainer 的做法：每个 token 都有一个 id（先给特殊 token，再按码位顺序给字母表里的字符，之后每学到一个新 token 就接着编号），次数相同时，id 最小的那一对胜出。",
  },
  "train.tieText2": {
    en: "Try the three rules on the Chinese lines (我爱中国人…). All of them learn 中国 first. First occurrence then learns 我爱 and 我爱中国; HuggingFace learns 我爱 and then 中国人; lexicographic order learns 中国人 before 我爱. Two correct trainers can learn different tokenizers from the same corpus, which is why a library must write its rule down.",
    zh: "用“我爱中国人（按行）”这组语料把三种规则都试一遍。三种规则第一步都学到 中国。接下来，“最先出现的”学到 我爱，再学到 我爱中国；HuggingFace 的规则学到 我爱，再学到 中国人；“字典序最小的”则先学 中国人，后学 我爱。两个训练器都没有做错，却可以从同一份语料学出不同的分词器，所以一个库必须把自己的规则写清楚。",
  },
  "train.tryTitle": {
    en: "Use this tokenizer",
    zh: "用这个分词器",
  },
  "train.tryText": {
    en: "The merges just learned are applied, in the order they were learned, to text the tokenizer has never seen. Known pieces come back as whole tokens; what is left stays in smaller pieces.",
    zh: "按学到的顺序，把刚学到的合并规则用在分词器从没见过的文字上。认识的片段会合成完整的 token，其余的仍是更小的片段。",
  },
  "train.tryLabel": {
    en: "New text",
    zh: "新文字",
  },
  "train.tryWith": {
    en: "Cut with the {k} merges learned by the step shown above (of {n}).",
    zh: "用上面所示这一步为止学到的 {k} 条合并来切（共 {n} 条）。",
  },
  "train.trySummary": {
    en: "{n} tokens, {unknown} unknown",
    zh: "{n} 个 token，{unknown} 个未知",
  },
  "train.trySummaryBytes": {
    en: "{n} tokens from {pieces} pieces (byte-level: nothing is unknown)",
    zh: "{pieces} 个片段切出 {n} 个 token（字节级：没有未知 token）",
  },
  "train.tryUsed": {
    en: "merges used: {merges}",
    zh: "用到的合并：{merges}",
  },
  "train.tryNone": {
    en: "no merge applies",
    zh: "没有可用的合并",
  },
});
