// The models lesson's words (../models.mjs). Registered when the lesson's module is first imported.

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "models.title": {
    en: "The notes' model table, measured",
    zh: "笔记里的模型词表，实测一遍",
  },
  "models.lead": {
    en: "The MiniMind notes list how big each model's vocabulary is. Here the same text goes through each model's own tokenizer file: how many tokens it makes, how many characters one token carries, and how large an embedding matrix that vocabulary needs.",
    zh: "MiniMind 的笔记列了一张表，写着各家模型的词表有多大。这里把同一段文字交给每个模型自己的分词器文件：看它切出多少个 token，一个 token 装下几个字符，这样的词表又需要多大的嵌入矩阵。",
  },
  "models.inputLabel": {
    en: "Text for every model",
    zh: "交给所有模型的文字",
  },
  "models.inputHint": {
    en: "Every row below cuts this text with its model's real tokenizer; the larger tables load the first time.",
    zh: "下面每一行都用对应模型真实的分词器来切这段文字；较大的词表第一次用时才下载。",
  },
  "models.preset.chinese": { en: "Chinese", zh: "中文" },
  "models.preset.english": { en: "English", zh: "英文" },
  "models.preset.code": { en: "Code", zh: "代码" },
  "models.preset.mixed": { en: "Mixed", zh: "中英混排" },
  "models.preset.weather": { en: "今天天气真好", zh: "今天天气真好" },
  "models.fileLabel": {
    en: "Your own tokenizer.json, tokenizer.model or vocab.txt",
    zh: "你自己的 tokenizer.json、tokenizer.model 或 vocab.txt",
  },
  "models.fileHint": {
    en: "A HuggingFace tokenizer.json (BPE), a SentencePiece tokenizer.model (BPE or Unigram: Yi's, ChatGLM's, T5's) or a BERT vocab.txt (WordPiece), up to {limit} MB. It is read in this page and never leaves it; it stays open until you close the tab. A large one takes a while: the bar below shows how far it has got.",
    zh: "HuggingFace 格式的 tokenizer.json（BPE 模型）、SentencePiece 的 tokenizer.model（BPE 或 Unigram，例如 Yi、ChatGLM、T5 的），或 BERT 的 vocab.txt（WordPiece），最大 {limit} MB。文件只在本页读取，不会上传；关闭标签页之前一直可用。较大的文件要多等一会儿，下面的进度条会显示进度。",
  },
  "models.fileReading": {
    en: "Reading {name}: {loaded} of {total} MB",
    zh: "正在读取 {name}：{loaded} / {total} MB",
  },
  "models.fileLoading": {
    en: "The engine is loading {name} ({size} MB): it reads the vocabulary and every merge…",
    zh: "引擎正在加载 {name}（{size} MB）：正在读入词表和全部合并规则……",
  },
  "models.fileOpen": {
    en: "Open: {name} ({model}, {total} tokens). Its row is “Your file”.",
    zh: "已打开：{name}（{model}，{total} 个 token），对应下面“你的文件”那一行。",
  },
  "models.fileOpenEncode": {
    en: "Open: {name} ({model}, {total} tokens). It is the table “Your file” in the select above, and a row of the Models lesson.",
    zh: "已打开：{name}（{model}，{total} 个 token）。上面的词表下拉框里多了“你的文件”这一项，“模型”一课里也多了对应的一行。",
  },
  "models.fileTooLarge": {
    en: "{name} has {size} bytes; a tokenizer file of at most {limit} bytes can be opened here.",
    zh: "{name} 有 {size} 字节，这里最多只能打开 {limit} 字节的词表文件。",
  },
  "models.fileError": {
    en: "{name} cannot be used: {reason}",
    zh: "{name} 用不了：{reason}",
  },
  "models.fileNeeded": {
    en: "This link was made with a tokenizer file named “{name}”. The file itself is not in the link: open it with the button above to see its row.",
    zh: "这个链接是在打开了名为“{name}”的词表文件时生成的。链接里不含文件本身：用上面的按钮打开它，才能看到对应那一行。",
  },
  "models.rowsTitle": {
    en: "One text, every model",
    zh: "同一段文字，每个模型",
  },
  "models.rowsText": {
    en: "Each row is the model's own tokenizer.json (or OpenAI's table, or SentencePiece's tokenizer.model for Llama 1/2 and Mistral) run in your browser. The text's own tokens are counted: no special token is added. A dashed chip is part of a character, shown as its bytes in hex (hover it for the token as the file spells it).",
    zh: "每一行都是该模型自己的 tokenizer.json（或 OpenAI 的词表；Llama 1/2 和 Mistral 则是 SentencePiece 的 tokenizer.model），在你的浏览器里运行。只数文字本身的 token，不加任何特殊 token。虚线框的 token 只是一个字的一部分，显示为它的十六进制字节（把鼠标移上去可看到文件里的写法）。",
  },
  "models.name.r50k_base": { en: "GPT-2 (r50k_base)", zh: "GPT-2（r50k_base）" },
  "models.name.cl100k_base": { en: "GPT-4 / GPT-3.5 (cl100k_base)", zh: "GPT-4 / GPT-3.5（cl100k_base）" },
  "models.name.o200k_base": { en: "GPT-4o (o200k_base)", zh: "GPT-4o（o200k_base）" },
  "models.name.o200k_harmony": { en: "gpt-oss (o200k_harmony)", zh: "gpt-oss（o200k_harmony）" },
  "models.name.minimind": { en: "MiniMind", zh: "MiniMind" },
  "models.name.qwen3": { en: "Qwen3 (Qwen2's vocabulary)", zh: "Qwen3（沿用 Qwen2 的词表）" },
  "models.name.deepseek_v3": { en: "DeepSeek-V3", zh: "DeepSeek-V3" },
  "models.name.llama3": { en: "Llama 3", zh: "Llama 3" },
  "models.name.gemma3": { en: "Gemma 3", zh: "Gemma 3" },
  "models.name.chatglm": { en: "ChatGLM", zh: "ChatGLM" },
  "models.name.yi": { en: "Yi", zh: "Yi" },
  "models.name.llama2": { en: "Llama 1/2", zh: "Llama 1/2" },
  "models.name.mistral": { en: "Mistral 7B", zh: "Mistral 7B" },
  "models.licence": {
    en: "{name}'s tokenizer.model is used here under the {licence}.",
    zh: "{name} 的 tokenizer.model 在这里按 {licence} 使用。",
  },
  "models.fallback": {
    en: "SentencePiece with byte fallback: a character missing from its 32,000 pieces is written as its UTF-8 bytes, one token each. In this text: {list}.",
    zh: "SentencePiece 带字节回退：32,000 个词元里没有的字，就按它的 UTF-8 字节写，一个字节一个 token。这段文字里：{list}。",
  },
  "models.fallbackNone": {
    en: "Every character of this text is among its 32,000 pieces: nothing falls back to bytes.",
    zh: "这段文字的每个字都在它的 32,000 个词元里，没有字回退成字节。",
  },
  "models.vsLlama3": {
    en: "Here Llama 1/2 needs {mine} tokens and Llama 3 ({vocab} entries) {llama3}: a reason Meta left the 32K vocabulary behind.",
    zh: "这段文字 Llama 1/2 要 {mine} 个 token，Llama 3（{vocab} 个词条）要 {llama3} 个：这正是 Meta 放弃 32K 词表的一个原因。",
  },
  "models.name.custom": { en: "Your file: {name}", zh: "你的文件：{name}" },
  "models.notesVocab": {
    en: "Notes: {notes} · file: {file}",
    zh: "笔记：{notes} · 文件：{file}",
  },
  "models.fileVocab": {
    en: "File: {file}",
    zh: "文件：{file}",
  },
  "models.about.qwen3": {
    en: "The notes' {notes} is the BPE part alone; the file adds {added} added tokens, and the model's config reserves 151,936 embedding rows.",
    zh: "笔记里的 {notes} 只是 BPE 部分；文件里另有 {added} 个新增 token，而模型配置里嵌入矩阵有 151,936 行。",
  },
  "models.about.gemma3": {
    en: "The notes' {notes} is Gemma 1 and 2's; Gemma 3's file has {file}.",
    zh: "笔记里的 {notes} 是 Gemma 1、2 的词表；Gemma 3 的文件里有 {file}。",
  },
  "models.about.o200k_base": {
    en: "The notes say “about 200,000”.",
    zh: "笔记写的是“约 200,000”。",
  },
  "models.about.o200k_harmony": {
    en: "Not in the notes' table: OpenAI's open-weight gpt-oss uses o200k with the harmony chat format's special tokens (<|start|>, <|channel|>, <|message|>, <|end|>, <|return|>, <|call|>, <|constrain|>, and reserved ones). Its ranks are o200k_base's own, so this text's tokens are GPT-4o's; the special tokens take ids up to the last, so the embedding has {file} rows.",
    zh: "笔记的表里没有这一行：OpenAI 的开放权重模型 gpt-oss 用的是 o200k，再加上 harmony 对话格式的特殊 token（<|start|>、<|channel|>、<|message|>、<|end|>、<|return|>、<|call|>、<|constrain|>，以及一批保留 token）。它的 rank 就是 o200k_base 的，所以这段文字切出的 token 和 GPT-4o 一样；特殊 token 占用的 id 一直排到最后，所以嵌入矩阵有 {file} 行。",
  },
  "models.about.cl100k_base": {
    en: "The notes' {notes} counts the byte-level tokens; the special tokens come on top, at ids past a gap, so the embedding needs {file} rows, one for each id up to the last.",
    zh: "笔记里的 {notes} 只数了字节级 token，特殊 token 另算；它们的 id 排在一段空号之后，所以嵌入矩阵要留 {file} 行，最大的 id 也得有一行。",
  },
  "models.about.chatglm": {
    en: "No tokenizer file for ChatGLM is available here, so this row has no measurements (the notes say {notes}).",
    zh: "这里拿不到 ChatGLM 的分词器文件，所以这一行没有实测数字（笔记写的是 {notes}）。",
  },
  "models.about.yi": {
    en: "No tokenizer file for Yi is available here, so this row has no measurements (the notes say {notes}).",
    zh: "这里拿不到 Yi 的分词器文件，所以这一行没有实测数字（笔记写的是 {notes}）。",
  },
  "models.openOwn": { en: "Open its file…", zh: "打开它的文件…" },
  "models.openOwnHint": {
    en: "Have its tokenizer.model or tokenizer.json on your disk? Open it here: it is read in this page and becomes the row “Your file”.",
    zh: "你的电脑里有它的 tokenizer.model 或 tokenizer.json？在这里打开：文件只在本页读取，会多出“你的文件”这一行。",
  },
  "models.tokens": { en: "Tokens", zh: "token 数" },
  "models.perToken": { en: "Characters per token", zh: "每个 token 的字符数" },
  "models.perHan": { en: "Tokens per Chinese character", zh: "每个汉字的 token 数" },
  "models.embedding": { en: "Embedding at {dim} dimensions", zh: "嵌入矩阵（{dim} 维）" },
  "models.embeddingValue": { en: "{rows} × {dim} = {total}", zh: "{rows} × {dim} = {total}" },
  "models.none": { en: "—", zh: "—" },
  "models.loading": { en: "Loading {name}…", zh: "正在加载 {name}……" },
  "models.loadingBytes": { en: "Downloading {name}: {loaded} of {total} bytes", zh: "正在下载 {name}：{loaded} / {total} 字节" },
  "models.offer": { en: "Load {name} (downloads its tokenizer file)", zh: "加载 {name}（会下载它的 tokenizer 文件）" },
  "models.waiting": { en: "Waiting for the rows above…", zh: "等上面几行算完……" },
  "models.chipsLabel": { en: "The tokens of {name}", zh: "{name} 切出的 token" },
  "models.more": { en: "… and {n} more tokens", zh: "……还有 {n} 个 token" },
  "models.claimTitle": {
    en: "Do Chinese models compress Chinese better?",
    zh: "中文模型压缩中文真的更好吗？",
  },
  "models.claimText": {
    en: "The notes say Chinese models have larger vocabularies so that Chinese compresses well. Fewer tokens per Chinese character means better compression. Here is what this text shows.",
    zh: "笔记说中文模型的词表偏大，是为了让中文压缩率好看。每个汉字用的 token 越少，压缩得越好。下面是这段文字给出的结果。",
  },
  "models.claimNoHan": {
    en: "This text has no Chinese character: pick the Chinese or the mixed text to check the claim.",
    zh: "这段文字里没有汉字：选“中文”或“中英混排”再来检验。",
  },
  "models.claimWaiting": {
    en: "The verdict comes when every row has its numbers.",
    zh: "等每一行都有了数字，再下结论。",
  },
  "models.claimRanking": {
    en: "Tokens per Chinese character on this text, fewest first: {list}.",
    zh: "这段文字里每个汉字的 token 数，从少到多：{list}。",
  },
  "models.claimHolds": {
    en: "The claim holds here: the large Chinese-made vocabularies ({chinese}) each need fewer tokens per Chinese character than every other large one ({others}).",
    zh: "在这段文字上，这个说法成立：国产模型的大词表（{chinese}）每个汉字用的 token，都比其他所有大词表（{others}）少。",
  },
  "models.claimFails": {
    en: "The claim does not hold here: every other large vocabulary ({others}) needs fewer tokens per Chinese character than every Chinese-made one ({chinese}).",
    zh: "在这段文字上，这个说法不成立：其他大词表（{others}）每个汉字用的 token，都比国产模型的大词表（{chinese}）少。",
  },
  "models.claimMixed": {
    en: "The claim only partly holds here: {clauses}.",
    zh: "在这段文字上，这个说法只部分成立：{clauses}。",
  },
  "models.claimFewer": {
    en: "{name} needs fewer tokens per Chinese character than {fewer}",
    zh: "{name} 每个汉字用的 token 比 {fewer} 少",
  },
  "models.claimSame": {
    en: "{name} needs as many tokens per Chinese character as {same}",
    zh: "{name} 每个汉字用的 token 和 {same} 一样多",
  },
  "models.claimFewerSame": {
    en: "{name} needs fewer tokens per Chinese character than {fewer} and as many as {same}",
    zh: "{name} 每个汉字用的 token 比 {fewer} 少，和 {same} 一样多",
  },
  "models.claimSep": { en: "; ", zh: "；" },
  "models.listSep": { en: ", ", zh: "、" },
  "models.claimAnd": { en: " and ", zh: "、" },
  "models.claimMiniMind": {
    en: "MiniMind, trained on Chinese too but with only {vocab} tokens, needs {mm} tokens per Chinese character: {compare}.",
    zh: "MiniMind 同样在中文上训练，但只有 {vocab} 个 token，每个汉字要 {mm} 个 token：{compare}。",
  },
  "models.mmFewer": { en: "fewer than {list}", zh: "比 {list} 少" },
  "models.mmSame": { en: "as many as {list}", zh: "和 {list} 一样多" },
  "models.mmMore": { en: "more than {list}", zh: "比 {list} 多" },
  "models.mmNoCost": {
    en: "On this text its small vocabulary costs it no compression: what it saves is embedding rows.",
    zh: "在这段文字上，小词表并没有让它压缩得更差，省下的是嵌入矩阵的行数。",
  },
  "models.mmCost": {
    en: "On this text its small vocabulary costs it compression: every larger table needs fewer tokens per Chinese character.",
    zh: "在这段文字上，小词表让它压缩得更差：每张更大的词表，每个汉字用的 token 都更少。",
  },
  "models.makeupTitle": {
    en: "What MiniMind's vocabulary is made of, and where an id goes",
    zh: "MiniMind 的词表由什么组成，id 又去了哪里",
  },
  "models.makeupText": {
    en: "Counted from MiniMind's own tokenizer.json.",
    zh: "直接从 MiniMind 自己的 tokenizer.json 里数出来。",
  },
  "models.makeup": {
    en: "{added} added tokens (ids {first}–{last}, {special} of them special) + {base} byte tokens + {merges} merges = {total}.",
    zh: "{added} 个新增 token（id {first}–{last}，其中 {special} 个是特殊 token）+ {base} 个字节 token + {merges} 条合并 = {total}。",
  },
  "models.makeupNote": {
    en: "The notes count {total} − {base} = {notes} merges and warn that the special tokens make the real number a little lower: the file has {merges}, {fewer} fewer.",
    zh: "笔记算的是 {total} − {base} = {notes} 次合并，并提醒说特殊 token 也占位置，实际次数会略少：文件里是 {merges} 条，少了 {fewer} 条。",
  },
  "models.matrix": {
    en: "Each id picks one row of MiniMind's {rows} × {dim} embedding matrix: the rows this text's {n} tokens pick are marked. No weights ship with this page, so the rows' numbers are not shown.",
    zh: "每个 id 取出 MiniMind 那个 {rows} × {dim} 的嵌入矩阵中的一行：下图标出了这段文字的 {n} 个 token 取到的行。本页不带模型权重，所以不显示这些行里的数字。",
  },
  "models.matrixLabel": {
    en: "MiniMind's embedding matrix, {rows} rows by {dim} columns, with the rows of ids {ids} marked",
    zh: "MiniMind 的嵌入矩阵，{rows} 行 × {dim} 列，标出了 id {ids} 所在的行",
  },
  "models.matrixRows": { en: "row 0", zh: "第 0 行" },
  "models.matrixLast": { en: "row {last}", zh: "第 {last} 行" },
  "models.sheetHow": {
    en: "How many tokens does each model make of this text? Guess first; the key has the engine's counts.",
    zh: "每个模型会把这段文字切成多少个 token？先猜，答案页里有引擎算出的数字。",
  },
  "models.sheetModel": { en: "Model", zh: "模型" },
  "models.sheetNotes": { en: "Vocabulary (notes)", zh: "词表（笔记）" },
  "models.sheetFile": { en: "Vocabulary (file)", zh: "词表（文件）" },
  "models.sheetGuess": { en: "Your guess", zh: "你的猜测" },
});
