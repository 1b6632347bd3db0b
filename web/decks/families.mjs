// A 15-minute deck for the families lesson: one text through each family of tokenizer, each slide asked
// first. Format: ../classroom/decks.mjs. The counts, the bytes and the spaces the notes state come from the
// lesson's own overviews of the slide's text (`facts`, asked as its columns ask them: presets.mjs).

import { COLUMNS, PRESETS, overviewPayload } from "../lessons/families/presets.mjs";
import { columnFacts } from "../lessons/families/facts.mjs";
import { listed } from "./said.mjs";

const textOf = (id) => PRESETS.find((p) => p.id === id).text;

/**
 * The columns' overviews of the slide's text: {<column>} its token count, {<column>_bytes} the characters
 * it writes as pieces of their bytes ("气 → <0xE6> <0xB0> <0x94>"), {<column>_kept} the text's spaces its
 * tokens keep (a ▁ put before the first word not counted), {spaces} the text's spaces and {runs} their runs,
 * the numbers the columns' sentences say.
 */
const COUNTS = Object.freeze({
  ask: (state) => COLUMNS.map((spec) => ["overview", overviewPayload(state.ftext, spec)]),
  vars: (overviews, lang) => {
    // GPT-2's pieces cover the text exactly (its pattern cuts all of it): the slide's text, read back.
    const text = overviews[0].pieces.map((p) => p.text).join("");
    const out = { spaces: [...text].filter((ch) => ch === " ").length, runs: (text.match(/ +/g) || []).length };
    COLUMNS.forEach((spec, i) => {
      const o = overviews[i];
      const f = columnFacts(text, o, new Map());
      out[spec.id] = f.count;
      const seen = new Map(f.cut.map((c) => [c.char, `${c.char} → ${c.tokens.map((tok) => tok.token).join(" ")}`]));
      out[`${spec.id}_bytes`] = seen.size ? listed([...seen.values()], lang) : "—";
      out[`${spec.id}_kept`] = f.space.inner; // the text's spaces its tokens keep (a mark put in front not counted)
    });
    return out;
  },
});

export default Object.freeze({
  id: "families",
  lesson: "families",
  focus: "families-columns",
  minutes: 15,
  title: { en: "One text, several families of tokenizer", zh: "同一段文字，几种分词算法" },
  summary: {
    en: "GPT-2 merges bytes by rank, Llama 2 merges characters by score and falls back to bytes, a Unigram model keeps the likeliest cut of each word, WordPiece takes the longest piece it knows. The same text through each shows what a family decides: what a space becomes, what happens to a character the vocabulary lacks. Each slide opens on a question: let the room answer first.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "GPT-2 按 rank 合并字节，Llama 2 按分数合并字符、遇到没见过的字退回成字节，Unigram 模型给每个词留下概率最大的切法，WordPiece 每次取它认识的最长的一段。把同一段文字交给它们，就能看出每一家各自的取舍：空格变成了什么，词表里没有的字符又怎么办。每张幻灯片都先提一个问题：让大家先回答。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: { ftext: textOf("today") },
      title: { en: "今天天气真好: where does Llama 2 fall back to bytes?", zh: "今天天气真好：Llama 2 在哪里退回成字节？" },
      facts: COUNTS,
      notes: {
        en: "Ask the question on the page and take a few answers before anyone clicks.\n\nLlama 2's vocabulary has 今, 天, 真 and 好 but not 气, so 气 goes in as its three UTF-8 bytes: {llama2_bytes}. That is {llama2} tokens for 今天天气真好.\n\nGPT-2 never falls back because it always works on bytes: {r50k} tokens, and every character but 天 is split ({r50k_bytes}). The Unigram test model learned only English: it has no piece for any of them and writes the run as its unknown token, so it makes the fewest tokens ({unigram}) and keeps none of the meaning. WordPiece cuts each Chinese character apart and, lacking them all, gives [UNK] for each: {wordpiece}.",
        zh: "先问页面上的问题，在有人点击之前多听几个答案。\n\nLlama 2 的词表里有 今、天、真、好，却没有 气，所以 气 按它的三个 UTF-8 字节进去：{llama2_bytes}。今天天气真好 一共是 {llama2} 个 token。\n\nGPT-2 从不需要退回，因为它本来就按字节处理：{r50k} 个 token，除了 天，每个字都被拆开（{r50k_bytes}）。Unigram 测试模型只学过英文：这些字它一个都没有，整串都写成它的未知 token，所以它切出的 token 最少（{unigram} 个），意思却一点都没留下。WordPiece 先把每个汉字单独切开，可一个都不认识，每个都给 [UNK]：{wordpiece} 个。",
      },
    },
    {
      view: { ftext: textOf("spaces") },
      title: { en: "Ġ, ▁, or gone: what a space becomes", zh: "Ġ、▁，还是没了：空格变成了什么" },
      facts: COUNTS,
      notes: {
        en: "The text has {spaces} spaces, some in runs. Ask first which tokenizer makes the fewest tokens.\n\nGPT-2 keeps each space as the byte 0x20 (drawn Ġ) inside its tokens: {r50k_kept} of them. Llama 2 writes each as ▁ ({llama2_kept}) and adds one more before the first word. The Unigram model's normalizer squeezes each of the {runs} runs of spaces into one before it cuts: {unigram_kept} left. WordPiece only cuts at spaces and keeps none.\n\nFor the whole text that makes GPT-2 {r50k} tokens, Llama 2 {llama2}, the Unigram model {unigram} and WordPiece {wordpiece}.",
        zh: "这段文字有 {spaces} 个空格，有的连在一起。先问大家：哪一个切出的 token 最少？\n\nGPT-2 把每个空格当作字节 0x20（画成 Ġ）留在 token 里：一共 {r50k_kept} 个。Llama 2 把每个空格写成 ▁（{llama2_kept} 个），还在第一个词前面多加一个。Unigram 模型的规范化器在切分之前先把 {runs} 串空格各压成一个：只剩 {unigram_kept} 个。WordPiece 只在空格处切开，一个空格也不留。\n\n整段文字算下来，GPT-2 是 {r50k} 个 token，Llama 2 是 {llama2} 个，Unigram 模型是 {unigram} 个，WordPiece 是 {wordpiece} 个。",
      },
    },
    {
      view: { ftext: textOf("unseen") },
      title: { en: "A word nobody has used", zh: "一个没人用过的词" },
      facts: COUNTS,
      notes: {
        en: "Made-up words are in no vocabulary, yet none of them gives up: each cuts them into pieces it has. Ask which makes the fewest.\n\nGPT-2: {r50k} tokens, Llama 2: {llama2}, the Unigram model: {unigram}, WordPiece: {wordpiece} (its pieces inside a word start with ##). The Unigram test model's vocabulary is small, so it falls back to short pieces and single letters.\n\nStep through glorptastic in two columns: GPT-2 merges the pair of lowest rank, Llama 2 the pair whose piece scores highest, and the Unigram model weighs every cut at once.",
        zh: "编出来的词哪张词表里都没有，可这几个分词器没有一个放弃：都把它切成自己有的小块。先问大家：哪一个切出的 token 最少？\n\nGPT-2：{r50k} 个，Llama 2：{llama2} 个，Unigram 模型：{unigram} 个，WordPiece：{wordpiece} 个（词中间的小块以 ## 开头）。Unigram 测试模型的词表很小，所以只能退到短的 piece 和单个字母。\n\n在两列里一步步看 glorptastic：GPT-2 合并 rank 最小的一对，Llama 2 合并拼出的 piece 分数最高的一对，Unigram 模型则同时比较所有切法。",
      },
    },
    {
      view: { ftext: textOf("unseen") },
      focus: "family-columns",
      title: { en: "Step one word: by rank, by score", zh: "一步步看一个词：按 rank，按分数" },
      facts: COUNTS,
      notes: {
        en: "Pick glorptastic in the GPT-2 column and in the Llama 2 column and step both with ◀ ▶ (or ← → once a column has been used).\n\nGPT-2 starts from bytes and lists the pairs that have a rule, lowest rank first: the lowest merges, wherever it sits. Llama 2 starts from characters and lists every pair that makes a piece of its vocabulary with that piece's score: the highest score merges.\n\nSame idea, opposite order of numbers: a rank is a place in a learned list, a score is a log-probability kept in the model file. Both end in pieces of the word that their vocabulary holds.",
        zh: "在 GPT-2 和 Llama 2 两列里都选 glorptastic，用 ◀ ▶ 一步步往前走（用过某一列之后也可以按 ← →）。\n\nGPT-2 从字节出发，列出有合并规则的相邻对，rank 从小到大：rank 最小的那对先合并，不管它在哪里。Llama 2 从字符出发，列出每一对能拼成词表里某个 piece 的相邻对，以及那个 piece 的分数：分数最高的那对先合并。\n\n思路一样，数字的方向相反：rank 是学习顺序里的位置，分数是模型文件里存着的对数概率。两边最后都得到词表里有的小块。",
      },
    },
    {
      view: { ftext: textOf("unseen") },
      focus: "family-columns",
      title: { en: "A lattice, and the longest match", zh: "网格，和最长匹配" },
      facts: COUNTS,
      notes: {
        en: "Now the other two columns, on the same word. The Unigram model does not merge at all: its lattice lists every piece of its vocabulary that fits at each position, with its log-probability, and Viterbi walks it position by position to the cut whose log-probabilities add up to the most; the last step lights that path.\n\nWordPiece starts at the word's first letter and tries the longest piece first, one letter shorter each miss, then goes on from where the piece it found ends; pieces inside a word carry ##. On this text that gives WordPiece {wordpiece} tokens against the Unigram model's {unigram}.",
        zh: "再看另外两列，还是这个词。Unigram 模型根本不合并：它的网格列出每个位置上能放的所有词表 piece 和它们的对数概率，Viterbi 逐个位置往前走，找出对数概率之和最大的切法；最后一步会把这条路径点亮。\n\nWordPiece 从词的第一个字母开始，先试最长的一段，找不到就短一个字母再试，找到之后从那一段结束的地方接着找；词中间的一段带 ##。这段文字里，WordPiece 切出 {wordpiece} 个 token，Unigram 模型切出 {unigram} 个。",
      },
    },
    {
      view: { ftext: textOf("emoji") },
      title: { en: "An emoji: bytes, byte tokens, or unknown", zh: "一个表情符号：字节、字节 token，还是未知" },
      facts: COUNTS,
      notes: {
        en: "Ask where Llama 2 falls back to bytes before revealing.\n\nEach emoji is four UTF-8 bytes. GPT-2 cuts them into byte-level tokens ({r50k_bytes}); Llama 2 spells them out as byte tokens ({llama2_bytes}); the Unigram model has no byte fallback, so each emoji becomes its unknown token and cannot be decoded back; WordPiece gives [UNK] for each.\n\nCounts: GPT-2 {r50k}, Llama 2 {llama2}, Unigram {unigram}, WordPiece {wordpiece}.",
        zh: "揭晓之前先问：Llama 2 会在哪里退回成字节？\n\n每个表情符号都是四个 UTF-8 字节。GPT-2 把它们切成字节级 token（{r50k_bytes}）；Llama 2 把它们逐个写成字节 token（{llama2_bytes}）；Unigram 模型没有字节回退，所以每个表情都变成它的未知 token，解码时也还原不回来；WordPiece 给每个表情一个 [UNK]。\n\ntoken 数：GPT-2 {r50k} 个，Llama 2 {llama2} 个，Unigram {unigram} 个，WordPiece {wordpiece} 个。",
      },
    },
    {
      view: { ftext: textOf("today") },
      title: { en: "Fewest tokens is not best", zh: "token 最少不等于最好" },
      facts: COUNTS,
      notes: {
        en: "Back to 今天天气真好 and the check-yourself question at the end of the lesson: which tokenizer is best for it?\n\nThe Unigram test model makes {unigram} tokens and WordPiece {wordpiece}, but what they hand the model is their unknown token: 今天 and 🦄 would look the same. GPT-2's {r50k} tokens and Llama 2's {llama2} keep every byte, so the model can still tell one character from another and decoding gives the text back.\n\nA tokenizer is only as good as the vocabulary it learned from: the Unigram and WordPiece models here learned from one English novel.",
        zh: "回到“今天天气真好”，以及这一课最后“想一想”里的问题：哪个分词器处理它最好？\n\nUnigram 测试模型切出 {unigram} 个 token，WordPiece 切出 {wordpiece} 个，可它们交给模型的都是未知 token：“今天”和 🦄 看起来一模一样。GPT-2 的 {r50k} 个 token 和 Llama 2 的 {llama2} 个 token 保留了每一个字节，模型仍然分得清每个字，解码也能还原原文。\n\n分词器的好坏取决于它从什么文字里学出词表：这里的 Unigram 和 WordPiece 模型只学过一本英文小说。",
      },
    },
  ]),
});
