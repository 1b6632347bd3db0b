// The encode lesson's words for a SentencePiece table's merge stage (familyWords.mjs, familyView.mjs):
// BPE by score, Unigram's lattice, and each family's common mistake. Registered when familyWords.mjs is
// first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "encode.lead.spm_bpe": {
    en: "A language model never reads letters. It reads integer ids. Type anything and watch the real {tokenizer} tokenizer do it: write each space as ▁, start each word from its characters, merge again and again the neighbouring pair whose piece has the highest score, then look each final token up in the {rows}-row vocabulary.",
    zh: "语言模型看到的不是字母，而是整数 id。随便输入一段文字，看看真实的 {tokenizer} 分词器是怎么做的：把每个空格写成 ▁，每个词从字符开始，一次又一次地合并拼出的 piece 分数最高的那对相邻符号，最后在 {rows} 行的词表里查出每个 token 的 id。",
  },
  "encode.lead.unigram": {
    en: "A language model never reads letters. It reads integer ids. Type anything and watch the real {tokenizer} tokenizer do it: write each space as ▁, then, of every way to cut each word into pieces of its {rows}-row vocabulary, take the one whose pieces' log-probabilities add up to the most (Viterbi finds it), and read each piece's id.",
    zh: "语言模型看到的不是字母，而是整数 id。随便输入一段文字，看看真实的 {tokenizer} 分词器是怎么做的：把每个空格写成 ▁，然后在把每个词切成 {rows} 行词表里的 piece 的所有切法中，选各 piece 对数概率加起来最大的那一种（由 Viterbi 找出），再读出每个 piece 的 id。",
  },
  "family.bpe.title": {
    en: "Merge by score",
    zh: "按分数合并",
  },
  "family.uni.title": {
    en: "The lattice, walked by Viterbi",
    zh: "网格（lattice）与 Viterbi",
  },
  "family.bpe.toggle": {
    en: "Common mistake: merge the leftmost pair first",
    zh: "常见错误：先合并最左边的一对",
  },
  "family.uni.toggle": {
    en: "Common mistake: take the longest piece first",
    zh: "常见错误：先取最长的 piece",
  },
  "family.bpe.log": {
    en: "Merge log",
    zh: "合并记录",
  },
  "family.uni.log": {
    en: "Viterbi, position by position",
    zh: "Viterbi 逐个位置",
  },
  "family.spaceNote": {
    en: "▁ is the space, kept as a character of the text (it merges like a letter); GPT-2's Ġ is only a stand-in for the space's byte.",
    zh: "▁ 就是空格，作为文字里的一个字符保留下来（像字母一样参与合并）；GPT-2 的 Ġ 只是空格那个字节的替身。",
  },
  "family.space": {
    en: "Why ▁ and not Ġ? SentencePiece treats a space as a character of the text and writes it ▁ (U+2581), which then merges like any letter (▁the is one piece). GPT-2 works on bytes, and Ġ is only its printable stand-in for the space byte 0x20.",
    zh: "为什么是 ▁ 而不是 Ġ？SentencePiece 把空格当成文字里的一个字符，写成 ▁（U+2581），然后它像普通字母一样参与合并（▁the 是一个 piece）。GPT-2 处理的是字节，Ġ 只是它给空格字节 0x20 找的可打印替身。",
  },
  "family.bpe.how": {
    en: "{title} ships no merge list. Each piece of its vocabulary has a score; every neighbouring pair that together make a piece is a candidate, and the pair whose piece has the highest score merges first, wherever it sits. Merging stops when no pair makes a piece.",
    zh: "{title} 没有合并规则表。词表里每个 piece 都有一个分数（score）；凡是拼起来正好是一个 piece 的相邻对都是候选，拼出的 piece 分数最高的那对先合并，不管它在哪个位置。没有哪一对能拼成 piece 时，合并就停止。",
  },
  "family.bpe.pairs": {
    en: "Candidates for merge {n}: each pair that makes a piece, and that piece's score, highest first",
    zh: "第 {n} 次合并的候选：每一对能拼成的 piece 和它的分数，从高到低",
  },
  "family.bpe.pairsDone": {
    en: "No neighbouring pair makes a piece of the vocabulary: merging stops here.",
    zh: "没有哪对相邻符号能拼成词表里的 piece：合并到此为止。",
  },
  "family.bpe.pairsLeftOut": {
    en: "This piece is long, so its candidate pairs are not listed (each merge would list them all again).",
    zh: "这个片段很长，所以不列出候选对（每次合并都得把它们重新列一遍）。",
  },
  "family.bpe.score": {
    en: "score {score}",
    zh: "分数 {score}",
  },
  "family.bpe.winner": {
    en: "highest: merges",
    zh: "最高：合并",
  },
  "family.bpe.cell": {
    en: "Symbol {n} of {total}: {symbol}",
    zh: "第 {n} 个符号，共 {total} 个：{symbol}",
  },
  "family.bpe.cellBytes": {
    en: "Symbol {n} of {total}: {symbol}, not in the vocabulary: it stays as its bytes {bytes}",
    zh: "第 {n} 个符号，共 {total} 个：{symbol}，词表里没有，所以保持为字节 {bytes}",
  },
  "family.bpe.bytesTag": {
    en: "stays bytes",
    zh: "保持为字节",
  },
  "family.bpe.start": {
    en: "Step 0 of {total}: {symbols} symbols, one per character (▁ is a space). {n} neighbouring pairs make a piece; the highest score is {left} + {right} → {merged} ({score}), so it merges first.",
    zh: "第 0 步，共 {total} 步：{symbols} 个符号，每个字符一个（▁ 是空格）。有 {n} 对相邻符号能拼成 piece；分数最高的是 {left} + {right} → {merged}（{score}），所以它先合并。",
  },
  "family.bpe.start1": {
    en: "Step 0 of {total}: {symbols} symbols, one per character (▁ is a space). One neighbouring pair makes a piece, {left} + {right} → {merged} ({score}), so it merges first.",
    zh: "第 0 步，共 {total} 步：{symbols} 个符号，每个字符一个（▁ 是空格）。只有一对相邻符号能拼成 piece：{left} + {right} → {merged}（{score}），所以它先合并。",
  },
  "family.bpe.startLeftOut": {
    en: "Step 0 of {total}: {symbols} symbols, one per character (▁ is a space). The pair whose piece scores highest is {left} + {right} → {merged} ({score}), so it merges first.",
    zh: "第 0 步，共 {total} 步：{symbols} 个符号，每个字符一个（▁ 是空格）。拼出的 piece 分数最高的是 {left} + {right} → {merged}（{score}），所以它先合并。",
  },
  "family.bpe.startNone": {
    en: "Step 0 of 0: {symbols} symbols, one per character (▁ is a space). No neighbouring pair makes a piece of the vocabulary, so nothing merges.",
    zh: "第 0 步，共 0 步：{symbols} 个符号，每个字符一个（▁ 是空格）。没有哪对相邻符号能拼成词表里的 piece，所以什么也不合并。",
  },
  "family.bpe.step": {
    en: "Step {step} of {total}: {left} + {right} → {merged}, because its score {score} was the highest of the {n} candidate pairs.",
    zh: "第 {step} 步，共 {total} 步：{left} + {right} → {merged}，因为它的分数 {score} 在 {n} 个候选对里最高。",
  },
  "family.bpe.stepOnly": {
    en: "Step {step} of {total}: {left} + {right} → {merged} (score {score}), the only pair that made a piece.",
    zh: "第 {step} 步，共 {total} 步：{left} + {right} → {merged}（分数 {score}），它是唯一能拼成 piece 的一对。",
  },
  "family.bpe.stepLeftOut": {
    en: "Step {step} of {total}: {left} + {right} → {merged}, score {score}, the highest of the candidate pairs.",
    zh: "第 {step} 步，共 {total} 步：{left} + {right} → {merged}，分数 {score}，是候选对里最高的。",
  },
  "family.bpe.fallback": {
    en: "{char} is not in the vocabulary, so it falls back to its UTF-8 bytes {bytes}, one token each (byte fallback); byte tokens never merge.",
    zh: "{char} 不在词表里，所以退回成它的 UTF-8 字节 {bytes}，每个字节一个 token（字节回退）；字节 token 不再参与合并。",
  },
  "family.final": {
    en: "Tokens: {tokens}; ids {ids}.",
    zh: "token：{tokens}；id 是 {ids}。",
  },
  "family.uni.how": {
    en: "{title} is a Unigram model: it does not merge. Every piece of its vocabulary that matches somewhere in the word is a box in the lattice below, with its log-probability (nearer 0 is more likely). Viterbi walks the word from left to right; at each position it keeps the one best path that ends there, the one whose pieces' log-probabilities add up to the most.",
    zh: "{title} 是 Unigram 模型：它不做合并。词里任何位置能匹配上的词表 piece 都是下面网格（lattice）里的一个方块，标着它的对数概率（越接近 0 越可能）。Viterbi 从左往右走过这个词；在每个位置，它只保留一条在这里结束的最佳路径，也就是各 piece 对数概率加起来最大的那条。",
  },
  "family.uni.label": {
    en: "Lattice of {word}: {n} pieces",
    zh: "{word} 的网格：{n} 个 piece",
  },
  "family.uni.piece": {
    en: "{piece}, characters {from} to {to}, log-probability {logp}",
    zh: "{piece}，第 {from} 到第 {to} 个字符，对数概率 {logp}",
  },
  "family.uni.unknown": {
    en: "{piece}: no piece starts here, so it is unknown, log-probability {logp}",
    zh: "{piece}：没有 piece 从这里开始，所以是未知字符，对数概率 {logp}",
  },
  "family.uni.onPath": {
    en: "on the best path",
    zh: "在最佳路径上",
  },
  "family.uni.bestRow": {
    en: "Best path to here",
    zh: "到这里的最佳路径",
  },
  "family.uni.end": {
    en: "{piece} · {score}",
    zh: "{piece} · {score}",
  },
  "family.uni.start": {
    en: "Step 0 of {total}: the lattice of {word}, {n} pieces. Viterbi starts at the left, one position at a time.",
    zh: "第 0 步，共 {total} 步：{word} 的网格，共 {n} 个 piece。Viterbi 从左边开始，一次走一个位置。",
  },
  "family.uni.step": {
    en: "Step {step} of {total}, after {char}: the pieces ending here are {list}; the best path to here ends with {piece}, log-probability {score} in all.",
    zh: "第 {step} 步，共 {total} 步，走到 {char} 之后：在这里结束的 piece 有 {list}；到这里的最佳路径以 {piece} 结尾，对数概率总和 {score}。",
  },
  "family.uni.step1": {
    en: "Step {step} of {total}, after {char}: the one piece ending here is {list}; the best path to here ends with {piece}, log-probability {score} in all.",
    zh: "第 {step} 步，共 {total} 步，走到 {char} 之后：在这里结束的 piece 只有 {list}；到这里的最佳路径以 {piece} 结尾，对数概率总和 {score}。",
  },
  "family.uni.final": {
    en: "The best path, lit: {pieces}, log-probability {score} in all.",
    zh: "最佳路径（已点亮）：{pieces}，对数概率总和 {score}。",
  },
  "family.log.start": {
    en: "start: one symbol per character",
    zh: "开始：每个字符一个符号",
  },
  "family.log.merge": {
    en: "{left} + {right} → {merged} · score {score}",
    zh: "{left} + {right} → {merged} · 分数 {score}",
  },
  "family.log.position": {
    en: "{char}: best path ends with {piece} · {score}",
    zh: "{char}：最佳路径以 {piece} 结尾 · {score}",
  },
  "family.mistake.bpe.title": {
    en: "The common mistake: merging the leftmost pair first",
    zh: "常见错误：先合并最左边的一对",
  },
  "family.mistake.bpe.text": {
    en: "Ignoring the scores and merging the leftmost pair that makes a piece, again and again, gives:",
    zh: "如果不管分数，总是合并最左边能拼成 piece 的那一对，一直合下去，会得到：",
  },
  "family.mistake.uni.title": {
    en: "The common mistake: taking the longest piece first",
    zh: "常见错误：先取最长的 piece",
  },
  "family.mistake.uni.text": {
    en: "Unigram is not greedy. Taking the longest piece that matches at each position, left to right, gives:",
    zh: "Unigram 不是贪心算法。如果从左到右在每个位置都取能匹配的最长 piece，会得到：",
  },
  "family.mistake.wrong": {
    en: "Mistake",
    zh: "错误做法",
  },
  "family.mistake.real": {
    en: "{title}",
    zh: "{title}",
  },
  "family.mistake.same": {
    en: "Here it happens to give the same pieces; another word shows the difference.",
    zh: "这里碰巧得到相同的 piece；换个词就能看出差别。",
  },
  "family.mistake.differs": {
    en: "Not what {title} does: the real pieces differ.",
    zh: "{title} 实际不是这样做的：真正的切分不同。",
  },
});
