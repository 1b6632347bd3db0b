// The words of the train lesson's "Train like MiniMind" mode (minimind.mjs) and of the switch between
// the two modes (../train.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "train.how": {
    en: "How to train",
    zh: "训练方式",
  },
  "train.how.steps": {
    en: "Step by step",
    zh: "一步一步",
  },
  "train.how.minimind": {
    en: "Train like MiniMind",
    zh: "像 MiniMind 那样训练",
  },
  "mm.title": {
    en: "Train a real tokenizer, the way MiniMind does",
    zh: "像 MiniMind 一样，训练一个真正的分词器",
  },
  "mm.lead": {
    en: "MiniMind's 6,400 tokens were learned by its script train_tokenizer.py with HuggingFace tokenizers' BpeTrainer: GPT-2's byte-level pieces, the special tokens first, then the 256 bytes, then one merge after another until the vocabulary is full. Here the same trainer, rule for rule, runs in your browser on a corpus you choose, and you can take the result home as a tokenizer.json.",
    zh: "MiniMind 的 6,400 个 token 是它的脚本 train_tokenizer.py 用 HuggingFace tokenizers 的 BpeTrainer 学出来的：先按 GPT-2 的方式切成字节级的片段，特殊 token 排在最前面，接着是 256 个字节，然后一次次合并，直到词表装满。这里在你的浏览器里跑的是同一个训练器，规则一条不差；语料由你来选，训练结果还能下载成 tokenizer.json 带走。",
  },
  "mm.corpusTitle": {
    en: "The corpus",
    zh: "语料",
  },
  "mm.fileLabel": {
    en: "Open a corpus file",
    zh: "打开语料文件",
  },
  "mm.fileHint": {
    en: ".txt: each line is one text. .jsonl: MiniMind's sft shape, each line a JSON object whose conversations' contents are joined by newlines (as get_texts in train_tokenizer.py). At most {limit} characters.",
    zh: ".txt：每行是一条文本。.jsonl：MiniMind 的 sft 格式，每行一个 JSON 对象，把其中 conversations 的各段 content 用换行连起来（和 train_tokenizer.py 里的 get_texts 一样）。最多 {limit} 个字符。",
  },
  "mm.shippedLabel": {
    en: "Or take real text:",
    zh: "或者用真实的文本：",
  },
  "mm.shipped.poems": {
    en: "Tang poems and Song ci ({poems} poems, {size})",
    zh: "唐诗和宋词（{poems} 首，{size}）",
  },
  "mm.shipped.prose": {
    en: "State of the Union addresses, {first}–{last} ({speeches} speeches, {size})",
    zh: "美国国情咨文，{first}–{last} 年（{speeches} 篇演讲，{size}）",
  },
  "mm.shipped.mixed": {
    en: "Both, Chinese and English together, as MiniMind's corpus mixes them ({size})",
    zh: "两者合在一起，中英混合，和 MiniMind 的语料一样（{size}）",
  },
  "mm.shippedLoading": {
    en: "Loading ({size})…",
    zh: "正在载入（{size}）……",
  },
  "mm.source.poems": {
    en: "Poems: the npm package {package} {version}, {licence}",
    zh: "诗词：来自 npm 包 {package} {version}，{licence}",
  },
  "mm.licence.poems": {
    en: "{licence} licence",
    zh: "{licence} 许可证",
  },
  "mm.source.prose": {
    en: "Addresses: the npm package {package} {version}, {licence}",
    zh: "国情咨文：来自 npm 包 {package} {version}，{licence}",
  },
  "mm.licence.prose": {
    en: "public domain (works of the US Government; the package's data under PDDL-1.0 and CC0-1.0)",
    zh: "属于公有领域（美国政府作品；该包的数据采用 PDDL-1.0 和 CC0-1.0）",
  },
  "mm.noFile": {
    en: "No corpus yet: open a file, or take one of the real texts above.",
    zh: "还没有语料：请打开一个文件，或从上面选一份真实文本。",
  },
  "mm.fileInfo": {
    en: "{name}: {size}, read as {format}",
    zh: "{name}：{size}，读取格式：{format}",
  },
  "mm.format.txt": {
    en: "one text per line (.txt)",
    zh: "每行一条文本（.txt）",
  },
  "mm.format.jsonl": {
    en: "MiniMind's sft conversations (.jsonl)",
    zh: "MiniMind 的 sft 对话（.jsonl）",
  },
  "mm.fileEmpty": {
    en: "{name} is empty: there is nothing to learn from. Open another file.",
    zh: "{name} 是空文件，没有可以学习的内容。请换一个文件。",
  },
  "mm.fileBinary": {
    en: "{name} is not a text file (it is not UTF-8 text: {why}). Open a .txt or .jsonl file.",
    zh: "{name} 不是文本文件（它不是 UTF-8 文本：{why}）。请打开 .txt 或 .jsonl 文件。",
  },
  "mm.why.nul": {
    en: "it has NUL bytes",
    zh: "里面有 NUL 字节",
  },
  "mm.why.utf8": {
    en: "some bytes are not UTF-8",
    zh: "有些字节不是 UTF-8",
  },
  "mm.fileTooLarge": {
    en: "{name} is {size}, {chars} characters: too large. The page trains on at most {limit} characters.",
    zh: "{name} 有 {size}，共 {chars} 个字符，太大了。这个页面最多只能用 {limit} 个字符来训练。",
  },
  "mm.fileTooLargeBytes": {
    en: "{name} is {size}: too large. The page trains on at most {limit} characters.",
    zh: "{name} 有 {size}，太大了。这个页面最多只能用 {limit} 个字符来训练。",
  },
  "mm.fileUnreadable": {
    en: "{name} could not be read: {detail}",
    zh: "无法读取 {name}：{detail}",
  },
  "mm.vocabLabel": {
    en: "Vocabulary size (special tokens included)",
    zh: "词表大小（含特殊 token）",
  },
  "mm.specialLabel": {
    en: "MiniMind's special tokens first (<|endoftext|>, <|im_start|>, <|im_end|>, …), as its script adds them",
    zh: "先放 MiniMind 的特殊 token（<|endoftext|>、<|im_start|>、<|im_end|> ……），和它的脚本一样",
  },
  "mm.start": {
    en: "Start training",
    zh: "开始训练",
  },
  "mm.stop": {
    en: "Stop (keep what was learned)",
    zh: "停止（保留已学到的）",
  },
  "mm.waiting": {
    en: "Waiting for the engine…",
    zh: "正在等待引擎……",
  },
  "mm.reading": {
    en: "Reading the corpus: {read} of {texts} texts cut into pieces",
    zh: "正在读语料：已切分 {read} / {texts} 条文本",
  },
  "mm.pairing": {
    en: "Counting the pairs of neighbours: {paired} of {words} distinct pieces",
    zh: "正在统计相邻对：已统计 {paired} / {words} 种不同的片段",
  },
  "mm.merging": {
    en: "{done} of {total} merges · newest: {left} + {right} → {token} · {left_time}",
    zh: "已合并 {done} / {total} 次 · 最新一次：{left} + {right} → {token} · {left_time}",
  },
  "mm.mergingBytes": {
    en: "As the file writes it: {left} + {right} → {token}",
    zh: "文件里的写法：{left} + {right} → {token}",
  },
  "mm.timeLeft": {
    en: "about {seconds} s left",
    zh: "大约还剩 {seconds} 秒",
  },
  "mm.timeUnknown": {
    en: "time left: estimating",
    zh: "剩余时间：估算中",
  },
  "mm.vocabTooSmall": {
    en: "A vocabulary of {value} is smaller than the alphabet: the special tokens and the 256 bytes already take {min} ids. Type at least {min}.",
    zh: "词表大小 {value} 太小了：光是特殊 token 加上 256 个字节就已经占了 {min} 个 id。请至少填 {min}。",
  },
  "mm.resultTitle": {
    en: "Your tokenizer",
    zh: "你的分词器",
  },
  "mm.result": {
    en: "{vocab} tokens: {special} special tokens, 256 bytes and {merges} merges, learned from {texts} texts ({words} distinct pieces). {why}",
    zh: "共 {vocab} 个 token：{special} 个特殊 token、256 个字节和 {merges} 条合并规则，从 {texts} 条文本（{words} 种不同的片段）学来。{why}",
  },
  "mm.stop.vocab_size": {
    en: "It stopped because the vocabulary is full.",
    zh: "词表已经满了，训练就停了。",
  },
  "mm.stop.no_pairs": {
    en: "It stopped early: no pair of neighbours was left to merge.",
    zh: "提前停了：已经没有可以合并的相邻对。",
  },
  "mm.stop.min_frequency": {
    en: "It stopped early: the most frequent pair was too rare.",
    zh: "提前停了：连出现最多的相邻对，次数也不够了。",
  },
  "mm.stop.stopped": {
    en: "You stopped it: the merges learned so far are kept, and the file below is a whole tokenizer.",
    zh: "是你让它停下的：已经学到的合并都保留了，下面下载的文件是一个完整的分词器。",
  },
  "mm.download": {
    en: "Download tokenizer.json",
    zh: "下载 tokenizer.json",
  },
  "mm.downloadHint": {
    en: "The file MiniMind's script writes: load it with tokenizers (Tokenizer.from_file) or transformers.",
    zh: "和 MiniMind 脚本写出的文件一样：可以用 tokenizers（Tokenizer.from_file）或 transformers 加载。",
  },
  "mm.mergesTitle": {
    en: "The merges, in the order they were learned",
    zh: "合并规则，按学到的顺序",
  },
  "mm.searchLabel": {
    en: "Find a merge (type part of a token, as characters, 今天 or “ the”, or as the file writes it, Ġthe)",
    zh: "查找合并规则（输入 token 的一部分：可以写字符，如“今天”“ the”，也可以照文件里的写法，如 Ġthe）",
  },
  "mm.mergesFirstLast": {
    en: "The first {first} and the last {last} of {n} merges.",
    zh: "共 {n} 条合并规则，这里是最前面的 {first} 条和最后的 {last} 条。",
  },
  "mm.mergesAll": {
    en: "All {n} merges.",
    zh: "全部 {n} 条合并规则。",
  },
  "mm.mergesFound": {
    en: "{found} merges contain “{query}”; the first {shown} are listed.",
    zh: "有 {found} 条合并规则含有“{query}”，这里列出前 {shown} 条。",
  },
  "mm.mergesNone": {
    en: "No merge contains “{query}”.",
    zh: "没有哪条合并规则含有“{query}”。",
  },
  "mm.compareTitle": {
    en: "Yours against MiniMind's and GPT-2's",
    zh: "你训练的分词器，和 MiniMind、GPT-2 比一比",
  },
  "mm.compareText": {
    en: "Type a text: it is cut by the tokenizer you trained, by MiniMind's real one (trained on its Chinese chat data) and by GPT-2's (English web text). Each row says its vocabulary size.",
    zh: "输入一段文字，分别用你训练的分词器、MiniMind 真正的分词器（用它的中文对话数据训练）和 GPT-2 的分词器（用英文网页文本训练）来切。每一行都写着它的词表大小。",
  },
  "mm.compareLabel": {
    en: "Text to compare on",
    zh: "用来比较的文字",
  },
  "mm.compareSample": {
    en: "MiniMind is a small language model. 今天天气真好，我们去公园散步吧。",
    zh: "今天天气真好，我们去公园散步吧。MiniMind is a small language model.",
  },
  "mm.row.yours": {
    en: "Yours",
    zh: "你的",
  },
  "mm.row.minimind": {
    en: "MiniMind",
    zh: "MiniMind",
  },
  "mm.row.gpt2": {
    en: "GPT-2",
    zh: "GPT-2",
  },
  "mm.rowCount": {
    en: "{n} tokens (vocabulary {vocab})",
    zh: "{n} 个 token（词表 {vocab}）",
  },
  "mm.rowMore": {
    en: "… and {more} more",
    zh: "……还有 {more} 个",
  },
  "mm.partTitle": {
    en: "Bytes of a character split across tokens",
    zh: "一个字符的字节被拆到了几个 token 里",
  },
});
