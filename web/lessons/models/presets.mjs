// The models lesson's texts: real ones, from the MiniMind notes (seed 001) and its hands-on script.

export const CHINESE = "词表大有什么问题？这里得先把 embedding 说清楚。模型里有一块专门的矩阵，负责把编号变成向量，术语叫 embedding 矩阵（嵌入矩阵）。它的形状是词表大小 × 向量维度：每一行对应词表里的一个 token。查表的过程极其简单——token id 是几，就取第几行。";
export const ENGLISH = "Machine learning models learn patterns from data. A language model reads a sequence of tokens and predicts what token is likely to appear next. Tokenization is an important step because it determines how raw text is divided into smaller units.";
export const CODE = `from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("jingyaogong/minimind-3")

text = "今天天气真好"
tokens = tokenizer.tokenize(text)
ids = tokenizer.encode(text)

print("token:", tokens)
print("token id:", ids)
`;
export const MIXED = "MiniMind 的 tokenizer 用的是 ByteLevel 模式，不显式用 </w> 标记，而是在每个词前面加一个特殊的前缀字节（通常是空格对应的字节 Ġ）。README 里写得很清楚：MiniMind 使用的是自定义的 BPE + ByteLevel 分词器，词表大小为 6400。";

export const PRESETS = Object.freeze([
  { id: "chinese", text: CHINESE, label: "models.preset.chinese" },
  { id: "english", text: ENGLISH, label: "models.preset.english" },
  { id: "code", text: CODE, label: "models.preset.code" },
  { id: "mixed", text: MIXED, label: "models.preset.mixed" },
  { id: "weather", text: "今天天气真好", label: "models.preset.weather" },
]);
