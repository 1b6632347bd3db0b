// The compare lesson's words (../compare.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "compare.title": {
    en: "Four tokenizers, one text",
    zh: "同一段文字，四种分词器",
  },
  "compare.lead": {
    en: "Characters, whole words, a small BPE we train ourselves, and GPT-2's r50k cut the same text very differently. Fewer tokens make attention cheaper; a bigger vocabulary makes the output layer dearer. Every tokenizer is a trade-off between the two.",
    zh: "按字符、按整词、我们自己训练的小 BPE，以及 GPT-2 的 r50k，会把同一段文字切得很不一样。token 越少，注意力越省；词表越大，输出层越贵。每种分词器都是在这两者之间权衡。",
  },
  "compare.inputLabel": {
    en: "Text to compare",
    zh: "要对比的文字",
  },
  "compare.inputHint": {
    en: "Works for any language: try Chinese, or a word the corpus never saw.",
    zh: "任何语言都可以：试试中文，或者语料里没出现过的词。",
  },
  "compare.preset.dont": {
    en: "I don't like tokenization.",
    zh: "I don't like tokenization.",
  },
  "compare.preset.chinese": {
    en: "中文",
    zh: "中文",
  },
  "compare.preset.emoji": {
    en: "rare words and 🦄",
    zh: "生僻词和 🦄",
  },
  "compare.corpus": {
    en: "Train the small tokenizers on",
    zh: "小分词器的训练语料",
  },
  "compare.corpus.example": {
    en: "the chapter's example sentence",
    zh: "教材里的例句",
  },
  "compare.corpus.text": {
    en: "this text",
    zh: "就用这段文字",
  },
  "compare.corpus.chapter": {
    en: "an English paragraph",
    zh: "一段英文",
  },
  "compare.corpus.chinese": {
    en: "Chinese sentences",
    zh: "几句中文",
  },
  "compare.corpusHint": {
    en: "Characters, words and the toy BPE learn their vocabulary from this corpus; anything they never saw becomes an unknown token. r50k's table is fixed.",
    zh: "字符、整词和玩具 BPE 都从这份语料里学词表；没见过的东西就成了未知 token。r50k 的词表是固定的。",
  },
  "compare.bpeSize": {
    en: "Toy BPE vocabulary size",
    zh: "玩具 BPE 的词表大小",
  },
  "compare.rowsTitle": {
    en: "The tokens",
    zh: "切出来的 token",
  },
  "compare.rowsText": {
    en: "Each chip is one token with its id underneath; chips marked ? are unknown to that tokenizer.",
    zh: "每个小方块是一个 token，下面是它的 id；标着 ? 的是这个分词器不认识的 token。",
  },
  "compare.chapterNote": {
    en: "This is the chapter's own example: the text “I don't like tokenization.”, the small tokenizers trained on “Here is a simple example of tokenization.”, the toy BPE stopped at a vocabulary of 20. Every V here counts every entry of the table, the unknown token <unk> included, which is also how the chapter counts.",
    zh: "这就是教材里的例子：文字是“I don't like tokenization.”，几个小分词器用“Here is a simple example of tokenization.”训练，玩具 BPE 的词表到 20 就停。这里每个 V 都把词表里的每一项算进去，包括未知 token <unk>，教材也是这样算的。",
  },
  "compare.countsNote": {
    en: "The token counts are not quite like for like: the characters tokenizer counts every space as a token, the toy BPE counts its end-of-word marker </w> (a space never reaches it), and the words tokenizer drops the spaces altogether. r50k keeps each space inside the next token (Ġ).",
    zh: "这几个 token 数并不完全可比：按字符分词时每个空格都算一个 token；玩具 BPE 看不到空格，但每个词尾的 </w> 要算一个；按整词分词则干脆把空格丢掉。r50k 把空格并进后面那个 token（写作 Ġ）。",
  },
  "compare.tokens": {
    en: "tokens T",
    zh: "token 数 T",
  },
  "compare.vocab": {
    en: "vocabulary V",
    zh: "词表大小 V",
  },
  "compare.unknown": {
    en: "unknown",
    zh: "未知",
  },
  "compare.unknownList": {
    en: "Unknown: {list}",
    zh: "未知 token：{list}",
  },
  "compare.more": {
    en: "…and {n} more tokens.",
    zh: "……另有 {n} 个 token。",
  },
  "compare.name.characters": {
    en: "Characters",
    zh: "按字符",
  },
  "compare.name.words": {
    en: "Words",
    zh: "按整词",
  },
  "compare.name.toy_bpe": {
    en: "Toy BPE",
    zh: "玩具 BPE",
  },
  "compare.name.r50k": {
    en: "GPT-2 r50k",
    zh: "GPT-2 r50k",
  },
  "compare.about.characters": {
    en: "One token per character: a tiny vocabulary, long sequences.",
    zh: "一个字符一个 token：词表很小，序列很长。",
  },
  "compare.about.words": {
    en: "One token per word: short sequences, but every new word is unknown.",
    zh: "一个词一个 token：序列短，但每个新词都不认识。",
  },
  "compare.about.toy_bpe": {
    en: "Frequent pieces merged, as in the Train lesson (characters plus </w>).",
    zh: "把高频片段合并起来，和“训练”一课一样（字符加 </w>）。",
  },
  "compare.about.r50k": {
    en: "Byte-level BPE with {v} tokens: nothing is ever unknown.",
    zh: "字节级 BPE，共 {v} 个 token：永远不会有未知 token。",
  },
  "compare.costTitle": {
    en: "What each choice costs",
    zh: "每种选择的代价",
  },
  "compare.costText": {
    en: "Attention compares every token with every other, so its work grows like T². The output layer scores every vocabulary entry for every prediction, so its size grows like V. The numbers in brackets are relative to the character tokenizer.",
    zh: "注意力要让每个 token 和其他所有 token 比一比，计算量大致随 T² 增长。输出层每次预测都要给词表里每一项打分，它的大小随 V 增长。括号里的倍数是相对按字符分词而言的。",
  },
  "compare.tokenizer": {
    en: "Tokenizer",
    zh: "分词器",
  },
  "compare.attention": {
    en: "Attention ~ T²",
    zh: "注意力 ~ T²",
  },
  "compare.output": {
    en: "Output layer ~ V",
    zh: "输出层 ~ V",
  },
  "compare.attCost": {
    en: "{t}² = {t2} (×{rel})",
    zh: "{t}² = {t2}（×{rel}）",
  },
  "compare.outCost": {
    en: "{v} (×{rel})",
    zh: "{v}（×{rel}）",
  },
  "compare.attCostAlone": {
    en: "{t}² = {t2}",
    zh: "{t}² = {t2}",
  },
  "compare.outCostAlone": {
    en: "{v}",
    zh: "{v}",
  },
  "compare.costNote": {
    en: "Rough proportions for teaching, not measured speeds: a larger vocabulary gives shorter sequences but a larger output layer; a smaller one, the reverse.",
    zh: "这是教学用的大致比例，不是实测速度：词表越大，序列越短，但输出层越大；词表越小，正好相反。",
  },
  "compare.modelTitle": {
    en: "From the table to the model",
    zh: "从词表到模型",
  },
  "compare.modelText": {
    en: "The vocabulary fixes two parts of the model. The embedding table has one row per id: V rows of D numbers each (D is the model's width). The output layer, lm_head, maps each position's D numbers back to one score per vocabulary entry, D → V; for a batch of B sequences of T tokens the logits are B × T × V. So a tokenizer is tied to its model: an id is a row number in that model's tables, and another tokenizer's id picks an unrelated row.",
    zh: "词表决定了模型的两个部分。嵌入矩阵每个 id 占一行：共 V 行，每行 D 个数（D 是模型的宽度）。输出层 lm_head 把每个位置的 D 个数变回词表里每一项的得分，也就是 D → V；一批 B 条、每条 T 个 token 的输入，得到的 logits 形状是 B × T × V。所以分词器和模型是绑在一起的：id 就是这个模型表格里的行号，换一个分词器，同一个 id 指的就是毫不相干的另一行。",
  },
  "compare.modelNumbers": {
    en: "GPT-2: V = {v} = 256 byte tokens + {merges} merges + 1 special token (<|endoftext|>). A merge's token has id 256 + its rank. MiniMind trains its own small tokenizer: its file holds V = {mm_v} = {mm_added} added tokens ({mm_special} of them special) + {mm_bytes} bytes + {mm_merges} merges (the MiniMind notes say {mm_notes} merges and warn that the real count is a little lower), so its embedding table is {mm_v} × {mm_dim}. Qwen2's vocabulary (Qwen3 keeps it) has {qwen} BPE tokens, while Qwen3's embedding, like the smaller Qwen2 models', has 151,936 rows (their configs pad the table beyond the vocabulary; Qwen2-7B and 72B pad it to 152,064). A model as small as MiniMind spends far less of its weights on the vocabulary.",
    zh: "GPT-2：V = {v} = 256 个字节 token + {merges} 条合并 + 1 个特殊 token（<|endoftext|>），合并出来的 token 的 id 就是 256 加上它的 rank。MiniMind 的分词器是自己训练的，文件里 V = {mm_v} = {mm_added} 个新增 token（其中 {mm_special} 个是特殊 token）+ {mm_bytes} 个字节 + {mm_merges} 条合并（MiniMind 笔记算的是 {mm_notes} 条，也提醒了实际会略少），所以它的嵌入矩阵是 {mm_v} × {mm_dim}。Qwen2 的词表（Qwen3 原样沿用）有 {qwen} 个 BPE token，而 Qwen3 和小尺寸 Qwen2 的嵌入矩阵有 151,936 行，配置里把表补得比词表大一些（Qwen2-7B 和 72B 补到了 152,064 行）。像 MiniMind 这样的小模型，花在词表上的参数就少多了。",
  },
});
