"""The lab lesson's code editor: CodeMirror 6 bundled into one ES module, dist/vendor/codemirror.mjs.

The packages are fetched like Pyodide (tools/downloads.py): `npm pack` of each exact version, checked
against its pinned sha256, kept in .cache/npm/. They are unpacked into a temporary node_modules/ and
bundled by esbuild, whose native Linux binary ships in the @esbuild/linux-x64 package (pinned the same
way; esbuild needs no Node.js to run). The bundle is cached under .cache/codemirror/, keyed by the pins
and the entry file, so a rebuild needs neither the network nor npm.

Without a cached bundle the build needs the esbuild binary for this machine: on anything but Linux
x86-64 it stops with a message that says which pin to add. It never ships the lab without its editor.

`tools/codemirror_entry.mjs` is the entry: the names the lab imports. The packages' licences go beside
the bundle (codemirror.LICENSES.txt).
"""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import stat
import tarfile
import tempfile
from pathlib import Path

from tools.common import CACHE, TOOLS, BuildError, run_quiet, say
from tools.downloads import Download, npm_tarball

# codemirror 6.0.2 with @codemirror/lang-python 6.2.1 and every package they import, each at the
# version npm resolved for them together. A version change here is a new pin and a new hash.
PACKAGES = (
    Download("codemirror", "6.0.2", "d2fc839b12c48f9f7e1405c39f8c4488628c306bfbec728b81cf95802c224ac6"),
    Download("@codemirror/lang-python", "6.2.1", "022a075ece066c3015dce4fbddd4d8b6f597679e756d50e697ec16cd3e5b59ca"),
    Download("@codemirror/autocomplete", "6.20.4", "40b9657b137284426bcd829cdee7dc78a748337de997a12b10b5c725f67aa0d0"),
    Download("@codemirror/commands", "6.11.1", "f477f46d8c00278e1b387baebd53bd6556fd5f3c7401ebe2a05543600fcbff0f"),
    Download("@codemirror/language", "6.13.1", "e711ec28da046f6c163e777c5466d8ac805ee9ef5f51c511e8729c6789be7f83"),
    Download("@codemirror/lint", "6.9.8", "637290fb6a6633a1a08f44c721afb75e0387d86c9b7c42d723a00a974811aae8"),
    Download("@codemirror/search", "6.7.2", "cea9bcf62e34f89f2a49bc5e37bcf6d4f32049892f5a0b1cbd0b8160094dec97"),
    Download("@codemirror/state", "6.7.6", "91d75acc955ceeaf86af9396c11cda7694fe6222aac8427fa033d89eff5ac839"),
    Download("@codemirror/streamparser", "6.0.0", "b4888c5ab40350e7a1747d765948a8fa45cfd127c479dd4cdef8097046efe14a"),
    Download("@codemirror/view", "6.43.15", "f0d5921406f841d211fa0887aabf10626c47676bfc63a4abed2a4d207e27c5ac"),
    Download("@lezer/common", "1.5.5", "ed93cee36403124f51eae638b8a032d6694914c19704de7610db7f2a9441c963"),
    Download("@lezer/highlight", "1.2.5", "e349eec1ff4382439c1e6286ae937e0203a8349c5192e2e133863391775ac7ff"),
    Download("@lezer/lr", "1.4.12", "64382ee7f144221e4c655f2034393c6be9cecaf5ea2ec1c1edeb99424defb272"),
    Download("@lezer/python", "1.1.19", "0e00a32717366099c01b38a19ceb73315cd1dd9b335d98b49fea50ab7c5c2a98"),
    Download("@marijn/find-cluster-break", "1.0.4", "5d12b770b64d46632c84fcd18e1d4c09f195ed0f5dbc71f94a41f0af333eaeae"),
    Download("crelt", "1.0.7", "3542299c0278fdc26aceb2b13d31bffbcb89d7367706bbc457130e3fd103c03e"),
    Download("style-mod", "4.1.5", "c4a44844213a141da55c51a2f81d701acdb9944465328b4a2a6b9626c6d9fc39"),
    Download("w3c-keyname", "2.2.8", "05d21484026d1f2dd842c843181e391e66d60f1d5dff292d562c3f40302dab36"),
)
# esbuild's native binary, by (system, machine). Only the machine this project builds on is pinned.
ESBUILD = {
    ("Linux", "x86_64"): Download("@esbuild/linux-x64", "0.28.2", "9573bb2233aab0f9ea7647d5cca9726113cc1768de61d66b17267f4db84488f6"),
}
ENTRY = TOOLS / "codemirror_entry.mjs"
BUNDLE = "codemirror.mjs"
LICENSES = "codemirror.LICENSES.txt"


def cache_key() -> str:
    """The bundle's cache folder name: a hash of every pin, the esbuild pins and the entry file."""
    digest = hashlib.sha256()
    for item in (*PACKAGES, *ESBUILD.values()):
        digest.update(f"{item.name}@{item.version}:{item.sha256}\n".encode())
    digest.update(ENTRY.read_bytes())
    return digest.hexdigest()[:24]


def esbuild_pin() -> Download:
    key = (platform.system(), platform.machine())
    if key not in ESBUILD:
        raise BuildError(
            f"the lab's code editor is bundled by esbuild, and no esbuild binary is pinned for {key[0]} {key[1]}: "
            "add its @esbuild/<platform> package (npm pack it, pin its sha256) to ESBUILD in tools/codemirror.py"
        )
    return ESBUILD[key]


def unpack_package(tarball: Path, folder: Path) -> None:
    """An npm tarball's package/ folder as `folder` (no paths outside it, no links)."""
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.startswith("package/"):
                continue
            rel = Path(member.name[len("package/"):])
            if rel.is_absolute() or ".." in rel.parts:
                raise BuildError(f"{tarball.name} holds a path outside its package ({member.name}): the pin is wrong")
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(tar.extractfile(member).read())


def licence_text(folder: Path, item: Download) -> str:
    """The package's licence file, headed by its name and version."""
    for name in ("LICENSE", "LICENSE.md", "LICENSE.txt", "license"):
        path = folder / name
        if path.is_file():
            return f"{item.name} {item.version}\n\n{path.read_text(encoding='utf-8').strip()}\n"
    raise BuildError(f"{item.name} {item.version} ships no licence file: check the pin in tools/codemirror.py")


def make_bundle(folder: Path) -> None:
    """Bundle CodeMirror into `folder` (BUNDLE and LICENSES), from the pinned tarballs."""
    esbuild = esbuild_pin()
    tarballs = [(item, npm_tarball(item)) for item in PACKAGES]
    esbuild_tgz = npm_tarball(esbuild)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        work = Path(tmp)
        licences = []
        for item, tarball in tarballs:
            package = work / "node_modules" / item.name
            unpack_package(tarball, package)
            licences.append(licence_text(package, item))
        tool = work / "esbuild"
        unpack_package(esbuild_tgz, tool)
        binary = tool / "bin" / "esbuild"
        binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
        shutil.copy2(ENTRY, work / "entry.mjs")
        out = work / "out"
        out.mkdir()
        run_quiet(
            [str(binary), "entry.mjs", "--bundle", "--format=esm", "--minify", "--target=es2020",
             "--legal-comments=none", "--log-level=error", f"--outfile={out / BUNDLE}"],
            "esbuild (bundling CodeMirror)",
            "check tools/codemirror_entry.mjs and the pins in tools/codemirror.py",
            cwd=work,
        )
        (out / LICENSES).write_text("\n\n".join(licences), encoding="utf-8")
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)  # a folder left half-written by an interrupted build
        os.replace(out, folder)


def bundle_codemirror(dest: Path) -> None:
    """Write BUNDLE and LICENSES into `dest` (dist/vendor/), bundling first when the cache lacks them."""
    folder = CACHE / "codemirror" / cache_key()
    if not (folder / BUNDLE).is_file():
        say("bundling CodeMirror with esbuild")
        CACHE.mkdir(exist_ok=True)
        make_bundle(folder)
    dest.mkdir(parents=True, exist_ok=True)
    for name in (BUNDLE, LICENSES):
        shutil.copy2(folder / name, dest / name)
