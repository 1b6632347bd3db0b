// A 15-minute deck for the "why models stumble" lesson: spelling, arithmetic, a trailing space,
// indentation, a glitch token, case and languages, each asked first. Format: ../classroom/decks.mjs.
// The counts and cuts the notes state come from the lesson's own overviews of the case's texts (`facts`).

import { CASES } from "../lessons/quirks/cases.mjs";

const quoted = (items, lang) => (lang === "zh" ? items.map((x) => `“${x}”`).join("") : items.map((x) => `"${x}"`).join(", "));

/**
 * The slide's case, each of its texts asked for as the lesson asks (web/lessons/quirks.mjs caseQueries):
 * text k's token count as {countK}, its tokens as {cutK} ("st + raw + berry"), each of its pieces'
 * tokens as {pieceK_J} (quoted).
 */
const CASE = Object.freeze({
  ask: (state) => (CASES.find((quirk) => quirk.id === state.case) ?? CASES[0]).texts.map((text) => ["overview", { text, allowed_special: "none" }]),
  vars: (overviews, lang) => {
    const out = {};
    overviews.forEach((o, k) => {
      const tokens = o.pieces.flatMap((piece) => piece.texts.map((text, i) => text ?? piece.tokens[i]));
      out[`count${k + 1}`] = o.n_ids;
      out[`cut${k + 1}`] = tokens.join(" + ");
      o.pieces.forEach((piece, j) => {
        out[`piece${k + 1}_${j + 1}`] = quoted(piece.texts.map((text, i) => text ?? piece.tokens[i]), lang);
      });
    });
    return out;
  },
});

export default Object.freeze({
  id: "quirks",
  lesson: "quirks",
  focus: "quirks-case",
  minutes: 15,
  title: { en: "Why models stumble on easy things", zh: "模型为什么会在简单的事上出错" },
  summary: {
    en: "Many famous failures of language models are tokenizer effects: the model never sees letters, digits or spaces, only ids. Each case in this lesson asks a question first; let the room answer before revealing the real tokens.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "语言模型很多出名的错误，其实都是分词造成的：模型看不到字母、数字或空格，只看到 id。这一课的每个例子都先提问，让大家回答之后再揭晓真实的 token。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: { case: "spelling" },
      title: { en: "Counting the r's in strawberry", zh: "数一数 strawberry 里有几个 r" },
      facts: CASE,
      notes: {
        en: "Ask the question on the page, then reveal: \" strawberry\" with its space is a single id. The model is never shown the letters, so counting them means recalling how one id is spelled.\n\nWithout the space it is {count2} tokens, {cut2}, which split the letters differently again.",
        zh: "先问页面上的问题，再揭晓：带空格的“ strawberry”只是一个 id。模型根本看不到字母，要数 r 就得回忆这个 id 是怎么拼写的。\n\n去掉空格，它变成 {cut2} 这 {count2} 个 token，字母又被切成了另一种样子。",
      },
    },
    {
      view: { case: "arithmetic" },
      title: { en: "Arithmetic on chunks of digits", zh: "按数字块做算术" },
      facts: CASE,
      notes: {
        en: "Look where each number is cut: the chunks have nothing to do with ones, tens and hundreds.\n\n12345 and 12346 in the first line differ in one digit, and GPT-2 cuts them in different places: {piece1_1} against {piece1_5}. Column addition is not what the model sees.",
        zh: "看看每个数在哪里被切开：这些数字块和个位、十位、百位毫无关系。\n\n第一行的 12345 和 12346 只差一位数字，GPT-2 却在不同的地方切开它们：{piece1_1}对{piece1_5}。模型看到的根本不是竖式加法的那一列列数字。",
      },
    },
    {
      view: { case: "trailing" },
      title: { en: "One space at the end of a prompt", zh: "提示词末尾多一个空格" },
      notes: {
        en: "The prompts differ by one space. Without it the last token is \" about\"; with it, a lone space token follows.\n\nIn training text a space almost always travels with the next word, so a prompt ending in a bare space leaves the model somewhere unusual. That is why tools trim it.",
        zh: "两个提示词只差一个空格。没有空格时最后一个 token 是“ about”；有空格时，后面多了一个单独的空格 token。\n\n在训练文本里，空格几乎总是跟着下一个词走的，所以以单独空格结尾的提示词会把模型带到一个很少见的位置。这就是很多工具会自动去掉它的原因。",
      },
    },
    {
      view: { case: "indent" },
      title: { en: "Four spaces or a tab", zh: "四个空格还是一个制表符" },
      notes: {
        en: "In GPT-2 each space of a four-space indent is a token of its own (the last one joins \"return\"); a tab is one token. r50k has no token for two or more spaces, and over a long program that adds up on every line.\n\nTables trained with more code have tokens for long runs of spaces (see the three tables lesson).",
        zh: "在 GPT-2 里，四个空格的缩进中每个空格都单独是一个 token（最后一个和“return”连在一起），一个制表符只是一个 token。r50k 里没有表示两个及以上空格的 token，程序一长，每一行都这样，加起来就很可观。\n\n用更多代码训练出来的词表，有专门表示一长串空格的 token（见“三张词表”一课）。",
      },
    },
    {
      view: { case: "glitch" },
      title: { en: "A token the model never learned", zh: "模型从没学会的 token" },
      notes: {
        en: "\" SolidGoldMagikarp\" is one token, as common as \" Pikachu\" in the tokenizer's eyes. The name came from the text the tokenizer was built on, but hardly appeared in the model's training text.\n\nSo its vector stayed close to random, and GPT-3 models, which use GPT-2's vocabulary, could not even repeat it. A token can exist without the model knowing it.",
        zh: "“ SolidGoldMagikarp”是一个 token，在分词器眼里和“ Pikachu”一样普通。这个名字来自构建分词器时用的文本，却几乎没在模型的训练文本里出现过。\n\n所以它的向量几乎还停留在随机初始值，沿用 GPT-2 词表的 GPT-3 系列模型甚至没法把它复述出来。token 存在，不代表模型认识它。",
      },
    },
    {
      view: { case: "case" },
      title: { en: "hello, Hello, HELLO", zh: "大小写：hello、Hello、HELLO" },
      facts: CASE,
      notes: {
        en: "Four spellings, four different id sequences; HELLO even breaks into {count3} tokens.\n\nNothing in the tokenizer lower-cases text: the model has to learn from data that these are the same word.",
        zh: "四种写法，四组完全不同的 id；HELLO 甚至被拆成了 {count3} 个 token。\n\n分词器不会把文字统一成小写，模型只能从数据里自己学到它们是同一个词。",
      },
    },
    {
      view: { case: "languages" },
      title: { en: "The same sentence in six languages", zh: "同一句话，六种语言" },
      notes: {
        en: "Ask which language costs the most before revealing. English is cheapest by far; scripts GPT-2 saw little of cost several times as many tokens for the same meaning.\n\nPrices and context windows are counted in tokens, so this is a real cost for real users.",
        zh: "揭晓之前先问：哪种语言最费 token？英文最便宜，而且便宜得多；GPT-2 很少见到的文字，同样的意思要花好几倍的 token。\n\n价格和上下文窗口都按 token 计算，所以这对真实用户来说是实实在在的成本。",
      },
    },
    {
      view: { case: "spelling", predict: true },
      title: { en: "Your turn: guess before you look", zh: "轮到你们：先猜再看" },
      notes: {
        en: "Predict mode asks for a number before each reveal. Go back through two or three cases and let students type their guesses.\n\nEnd with the thread that ties them together: the model sees ids, and everything it knows about letters, digits and spaces it had to learn indirectly.",
        zh: "预测模式会在揭晓前先要一个数字。挑两三个例子再走一遍，让学生输入自己的猜测。\n\n最后把它们串起来：模型看到的是 id，它对字母、数字和空格的一切了解，都是间接学来的。",
      },
    },
  ]),
});
