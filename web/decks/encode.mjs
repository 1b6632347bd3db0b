// A 15-minute deck for the encode lesson: one word through GPT-2's table, merge by merge, then what the
// leading space, case, emoji and Chinese do to the count. The format is in ../classroom/decks.mjs.
// Every id, byte and token count the notes state comes from the lesson's own requests for the slide's
// view (`facts`): the text's overview and the shown piece's trace.

import { overviewPayload, tracePayload } from "../lessons/encode/frames.mjs";
import { withEncoding } from "../lessons/encodings.mjs";
import { listed, hex } from "./said.mjs";

/**
 * The slide's text as the lesson asks for it (its overview, the shown piece's trace), as the notes quote it:
 * the whole text's ids and counts, and of the piece its bytes, its merges and the left-to-right cut.
 */
const SHOWN = Object.freeze({
  ask: (state) => [
    ["overview", withEncoding(overviewPayload(state.text, 0), state.encoding)],
    ["trace_piece", withEncoding(tracePayload(state.text, state.piece), state.encoding)],
  ],
  vars: ([overview, trace], lang) => {
    const first = overview.pieces[0];
    const [start, end] = trace.chars[0];
    const made = (token) => trace.steps.findIndex((step) => step.merged === token) + 1;
    return {
      tokens: overview.n_ids,
      ids: listed(overview.ids, lang),
      id1: overview.ids[0],
      id2: overview.ids[1] ?? "…",
      chars: overview.pieces.reduce((n, piece) => n + [...piece.text].length, 0),
      bytes: trace.bytes.length,
      firstBytes: first.spans[0][1] - first.spans[0][0],
      charHex: hex(trace.bytes.slice(start, end)),
      ationStep: made("ation"),
      pieceTokens: trace.tokens.length,
      greedyTokens: trace.greedy.tokens.length,
    };
  },
});

export default Object.freeze({
  id: "encode",
  lesson: "encode",
  focus: "merge-canvas",
  minutes: 15,
  title: { en: "Encode: text to ids", zh: "编码：从文字到 id" },
  summary: {
    en: "GPT-2 never reads letters. It cuts text into pieces, turns each piece into bytes, merges neighbouring bytes in the order its table ranks them, and looks the result up as ids.\n\nThe point to land: the merge with the lowest rank goes first, wherever it sits in the word. The deck for this lesson (Teach menu) walks through it in about 15 minutes.",
    zh: "GPT-2 从来不直接读字母。它先把文字切成小段，再把每段变成字节，按词表里的 rank（优先级序号）一对一对地合并相邻的字节，最后查表得到 id。\n\n这一课要讲透的一点：rank 最小（最靠前）的那一对先合并，不管它在词的哪个位置。本课的课件（“授课”菜单）大约 15 分钟讲完。",
  },
  slides: Object.freeze([
    {
      view: { text: "tokenization" },
      title: { en: "A word is not what the model sees", zh: "模型看到的不是单词" },
      facts: SHOWN,
      notes: {
        en: "Ask first: how many tokens is \"tokenization\"? Take a few guesses from the room before anyone looks at the ids.\n\nPoint at the row of narrow cells: {bytes} bytes, one per letter here. This is where every text starts, before any merging.",
        zh: "先提问：“tokenization”会被切成几个 token？让大家先猜几个数，再看答案。\n\n指一指那排窄格子：这里是 {bytes} 个字节，正好一个字母一个。任何文字在合并之前都是从这里开始的。",
      },
    },
    {
      view: { text: "tokenization", step: 1 },
      title: { en: "The first merge: lowest rank wins", zh: "第一次合并：rank 最小的先来" },
      notes: {
        en: "Every neighbouring pair has a rank, written under it. The rank is the order in which GPT-2 learned the pair while it was trained: a low number means the pair was common.\n\n\"o\" + \"n\" has the lowest rank of all the pairs, so it merges first, even though it sits near the end of the word.",
        zh: "每一对相邻的符号下面都写着一个 rank。rank 就是 GPT-2 训练时学到这个相邻对的先后：数字越小，学得越早，说明它在训练语料里越常见。\n\n所有相邻对里，“o”+“n”的 rank 最小，所以虽然它靠近词尾，也是它最先合并。",
      },
    },
    {
      view: { text: "tokenization", step: 5 },
      title: { en: "Merges build on merges", zh: "合并出来的还能再合并" },
      facts: SHOWN,
      notes: {
        en: "After {ationStep} merges, \"at\" and \"ion\" have just become \"ation\". A merged symbol is a symbol like any other, so it can pair up again.\n\nStep back and forth with the arrow keys: every frame is exact, nothing is animated away. Ask which pair the room expects next.",
        zh: "合并到第 {ationStep} 步：“at”和“ion”刚刚合成了“ation”。合并出来的符号和别的符号一样，还可以继续和邻居组成相邻对。\n\n用方向键前后翻几步：每一帧都是准确的，随时可以退回去看。问问大家，下一步会合并哪一对？",
      },
    },
    {
      view: { text: "tokenization", step: 10 },
      focus: "final-tokens",
      title: { en: "Two tokens, two ids", zh: "两个 token，两个 id" },
      facts: SHOWN,
      notes: {
        en: "No pair left has a rank, so the merging stops: \"token\" and \"ization\". The lookup turns them into {ids}, and those {tokens} numbers are all the model ever receives.\n\nCompare with the guesses from the first slide.",
        zh: "剩下的相邻对都没有 rank 了，合并就此停止：得到“token”和“ization”。查表后变成 {ids}，模型真正拿到的只有这 {tokens} 个数字。\n\n回头对一对第一页大家猜的数。",
      },
    },
    {
      view: { text: "tokenization", step: 10, mistake: true },
      focus: "greedy-pane",
      title: { en: "The common mistake: left to right", zh: "常见错误：从左往右合并" },
      facts: SHOWN,
      notes: {
        en: "Many people assume BPE merges from left to right. The second canvas does exactly that: it always merges the leftmost pair that has any rank.\n\nIt ends with {greedyTokens} tokens instead of {pieceTokens}: a cut GPT-2 never makes. The rank order is not a detail; it is the algorithm.",
        zh: "很多人以为 BPE 是从左往右合并的。第二块画布就按这个错误的做法来：每次都合并最左边、只要有 rank 的那一对。\n\n结果是 {greedyTokens} 个 token 而不是 {pieceTokens} 个，GPT-2 从来不会这样切。按 rank 合并不是细节，它就是算法本身。",
      },
    },
    {
      view: { text: "the the", piece: 1, step: 3 },
      title: { en: "The space belongs to the word", zh: "空格是跟着单词走的" },
      facts: SHOWN,
      notes: {
        en: "The same word twice, two different ids: \"the\" at the start is {id1}, \" the\" after a space is {id2}. The pre-tokenizer keeps the space at the front of the next word, and GPT-2's table writes it as Ġ.\n\nSo the model learns \"the\" and \" the\" as two separate tokens.",
        zh: "同一个词出现两次，id 却不一样：开头的“the”是 {id1}，空格后面的“ the”是 {id2}。预分词会把空格留在下一个词的前面，GPT-2 的词表把这个空格写成 Ġ。\n\n所以对模型来说，“the”和“ the”是两个不同的 token。",
      },
    },
    {
      view: { text: "Hello\nhello" },
      focus: "final-tokens",
      title: { en: "Case changes the ids", zh: "大小写不同，id 也不同" },
      notes: {
        en: "\"Hello\" and \"hello\" share no id at all, and the line break is a token of its own. Nothing in the ids says these two are the same word: the model has to learn that from data.\n\nUse ↑ ↓ to move between the pieces and compare their merges.",
        zh: "“Hello”和“hello”没有一个 id 是相同的，换行符也单独占一个 token。id 本身并不说明它们是同一个词，模型只能从数据里自己学到这一点。\n\n用 ↑ ↓ 在各段之间切换，对比它们的合并过程。",
      },
    },
    {
      view: { text: "🦄" },
      title: { en: "Bytes, not characters", zh: "按字节，不按字符" },
      facts: SHOWN,
      notes: {
        en: "One emoji, {bytes} bytes in UTF-8. Only the first {firstBytes} bytes merge; the result is {tokens} ids, and none of them is a character: each is a piece of the one emoji, meaningless on its own, and only the {tokens} decoded together give it back.\n\nThis is why a byte-level tokenizer never meets an unknown character: in the worst case it falls back to single bytes.",
        zh: "一个表情符号，UTF-8 编码是 {bytes} 个字节。只有前 {firstBytes} 个字节能合并，最后得到 {tokens} 个 id。这 {tokens} 个 token 没有一个是完整的字符，都只是这个表情的一截，单拿出来什么也不是，{tokens} 个合在一起解码才能还原。\n\n这正是字节级分词器永远不会遇到“未知字符”的原因：最坏的情况，也可以退回到单个字节。",
      },
    },
    {
      view: { text: "今天天气真好", hex: true },
      title: { en: "Chinese costs more tokens", zh: "中文更费 token" },
      facts: SHOWN,
      notes: {
        en: "In Chinese, {chars} characters, {bytes} bytes (shown here as hex: 今 is {charHex}), and {tokens} tokens. GPT-2 was trained mostly on English, so few Chinese byte pairs earned a rank.\n\nThe same sentence costs more tokens, and so more compute and less context, in a language the table saw less of.",
        zh: "{chars} 个汉字，{bytes} 个字节（这里用十六进制显示：“今”是 {charHex}），最后是 {tokens} 个 token。GPT-2 的训练语料以英文为主，给中文字节学到的合并很少。\n\n同样一句话，词表见得少的语言就要用更多 token，也就意味着更多计算、更短的有效上下文。",
      },
    },
    {
      view: { text: "fizzlepuff", predict: true },
      title: { en: "Your turn: predict the merges", zh: "轮到你们：预测合并" },
      facts: SHOWN,
      notes: {
        en: "A made-up word. Predict mode hides the ranks: the room picks which pair merges next, then the answer shows whether GPT-2 agrees and why.\n\nVote by hands, or switch on the room poll. The word ends as {tokens} tokens; ask why \"f\" stays alone.",
        zh: "一个编出来的词。预测模式会把 rank 藏起来：大家先选下一步合并哪一对，再揭晓 GPT-2 的选择和理由。\n\n可以举手投票，也可以打开全班投票。这个词最后是 {tokens} 个 token，问问大家为什么“f”单独剩下。",
      },
    },
  ]),
});
