// A 15-minute deck for the samples lesson: a token stream cut into inputs and labels shifted by one, in
// batches, at random or in order. The format is in ../classroom/decks.mjs. Every count, offset and
// vocabulary size the notes state comes from the lesson's own samples request for the slide's view (`facts`).

import { listed, grouped } from "./said.mjs";

/** The samples request the lesson makes for `state` (web/lessons/samples.mjs query). */
const samplesPayload = (state) => ({
  text: state.scorpus, block_size: state.block, batch_size: state.batch,
  tokenizer: state.tok, mode: state.sampler, seed: state.seed, start: state.start,
});

/** A samples answer as the notes quote it; `suffix` names a second answer's numbers. */
function sampleVars(result, lang, suffix = "") {
  return {
    [`n${suffix}`]: result.n_ids, [`block${suffix}`]: result.block_size, [`windows${suffix}`]: result.windows.length,
    [`offsets${suffix}`]: listed(result.offsets, lang), [`first${suffix}`]: result.offsets[0],
    [`V${suffix}`]: grouped(result.vocab_size), [`maxId${suffix}`]: grouped(result.vocab_size - 1),
  };
}

const SHOWN = Object.freeze({
  ask: (state) => [["samples", samplesPayload(state)]],
  vars: ([result], lang) => sampleVars(result, lang),
});

/** The slide's view, and beside it the same text with the toy BPE (its vocabulary, against GPT-2's). */
const AGAINST_TOY = Object.freeze({
  ask: (state) => [["samples", samplesPayload(state)], ["samples", samplesPayload({ ...state, tok: "toy_bpe" })]],
  vars: ([result, toy], lang) => ({ ...sampleVars(result, lang), ...sampleVars(toy, lang, "Toy") }),
});

const CHINESE = "我爱中国人。中国人很多。我爱中国。北京是中国首都。";

export default Object.freeze({
  id: "samples",
  lesson: "samples",
  focus: "samples-windows",
  minutes: 15,
  title: { en: "Samples: from tokens to training pairs", zh: "训练样本：从 token 到训练数据" },
  summary: {
    en: "A language model learns to predict the next token. Training data is made by cutting the token stream into windows: the input x is a window, the label y is the window that starts one token later. A batch is several windows at once.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "语言模型学的是预测下一个 token。训练数据的做法是把 token 流切成一个个窗口：输入 x 是一个窗口，标签 y 是把它错开一位的同样长的窗口。一批（batch）就是同时取出的几个窗口。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: {},
      title: { en: "The whole text as one stream of ids", zh: "整段文字变成一串 id" },
      facts: SHOWN,
      notes: {
        en: "The chapter's paragraph, cut by a toy BPE with a vocabulary of {V} trained on the paragraph itself: {n} ids in one long stream.\n\nThe model never sees sentences or documents here, only this stream.",
        zh: "教材里的那段话，用在这段话上训练的玩具 BPE（词表大小 {V}）切分：一共 {n} 个 id，排成一长串。\n\n在这里模型看不到句子或文档的边界，只有这一串 id。",
      },
    },
    {
      view: {},
      title: { en: "x and y: shifted by one", zh: "x 和 y：错开一位" },
      facts: SHOWN,
      notes: {
        en: "Each window of {block} ids is an input x; its label y is the stretch that starts one id later. So every position in x has its own answer: the token that comes next.\n\nOne window of {block} gives {block} training examples at once. Ask the room to read one column aloud: given these tokens, predict that one.",
        zh: "每个长度为 {block} 的窗口是一个输入 x；它的标签 y 是把它错开一位的同样长的一段。这样 x 里的每个位置都有自己的答案：紧跟在后面的那个 token。\n\n一个长度为 {block} 的窗口，同时就是 {block} 个训练样本。请大家念一列：看到前面这些 token，预测下一个。",
      },
    },
    {
      view: { block: 12 },
      title: { en: "A longer block, more context", zh: "窗口更长，上下文更多" },
      facts: SHOWN,
      notes: {
        en: "Block size {block}: the model sees more tokens before each prediction. Real models use blocks of thousands of tokens; that block size is the context length.\n\nRemember the compare lesson: attention costs grow with the square of this number.",
        zh: "窗口长度改成 {block}：模型在每次预测前能看到更多 token。真实的模型用的窗口有几千个 token，这个长度就是上下文长度。\n\n回想对比那一课：注意力的开销随这个数的平方增长。",
      },
    },
    {
      view: { batch: 5 },
      title: { en: "A batch of windows", zh: "一批窗口" },
      facts: SHOWN,
      notes: {
        en: "A batch of {windows} windows. They are processed together, in parallel, and the model's weights are updated once for the whole batch.\n\nThe random sampler picks each window's start anywhere in the stream; each window's caption says where it sits.",
        zh: "一批里有 {windows} 个窗口。它们会被一起并行处理，模型的参数对整批只更新一次。\n\n随机采样会在整串 id 里任意选每个窗口的起点，每个窗口的标题都写着它在整串里的位置。",
      },
    },
    {
      view: { sampler: "sequential" },
      title: { en: "In order instead of at random", zh: "按顺序取，而不是随机取" },
      facts: SHOWN,
      notes: {
        en: "The sequential sampler takes windows one after another: offsets {offsets}. Use ← → to move to the next batch.\n\nAsk: why do real training runs usually shuffle? (Neighbouring windows are alike, and the model would see the text in the same order every time.)",
        zh: "顺序采样一个接一个地取窗口：起点是 {offsets}。用 ← → 切换到下一批。\n\n问大家：为什么真实训练一般要打乱顺序？（相邻的窗口很像，而且模型每次都会以同样的顺序看到文本。）",
      },
    },
    {
      view: { sampler: "sequential", start: 18 },
      title: { en: "The next batch", zh: "下一批" },
      facts: SHOWN,
      notes: {
        en: "The next batch starts at {first}, where the last one stopped. After enough batches the whole stream has been seen once: that is one epoch.\n\nLet a student press → until the stream runs out.",
        zh: "下一批从 {first} 开始，正好接着上一批结束的地方。取够若干批，整串数据就完整过了一遍，这叫一个 epoch。\n\n让一位同学一直按 →，直到这串数据用完。",
      },
    },
    {
      view: { tok: "r50k" },
      title: { en: "The same text with GPT-2's tokens", zh: "同一段文字，换成 GPT-2 的 token" },
      facts: AGAINST_TOY,
      notes: {
        en: "With GPT-2's table the paragraph is only {n} ids, and they run up to {maxId}. Each window now covers more text.\n\nThe trade-off again: the model's output layer must now choose among {V} tokens instead of {VToy}.",
        zh: "换成 GPT-2 的词表，这段话只有 {n} 个 id，数值最大可到 {maxId}。每个窗口覆盖的文字更多了。\n\n又是那个取舍：模型的输出层现在要在 {V} 个 token 里挑，而不是 {VToy} 个。",
      },
    },
    {
      view: { scorpus: CHINESE },
      title: { en: "Any language works the same way", zh: "任何语言都是同样的做法" },
      notes: {
        en: "Chinese sentences, same recipe: a stream of ids, windows, labels shifted by one.\n\nClose with the question the course keeps returning to: once text is ids, what does the model actually learn from these pairs?",
        zh: "换成中文句子，做法完全一样：一串 id，切成窗口，标签错开一位。\n\n最后回到本课程反复提到的问题：文字变成 id 以后，模型从这些数据对里究竟学到了什么？",
      },
    },
  ]),
});
