// A 15-minute deck for the special tokens lesson: <|endoftext|> refused, allowed or read as plain
// text, and the control tokens of chat models. The format is in ../classroom/decks.mjs. The ids and
// counts the notes state come from the lesson's own request for the slide's view (`facts`).

import { withEncoding } from "../lessons/encodings.mjs";

const CHAT = "<|im_start|>user\nHello!<|im_end|>\n<|im_start|>assistant\n";

/**
 * Where `view` differs from `other`: [start, end) of `view` once the ids both begin and end with are
 * left out.  differing([1, 2, 3, 9], [1, 5, 9]) -> [1, 3]
 */
function differing(view, other) {
  let start = 0;
  while (start < view.length && start < other.length && view[start] === other[start]) start++;
  let end = view.length;
  while (end > start && other.length - (view.length - end) > start && view[end - 1] === other[other.length - (view.length - end) - 1]) end--;
  return [start, end];
}

/** The special lesson's answer for the slide's text and table, as the notes quote it. */
const SHOWN = Object.freeze({
  ask: (state) => [["special", withEncoding({ text: state.stext }, state.encoding)]],
  vars: ([result], lang) => {
    const list = (items) => items.join(lang === "zh" ? "、" : ", ");
    const [[marker, eot], ...more] = result.specials;
    const out = { eot: String(eot), markerLength: [...marker].length, more: more.length, moreList: list(more.map(([token]) => token)) };
    const { allowed, plain } = result;
    if (allowed.ok && plain.ok) {
      const [start, end] = differing(plain.ids, allowed.ids);
      Object.assign(out, { plainCount: plain.n_ids, allowedCount: allowed.n_ids, 
        cutList: list(plain.tokens.slice(start, end).map((token) => token.text ?? token.token)) });
    }
    return out;
  },
});

export default Object.freeze({
  id: "special",
  lesson: "special",
  focus: "special-ids",
  minutes: 15,
  title: { en: "Special tokens: <|endoftext|>", zh: "特殊 token：<|endoftext|>" },
  summary: {
    en: "A special token is an id that ordinary text can never produce. GPT-2 has one, <|endoftext|>, placed between documents. The same characters typed by a user can be refused, turned into that id, or read as plain text, and the choice is a safety decision.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "特殊 token 是普通文字永远编不出来的 id。GPT-2 只有一个：<|endoftext|>，放在两篇文档之间。用户打出同样的字符时，可以拒绝、可以变成这个 id，也可以当普通文字处理，怎么选是一个安全问题。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: {},
      title: { en: "Two documents, one marker", zh: "两篇文档，一个分隔符" },
      notes: {
        en: "\"The end.\" then <|endoftext|> then \"Once upon a time\". In training data the marker tells the model that what follows has nothing to do with what came before.\n\nThe page shows three ways to encode the very same string. Ask the room to guess how they differ before scrolling.",
        zh: "“The end.”，接着是 <|endoftext|>，再接“Once upon a time”。在训练数据里，这个标记告诉模型：后面的内容和前面的毫无关系。\n\n页面上用三种方式编码同一个字符串。先让大家猜猜三者有什么不同，再往下看。",
      },
    },
    {
      view: {},
      title: { en: "Refused: tiktoken's default", zh: "拒绝：tiktoken 的默认做法" },
      facts: SHOWN,
      notes: {
        en: "tiktoken, and toklab like it for OpenAI's tables, refuses text that contains a special token unless the caller says otherwise. That default is tiktoken's: HuggingFace tokenizers, which MiniMind and Qwen ship with, splits every added token out of plain text as its id (the card \"Special tokens by library\" shows both).\n\nThe reason is safety: if a user could type the marker and have it become id {eot}, they could end a document, or a conversation turn, from inside their own message.",
        zh: "tiktoken（toklab 处理 OpenAI 的词表时也一样）默认会拒绝含有特殊 token 的文本，除非调用方明确允许。这是 tiktoken 的默认做法：MiniMind 和 Qwen 用的 HuggingFace tokenizers 默认会把普通文字里的每个添加 token 都切出来，直接编成它的 id（“不同的库，不同的规矩”那张卡片把两种做法放在一起）。\n\n原因是安全：如果用户打出这个标记就能变成 id {eot}，他就能在自己的消息里提前结束一篇文档，或者结束一轮对话。",
      },
    },
    {
      view: {},
      title: { en: "Allowed: one special id", zh: "允许：一个特殊 id" },
      facts: SHOWN,
      notes: {
        en: "When the programmer joins documents to build training data, the marker must become exactly one token, id {eot}.\n\nPoint out that no merge ever produces it: it was added to the table by hand.",
        zh: "程序员拼接文档、准备训练数据时，这个标记必须正好变成一个 token，也就是 id {eot}。\n\n强调一下：没有任何合并规则能得到它，它是人为加进词表的。",
      },
    },
    {
      view: {},
      title: { en: "Plain text: ordinary tokens", zh: "当普通文字：一串普通 token" },
      facts: SHOWN,
      notes: {
        en: "Read as data, the marker's {markerLength} characters are cut like any other text, into {cutList}: the whole text is {plainCount} ordinary tokens here, against {allowedCount} tokens when the marker is allowed. Look at the first one: the marker's characters join their neighbours, as any text's do.\n\nThis is what you want for an article about tokenizers: the model sees the characters, not the control signal.",
        zh: "当作普通数据时，标记的 {markerLength} 个字符和别的文字一样被切开，切成 {cutList}：整段文字在这里是 {plainCount} 个普通 token，而允许这个标记时是 {allowedCount} 个。看第一个：标记里的字符会和旁边的字符连在一起，和普通文字没有两样。\n\n比如一篇讲分词器的文章，就应该这样处理：模型看到的是这些字符，而不是控制信号。",
      },
    },
    {
      view: { stext: "你好<|endoftext|>再见" },
      title: { en: "The marker in any language", zh: "任何语言里都一样" },
      facts: SHOWN,
      notes: {
        en: "Chinese on both sides of the marker. The Chinese characters still cost two or more tokens each, but the marker itself is the same single id, {eot}.\n\nThe special token belongs to the table, not to a language.",
        zh: "标记两边都是中文。每个汉字仍然要两个甚至更多 token，但标记本身还是同一个 id：{eot}。\n\n特殊 token 属于词表，而不属于哪一种语言。",
      },
    },
    {
      view: { stext: "No special token here." },
      title: { en: "Without the marker nothing changes", zh: "没有标记时，三种方式一样" },
      notes: {
        en: "No special token, so the three treatments give the same ids. The choice only matters for text that contains the marker.\n\nAsk: which of the three should a chat app use for what users type?",
        zh: "没有特殊 token，三种处理方式得到的 id 完全相同。只有文本里出现这个标记时，选择才有区别。\n\n问大家：聊天应用处理用户输入时，应该用哪一种？",
      },
    },
    {
      view: { stext: CHAT },
      title: { en: "Chat models: tokens for turns", zh: "对话模型：用来分轮次的 token" },
      notes: {
        en: "A chat turn the way MiniMind and Qwen write it. GPT-2 has no <|im_start|> or <|im_end|>, so here they are only characters cut into ordinary tokens.\n\nIn a chat model's own table each is one reserved id, which is exactly why user text must never be allowed to produce them.",
        zh: "这是 MiniMind 和 Qwen 写一轮对话的格式。GPT-2 的词表里没有 <|im_start|> 和 <|im_end|>，所以这里它们只是普通字符，被切成普通 token。\n\n在对话模型自己的词表里，它们各是一个保留 id，所以绝不能让用户输入生成它们。",
      },
    },
    {
      view: { encoding: "cl100k_base" },
      title: { en: "A newer table, other special ids", zh: "新一些的词表，别的特殊 id" },
      facts: SHOWN,
      notes: {
        en: "Switch to cl100k_base, the table of GPT-3.5 and GPT-4. The marker is now id {eot}, and the table reserves {more} more special tokens: {moreList} (the fim ones fill in the middle of code).\n\nThe idea is the same; only the ids move.",
        zh: "换成 cl100k_base，也就是 GPT-3.5 和 GPT-4 用的词表。这个标记现在是 id {eot}，词表还另外留了 {more} 个特殊 token：{moreList}（带 fim 的几个用于“代码中间补全”）。\n\n道理一样，只是 id 变了。",
      },
    },
  ]),
});
