// The special-tokens lesson's words (../special.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "special.title": {
    en: "Special tokens: <|endoftext|>",
    zh: "特殊 token：<|endoftext|>",
  },
  "special.lead": {
    en: "GPT-2 has one special token, <|endoftext|> with id {eot}, which marks where one document ends and the next begins. If a user simply types those thirteen characters, what should the tokenizer do? There are three answers, and each exists for a reason.",
    zh: "GPT-2 只有一个特殊 token：<|endoftext|>，id 是 {eot}，用来标出一篇文档结束、下一篇开始的位置。如果用户恰好打出了这 13 个字符，分词器该怎么办？有三种做法，各有各的理由。",
  },
  "special.inputLabel": {
    en: "Text",
    zh: "文本",
  },
  "special.inputHint": {
    en: "Type <|endoftext|> anywhere, or use the button.",
    zh: "在任意位置输入 <|endoftext|>，或者点下面的按钮。",
  },
  "special.insert": {
    en: "Insert <|endoftext|> at the cursor",
    zh: "在光标处插入 <|endoftext|>",
  },
  "special.presets": {
    en: "Examples",
    zh: "示例",
  },
  "special.preset.two": {
    en: "two documents",
    zh: "两篇文档",
  },
  "special.preset.chinese": {
    en: "中文",
    zh: "中文",
  },
  "special.preset.none": {
    en: "no special token",
    zh: "没有特殊 token",
  },
  "special.absent": {
    en: "This text has no <|endoftext|> in it, so all three treatments give the same ids.",
    zh: "这段文字里没有 <|endoftext|>，所以三种处理得到的 id 完全一样。",
  },
  "special.refused.title": {
    en: "Refused (tiktoken's default)",
    zh: "拒绝（tiktoken 的默认做法）",
  },
  "special.refused.why": {
    en: "Text from a user should not be able to end a document on its own: that could smuggle a control signal into the model. So tiktoken refuses by default and asks the programmer to choose on purpose. HuggingFace tokenizers has another default: it cuts every added token out of plain text (the card “Special tokens by library” below).",
    zh: "用户输入的文字不应该自己就能“结束文档”，否则等于把控制信号偷偷塞进模型。所以 tiktoken 默认报错，要求程序员明确做出选择。HuggingFace tokenizers 的默认做法不一样：它会把普通文字里的每个添加 token 都切出来（见下面的“不同的库，不同的规矩”）。",
  },
  "special.allowed.title": {
    en: "Allowed as id {eot}",
    zh: "允许，编成 id {eot}",
  },
  "special.allowed.why": {
    en: "When the programmer builds training data by joining documents, the marker must become the single special id, exactly one token that never occurs in ordinary text.",
    zh: "程序员把多篇文档拼成训练数据时，这个标记必须编成它专属的那个特殊 id：只占一个 token，普通文字永远编不出来。",
  },
  "special.plain.title": {
    en: "Treated as plain text",
    zh: "当作普通文字",
  },
  "special.plain.why": {
    en: "When the text is only data (say, an article about tokenizers), the characters are encoded like any other: <, |, end, of, text… Several ordinary tokens, no special meaning.",
    zh: "如果这段文字只是数据（比如一篇讲分词器的文章），这些字符就和别的字符一样编码：<、|、end、of、text……变成几个普通 token，没有特殊含义。",
  },
  "special.refusedBadge": {
    en: "refused",
    zh: "被拒绝",
  },
  "special.count": {
    en: "{n} tokens",
    zh: "{n} 个 token",
  },
  "special.isSpecial": {
    en: "special token",
    zh: "特殊 token",
  },
  "special.moreTitle": {
    en: "More special tokens, and chats",
    zh: "更多特殊 token，以及对话模板",
  },
  "special.moreText": {
    en: "GPT-2 has only <|endoftext|>, but most vocabularies reserve a few more ids that never come from ordinary text. The chapter's vocabulary has four: <pad> fills the short sequences of a batch up to one length (the loss ignores it); <bos> marks the beginning of a sequence and <eos> its end, so the model learns where to stop; <unk> stands for anything the vocabulary cannot write (a byte-level tokenizer never needs it).",
    zh: "GPT-2 只有 <|endoftext|> 一个特殊 token，但大多数词表都会多留几个 id，普通文字永远编不出它们。教材里的词表有四个：<pad> 把一批里较短的序列补齐到同样长度（算损失时忽略它）；<bos> 标出序列的开头，<eos> 标出结尾，模型由此学会在哪里停下；<unk> 代表词表写不出来的任何东西（字节级分词器用不着它）。",
  },
  "special.chatText": {
    en: "Chat models add control tokens for turns. MiniMind and Qwen write a conversation like this before tokenizing, each turn between <|im_start|> and <|im_end|>:",
    zh: "对话模型还会为“轮次”加上控制 token。MiniMind 和 Qwen 在分词之前，会把一段对话写成下面这样，每一轮都夹在 <|im_start|> 和 <|im_end|> 之间：",
  },
  "special.injectText": {
    en: "If a user types <|im_end|> into their message and it became the control token, they could close their own turn and write a fake system or assistant turn after it: a prompt injection. So the text a user typed is encoded as plain text (or refused), and only the program that builds the template may emit the control ids.",
    zh: "如果用户在消息里打出 <|im_end|>，而它真的被编成了控制 token，用户就能提前结束自己这一轮，再在后面伪造一段 system 或 assistant 的话，这就是提示词注入。所以用户输入的文字要么当普通文字编码，要么直接拒绝；只有拼模板的程序本身才可以产生这些控制 id。",
  },
  // The open models (issue #24): run as HuggingFace tokenizers runs them.
  "special.leadOpen": {
    en: "{name} has {specials} special tokens ({list}) among its added tokens. Typed into plain text, such a token could be read as a control token or as its characters: tiktoken refuses it unless allowed, but HuggingFace tokenizers, which runs {name}, cuts every added token out of plain text.",
    zh: "{name} 的添加 token 里有 {specials} 个特殊 token（{list}）。如果它们出现在普通文字里，可以当作控制 token，也可以当作普通字符：tiktoken 默认拒绝，除非明确允许；而运行 {name} 的 HuggingFace tokenizers 会把普通文字里的每个添加 token 都切出来。",
  },
  "special.openNote": {
    en: "{title} is run here as HuggingFace tokenizers runs it: nothing is refused, every added token in the text becomes its own id, so the first two answers are the same. The third reads special tokens as plain characters (tokenizers' encode_special_tokens).",
    zh: "这里按 HuggingFace tokenizers 的方式运行 {title}：什么都不拒绝，文字里的每个添加 token 都直接变成它自己的 id，所以前两种结果相同。第三种把特殊 token 当作普通字符来切（tokenizers 的 encode_special_tokens）。",
  },
});
