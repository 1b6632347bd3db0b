// The families lesson's words (../families.mjs), both languages side by side. Every number in them is a
// {placeholder} filled from the engine's answers (facts.mjs); none is written here.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "families.title": {
    en: "One text, {n} families of tokenizer",
    zh: "同一段文字，{n} 种分词算法",
  },
  "families.lead": {
    en: "Tokenizers come in families. GPT-2 merges bytes by rank; Llama 2 (SentencePiece BPE) merges characters by score and falls back to bytes for a character it lacks; a Unigram model weighs every way to cut a word and keeps the likeliest; WordPiece takes the longest piece it knows, left to right. Put one text through them side by side and step through any word.",
    zh: "分词器分好几个家族。GPT-2 按 rank 合并字节；Llama 2（SentencePiece BPE）按分数合并字符，遇到词表里没有的字就退回成字节；Unigram 模型把一个词所有可能的切法都算一遍，留下概率最大的；WordPiece 从左往右，每次取它认识的最长的一段。把同一段文字同时交给它们，任何一个词都可以一步步看。",
  },
  "families.inputLabel": {
    en: "Text for every tokenizer",
    zh: "交给每个分词器的文字",
  },
  "families.inputHint": {
    en: "Try spaces in a row, Chinese, a word nobody uses, an emoji.",
    zh: "试试连着的几个空格、中文、没人用过的词、表情符号。",
  },
  "families.preset.spaces": {
    en: "Spaces",
    zh: "空格",
  },
  "families.preset.today": {
    en: "今天天气真好",
    zh: "今天天气真好",
  },
  "families.preset.unseen": {
    en: "A word never seen",
    zh: "没见过的词",
  },
  "families.preset.emoji": {
    en: "Emoji",
    zh: "表情符号",
  },
  "families.keys.step": {
    en: "step the word of the column last used back / forward",
    zh: "在最近用过的那一列里，后退 / 前进一步",
  },
  "families.keys.ends": {
    en: "that word's first / last step",
    zh: "那个词的第一步 / 最后一步",
  },
  "families.askHint": {
    en: "Each text opens on a question and the columns show after a guess. A teacher presenting can switch asking off with “Ask first” at the top; a link keeps the choice.",
    zh: "每段文字先出一个问题，猜过之后才显示各列。老师讲课时可以用页面顶部的“先提问”开关关掉；分享的链接会记住这个选择。",
  },

  // ---------------------------------------------------------------- the question
  "families.ask.title": {
    en: "Guess first",
    zh: "先猜一猜",
  },
  "families.ask.fewest": {
    en: "Which of them cuts this text into the fewest tokens?",
    zh: "这段文字，哪一个切出的 token 最少？",
  },
  "families.ask.bytes": {
    en: "Where will Llama 2 fall back to bytes? Pick a character.",
    zh: "Llama 2 会在哪里退回成字节？选一个字符。",
  },
  "families.ask.nowhere": {
    en: "Nowhere",
    zh: "哪里都不会",
  },
  "families.ask.show": {
    en: "Just show me",
    zh: "直接揭晓",
  },
  "families.ask.waiting": {
    en: "The tokenizers are still reading the text…",
    zh: "分词器还在读这段文字……",
  },
  "families.ask.failed": {
    en: "Not every tokenizer could answer, so there is nothing to guess.",
    zh: "有的分词器没能给出结果，所以这次没法猜。",
  },
  "families.ask.right": {
    en: "Right.",
    zh: "猜对了。",
  },
  "families.ask.wrong": {
    en: "Not this time.",
    zh: "这次没猜中。",
  },
  "families.ask.shown": {
    en: "Here it is.",
    zh: "答案在这里。",
  },
  "families.answer.fewest": {
    en: "{names} cut it into the fewest tokens: {count}.",
    zh: "切出 token 最少的是 {names}：{count} 个。",
  },
  "families.answer.fewest1": {
    en: "{names} cuts it into the fewest tokens: {count}.",
    zh: "切出 token 最少的是 {names}：{count} 个。",
  },
  "families.answer.counts": {
    en: "All of them: {list}.",
    zh: "各自的数目：{list}。",
  },
  "families.answer.lossy": {
    en: "But {name}'s tokens include {unk}, which stands for text its vocabulary lacks: the model cannot tell what was there, and decoding cannot bring it back.",
    zh: "不过 {name} 的 token 里有 {unk}，它代表的是词表里没有的文字：模型看不出那里原来是什么，解码也还原不回来。",
  },
  "families.answer.bytes": {
    en: "Llama 2 writes {chars} as byte tokens: {list}.",
    zh: "Llama 2 把 {chars} 写成了字节 token：{list}。",
  },
  "families.answer.bytesNone": {
    en: "Nowhere: every character of this text is in Llama 2's vocabulary.",
    zh: "哪里都不会：这段文字的每个字符都在 Llama 2 的词表里。",
  },

  // ---------------------------------------------------------------- the columns
  "families.columnsTitle": {
    en: "Side by side",
    zh: "并排对比",
  },
  "families.columnsText": {
    en: "Each column is one tokenizer: its tokens with their ids, what it did with the text's spaces and with characters it lacks, then any word stepped through the way its family works.",
    zh: "每一列是一个分词器：它切出的 token 和 id，它怎么处理文字里的空格和它不认识的字符，再往下可以选一个词，按这一家的做法一步步看。",
  },
  "families.name.r50k": {
    en: "GPT-2",
    zh: "GPT-2",
  },
  "families.name.llama2": {
    en: "Llama 2",
    zh: "Llama 2",
  },
  "families.name.unigram": {
    en: "Unigram",
    zh: "Unigram",
  },
  "families.name.wordpiece": {
    en: "WordPiece",
    zh: "WordPiece",
  },
  "families.how.r50k": {
    en: "Byte-level BPE: starts from the bytes, merges the pair of lowest rank first.",
    zh: "字节级 BPE：从字节出发，rank 最小的相邻对先合并。",
  },
  "families.how.llama2": {
    en: "SentencePiece BPE: starts from characters, merges the pair whose piece has the highest score; a missing character becomes its bytes.",
    zh: "SentencePiece BPE：从字符出发，拼出的 piece 分数最高的那对先合并；词表里没有的字符变成它的字节。",
  },
  "families.how.unigram": {
    en: "Unigram (SentencePiece): of every way to cut a word, keeps the one whose pieces' log-probabilities add up to the most.",
    zh: "Unigram（SentencePiece）：在一个词的所有切法里，留下各 piece 对数概率之和最大的那一种。",
  },
  "families.how.wordpiece": {
    en: "WordPiece: left to right, takes the longest piece it knows; a piece inside a word is written ##.",
    zh: "WordPiece：从左往右，每次取它认识的最长的一段；词中间的一段写成 ##。",
  },
  "families.model.r50k": {
    en: "GPT-2's r50k_base, {size} tokens",
    zh: "GPT-2 的 r50k_base，{size} 个 token",
  },
  "families.model.other": {
    en: "{title}, {size} tokens",
    zh: "{title}，{size} 个 token",
  },
  "families.count": {
    en: "{n} tokens",
    zh: "{n} 个 token",
  },
  "families.count1": {
    en: "1 token",
    zh: "1 个 token",
  },
  "families.loading": {
    en: "Loading its vocabulary…",
    zh: "正在加载它的词表……",
  },
  "families.loadingBytes": {
    en: "Loading its vocabulary… {loaded} of {total} KB",
    zh: "正在加载它的词表……{loaded} / {total} KB",
  },
  "families.idsLabel": {
    en: "Ids",
    zh: "id",
  },
  "families.tokensLabel": {
    en: "Tokens of {name}",
    zh: "{name} 的 token",
  },
  "families.more": {
    en: "… and {n} more",
    zh: "……还有 {n} 个",
  },
  "families.partial": {
    en: "Part of a character: this token holds only some of its bytes",
    zh: "一个字符的一部分：这个 token 只装了它的几个字节",
  },
  "families.unknownTip": {
    en: "Stands for {text}, which the vocabulary lacks",
    zh: "代表 {text}，词表里没有它",
  },

  // ---------------------------------------------------------------- what each did
  "families.space.none": {
    en: "Spaces: the text has none.",
    zh: "空格：这段文字里没有空格。",
  },
  "families.space.kept": {
    en: "Spaces: all {spaces} kept, each written {mark} inside a token (such as {example}).",
    zh: "空格：{spaces} 个全都保留，每个都写成 {mark}，装在 token 里（比如 {example}）。",
  },
  "families.space.keptBare": {
    en: "Spaces: all {spaces} kept, as the space itself inside its tokens (GPT-2 writes that byte Ġ: {example}).",
    zh: "空格：{spaces} 个全都保留，空格就留在 token 里（GPT-2 把这个字节写成 Ġ：{example}）。",
  },
  "families.space.squeezed": {
    en: "Spaces: {spaces} in {runs} runs, but only {inner} {mark}: each run of spaces was squeezed into one.",
    zh: "空格：一共 {spaces} 个，连成 {runs} 串，却只剩 {inner} 个 {mark}：每一串空格都被压成了一个。",
  },
  "families.space.dropped": {
    en: "Spaces: all {spaces} dropped. They only told it where a word ends; no token holds one.",
    zh: "空格：{spaces} 个全被丢掉。空格只用来告诉它词在哪里结束，没有哪个 token 里有空格。",
  },
  "families.space.fewer": {
    en: "Spaces: {spaces} in the text, {inner} left in its tokens.",
    zh: "空格：文字里有 {spaces} 个，token 里只剩 {inner} 个。",
  },
  "families.space.more": {
    en: "Spaces: {spaces} in the text, {inner} in its tokens.",
    zh: "空格：文字里有 {spaces} 个，token 里却有 {inner} 个。",
  },
  "families.space.front": {
    en: "It also puts a {mark} before the first word, where the text has no space.",
    zh: "它还在第一个词前面加了一个 {mark}，虽然文字开头并没有空格。",
  },
  "families.cut": {
    en: "Written as bytes: {list}. Each of these characters is cut into tokens that hold only part of it.",
    zh: "写成字节的字符：{list}。这些字符每个都被切进几个 token，每个 token 只装了它的一部分。",
  },
  "families.cutNone": {
    en: "No character is cut into bytes: every token holds whole characters.",
    zh: "没有字符被拆成字节：每个 token 装的都是完整的字符。",
  },
  "families.unknown": {
    en: "Unknown to it: {list}. Each became one id that stands for anything it lacks.",
    zh: "它不认识的：{list}。每一处都变成同一个代表“词表里没有”的 id。",
  },
  "families.unknownNone": {
    en: "Nothing unknown: every token is in its vocabulary.",
    zh: "没有不认识的：每个 token 都在它的词表里。",
  },

  // ---------------------------------------------------------------- stepping a word
  "families.stepTitle": {
    en: "Step through a word",
    zh: "一步步看一个词",
  },
  "families.words": {
    en: "Words of {name}",
    zh: "{name} 的词",
  },
  "families.prev": {
    en: "Step back",
    zh: "上一步",
  },
  "families.next": {
    en: "Step forward",
    zh: "下一步",
  },
  "families.stepOf": {
    en: "{step} / {total}",
    zh: "{step} / {total}",
  },
  "families.tooLong": {
    en: "This word is too long to step through here ({bytes} bytes).",
    zh: "这个词太长，这里不逐步展示（{bytes} 个字节）。",
  },
  "families.rank.start": {
    en: "{symbols} bytes to start with. Of the neighbouring pairs with a rule, the lowest rank merges first: {left} + {right} (rank {rank}).",
    zh: "开始时有 {symbols} 个字节。在有规则的相邻对里，rank 最小的先合并：{left} + {right}（rank {rank}）。",
  },
  "families.rank.startNone": {
    en: "{symbols} bytes, and no neighbouring pair has a rule: nothing merges.",
    zh: "一共 {symbols} 个字节，没有哪对相邻字节有合并规则：什么都不合并。",
  },
  "families.rank.step": {
    en: "Merge {step} of {total}: {left} + {right} → {merged} (rank {rank}).",
    zh: "第 {step} 次合并，共 {total} 次：{left} + {right} → {merged}（rank {rank}）。",
  },
  "families.rank.final": {
    en: "No pair left has a rule. Tokens: {tokens}; ids {ids}.",
    zh: "剩下的相邻对都没有规则了。token：{tokens}；id：{ids}。",
  },
  "families.rank.pairs": {
    en: "Pairs with a rule, lowest rank first",
    zh: "有规则的相邻对，rank 从小到大",
  },
  "families.rank.pair": {
    en: "rank {rank}",
    zh: "rank {rank}",
  },
  "families.rank.winner": {
    en: "lowest: merges",
    zh: "最小：合并",
  },
  "families.rank.none": {
    en: "No neighbouring pair has a rule: merging stops here.",
    zh: "没有哪对相邻符号有合并规则：合并到此为止。",
  },
  "families.rank.cell": {
    en: "Symbol {n} of {total}: {symbol}",
    zh: "第 {n} 个符号，共 {total} 个：{symbol}",
  },

  // ---------------------------------------------------------------- the worksheet
  "families.sheet.how": {
    en: "The same text goes through each tokenizer below. Before you look: guess how many tokens each makes, what it does with the spaces, and what it does with a character it has never seen.",
    zh: "下面这段文字会分别交给每个分词器。先别看答案：猜猜每个分词器切出几个 token，它怎么处理空格，又怎么处理从没见过的字符。",
  },
  "families.sheet.tokenizer": {
    en: "Tokenizer",
    zh: "分词器",
  },
  "families.sheet.guess": {
    en: "Tokens (your guess)",
    zh: "token 数（你的猜测）",
  },
  "families.sheet.spaces": {
    en: "Spaces",
    zh: "空格",
  },
  "families.sheet.unknown": {
    en: "A character it lacks",
    zh: "词表里没有的字符",
  },
  "families.sheet.why": {
    en: "Which one makes the fewest tokens? Is fewest always best? Say why.",
    zh: "哪一个切出的 token 最少？最少就一定最好吗？说说理由。",
  },
  "families.sheet.count": {
    en: "Tokens",
    zh: "token 数",
  },
  "families.sheet.tokens": {
    en: "Its tokens",
    zh: "切出的 token",
  },
  "families.sheet.ids": {
    en: "Ids",
    zh: "id",
  },
});
