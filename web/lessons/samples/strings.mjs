// The samples lesson's words (../samples.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "samples.title": {
    en: "From a token stream to training samples",
    zh: "从 token 流到训练样本",
  },
  "samples.lead": {
    en: "A model does not train on a whole text at once. The text becomes one long stream of ids; windows of block_size + 1 ids are cut from it; the inputs x are a window without its last id, and the labels y are the same window shifted by one. At every position the label is simply the next token.",
    zh: "模型不会一次拿整篇文字来训练。文字先变成一条很长的 id 流，再从中切出长度为 block_size + 1 的窗口：输入 x 是窗口去掉最后一个 id，标签 y 是同一个窗口错开一位。每个位置的标签，就是紧跟在后面的那个 token。",
  },
  "samples.inputLabel": {
    en: "Text",
    zh: "文本",
  },
  "samples.preset.chapter": {
    en: "the chapter's paragraph (18.3.7)",
    zh: "教材 18.3.7 的英文段落",
  },
  "samples.preset.chinese": {
    en: "中文句子",
    zh: "中文句子",
  },
  "samples.block": {
    en: "Block size",
    zh: "块大小 block_size",
  },
  "samples.batch": {
    en: "Batch size",
    zh: "批大小 batch_size",
  },
  "samples.tokenizer": {
    en: "Tokenizer",
    zh: "分词器",
  },
  "samples.tok.toy_bpe": {
    en: "toy BPE (trained on this text)",
    zh: "玩具 BPE（用这段文字训练）",
  },
  "samples.tok.r50k": {
    en: "GPT-2 r50k",
    zh: "GPT-2 r50k",
  },
  "samples.sampler": {
    en: "Where windows start",
    zh: "窗口从哪里开始",
  },
  "samples.mode.random": {
    en: "random",
    zh: "随机",
  },
  "samples.mode.sequential": {
    en: "in order",
    zh: "按顺序",
  },
  "samples.next": {
    en: "Next batch",
    zh: "下一批",
  },
  "samples.prev": {
    en: "Previous batch",
    zh: "上一批",
  },
  "samples.keys.batch": {
    en: "previous / next batch",
    zh: "上一批 / 下一批",
  },
  "samples.streamTitle": {
    en: "The token stream",
    zh: "Token 流",
  },
  "samples.streamText": {
    en: "The whole text as ids, with each token under its id. The outlined stretches are the windows of this batch.",
    zh: "整段文字变成的 id，每个 id 下面写着它的 token。带框的几段就是这一批的窗口。",
  },
  "samples.streamMeta": {
    en: "{n} ids, vocabulary {v}",
    zh: "{n} 个 id，词表大小 {v}",
  },
  "samples.streamMore": {
    en: "…and {n} more ids.",
    zh: "……另有 {n} 个 id。",
  },
  "samples.chapterNote": {
    en: "This is the chapter's paragraph from 18.3.7 (its line breaks read as spaces), cut by a toy BPE trained on it with a vocabulary of {v}: {n} tokens, starting {first}, the same stream the chapter prints.",
    zh: "这就是教材 18.3.7 里的那段英文（换行当作空格），用它自己训练出来的玩具 BPE（词表大小 {v}）切分：共 {n} 个 token，开头是 {first}，和教材印出来的 token 流一样。",
  },
  "samples.gap": {
    en: "⋯ {n} ids ⋯",
    zh: "⋯ {n} 个 id ⋯",
  },
  "samples.gapShow": {
    en: "Show the whole stream",
    zh: "显示整个 id 流",
  },
  "samples.windowN": {
    en: "window {n}",
    zh: "窗口 {n}",
  },
  "samples.windowsTitle": {
    en: "Inputs x and labels y",
    zh: "输入 x 与标签 y",
  },
  "samples.windowsText": {
    en: "Read each column downwards: the label under an input is the token that comes right after it. The y row is the x row moved one place to the left.",
    zh: "按列从上往下看：输入下面的标签，就是紧接着它的那个 token。y 这一行就是 x 这一行整体左移一格。",
  },
  "samples.windowCaption": {
    en: "Window {n}: positions {from} to {to} of the stream (counting from 0)",
    zh: "窗口 {n}：id 流中的位置 {from} 到 {to}（位置从 0 开始数）",
  },
  "samples.position": {
    en: "position",
    zh: "位置",
  },
  "samples.x": {
    en: "x (input)",
    zh: "x（输入）",
  },
  "samples.y": {
    en: "y (label)",
    zh: "y（标签）",
  },
  "samples.example": {
    en: "For example: after reading “{context}”, the model is trained to predict “{next}”.",
    zh: "例如：读到“{context}”之后，模型要学会预测“{next}”。",
  },
  "samples.tooShort": {
    en: "The text has only {n} ids; a window needs {need}. Use a longer text or a smaller block.",
    zh: "这段文字只有 {n} 个 id，一个窗口需要 {need} 个。请换长一点的文字，或把块调小。",
  },
  "samples.truncated": {
    en: "The stream is short, so only {n} window(s) fit.",
    zh: "token 流太短，只放得下 {n} 个窗口。",
  },
  "samples.sequentialNote": {
    en: "Windows are cut one after another, starting at position {start} (counting from 0).",
    zh: "窗口一个接一个地切，从位置 {start} 开始（位置从 0 开始数）。",
  },
  "samples.randomNote": {
    en: "Windows start at random places (seed {seed}); the same seed always gives the same batch.",
    zh: "窗口的起点是随机的（种子 {seed}）；同一个种子总是得到同一批。",
  },
  "samples.announce": {
    en: "{n} windows, starting at {offsets}",
    zh: "{n} 个窗口，起点 {offsets}",
  },
});
