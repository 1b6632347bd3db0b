// The train lesson's words for WordPiece beside BPE (wordpiece.mjs). Registered when it is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "train.wp.title": {
    en: "WordPiece learns by merging too",
    zh: "WordPiece 也是靠合并学出来的",
  },
  "train.wp.text": {
    en: "BERT's WordPiece is trained the way BPE is: count the neighbouring pairs in the same words, merge the most frequent, again and again. Only two things differ. It starts each word with ## before every character but the first (where the toy BPE puts </w> at the end), and it breaks ties as HuggingFace tokenizers does (the pair of the smallest ids). Then it keeps the vocabulary and throws the merges away: a new word is cut by longest match, not by replaying merges.",
    zh: "BERT 的 WordPiece 和 BPE 的训练方法一样：在同样的词里数相邻对，合并出现最多的那一对，一遍又一遍。只有两点不同：它给每个词除第一个字符以外的字符都加上 ##（玩具 BPE 则在词尾加 </w>）；遇到并列时按 HuggingFace tokenizers 的规则选（id 最小的那一对）。训练完它只留下词表，把合并规则扔掉：切新词时用最长匹配，而不是重放合并。",
  },
  "train.wp.start": {
    en: "The first word to start from: BPE {bpe}; WordPiece {wordpiece}.",
    zh: "第一个词的起点：BPE 是 {bpe}；WordPiece 是 {wordpiece}。",
  },
  "train.wp.bpeMerges": {
    en: "BPE's merges ({n})",
    zh: "BPE 的合并（{n} 次）",
  },
  "train.wp.merges": {
    en: "WordPiece's merges ({n})",
    zh: "WordPiece 的合并（{n} 次）",
  },
  "train.wp.more": {
    en: "… and {n} more",
    zh: "……还有 {n} 次",
  },
  "train.wp.stop.min_frequency": {
    en: "WordPiece stopped after {merges} merges, where BPE made {bpe}: no pair left occurs {min} times or more. BPE's </w> makes pairs of its own (w + </w>), which ## does not.",
    zh: "WordPiece 合并了 {merges} 次就停了，而 BPE 合并了 {bpe} 次：剩下的对没有一对出现 {min} 次或以上。BPE 的 </w> 会多出自己的对（比如 w + </w>），## 不会。",
  },
  "train.wp.stop.no_pairs": {
    en: "WordPiece stopped after {merges} merges, where BPE made {bpe}: every word is one piece, no pair is left.",
    zh: "WordPiece 合并了 {merges} 次就停了，而 BPE 合并了 {bpe} 次：每个词都已经是一个 piece，没有对可合并了。",
  },
  "train.wp.cutTitle": {
    en: "The example, cut by WordPiece: longest match over its vocabulary",
    zh: "用 WordPiece 切上面的例子：在词表上做最长匹配",
  },
  "train.wp.summary": {
    en: "{merges} merges made a vocabulary of {size} entries ([UNK] included). The example's {words} words are {tokens} tokens.",
    zh: "{merges} 次合并得到 {size} 项的词表（含 [UNK]）。例子里的 {words} 个词切成 {tokens} 个 token。",
  },
  "train.wp.summaryUnk": {
    en: "{merges} merges made a vocabulary of {size} entries ([UNK] included). The example's {words} words are {tokens} tokens. It cannot cover {unk} of the words, so each of them is one [UNK]: somewhere in it not even one character matches (a character the corpus never had, or never had inside a word, where it needs its ## form). The toy BPE keeps such a character as <unk> and still cuts the rest of the word.",
    zh: "{merges} 次合并得到 {size} 项的词表（含 [UNK]）。例子里的 {words} 个词切成 {tokens} 个 token。其中 {unk} 个词覆盖不了，所以每个都整体变成一个 [UNK]：词里某个位置连一个字符都匹配不上（语料里从没出现过这个字符，或者它从没出现在词的内部，而词内部需要的是它带 ## 的形式）。玩具 BPE 则只把那个字符记成 <unk>，词的其余部分照样切。",
  },
});
