// The encode lesson's words for a WordPiece table's stage (wordpieceWords.mjs, familyView.mjs): BERT's
// longest match, try by try, and its common mistake. Registered when wordpieceWords.mjs is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "encode.lead.wordpiece": {
    en: "A language model never reads letters. It reads integer ids. Type anything and watch the {tokenizer} tokenizer do it: lowercase the text, cut it into words at spaces and punctuation, then cut each word by longest match: the longest piece of the {rows}-row vocabulary that starts the word, then the longest ## piece that follows, and so on. A word it cannot cover becomes [UNK].",
    zh: "语言模型看到的不是字母，而是整数 id。随便输入一段文字，看看 {tokenizer} 分词器是怎么做的：先把文字转成小写，在空格和标点处切成词，再对每个词做最长匹配：先取 {rows} 行词表里能作为词开头的最长 piece，再取紧接着的最长 ## piece，依此类推。覆盖不了的词整个变成 [UNK]。",
  },
  "cut.wordpiece": {
    en: "{title} cuts text as BERT does: it lowercases it and strips accents (naïve becomes naive), then cuts it into words at every space and before and after every punctuation mark, each Chinese character a word of its own. Each word is then cut alone, by longest match; [CLS] and [SEP] typed in the text are special tokens, cut out first.",
    zh: "{title} 像 BERT 那样切文字：先转成小写并去掉重音符号（naïve 变成 naive），再在每个空格处、每个标点的前后切成词，每个汉字单独成为一个词。之后每个词单独按最长匹配切分；文字里输入的 [CLS]、[SEP] 是特殊 token，会先被切出来。",
  },
  "family.wp.title": {
    en: "Longest match first",
    zh: "最长匹配优先",
  },
  "family.wp.toggle": {
    en: "Common mistake: [UNK] only for the part not found",
    zh: "常见错误：只把找不到的部分记成 [UNK]",
  },
  "family.wp.log": {
    en: "Every try, in order",
    zh: "按顺序的每一次尝试",
  },
  "family.wp.how": {
    en: "{title} is a WordPiece model, as BERT's is. Its vocabulary was learned by merging, but it encodes without any merge: from the first character of a word it looks up the longest piece the vocabulary has, then, from where that piece ends, the longest piece that follows, written with ## in front (## marks a piece inside a word). Each try that is not in the vocabulary is one character shorter than the one before. If at some place not even one character is in the vocabulary, the whole word is [UNK].",
    zh: "{title} 是一个 WordPiece 模型，和 BERT 的一样。它的词表是靠合并学出来的，但编码时一次合并也不做：从词的第一个字符开始，找词表里有的最长 piece；再从这个 piece 结束的地方，找紧接着的最长 piece，前面写上 ##（## 表示这是词内部的一段）。每次没找到，下一次就少一个字符再试。如果在某个位置连一个字符都不在词表里，整个词就是 [UNK]。",
  },
  "family.wp.start": {
    en: "Step 0 of {total}: the word {word}, {n} characters. WordPiece starts at its first character and tries the whole word first; only when that is not in the vocabulary does it try one character less.",
    zh: "第 0 步，共 {total} 步：词 {word}，{n} 个字符。WordPiece 从它的第一个字符开始，先试整个词；只有整个词不在词表里时，才少一个字符再试。",
  },
  "family.wp.tooLong": {
    en: "The word {word} has {n} characters, more than {max}: WordPiece makes it {unk} at once, without a single try.",
    zh: "词 {word} 有 {n} 个字符，超过了 {max}：WordPiece 不做任何尝试，直接把它记成 {unk}。",
  },
  "family.wp.found": {
    en: "Try {step} of {total}: {piece} is in the vocabulary (id {id}), so it is taken. The next try starts at character {next} with ## and the whole rest of the word.",
    zh: "第 {step} 次尝试，共 {total} 次：{piece} 在词表里（id {id}），所以取它。下一次从第 {next} 个字符开始，试 ## 加上词剩下的全部。",
  },
  "family.wp.foundEnd": {
    en: "Try {step} of {total}: {piece} is in the vocabulary (id {id}), so it is taken, and it reaches the end of the word.",
    zh: "第 {step} 次尝试，共 {total} 次：{piece} 在词表里（id {id}），所以取它，而且它一直到词的末尾。",
  },
  "family.wp.miss": {
    en: "Try {step} of {total}: {piece} is not in the vocabulary, so the next try is one character shorter.",
    zh: "第 {step} 次尝试，共 {total} 次：{piece} 不在词表里，所以下一次少一个字符。",
  },
  "family.wp.noPiece": {
    en: "Try {step} of {total}: not even {piece}, a single character, is in the vocabulary: no piece matches at character {at}. WordPiece never gives half a word, so the whole word becomes {unk}.",
    zh: "第 {step} 次尝试，共 {total} 次：连单个字符的 {piece} 都不在词表里：第 {at} 个字符处没有任何 piece 能匹配。WordPiece 从不只给半个词，所以整个词都变成 {unk}。",
  },
  "family.wp.label": {
    en: "Tries on {word}: {n} so far",
    zh: "对 {word} 的尝试：目前 {n} 次",
  },
  "family.wp.try": {
    en: "Try {n}: {piece}, characters {from} to {to}, in the vocabulary (id {id})",
    zh: "第 {n} 次尝试：{piece}，第 {from} 到第 {to} 个字符，在词表里（id {id}）",
  },
  "family.wp.tryMiss": {
    en: "Try {n}: {piece}, characters {from} to {to}, not in the vocabulary",
    zh: "第 {n} 次尝试：{piece}，第 {from} 到第 {to} 个字符，不在词表里",
  },
  "family.wp.takenRow": {
    en: "Taken so far",
    zh: "目前取到的",
  },
  "family.wp.tokensRow": {
    en: "Tokens",
    zh: "最终 token",
  },
  "family.wp.unkTag": {
    en: "no piece matches at character {at}",
    zh: "第 {at} 个字符处没有 piece",
  },
  "family.wp.unkLong": {
    en: "longer than {max} characters",
    zh: "超过 {max} 个字符",
  },
  "family.wp.noTries": {
    en: "No try yet: press → to make the first.",
    zh: "还没有尝试：按 → 开始第一次。",
  },
  "family.log.startWp": {
    en: "start: the whole word, no try yet",
    zh: "开始：整个词，还没有尝试",
  },
  "family.log.try": {
    en: "{piece} ✓ id {id}",
    zh: "{piece} ✓ id {id}",
  },
  "family.log.tryMiss": {
    en: "{piece} ✗ not in the vocabulary",
    zh: "{piece} ✗ 不在词表里",
  },
  "family.log.tooLong": {
    en: "too long: {unk} at once",
    zh: "太长：直接记成 {unk}",
  },
  "family.mistake.wp.title": {
    en: "The common mistake: [UNK] only for the part it cannot match",
    zh: "常见错误：只把匹配不上的部分记成 [UNK]",
  },
  "family.mistake.wp.text": {
    en: "WordPiece does not keep the pieces it found before it got stuck. Keeping them and writing [UNK] only for the rest of the word gives:",
    zh: "WordPiece 不会保留卡住之前已经找到的 piece。如果保留它们、只把词剩下的部分记成 [UNK]，会得到：",
  },
  "family.mistake.wpSame": {
    en: "Here the word is covered to its end, so the two agree; a word with a character the vocabulary lacks (Привет, 今天) shows the difference.",
    zh: "这个词能一直覆盖到末尾，所以两者相同；换一个含有词表里没有的字符的词（比如 Привет、今天）就能看出差别。",
  },
});
