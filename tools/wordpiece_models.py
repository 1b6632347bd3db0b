"""The WordPiece tables (toklab/wordpiece_models.py), trained from shipped corpora by toklab itself.

    python tools/wordpiece_models.py    train each into .cache/wordpiece/<name>.tokenizer.json (with its
                                        vocab.txt beside it), print the paths

    wordpiece_en  toklab.wordpiece_models.train on sentencepiece's botchan.txt (PyPI sentencepiece==0.2.1,
                  test/botchan.txt, Apache-2.0: tools/spm_models.py fetches and checks it)

A table is trained again when its corpus or the engine's code that trains it changed (the key beside
it, <name>.key, names both); training the same corpus with the same code gives the same file
(toklab.hf.trainers_wordpiece's tie rule), which tests/test_wordpiece_table.py holds.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.common import CACHE, ROOT, say, sha256_file
from tools.spm_models import extra_file

sys.path.insert(0, str(ROOT / "py_src"))
from toklab.wordpiece_models import SUFFIX, WORDPIECE_MODELS, train  # noqa: E402

FOLDER = CACHE / "wordpiece"
SOURCES = "wordpiece-sources.json"
ENGINE = ROOT / "py_src" / "toklab"


def _key(corpus: Path) -> str:
    """The corpus's sha256 and the sha256 of the engine's code that trains and writes a table."""
    digest = hashlib.sha256()
    for path in [ENGINE / "wordpiece_models.py", *sorted((ENGINE / "hf").glob("*.py"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return f"{sha256_file(corpus)} {digest.hexdigest()}"


def vocab_txt(name: str) -> Path:
    """The table's vocab.txt (BERT's form: one token a line, its id its line number), beside its
    tokenizer.json in .cache/wordpiece/."""
    return wordpiece_file(name).with_name(f"{name}.vocab.txt")


def wordpiece_file(name: str) -> Path:
    """The path of table `name`'s tokenizer.json in .cache/wordpiece/, trained when it is missing or
    its corpus or the engine's training code changed."""
    facts = WORDPIECE_MODELS[name]
    corpus = extra_file(facts.corpus)
    path = FOLDER / f"{name}{SUFFIX}"
    keyfile = FOLDER / f"{name}.key"
    key = _key(corpus)
    vocab = path.with_name(f"{name}.vocab.txt")
    if path.is_file() and vocab.is_file() and keyfile.is_file() and keyfile.read_text() == key:
        return path
    say(f"training the WordPiece table {name} on {facts.corpus}")
    tok = train(corpus.read_text(encoding="utf-8").splitlines(), vocab_size=facts.vocab_size)
    FOLDER.mkdir(parents=True, exist_ok=True)
    for target, text in ((path, tok.to_str(pretty=True)), (vocab, "".join(f"{t}\n" for t, _ in sorted(tok.get_vocab().items(), key=lambda kv: kv[1])))):
        tmp = target.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8", newline="")
        os.replace(tmp, target)
    keyfile.write_text(key)
    return path


def sources() -> list[dict]:
    """What each shipped table was trained from (written as wordpiece-sources.json)."""
    out = []
    for name, facts in WORDPIECE_MODELS.items():
        path = wordpiece_file(name)
        out.append({"file": path.name, "vocab_file": vocab_txt(name).name, "title": facts.title,
                    "trained_by": "toklab.wordpiece_models.train (toklab.hf.trainers.WordPieceTrainer)",
                    "corpus": facts.corpus, "corpus_sha256": sha256_file(extra_file(facts.corpus)),
                    "vocab_size": facts.vocab_size, "sha256": sha256_file(path), "licence": facts.licence,
                    "licence_file": "LICENSE-sentencepiece.txt"})  # fmt: skip
    return out


def ship_wordpiece_models(out: Path) -> list[Path]:
    """Every table's tokenizer.json and vocab.txt, and wordpiece-sources.json, copied into `out`
    (dist/models/, where tools/spm_models.py has put botchan.txt and its licence)."""
    out.mkdir(parents=True, exist_ok=True)
    copies = []
    for name in WORDPIECE_MODELS:
        copies.append(Path(shutil.copyfile(wordpiece_file(name), out / f"{name}{SUFFIX}")))
        copies.append(Path(shutil.copyfile(vocab_txt(name), out / f"{name}.vocab.txt")))
    (out / SOURCES).write_text(json.dumps(sources(), indent=1) + "\n", encoding="utf-8")
    copies.append(out / SOURCES)
    return copies


if __name__ == "__main__":
    for name in WORDPIECE_MODELS:
        print(name, wordpiece_file(name), vocab_txt(name))
