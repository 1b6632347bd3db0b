// A 15-minute deck for the decode lesson: ids back to bytes, then to characters, and what happens when
// a token holds only part of a character. The format is in ../classroom/decks.mjs. The ids a slide
// shows are its input; what the notes say of them (bytes, counts, the table's last id) comes from the
// lesson's own decode request for the slide's view (`facts`).

import { withEncoding } from "../lessons/encodings.mjs";
import { listed, grouped } from "./said.mjs";

/** The decode answer for the slide's ids, as the notes quote it. */
const SHOWN = Object.freeze({
  ask: (state) => [["decode", withEncoding({ ids: state.ids }, state.encoding)]],
  vars: ([result], lang) => {
    const good = result.items.filter((item) => item.id !== null);
    const out = { n: result.n_items, chars: result.n_text, ids: listed(good.map((item) => item.id), lang) };
    good.forEach((item, i) => {
      const bytes = item.hex ? item.hex.split(" ") : [];
      out[`id${i + 1}`] = item.id;
      out[`bytes${i + 1}`] = bytes.length;
      out[`hex${i + 1}`] = bytes.join(" ").toUpperCase();
      out[`char${i + 1}`] = bytes.length + item.waiting; // the bytes of the character it starts
    });
    const past = result.items.find((item) => item.code === "unknown_id");
    if (past) Object.assign(out, { past: past.params.id, last: past.params.max_id, size: grouped(past.params.max_id + 1) });
    const bad = result.items.find((item) => item.code === "not_a_number");
    if (bad) out.bad = bad.input;
    return out;
  },
});

export default Object.freeze({
  id: "decode",
  lesson: "decode",
  focus: "decode-items",
  minutes: 15,
  title: { en: "Decode: ids back to text", zh: "解码：从 id 回到文字" },
  summary: {
    en: "Decoding runs the table backwards: each id stands for a few bytes, the bytes are joined, and only then read as UTF-8. A token can hold half a character, so the text appears only when its last byte arrives.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "解码就是把词表反过来用：每个 id 对应几个字节，先把字节拼起来，再按 UTF-8 读成文字。一个 token 可能只装了半个字符，所以要等最后一个字节到了，字符才会出现。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: { ids: "30001 1634" },
      title: { en: "Two ids, one word", zh: "两个 id，一个单词" },
      facts: SHOWN,
      notes: {
        en: "Start where the encode lesson ended: {ids}. Each id is looked up as bytes (shown in hex), and the bytes are glued together: \"token\" + \"ization\".\n\nDecoding needs no merging and no ranks, only the table.",
        zh: "从编码课的结尾接着讲：{ids}。每个 id 查表得到一串字节（用十六进制显示），字节拼在一起：“token”+“ization”。\n\n解码不需要合并，也不需要 rank，只需要那张表。",
      },
    },
    {
      view: { ids: "464 3797 3332 319 262 2603 13" },
      title: { en: "A sentence, id by id", zh: "一句话，一个 id 一个 id 地看" },
      facts: SHOWN,
      notes: {
        en: "\"The cat sat on the mat.\" in {n} ids. Look at the token column: most tokens start with Ġ, the space that belongs to the next word.\n\nAsk: where are the spaces stored? Not between the tokens, but inside them.",
        zh: "“The cat sat on the mat.”一共 {n} 个 id。看 token 那一列：大多数 token 都以 Ġ 开头，也就是属于下一个词的那个空格。\n\n问大家：空格存在哪里？不在 token 之间，而在 token 里面。",
      },
    },
    {
      view: { ids: "8582 99 226" },
      title: { en: "Half a character waits", zh: "半个字符要等一等" },
      facts: SHOWN,
      notes: {
        en: "The unicorn again, {n} ids. {id1} holds {bytes1} bytes, {hex1}: the start of a {char1}-byte character. Nothing can be shown yet, so the lesson marks how many bytes it is still waiting for.\n\n{id2} adds {bytes2} byte, and {id3} brings the last: only then does 🦄 appear.",
        zh: "还是那只独角兽，{n} 个 id。{id1} 装着 {bytes1} 个字节 {hex1}，这是一个 {char1} 字节字符的开头。此时什么也显示不出来，页面会标出还差几个字节。\n\n{id2} 再补 {bytes2} 个字节，{id3} 带来最后一个，这时 🦄 才出现。",
      },
    },
    {
      view: { ids: "8582 99" },
      title: { en: "When the text stops too early", zh: "文字提前断掉了" },
      notes: {
        en: "Drop the last id and the character never completes. The decoder writes a replacement character (�) for the unfinished bytes.\n\nThis is what happens when a model's output is cut off after a fixed number of tokens: the end can be a broken character.",
        zh: "去掉最后一个 id，这个字符就永远凑不完整了。解码器会为没拼完的字节写一个替换字符（�）。\n\n模型输出被限制在固定的 token 数时，就会出现这种情况：结尾可能是半个坏掉的字符。",
      },
    },
    {
      view: { ids: "20015 232 25465 25465 36365 242 40367 253 25001 121" },
      title: { en: "Chinese, byte by byte", zh: "中文，一个字节一个字节地拼" },
      facts: SHOWN,
      notes: {
        en: "{n} ids for {chars} characters. Watch where each character completes: some ids finish a character, others only carry its first bytes.\n\nA useful question: if a model streams these ids one at a time, when can it show each character?",
        zh: "{n} 个 id 对应 {chars} 个汉字。注意每个字是在哪个 id 处拼完整的：有的 id 正好补完一个字，有的只带了一个字的前几个字节。\n\n可以问：如果模型一个一个地吐出这些 id，每个字分别在什么时候才能显示出来？",
      },
    },
    {
      view: { ids: "50256" },
      title: { en: "The special id at the end", zh: "表末尾的特殊 id" },
      facts: SHOWN,
      notes: {
        en: "{id1} is the last id in GPT-2's table: <|endoftext|>, the marker placed between documents in training. It decodes to its name, but it is not built from merges.\n\nThe special tokens lesson goes deeper.",
        zh: "{id1} 是 GPT-2 词表里的最后一个 id：<|endoftext|>，训练时放在两篇文档之间的分隔标记。它解码出来就是它的名字，但它不是由合并得来的。\n\n“特殊 token”那一课会细讲。",
      },
    },
    {
      view: { ids: "30001 50257 12x 1634" },
      title: { en: "Ids that do not exist", zh: "不存在的 id" },
      facts: SHOWN,
      notes: {
        en: "{past} is one past the end of the table, and \"{bad}\" is not a number at all. Each bad item says what is wrong, and the good ones still decode.\n\nGood moment to ask: how large is GPT-2's vocabulary? ({size} ids, 0 to {last}.)",
        zh: "{past} 比词表的最后一个 id 还大一，“{bad}”根本不是数字。每个错误的条目都会说明错在哪里，其余正确的照样能解码。\n\n可以顺势问：GPT-2 的词表有多大？（{size} 个 id，从 0 到 {last}。）",
      },
    },
    {
      view: { ids: "15496 11 995 0", predict: true },
      title: { en: "Your turn: how many characters?", zh: "轮到你们：有几个字符？" },
      facts: SHOWN,
      notes: {
        en: "Predict mode: before anything is shown, the room guesses how many characters these {n} ids decode to. Then reveal.\n\nIt is \"Hello, world!\": {chars} characters from {n} ids. Ask what that ratio would be for Chinese.",
        zh: "预测模式：什么都还没显示，先让大家猜这 {n} 个 id 能解出几个字符，然后揭晓。\n\n答案是“Hello, world!”：{n} 个 id，{chars} 个字符。再问：换成中文，这个比例会是多少？",
      },
    },
  ]),
});
