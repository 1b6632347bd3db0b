// A 15-minute deck for the compare lesson: characters, words, a toy BPE and GPT-2 on one text, what
// each leaves unknown, and what sequence length and vocabulary size cost. Format: ../classroom/decks.mjs.
// Every count the notes state comes from the lesson's own request for the slide's view (`facts`).

import { comparePayload } from "../lessons/compare/query.mjs";

const grouped = (n) => n.toLocaleString("en-US");
const quoted = (items, lang) => (lang === "zh" ? items.map((x) => `“${x}”`).join("") : items.map((x) => `"${x}"`).join(", "));

/** The rows of a compare answer by name, the numbers as the screen writes them. */
function rowVars(result, lang, suffix = "") {
  const out = {};
  for (const row of result.tokenizers) {
    out[`${row.name}${suffix}`] = grouped(row.n_tokens);
    out[`${row.name}V${suffix}`] = grouped(row.vocab_size);
    out[`${row.name}Unknown${suffix}`] = quoted(row.unknown, lang);
    out[`${row.name}Lost${suffix}`] = grouped(row.n_unknown);
  }
  const chars = result.tokenizers.find((row) => row.name === "characters");
  const gpt2 = result.tokenizers.find((row) => row.name === "r50k");
  if (chars && gpt2 && chars.n_tokens) out[`perChar${suffix}`] = (gpt2.n_tokens / chars.n_tokens).toFixed(1);
  return out;
}

/** The slide's own view, counted by the engine as the lesson counts it. */
const SHOWN = Object.freeze({
  ask: (state) => [["compare", comparePayload(state)]],
  vars: ([result], lang) => rowVars(result, lang),
});

/** The slide's view, and beside it the same corpus with the toy vocabulary asked to be 20. */
const AGAINST_20 = Object.freeze({
  ask: (state) => [["compare", comparePayload(state)], ["compare", comparePayload({ ...state, bpe: 20 })]],
  vars: ([asked, twenty], lang) => ({ ...rowVars(asked, lang), ...rowVars(twenty, lang, "20") }),
});

export default Object.freeze({
  id: "compare",
  lesson: "compare",
  focus: "compare-row",
  minutes: 15,
  title: { en: "Compare: four ways to cut text", zh: "对比：四种切分文字的方法" },
  summary: {
    en: "Characters give a tiny vocabulary and long sequences; whole words give short sequences and endless unknown words; subword BPE sits in between. Attention costs grow with the number of tokens squared, the output layer with the vocabulary size.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "按字符切，词表很小但序列很长；按整词切，序列很短却总会碰到没见过的词；子词 BPE 介于两者之间。注意力的开销随 token 数的平方增长，输出层的大小随词表大小增长。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: {},
      title: { en: "One sentence, four tokenizers", zh: "一句话，四种分词器" },
      facts: SHOWN,
      notes: {
        en: "\"I don't like tokenization.\" The three small tokenizers learned their vocabulary from one sentence, \"Here is a simple example of tokenization.\"; GPT-2 uses its fixed table.\n\nRead the counts aloud: {characters} characters, {words} words, {toy_bpe} toy BPE tokens, {r50k} for GPT-2. Ask why the toy BPE barely helps here.",
        zh: "“I don't like tokenization.”三个小分词器只从一句话“Here is a simple example of tokenization.”里学词表，GPT-2 用的是它固定的词表。\n\n把数字念一遍：按字符 {characters} 个，按词 {words} 个，玩具 BPE {toy_bpe} 个，GPT-2 {r50k} 个。问问大家：为什么玩具 BPE 在这里几乎没起作用？",
      },
    },
    {
      view: {},
      title: { en: "Unknown tokens", zh: "未知 token" },
      facts: SHOWN,
      notes: {
        en: "Look at the chips marked ?. The words tokenizer never saw {wordsUnknown}, so they all become <unk>: the model loses them completely.\n\nThe character tokenizer loses letters, not words, but still misses {charactersUnknown}. GPT-2's unknown count is {r50kLost}: it can always fall back to bytes.",
        zh: "看那些标着 ? 的小块。按词分词器从没见过{wordsUnknown}，它们全都变成 <unk>，模型就彻底丢掉了这些信息。\n\n按字符分词器丢的是字母而不是整词，但仍然不认识{charactersUnknown}。GPT-2 的未知 token 是 {r50kLost} 个：它总能退回到字节。",
      },
    },
    {
      view: { ccorpus: "text" },
      title: { en: "Training on the text itself", zh: "直接用这句话来训练" },
      facts: SHOWN,
      notes: {
        en: "Let the small tokenizers learn from the very sentence they cut, and nothing is unknown any more: {charactersLost}, {wordsLost} and {toy_bpeLost} unknown tokens.\n\nThis is cheating, of course: a real tokenizer meets text it never saw. Use it to show that the vocabulary is only as good as the corpus behind it.",
        zh: "让小分词器直接从要切的这句话里学词表，就不再有未知 token 了：未知 token 分别是 {charactersLost}、{wordsLost}、{toy_bpeLost} 个。\n\n这当然是作弊：真实的分词器总会遇到没见过的文本。用这一页说明：词表的好坏，取决于背后的语料。",
      },
    },
    {
      view: { ccorpus: "chapter", bpe: 100 },
      title: { en: "A bigger vocabulary, fewer tokens", zh: "词表更大，token 更少" },
      facts: AGAINST_20,
      notes: {
        en: "Train on an English paragraph and ask the toy BPE for a vocabulary of 100. It stops at V = {toy_bpeV}, when no pair occurs twice any more, and cuts the sentence into {toy_bpe} tokens. Asked for 20, it cannot go below its starting symbols (the paragraph's characters, </w> and <unk>): V = {toy_bpeV20}, and the sentence is {toy_bpe20} tokens.\n\nChange the vocabulary size in the field and watch V and the token count move in opposite directions.",
        zh: "改用一段英文来训练，并让玩具 BPE 把词表长到 100。它长到 V = {toy_bpeV} 就停了，因为再也没有出现两次以上的相邻对；这句话切成 {toy_bpe} 个 token。如果只要 20，词表也不会比起始符号（这段语料里的字符，加上 </w> 和 <unk>）更少：V = {toy_bpeV20}，这句话是 {toy_bpe20} 个 token。\n\n在输入框里改一改词表大小，看 V 和 token 数朝相反的方向变化。",
      },
    },
    {
      view: { ccorpus: "chapter", bpe: 100 },
      title: { en: "What each choice costs", zh: "每种选择的代价" },
      facts: SHOWN,
      notes: {
        en: "The cost table: attention compares every token with every other, so it grows like T². The output layer scores every vocabulary entry at every step, so it grows like V.\n\nCharacters are cheap in V ({charactersV}) and dear in T² ({characters} tokens); GPT-2 is the reverse ({r50kV} and {r50k}). The numbers are proportions for teaching, not measured speeds.",
        zh: "看代价表：注意力要把每个 token 和其他所有 token 比一遍，所以开销按 T² 增长；输出层每一步都要给词表里的每一项打分，所以按 V 增长。\n\n按字符切，V 便宜（{charactersV}）、T² 贵（{characters} 个 token）；GPT-2 正好相反（{r50kV} 和 {r50k}）。这些数字只是教学用的比例，不是实测速度。",
      },
    },
    {
      view: { ctext: "我爱北京，中国人很多。", ccorpus: "chinese" },
      title: { en: "Chinese turns the picture around", zh: "换成中文，情况反过来了" },
      facts: SHOWN,
      notes: {
        en: "{characters} characters. The words tokenizer sees one long \"word\" (there are no spaces) and knows nothing of it. GPT-2 needs {r50k} tokens, {perChar} per character, because its table saw little Chinese.\n\nAsk: what would a tokenizer trained on Chinese text do better?",
        zh: "{characters} 个字符。按词分词器把整句看成一个很长的“词”（中文没有空格），完全不认识。GPT-2 需要 {r50k} 个 token，平均每个字 {perChar} 个，因为它的词表很少见到中文。\n\n问大家：用中文语料训练的分词器，会在哪里做得更好？",
      },
    },
    {
      view: { ctext: "unbelievable 🦄 lowest" },
      title: { en: "Rare words and emoji", zh: "生僻词和表情符号" },
      notes: {
        en: "A long word, an emoji and a word the small corpus never had. The small tokenizers fill up with unknowns; GPT-2 cuts everything into known pieces, the emoji into bytes.\n\nThis is the main argument for byte-level BPE: no input is ever out of vocabulary.",
        zh: "一个长单词、一个表情符号，再加一个小语料里没有的词。小分词器到处都是未知 token；GPT-2 把一切都切成认识的小块，表情符号切成字节。\n\n这就是字节级 BPE 最大的好处：任何输入都不会超出词表。",
      },
    },
    {
      view: { ctext: "Here is a simple example of tokenization.", predict: true },
      title: { en: "Your turn: guess GPT-2's count", zh: "轮到你们：猜 GPT-2 的 token 数" },
      facts: SHOWN,
      notes: {
        en: "Predict mode: the room types a guess for GPT-2's token count before the rows appear. The answer is {r50k}: each word with its space, plus the full stop, and \"tokenization\" in two.\n\nAsk who guessed one per word, and why that was close but not right.",
        zh: "预测模式：在结果出现前，让大家先写下 GPT-2 会切出几个 token。答案是 {r50k}：每个词连同前面的空格算一个，句号一个，“tokenization”拆成两个。\n\n问问谁是按“一个词一个 token”来猜的，为什么接近但不对。",
      },
    },
  ]),
});
