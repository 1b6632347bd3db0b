// The token-table chooser's words (encodings.mjs): the tables' names, the download progress and the
// notes about how each table is shipped. Registered when encodings.mjs is first imported.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "encoding.label": {
    en: "Token table",
    zh: "词表",
  },
  "encoding.r50k_base": {
    en: "r50k_base (GPT-2)",
    zh: "r50k_base（GPT-2）",
  },
  "encoding.cl100k_base": {
    en: "cl100k_base (GPT-3.5, GPT-4)",
    zh: "cl100k_base（GPT-3.5、GPT-4）",
  },
  "encoding.o200k_base": {
    en: "o200k_base (GPT-4o)",
    zh: "o200k_base（GPT-4o）",
  },
  "encoding.o200k_harmony": {
    en: "gpt-oss (o200k_harmony)",
    zh: "gpt-oss（o200k_harmony）",
  },
  "encoding.note.o200k_harmony": {
    en: "gpt-oss's table is o200k_base's ranks (the very same file) with the special tokens of OpenAI's harmony chat format beside them: <|start|>, <|channel|>, <|message|>, <|end|>, <|return|>, <|call|> and <|constrain|> mark who speaks, on which channel, and where a message begins and ends; reserved tokens fill the ids after them. Ordinary text is cut exactly as o200k_base cuts it; only the special tokens differ.",
    zh: "gpt-oss 的词表就是 o200k_base 的 rank（同一个文件），旁边加上 OpenAI harmony 对话格式的特殊 token：<|start|>、<|channel|>、<|message|>、<|end|>、<|return|>、<|call|> 和 <|constrain|> 标出谁在说话、走哪个频道、一条消息从哪里开始到哪里结束；其后的 id 都留给保留 token。普通文字的切法和 o200k_base 完全一样，不同的只有特殊 token。",
  },
  "encoding.loading": {
    en: "Loading the {name} table… {percent}",
    zh: "正在加载 {name} 词表…… {percent}",
  },
  "encoding.loadingSize": {
    en: "{loaded} of {total} MB",
    zh: "{loaded} / {total} MB",
  },
  "encoding.failed": {
    en: "The {name} table could not be loaded, so this lesson stays on r50k_base. Your text is kept; try again later.",
    zh: "{name} 词表没能加载，所以这一课仍然用 r50k_base。你输入的文字都还在，稍后可以再试一次。",
  },
  "encoding.note.r50k_base": {
    en: "GPT-2 shipped its merges as a list (vocab.bpe): a step's rank is the line of its rule, and a merged token's id is 256 + that rank.",
    zh: "GPT-2 发布的是一张合并规则表（vocab.bpe）：每一步的 rank 就是那条规则在表里的行号，合并出的 token 的 id 是 256 加上这个 rank。",
  },
  "encoding.note.cl100k_base": {
    en: "GPT-2 shipped a list of merges; tiktoken ships only ranks: each token's bytes and its rank, which is also its id. The merges come from the ranks: two neighbours may merge when together they are a token, and the token with the lowest rank is made first. A step's rank here is the rank of the token it makes.",
    zh: "GPT-2 发布的是合并规则表；tiktoken 只发布 rank：每个 token 的字节和它的 rank，rank 也就是它的 id。合并顺序是从 rank 推出来的：一个相邻对拼起来如果正好是词表里的 token，就可以合并；几个都能合并时，拼出的 token rank 最小的先合。所以这里每一步标的 rank，是这一步拼出的那个 token 的 rank。",
  },
  "encoding.note.o200k_base": {
    en: "GPT-2 shipped a list of merges; tiktoken ships only ranks: each token's bytes and its rank, which is also its id. The merges come from the ranks: two neighbours may merge when together they are a token, and the token with the lowest rank is made first. A step's rank here is the rank of the token it makes.",
    zh: "GPT-2 发布的是合并规则表；tiktoken 只发布 rank：每个 token 的字节和它的 rank，rank 也就是它的 id。合并顺序是从 rank 推出来的：一个相邻对拼起来如果正好是词表里的 token，就可以合并；几个都能合并时，拼出的 token rank 最小的先合。所以这里每一步标的 rank，是这一步拼出的那个 token 的 rank。",
  },
  "encoding.groupOpenAI": {
    en: "OpenAI (tiktoken)",
    zh: "OpenAI（tiktoken）",
  },
  "encoding.groupOpen": {
    en: "Open models (their own tokenizer.json)",
    zh: "开源模型（用它们自己的 tokenizer.json）",
  },
  "encoding.model": {
    en: "{title} · {size} tokens",
    zh: "{title} · {size} 个 token",
  },
  "encoding.note.open": {
    en: "{title}'s own tokenizer.json ({licence}), run by this page's engine as HuggingFace tokenizers runs it. A merge's rank is its place in the file's merges list; the id of the token it makes comes from the vocabulary, so here an id is not 256 + rank.",
    zh: "这是 {title} 自己的 tokenizer.json（{licence}），由本页的引擎按 HuggingFace tokenizers 的规则运行。一次合并的 rank 是它在文件 merges 列表里的位置；合并出的 token 的 id 要到词表里查，所以这里的 id 不等于 256 + rank。",
  },
  "encoding.groupSpm": {
    en: "SentencePiece (tokenizer.model)",
    zh: "SentencePiece（tokenizer.model）",
  },
  "encoding.spm": {
    en: "{title} · {family} · {size} tokens",
    zh: "{title} · {family} · {size} 个 token",
  },
  "encoding.family.spm_bpe": {
    en: "SentencePiece BPE",
    zh: "SentencePiece BPE",
  },
  "encoding.family.unigram": {
    en: "Unigram",
    zh: "Unigram",
  },
  "encoding.title.llama2": {
    en: "Llama 1/2",
    zh: "Llama 1/2",
  },
  "encoding.title.mistral": {
    en: "Mistral 7B",
    zh: "Mistral 7B",
  },
  "encoding.title.unigram_en": {
    en: "sentencepiece's English test model",
    zh: "sentencepiece 自带的英文测试模型",
  },
  "encoding.title.unigram_ja": {
    en: "sentencepiece's Japanese test model",
    zh: "sentencepiece 自带的日文测试模型",
  },
  "encoding.note.spm": {
    en: "{title}'s own tokenizer.model ({licence}), read and run by this page's engine as sentencepiece runs it. It ships no merge list: each piece of the vocabulary has a score, and of the neighbouring pairs that make a piece, the one whose piece scores highest merges first.",
    zh: "这是 {title} 自己的 tokenizer.model（{licence}），由本页的引擎按 sentencepiece 的规则读取和运行。它没有合并规则表：词表里每个 piece 有一个分数（score），能拼成 piece 的相邻对里，拼出的 piece 分数最高的那对先合并。",
  },
  "encoding.note.unigram": {
    en: "{title} ({licence}) is a Unigram model, read and run by this page's engine as sentencepiece runs it. A Unigram model does not merge at all: each piece has a log-probability, and of every way to cut a word into pieces it takes the one whose log-probabilities add up to the most.",
    zh: "{title}（{licence}）是一个 Unigram 模型，由本页的引擎按 sentencepiece 的规则读取和运行。Unigram 模型根本不做合并：每个 piece 有一个对数概率（log-probability），在把一个词切成 piece 的所有切法里，选各 piece 对数概率加起来最大的那一种。",
  },
  "table.spmPieces.spm_bpe": {
    en: "{ranks} ordinary pieces, each with its score",
    zh: "{ranks} 个普通 piece（各有一个分数）",
  },
  "table.spmPieces.unigram": {
    en: "{ranks} ordinary pieces, each with its log-probability",
    zh: "{ranks} 个普通 piece（各有一个对数概率）",
  },
  "table.makeup.spm": {
    en: "{title}'s vocabulary holds {pieces}, {specials} control tokens ({list}) and {others} more, the unknown piece <unk>; its ids run from 0 to {maxId}",
    zh: "{title} 的词表里有 {pieces}、{specials} 个控制 token（{list}），另有 {others} 个，即未知 piece <unk>；id 从 0 到 {maxId}",
  },
  "table.makeup.spmBytes": {
    en: "{title}'s vocabulary holds {pieces}, {specials} control tokens ({list}) and {others} more: the unknown piece <unk> and, for byte fallback, one piece per byte, <0x00> to <0xFF>; its ids run from 0 to {maxId}",
    zh: "{title} 的词表里有 {pieces}、{specials} 个控制 token（{list}），另有 {others} 个：未知 piece <unk>，以及为字节回退准备的每个字节一个 piece（<0x00> 到 <0xFF>）；id 从 0 到 {maxId}",
  },
  "special.leadSpm": {
    en: "{name} has {specials} control tokens ({list}). SentencePiece never reads one out of text: typed into plain text, <s> is only the characters <, s and >, cut like any others, and the program that runs the model adds the control ids itself.",
    zh: "{name} 有 {specials} 个控制 token（{list}）。SentencePiece 从不从文字里读出控制 token：在普通文字里输入 <s>，它只是 <、s、> 这几个字符，和别的字符一样被切分；控制 token 的 id 由运行模型的程序自己加上。",
  },
  "encoding.groupWordPiece": {
    en: "WordPiece (BERT-style, trained here)",
    zh: "WordPiece（BERT 式，在这里训练）",
  },
  "encoding.wordpiece": {
    en: "{title} · {size} tokens",
    zh: "{title} · {size} 个 token",
  },
  "encoding.title.wordpiece_en": {
    en: "English WordPiece",
    zh: "英文 WordPiece",
  },
  "encoding.note.wordpiece": {
    en: "{title}: a BERT-style WordPiece vocabulary this project trains itself, with its own WordPieceTrainer (HuggingFace tokenizers' recipe for BERT) on botchan.txt, an English novel shipped with sentencepiece ({licence}). It runs as tokenizers runs BERT's tokenizer: lowercase, cut into words, then each word by longest match, ## before a piece inside a word.",
    zh: "{title}：本项目用自己的 WordPieceTrainer（照 HuggingFace tokenizers 训练 BERT 分词器的做法）在 botchan.txt（sentencepiece 附带的一部英文小说，{licence}）上训练出的 BERT 式 WordPiece 词表。它按 tokenizers 运行 BERT 分词器的方式工作：先转小写、切成词，再对每个词做最长匹配，词内部的 piece 前面加 ##。",
  },
  "table.makeup.wordpiece": {
    en: "{title}'s vocabulary holds {rows} entries: {specials} special tokens ({list}), {singles} single characters (a word's first, or ## inside a word) and {merges} longer pieces learned by merging; its ids run from 0 to {maxId}",
    zh: "{title} 的词表共 {rows} 项：{specials} 个特殊 token（{list}），{singles} 个单字符（词首的，或词内部带 ## 的），以及 {merges} 个靠合并学出的更长 piece；id 从 0 到 {maxId}",
  },
  "encoding.groupFile": {
    en: "Your file (this session)",
    zh: "你的文件（仅本次会话）",
  },
  "encoding.custom": {
    en: "Your file: {title} · {size} tokens",
    zh: "你的文件：{title} · {size} 个 token",
  },
  "encoding.note.custom": {
    en: "Your own tokenizer.json ({title}), read in this page and run by its engine as HuggingFace tokenizers runs it; nothing of it leaves the page. A merge's rank is its place in the file's merges list; the id of the token it makes comes from the file's vocabulary.",
    zh: "这是你自己的 tokenizer.json（{title}），只在本页读取，由本页的引擎按 HuggingFace tokenizers 的规则运行，文件内容不会离开这个页面。一次合并的 rank 是它在文件 merges 列表里的位置；合并出的 token 的 id 要到文件的词表里查。",
  },
  "encoding.note.customModel": {
    en: "Your own SentencePiece tokenizer.model ({title}), read in this page and cut by its engine exactly as the sentencepiece library cuts it; nothing of it leaves the page. ▁ stands for a space; a piece's score, not a merges list, decides what merges first (BPE) or which cut wins (Unigram).",
    zh: "这是你自己的 SentencePiece tokenizer.model（{title}），只在本页读取，由本页的引擎按 sentencepiece 库的规则切分，文件内容不会离开这个页面。▁ 代表空格；决定先合并什么（BPE）或选哪种切法（Unigram）的是每个片段的分数，而不是一张 merges 列表。",
  },
  "encoding.note.customVocab": {
    en: "Your own vocab.txt ({title}), read in this page and run as BERT's WordPiece on it, as HuggingFace tokenizers' BertWordPieceTokenizer does; nothing of it leaves the page. A word is cut by longest match: the longest piece of the vocabulary it starts with, then the longest ##piece after it; a word it cannot cover is [UNK]. The file does not say whether its model lowercases: a vocabulary with no capital letter is taken as a lowercasing (uncased) one.",
    zh: "这是你自己的 vocab.txt（{title}），只在本页读取，按 BERT 的 WordPiece 规则运行（与 HuggingFace tokenizers 的 BertWordPieceTokenizer 相同），文件内容不会离开这个页面。每个词按“最长匹配”切分：先取词表里能匹配词开头的最长片段，再在剩下部分取最长的 ##片段；切不完的词整个变成 [UNK]。文件本身没说模型是否先转小写：词表里没有大写字母的，就当作转小写（uncased）的词表。",
  },
  "encoding.needsFile": {
    en: "This link was made with a tokenizer.json of the sender's, “{name}”. The file itself is not in the link, so this lesson uses r50k_base for now; your text is kept. Open the file under “Your own tokenizer.json, tokenizer.model or vocab.txt” to use it.",
    zh: "这个链接是对方用自己的 tokenizer.json（“{name}”）生成的。链接里不含文件本身，所以这一课暂时用 r50k_base，你的文字都还在。在“你自己的 tokenizer.json、tokenizer.model 或 vocab.txt”下面打开这个文件，就能用它了。",
  },
  "encoding.failedColumn": {
    en: "The {name} table could not be loaded. Try again later.",
    zh: "{name} 词表没能加载，稍后可以再试一次。",
  },
});
