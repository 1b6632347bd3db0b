// A 15-minute deck for the models lesson: the MiniMind notes' model table, measured. One text through
// every model's own tokenizer, the notes' claim that Chinese models compress Chinese better checked on
// it, MiniMind's vocabulary counted from its file, and the rows of the embedding its ids pick. The
// notes name no figure: every number is on the screen, computed by the engine from the files, so the
// teacher reads it off the row the slide scrolls to. The format is in ../classroom/decks.mjs.

import { CHINESE, ENGLISH, CODE, MIXED } from "../lessons/models/presets.mjs";

export default Object.freeze({
  id: "models",
  lesson: "models",
  focus: "model-rows",
  minutes: 15,
  title: { en: "Models: the notes' table, measured", zh: "模型：把笔记里的表格实测一遍" },
  summary: {
    en: "The MiniMind notes compare the vocabularies of Llama 3, Qwen, DeepSeek, Gemma, ChatGLM and MiniMind. Here each model's own tokenizer.json runs in the browser on the same text, so the class can check the notes' numbers and their claim that Chinese models compress Chinese better.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes. Its notes quote no figures: read them off the rows, where the engine computes them from the files.",
    zh: "MiniMind 的笔记比较了 Llama 3、Qwen、DeepSeek、Gemma、ChatGLM 和 MiniMind 的词表。这里每个模型自己的 tokenizer.json 都在浏览器里跑同一段文字，大家可以核对笔记里的数字，也可以检验“中文模型压缩中文更好”这个说法。\n\n本课的课件（“授课”菜单）大约 15 分钟。讲稿里不写具体数字：数字都在页面的各行上，由引擎从文件里算出来，照着读就行。",
  },
  slides: Object.freeze([
    {
      view: { mtext: CHINESE },
      title: { en: "One text, every model", zh: "同一段文字，每个模型" },
      notes: {
        en: "A paragraph from the notes, in Chinese, through every model at once. Each row is that model's own tokenizer file, run here in the page: nothing is looked up online, and the rows fill in as the larger files load.\n\nBefore anyone reads the numbers, ask: which model will need the fewest tokens for this paragraph, and which the most?",
        zh: "笔记里的一段中文，同时交给每个模型去切。每一行都是该模型自己的分词器文件，就在这个页面里运行，不联网查询；较大的文件加载完，对应的行才会填上。\n\n先别看数字，问大家：这段话哪个模型用的 token 最少？哪个最多？",
      },
    },
    {
      view: { mtext: CHINESE },
      focus: "models-claim",
      title: { en: "The notes' claim, checked", zh: "检验笔记里的说法" },
      notes: {
        en: "The notes say that models trained by Chinese teams compress Chinese better. This card ranks the models by tokens per Chinese character, measured on the text above, and says whether the claim holds for it.\n\nRead the ranking aloud. Then point out that it is one text: a claim about compression needs more than one paragraph, which is why the next slides change the text.",
        zh: "笔记说：中国团队训练的模型，压缩中文的效果更好。这张卡片按“每个汉字的 token 数”给各模型排序，数字来自上面那段文字的实测，并说明这个说法在这段文字上是否成立。\n\n把排名读出来。然后提醒大家：这只是一段文字；要下“压缩得更好”的结论，一段话不够，所以后面几张换几种文字再看。",
      },
    },
    {
      view: { mtext: ENGLISH },
      title: { en: "English: the gap closes", zh: "英文：差距变小了" },
      notes: {
        en: "The same models on an English paragraph. Compare the token counts with the Chinese slide: every large vocabulary has the common English words as whole tokens, so the rows sit much closer together.\n\nAsk which rows moved the most between the two slides, and why a vocabulary trained mostly on English would behave that way.",
        zh: "同样的模型，换成一段英文。和中文那张比较一下 token 数：每个大词表都把常见的英文单词收成了完整的 token，所以各行的数字靠得近多了。\n\n问大家：两张之间哪几行变化最大？一个主要用英文训练的词表，为什么会这样？",
      },
    },
    {
      view: { mtext: CODE },
      title: { en: "Code: spaces and names", zh: "代码：空格和名字" },
      notes: {
        en: "The notes' own hands-on script. Look at the chips of the indented lines and of the model name in quotes: some tables have tokens for runs of spaces, some cut every digit apart.\n\nA model that reads and writes code pays for every one of these tokens, in its context window and in its cost.",
        zh: "这是笔记里动手实验用的那段脚本。看看缩进那几行和引号里模型名字的切法：有的词表有专门表示一串空格的 token，有的把每个数字都单独切开。\n\n会读写代码的模型，这些 token 每一个都要算进上下文窗口，也都要花钱。",
      },
    },
    {
      view: { mtext: MIXED },
      title: { en: "Mixed Chinese and English", zh: "中英混排" },
      notes: {
        en: "Real notes mix scripts: Chinese sentences with English terms such as ByteLevel and README. Look at the tokens per Chinese character and the characters per token side by side: a model can do well on one script and poorly on the other.\n\nAsk the room which model they would pick for a Chinese course whose notes look like this.",
        zh: "真实的笔记是混排的：中文句子里夹着 ByteLevel、README 这样的英文术语。把“每个汉字的 token 数”和“每个 token 的字符数”放在一起看：一个模型可能一种文字切得好，另一种切得差。\n\n问大家：如果课程笔记都是这个样子，你会选哪个模型？",
      },
    },
    {
      view: { mtext: "今天天气真好" },
      focus: "models-makeup",
      title: { en: "MiniMind's vocabulary, counted from its file", zh: "MiniMind 的词表：从文件里数出来" },
      notes: {
        en: "The notes' real example, 今天天气真好, through MiniMind. This card counts what MiniMind's tokenizer.json holds: its added tokens (the special ones among them), its byte tokens and its merges, which add up to its vocabulary.\n\nThe notes estimate the merges as the vocabulary minus the bytes, and warn that the real count is a little lower. The card's second line puts the notes' count beside the file's: read both, and ask where the difference went.",
        zh: "笔记里的真实例子“今天天气真好”，交给 MiniMind。这张卡片数的是 MiniMind 的 tokenizer.json 里到底有什么：新增 token（其中有几个是特殊 token）、字节 token 和合并规则，加起来正好是它的词表大小。\n\n笔记用“词表减去字节数”来估计合并规则的条数，并提醒真实的数字会少一点。卡片第二行把笔记的算法和文件里的数并排写出来：两个都读一下，问大家差的那几条去哪儿了。",
      },
    },
    {
      view: { mtext: "今天天气真好" },
      focus: "embedding-matrix",
      title: { en: "Where the ids go: rows of the embedding", zh: "id 去了哪里：嵌入矩阵的行" },
      notes: {
        en: "Each id is a row number. The tall box is MiniMind's embedding matrix, one row per token of its vocabulary and one column per dimension; the marks are the rows this text picks.\n\nNo weights ship with this app, so the rows are drawn as places, not as numbers: say so, and do not invent vectors. What the model does next starts from those rows.",
        zh: "每个 id 就是一个行号。这个高高的方框是 MiniMind 的嵌入矩阵：词表里每个 token 一行，每个维度一列；上面的标记就是这段文字取出的那几行。\n\n这个应用没有附带模型权重，所以只画出行的位置，不画数值：要跟大家说明这一点，不要编造向量。模型接下来的计算，就从这几行开始。",
      },
    },
    {
      view: { mtext: "今天天气真好" },
      title: { en: "A small vocabulary, a small matrix", zh: "词表小，矩阵就小" },
      notes: {
        en: "Look at each row's embedding size: its vocabulary times 768 dimensions, the notes' comparison of MiniMind against Qwen. A vocabulary many times larger is an embedding many times larger, before the model has learned anything.\n\nThat is MiniMind's trade: far fewer parameters in the embedding. Whether it costs tokens is a question for the rows: compare MiniMind's count with the large tables' on this text before saying that a small vocabulary means longer sequences. Then ask the room whether a small model should spend its parameters there.",
        zh: "看看每一行的嵌入矩阵大小：词表大小乘以 768 维，也就是笔记里拿 MiniMind 和 Qwen 做的那个比较。词表大很多倍，嵌入矩阵就大很多倍，这还是在模型学到任何东西之前。\n\n这就是 MiniMind 的取舍：嵌入矩阵的参数少了一大截。至于 token 会不会因此变多，要看各行的数字：先把 MiniMind 这一行的 token 数和几张大词表比一比，再说“词表小，序列就长”也不迟。然后问大家：一个小模型，该不该把参数花在这里？",
      },
    },
    {
      view: { mtext: "今天天气真好" },
      focus: "tokenizer-file",
      title: { en: "Your own tokenizer.json", zh: "用你自己的 tokenizer.json" },
      notes: {
        en: "Any HuggingFace tokenizer.json with a BPE model can be opened here: one trained in the Train lesson's “Train like MiniMind”, or one from a model's repository. It is read in the page and never uploaded, and it becomes a row of its own, and a table the Encode lesson can step through.\n\nA link to this view names the file but cannot carry it: whoever opens the link must open the file too.",
        zh: "任何带 BPE 模型的 HuggingFace tokenizer.json 都可以在这里打开：可以是在“训练”一课里“像 MiniMind 那样训练”得到的，也可以是从某个模型仓库下载的。文件只在页面里读取，不会上传；打开后它自己占一行，在“编码”一课里也能当作词表一步步地看。\n\n分享这个页面的链接时，链接里只有文件名，带不上文件本身：打开链接的人也得自己打开那个文件。",
      },
    },
  ]),
});
