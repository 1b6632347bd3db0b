"""The open models toklab ships tokenizers for: their names, titles, licences and pinned files.

Declared here once, in a module that imports nothing of toklab's, so that any module may import it
(`registry` loads the tokenizers by these names; `protocol` can name them in its types).

    >>> TOKENIZER_NAMES[0], OPEN_MODELS["qwen3"].licence
    ('minimind', 'Apache-2.0')
"""

from dataclasses import dataclass

__all__ = ["IN_PACKAGE", "MINIMIND_MODEL", "OPEN_MODELS", "PACKED_SUFFIX", "TOKENIZER_NAMES", "OpenModel"]


@dataclass(frozen=True)
class OpenModel:
    """What toklab knows of a model without reading its tokenizer.json: what to call it, its licence,
    and the sha256 of the tokenizer.json toklab ships (tools/models.py fetches and checks that file)."""

    title: str
    licence: str
    json_sha256: str


TOKENIZER_NAMES = ("minimind", "qwen3", "deepseek_v3", "llama3", "gemma3")  # the one list of the names
OPEN_MODELS = {
    "minimind": OpenModel("MiniMind (minimind-3)", "Apache-2.0",
                          "71f32c68cf63a15355a8fc171b7594b3d41870fe0ddb54fc6aefa55f73a4a668"),
    "qwen3": OpenModel("Qwen3", "Apache-2.0", "aeb13307a71acd8fe81861d94ad54ab689df773318809eed3cbe794b4492dae4"),
    "deepseek_v3": OpenModel("DeepSeek-V3", "DeepSeek License Agreement (model licence)",
                             "621ac2e32d0dba658404412318818aaa8ce8cda492e59830109d8da6b517fb41"),
    "llama3": OpenModel("Llama 3", "Meta Llama 3 Community License (Built with Meta Llama 3)",
                        "c05a3c2174e9edd5be19dc5a0748c42a9037bec2811ce062728bfd71f8702d78"),
    "gemma3": OpenModel("Gemma 3", "Gemma Terms of Use", "4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795"),
}  # fmt: skip
PACKED_SUFFIX = ".hfpack"  # a tokenizer.json in toklab's compact form (toklab.hf.compact): <name>.hfpack
IN_PACKAGE = ("minimind",)  # small enough (45 KB packed) to go inside the wheel, as toklab/data/<name>.hfpack

# MiniMind's model (not its tokenizer): MiniMindConfig's defaults in model/model_minimind.py of
# jingyaogong/minimind at d65ef2c (assets/minimind/SOURCE.md): each id picks one of vocab_size rows of
# hidden_size numbers, and the output layer shares that matrix (tie_word_embeddings). No weights ship here.
MINIMIND_MODEL = {"hidden_size": 768, "tie_word_embeddings": True}
