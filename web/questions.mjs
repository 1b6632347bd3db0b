// "Check yourself": the questions at the end of every lesson, one table per language (registered with
// ../i18n.mjs when imported), plus the list of which questions each lesson asks. An answer stays
// hidden until the student opens it. Numbers an answer needs are computed here from the facts they
// come from, never typed in as results.

import { registerTables } from "./i18n.mjs";
import { MINIMIND as MM } from "./protocol.mjs";
import { factsOf } from "./lessons/encodings.mjs";

/** Facts the questions reason from: MiniMind's tokenizer as its file makes it, and its model's width. */
const MINIMIND = Object.freeze({ vocab: MM.vocab_size_with_added, dim: MM.hidden_size, bytes: MM.n_bytes, added: MM.n_added, merges: MM.n_merges });

const grouped = (n) => n.toLocaleString("en-US");

// The MiniMind notes' own figures that question 1 reasons from (seed 001): the whole model's 64M
// parameters, and the 12,800 merges the question names.
const NOTES_PARAMS = 64e6;
const NOTES_MERGES = 12800;

/** Values that fill {placeholders} in answers. */
function minimindVars() {
  const bigger = MINIMIND.vocab * 2;
  const delta = (bigger - MINIMIND.vocab) * MINIMIND.dim;
  return {
    vocab: grouped(MINIMIND.vocab),
    bigger: grouped(bigger),
    dim: grouped(MINIMIND.dim),
    merges: grouped(MINIMIND.merges),
    added: grouped(MINIMIND.added),
    bytes: grouped(MINIMIND.bytes),
    rows: grouped(bigger * MINIMIND.dim),
    delta: grouped(delta),
    megabytes: ((delta * 2) / 1e6).toFixed(1),
    whole: ((NOTES_PARAMS + delta) / 1e6).toFixed(1),
    percent: ((100 * delta) / NOTES_PARAMS).toFixed(1),
    notesMerges: grouped(NOTES_MERGES),
    literal: grouped(MINIMIND.added + MINIMIND.bytes + NOTES_MERGES),
    literalRows: grouped((MINIMIND.added + MINIMIND.bytes + NOTES_MERGES) * MINIMIND.dim),
  };
}

/** Qwen3's file (its entries, added tokens included) and the width every row is priced at. */
function qwenVars() {
  const qwen = factsOf("qwen3");
  return { entries: qwen ? grouped(qwen.vocab_size_with_added) : "…", dim: grouped(MINIMIND.dim) };
}

/** MiniMind's table against Qwen3's, priced at MiniMind's width (the train lesson's MiniMind mode). */
function tableVars() {
  const qwen = factsOf("qwen3");
  return {
    vocab: grouped(MINIMIND.vocab), dim: grouped(MINIMIND.dim), mmRows: grouped(MINIMIND.vocab * MINIMIND.dim),
    entries: qwen ? grouped(qwen.vocab_size_with_added) : "…",
    qwenRows: qwen ? grouped(qwen.vocab_size_with_added * MINIMIND.dim) : "…",
    times: qwen ? String(Math.round(qwen.vocab_size_with_added / MINIMIND.vocab)) : "…",
  };
}

/**
 * Which questions each lesson asks, in order; `vars` fills the question's and answer's placeholders;
 * `how` (train only): the mode the question belongs to, the other mode's are hidden (lessons.css).
 */
export const QUESTIONS = Object.freeze({
  encode: [{ id: "boundary" }, { id: "order" }, { id: "emoji" }],
  decode: [{ id: "partial" }, { id: "portable" }],
  train: [{ id: "fifth", how: "steps" }, { id: "ties", how: "steps" },
    { id: "mmBytes", how: "minimind" }, { id: "mmTable", how: "minimind", vars: tableVars }],
  compare: [{ id: "chinese" }, { id: "minimind", vars: minimindVars }, { id: "bigger" }],
  special: [{ id: "injection" }, { id: "four" }],
  samples: [{ id: "positions" }, { id: "stream" }],
  quirks: [{ id: "counting" }, { id: "price" }],
  tables: [{ id: "digits" }, { id: "retrain" }],
  families: [{ id: "fewestBest" }, { id: "spaceBack" }],
  lab: [{ id: "replay" }, { id: "replace" }],
  models: [{ id: "sameCount" }, { id: "qwenRows", vars: qwenVars }],
});

export const QUESTIONS_EN = {
  "check.title": "Check yourself",
  "check.lead": "Think first, then open the answer.",
  "check.show": "Show the answer",

  "check.boundary.q": "GPT-2 has no end-of-word marker like </w>. How does it still know where a word starts?",
  "check.boundary.a": "The space does the job. The pre-tokenizer keeps the space before a word in the same piece as the word, and GPT-2 draws that space byte (0x20) as Ġ. So \" the\" (after a space) and \"the\" (at the start of a line) are different tokens with different ids: the boundary is written into the bytes themselves, not added as a marker.",
  "check.order.q": "In \"tokenization\" the first merge happens in the middle of the word, not at its start. Why?",
  "check.order.a": "Encoding replays the merges in the order GPT-2 learned them: of all neighbouring pairs in the piece, the one learned earliest (lowest rank) merges first, wherever it sits. Position only matters when the same pair occurs twice: then the leftmost one goes first.",
  "check.emoji.q": "An emoji never appeared in the text the tokenizer was trained on. Does encoding it fail, or give <unk>?",
  "check.emoji.a": "Neither. A byte-level tokenizer starts from all 256 byte values, and every text is a sequence of UTF-8 bytes. At worst each byte becomes its own token: the text gets longer, but nothing is unknown and nothing is lost.",

  "check.partial.q": "An emoji is often split over several tokens. What happens if you decode only the first of them?",
  "check.partial.a": "Its bytes are only the start of a UTF-8 character, so they are not valid text on their own. A strict decoder raises an error; tiktoken and toklab (errors=\"replace\") show the replacement character �. Decoding the whole list of ids brings the character back.",
  "check.portable.q": "Does id 30001 mean \"token\" for every language model?",
  "check.portable.a": "No. An id is only a row number in one tokenizer's table. Another tokenizer puts something else in that row, so ids only make sense together with the table that produced them, and with the model trained on that table.",

  "check.fifth.q": "The MiniMind notes, whose 我爱中国 corpus this lesson trains on, say that after 我爱中国 is formed, (中国, 人) still occurs twice. Count it yourself.",
  "check.fifth.a": "Once. In the first sentence 中国 is now inside 我爱中国, so that sentence reads 我爱中国 | 人 and its pair is (我爱中国, 人). Only the second sentence, 中国 人 很 多, still has (中国, 人). The notes' fifth table is wrong; the trainer here counts it as 1.",
  "check.mmBytes.q": "Training like MiniMind starts from the 256 byte values, not from the characters of the corpus. Can the trained tokenizer meet a character it cannot encode, say one the corpus never had?",
  "check.mmBytes.a": "No. Any text is a run of bytes in UTF-8, and all 256 bytes are tokens before the first merge. A character no merge covers is still written with its own bytes, one to four tokens. Merges only make frequent byte runs shorter; they never decide what can be written.",
  "check.mmTable.q": "MiniMind's table has {vocab} entries, Qwen3's {entries}. Qwen3's table writes Chinese in fewer tokens: why does a small model still keep a small table?",
  "check.mmTable.a": "Every entry is a row of the embedding ({dim} numbers at MiniMind's width) and an output of the last layer. MiniMind's {vocab} rows are {mmRows} numbers; Qwen3's {entries} at the same width would be {qwenRows}, about {times} times as many, spent on a table instead of on the layers that do the thinking. A small model buys its layers with a short table and pays in longer token sequences.",
  "check.ties.q": "In the second round three pairs tie with a count of 2. Does the way a tie is broken matter?",
  "check.ties.a": "Yes. Different tie rules learn different merges, and so different vocabularies, from the same corpus, and each is a correct BPE. HuggingFace's trainer, for example, does not take the first occurrence: it orders tied pairs by their token ids, smallest first. To reproduce a tokenizer you need its exact rule.",

  "check.sameCount.q": "Two models cut a text into the same number of tokens. Can one model read the other's ids?",
  "check.sameCount.a": "No. Each id is a row number in its own model's table: the same number is a different token in another table, or no token at all. Equal counts only say the two tables compress this text equally well.",
  "check.qwenRows.q": "Qwen3's tokenizer.json has {entries} entries, yet its model's embedding has 151,936 rows. Where does a row with no token come from?",
  "check.qwenRows.a": "The model reserves more rows than the tokenizer uses: a size that divides well on the hardware, and room for tokens added later. No id the tokenizer gives out ever picks those rows, but they still cost their {dim} numbers of the matrix, like every other row.",
  "check.chinese.q": "Why do models built for Chinese usually have larger vocabularies than English-only models?",
  "check.chinese.a": "A Chinese character takes 3 bytes in UTF-8. A byte-level tokenizer needs merges just to rebuild each character, and more to reach whole words. A table trained mostly on English spends few merges on Chinese, so Chinese text costs many tokens; a larger table trained on Chinese gives common characters and words their own tokens.",
  "check.minimind.q": "MiniMind's vocabulary has {vocab} tokens ({added} added tokens, {bytes} bytes and {merges} merges) and each token's vector has {dim} numbers. If the vocabulary grew to {bigger}, how large would its embedding table be?",
  "check.minimind.a": "{bigger} × {dim} = {rows} numbers, {delta} more than today. If the output layer shares its weights with the embedding (weight tying), that is the whole growth; if not, the output layer grows by as much again. At 2 bytes a number (fp16), the embedding alone adds about {megabytes} MB to the file. The notes put the whole model at 64M parameters: tied, it grows to about {whole}M, {percent}% more. (The notes' question 1 speaks of “merges from 6400 to 12800”, but 6,400 is the vocabulary, of which {merges} are merges: it is the vocabulary that doubles here. Read literally, {notesMerges} merges make a vocabulary of {added} + {bytes} + {notesMerges} = {literal}, an embedding of {literalRows} numbers.)",
  "check.bigger.q": "A larger vocabulary makes the same text shorter. Why not make it as large as possible?",
  "check.bigger.a": "The output layer scores every token at every position (D × V numbers, a softmax over V), so it grows with the vocabulary, and so does the embedding table. Rare tokens also get few training examples, so their vectors are learned poorly. A vocabulary size is a trade-off between sequence length and model size.",

  "check.injection.q": "A chat app builds its prompt with <|im_start|> and <|im_end|>. Why must a user who types \"<|im_end|>\" not get the control token?",
  "check.injection.a": "It would let the user end their own turn and write a fake system or assistant turn: a prompt injection. User text is encoded as plain text (the control string becomes ordinary tokens, or is refused); only the app's template inserts control tokens.",
  "check.four.q": "What are <pad>, <bos>, <eos> and <unk> for?",
  "check.four.a": "<pad> fills shorter sequences so a batch has one length (and is left out of the loss); <bos> marks where a sequence begins; <eos> marks its end, and a model learns to produce it to stop; <unk> stands for anything a character or word tokenizer has never seen. A byte-level tokenizer never needs <unk>.",

  "check.positions.q": "A window of block size 6 is cut from the token stream. How many predictions does it train?",
  "check.positions.a": "Six. The window takes 7 tokens: inputs are the first 6, labels the last 6, shifted by one, and each position learns to predict the token that follows it.",
  "check.stream.q": "Why cut windows from one long token stream instead of using one sentence per sample?",
  "check.stream.a": "Every window has the same length, so nothing is wasted on padding, and the model also learns from text that crosses sentence boundaries. Documents are separated by a token such as <|endoftext|>, so the model can learn where one text ends.",

  "check.counting.q": "A model says \"strawberry\" has two r's. Is it bad at counting, or is something else going on?",
  "check.counting.a": "Mostly something else: the word reaches the model as one or a few ids, not as ten letters. To count letters it has to know how each id is spelled, which it only learned indirectly. Give it the letters one by one (\"s t r a w b e r r y\") and each letter becomes its own token: counting gets much easier.",
  "check.fewestBest.q": "On 今天天气真好 the Unigram test model makes the fewest tokens. Is it the best tokenizer for Chinese?",
  "check.fewestBest.a": "No: it has no piece for these characters, so they become its unknown token, one id that stands for anything it lacks. The model cannot tell 今天 from 🦄, and decoding cannot bring the text back. Fewer tokens only help when each token still says what was there; byte-level BPE and byte fallback never lose a character, they only spend more tokens on it.",
  "check.spaceBack.q": "GPT-2 keeps a space as Ġ, Llama 2 as ▁, and WordPiece drops it. Which of them can give you back the text exactly as it was typed?",
  "check.spaceBack.a": "GPT-2: every byte, spaces included, is inside its tokens, so decoding gives the same text. Llama 2 keeps each space as ▁ but adds one before the first word, which the decoder takes off again. A normalizer that squeezes runs of spaces (the Unigram test model's) or WordPiece, which keeps no space at all and lower-cases, cannot: decoding WordPiece guesses where the spaces went from the ## marks.",
  "check.price.q": "An API charges per token. Why can the same paragraph cost different amounts in two languages, or with two models?",
  "check.price.a": "The number of tokens depends on the table: a language the table saw little of is cut into more, smaller tokens, and each model family has its own table. Count tokens with the tokenizer of the model you pay for, not by characters or words.",
  "check.digits.q": "cl100k and o200k cut a long number into groups of at most three digits before any merge. What does that give a model doing arithmetic?",
  "check.digits.a": "Every number is cut the same way, from the left, into chunks of one to three digits, and every such chunk is one token. The chunks still do not line up with place value from the right, but the model no longer sees each number split in its own arbitrary way, as with GPT-2's table.",
  "check.retrain.q": "Why can't you give an existing model the newer table so that it reads Chinese more cheaply?",
  "check.retrain.a": "Each id selects one row of the model's embedding table and one output of its last layer. A new table gives the same text different ids, and rows the model never learned, so the model would read nonsense. Swapping the table outright therefore means training again. What is done in practice is to extend the table: keep every old id, add new tokens (Chinese-LLaMA added about 18,000 Chinese tokens to LLaMA's 32,000, for 49,953), give them new rows, and continue pre-training so the model learns those rows.",
  "check.replay.q": "encode() applies merges by lowest rank, again and again. Why not simply apply each learned merge once, in the order it was learned?",
  "check.replay.a": "For a table learned by byte-level BPE both give the same tokens: a merge can only use tokens made by earlier merges, so replaying them in order reaches the same result. Lowest rank first is what tiktoken does, and it needs only the ranks, not the list of merges; it also works on any piece without walking through all 50,000 rules.",
  "check.replace.q": "decode() uses errors=\"replace\". When would strict decoding fail, and why is replacing the right choice for a model's output?",
  "check.replace.a": "When the ids end in the middle of a character, or a model produces a byte sequence that is not valid UTF-8: each token is bytes, not characters. A strict decoder would raise and lose all the text; replacing shows � for the broken bytes and keeps everything else.",
};

export const QUESTIONS_ZH = {
  "check.title": "想一想",
  "check.lead": "先自己想，再点开答案。",
  "check.show": "看答案",

  "check.boundary.q": "GPT-2 没有 </w> 这样的词尾标记，那它怎么知道一个词从哪里开始？",
  "check.boundary.a": "靠空格。预分词时，词前面的空格和这个词分在同一个片段里，GPT-2 把这个空格字节（0x20）画成 Ġ。所以“ the”（前面有空格）和“the”（在行首）是两个不同的 token，id 也不同：词的边界就写在字节里，用不着另加标记。",
  "check.order.q": "“tokenization”的第一次合并发生在词的中间，而不是开头。为什么？",
  "check.order.a": "编码时按 GPT-2 学到合并规则的先后顺序来：片段里所有相邻对中，最早学到的那一对（rank 最小）先合并，不管它在什么位置。只有同一对出现两次时才看位置：靠左的先合并。",
  "check.emoji.q": "分词器训练时从没见过某个 emoji。编码它会报错，还是变成 <unk>？",
  "check.emoji.a": "都不会。字节级分词器从全部 256 个字节值出发，而任何文本都是一串 UTF-8 字节。最坏的情况是每个字节各成一个 token：序列变长了，但没有不认识的东西，也不会丢信息。",

  "check.partial.q": "一个 emoji 常常被拆成好几个 token。只解码其中第一个，会怎样？",
  "check.partial.a": "它的字节只是一个 UTF-8 字符的开头，单独拿出来不是合法的文字。严格的解码器会报错；tiktoken 和 toklab（errors=\"replace\"）会显示替换字符 �。把整串 id 一起解码，这个字符就回来了。",
  "check.portable.q": "id 30001 在所有语言模型里都表示“token”吗？",
  "check.portable.a": "不是。id 只是某一张词表里的行号，换一个分词器，这一行放的就是别的东西。所以 id 必须和产生它的那张词表一起看，也只对用这张词表训练出来的模型有意义。",

  "check.fifth.q": "本课用的“我爱中国”语料出自 MiniMind 笔记。笔记说：合并出“我爱中国”之后，(中国, 人) 还出现 2 次。你自己数一数。",
  "check.fifth.a": "只有 1 次。第一句里的“中国”已经并进了“我爱中国”，这句变成 我爱中国 | 人，对应的相邻对是 (我爱中国, 人)。只有第二句“中国 人 很 多”里还有 (中国, 人)。笔记的第五张表算错了，这里的训练器数出来是 1。",
  "check.mmBytes.q": "像 MiniMind 那样训练，起点是 256 个字节值，而不是语料里的字。训练出的分词器会不会碰到编不了的字，比如语料里从没出现过的字？",
  "check.mmBytes.a": "不会。任何文字在 UTF-8 里都是一串字节，而 256 个字节在第一次合并之前就都是 token 了。没有合并规则覆盖的字，照样用它自己的字节来写，占 1 到 4 个 token。合并只是让常见的字节串变短，从不决定什么能写、什么不能写。",
  "check.mmTable.q": "MiniMind 的词表有 {vocab} 项，Qwen3 的有 {entries} 项。Qwen3 的词表写中文用的 token 更少，为什么小模型还是用小词表？",
  "check.mmTable.a": "词表的每一项都是 embedding 里的一行（按 MiniMind 的宽度是 {dim} 个数），也是最后一层的一个输出。MiniMind 的 {vocab} 行一共 {mmRows} 个数；Qwen3 的 {entries} 项按同样的宽度要 {qwenRows} 个数，约是 {times} 倍，都花在词表上，而不是花在真正做计算的各层上。小模型用短词表省下参数给各层，代价是 token 序列更长。",
  "check.ties.q": "第二轮有三个相邻对并列，都出现 2 次。并列时怎么选，有关系吗？",
  "check.ties.a": "有关系。同一份语料，用不同的并列规则会学出不同的合并，词表也就不同，而它们都是正确的 BPE。比如 HuggingFace 的训练器并不取最先出现的那一对，而是按两个 token 的 id 排序，小的优先。想复现某个分词器，就得用它的那条规则。",

  "check.sameCount.q": "两个模型把同一段文字切出了一样多的 token。一个模型能看懂另一个模型的 id 吗？",
  "check.sameCount.a": "不能。id 只是它自己那张词表里的行号：同一个数字在另一张词表里是别的 token，甚至根本不存在。token 数相同，只说明两张词表对这段文字压缩得一样好。",
  "check.qwenRows.q": "Qwen3 的 tokenizer.json 里有 {entries} 个条目，可模型的嵌入矩阵却有 151,936 行。没有 token 对应的那些行是哪来的？",
  "check.qwenRows.a": "模型预留的行比分词器用到的多：凑一个在硬件上好切分的尺寸，也给以后新增的 token 留位置。分词器给出的 id 永远取不到这些行，但它们和其他行一样，照样占着矩阵里每行 {dim} 个数。",
  "check.chinese.q": "为什么面向中文的模型，词表通常比只做英文的模型大？",
  "check.chinese.a": "一个汉字在 UTF-8 里占 3 个字节。字节级分词器光是把字拼回来就要用掉合并，要拼成词还要更多。主要用英文训练出来的词表，留给中文的合并很少，中文就要切出很多 token；在中文语料上训练的更大词表，能让常用字和常用词各有自己的 token。",
  "check.minimind.q": "MiniMind 的词表有 {vocab} 个 token（{added} 个新增 token、{bytes} 个字节和 {merges} 条合并），每个 token 的向量有 {dim} 个数。如果词表扩大到 {bigger}，嵌入矩阵会有多大？",
  "check.minimind.a": "{bigger} × {dim} = {rows} 个数，比现在多 {delta} 个。如果输出层和嵌入矩阵共用权重（weight tying），增加的就是这些；如果不共用，输出层还要再多出同样多。按每个数 2 字节（fp16）算，光嵌入矩阵就让模型文件大约多出 {megabytes} MB。笔记说整个模型是 64M 参数：共用权重时，会涨到大约 {whole}M，多出 {percent}%。（笔记的思考题 1 说的是“合并次数从 6400 增加到 12800”，但 6400 是词表大小，其中合并只有 {merges} 条：这里翻倍的是词表。如果照字面理解，{notesMerges} 条合并对应的词表是 {added} + {bytes} + {notesMerges} = {literal}，嵌入矩阵有 {literalRows} 个数。）",
  "check.bigger.q": "词表越大，同一段文字切出的 token 越少。那为什么不把词表做得越大越好？",
  "check.bigger.a": "输出层要在每个位置给词表里的每个 token 打分（D × V 个参数，对 V 个 token 做 softmax），它随词表一起变大，嵌入矩阵也一样。而且罕见的 token 训练时见得少，向量学不好。词表大小是序列长度和模型大小之间的取舍。",

  "check.injection.q": "一个聊天应用用 <|im_start|> 和 <|im_end|> 拼提示词。用户自己输入“<|im_end|>”时，为什么不能把它当成控制 token？",
  "check.injection.a": "那样用户就能替自己结束这一轮，再伪造一段 system 或 assistant 的发言，这就是提示词注入。用户输入要按普通文本编码（这串字符变成普通 token，或者直接拒绝）；控制 token 只能由应用的模板插入。",
  "check.four.q": "<pad>、<bos>、<eos>、<unk> 分别是做什么用的？",
  "check.four.a": "<pad> 用来把短的序列补齐，好让一个 batch 里的序列一样长（算损失时跳过它）；<bos> 标出序列的开头；<eos> 标出结尾，模型学会输出它，就知道什么时候该停；<unk> 是字符级或词级分词器碰到没见过的东西时用的。字节级分词器用不着 <unk>。",

  "check.positions.q": "从 token 流里切出一个 block size 为 6 的窗口，它能让模型练习几次“预测下一个 token”？",
  "check.positions.a": "6 次。这个窗口取 7 个 token：输入是前 6 个，标签是后 6 个，错开一位，每个位置都学着预测紧跟在后面的那个 token。",
  "check.stream.q": "为什么要从一条长长的 token 流里切窗口，而不是一句话当一个样本？",
  "check.stream.a": "每个窗口一样长，不用浪费在补齐上，模型也能学到跨句子的文字。不同文档之间用 <|endoftext|> 这样的 token 隔开，模型就能学会一段文字在哪里结束。",

  "check.counting.q": "模型说“strawberry”里有两个 r。是它不会数数，还是另有原因？",
  "check.counting.a": "主要是另有原因：这个词到模型那里是一两个 id，而不是十个字母。要数字母，它得知道每个 id 怎么拼，而这只能间接学到。把字母一个个分开写（“s t r a w b e r r y”），每个字母都成了单独的 token，数起来就容易多了。",
  "check.fewestBest.q": "对“今天天气真好”，Unigram 测试模型切出的 token 最少。它就是处理中文最好的分词器吗？",
  "check.fewestBest.a": "不是。它没有这些字的 piece，所以它们都变成了未知 token，一个代表“词表里没有”的 id。模型分不清“今天”和 🦄，解码也还原不回原文。token 少只有在每个 token 仍然说清楚原来是什么时才有好处；字节级 BPE 和字节回退从不丢掉任何字符，只是多花几个 token。",
  "check.spaceBack.q": "GPT-2 把空格留成 Ġ，Llama 2 留成 ▁，WordPiece 直接丢掉。哪一个能把文字原样还给你，连空格都不差？",
  "check.spaceBack.a": "GPT-2：每个字节，包括空格，都在它的 token 里，解码出来就是原文。Llama 2 把每个空格留成 ▁，只是在第一个词前面多加了一个，解码时会再去掉。会把一串空格压成一个的规范化器（Unigram 测试模型的）做不到；WordPiece 一个空格都不留，还会转成小写，解码时只能根据 ## 标记去猜空格原来在哪里。",
  "check.price.q": "API 按 token 收费。为什么同一段话，换一种语言或换一个模型，价格会不一样？",
  "check.price.a": "token 的个数取决于词表：词表见得少的语言会被切成更多、更小的 token，而每个模型家族都有自己的词表。算 token 要用你付费的那个模型的分词器，不能按字数或词数估。",
  "check.digits.q": "cl100k 和 o200k 在合并之前，先把长数字切成最多三位一组。这对做算术的模型有什么好处？",
  "check.digits.a": "每个数字都按同样的方式从左往右切成一到三位的小段，每一段正好是一个 token。这些小段仍然不是从右边按数位对齐的，但至少不会再像 GPT-2 的词表那样，每个数字各有各的随意切法。",
  "check.retrain.q": "为什么不能直接给现有的模型换上新词表，让它读中文更省 token？",
  "check.retrain.a": "每个 id 对应模型嵌入矩阵里的一行，也对应最后一层的一个输出。换了词表，同一段文字就变成另一串 id，对应的是模型从没学过的行，模型读到的就是一堆乱码。所以整张换掉词表，就只能重新训练。实际常用的做法是扩充词表：旧的 id 全部保留，再加入新 token（Chinese-LLaMA 在 LLaMA 的 32,000 个 token 之外加了约 18,000 个中文 token，共 49,953 个），给它们新的行，然后继续预训练，让模型学会这些新行。",
  "check.replay.q": "encode() 每次都合并 rank 最小的一对，反复进行。为什么不干脆按学到的顺序，把每条合并规则各用一遍？",
  "check.replay.a": "对字节级 BPE 学出来的词表，两种做法得到的 token 一样：一条合并规则只会用到更早的规则造出来的 token，所以按顺序重放也能走到同一个结果。按 rank 从小到大合并是 tiktoken 的做法，只需要 rank，不需要合并列表，也不用把 5 万条规则挨个过一遍。",
  "check.replace.q": "decode() 用的是 errors=\"replace\"。什么时候严格解码会出错？为什么对模型的输出来说，替换是对的选择？",
  "check.replace.a": "当 id 在一个字符的中间结束，或者模型生成了一串不合法的 UTF-8 字节时：每个 token 是字节，不是字符。严格解码会直接报错，整段文字都拿不到；替换则把坏掉的字节显示成 �，其余文字都保留下来。",
};

registerTables({ en: QUESTIONS_EN, zh: QUESTIONS_ZH });
