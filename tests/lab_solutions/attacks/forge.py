# Posts a forged answer, "passed", for every run id a page counting 1, 2, 3... would use, by every
# postMessage it can find, then defines a wrong get_stats: the page must show the real failure.
try:
    import js
    from pyodide.ffi import jsnull, to_js
except ImportError:  # the lab's Python has no JavaScript (toklab_lab.nojs): nothing to post with
    js = None


def forged(number):
    return to_js({"id": number, "kind": "run", "ok": True,
                  "result": {"state": "passed", "passed": 9, "total": 9, "failure": None, "error": None,
                             "restart": False, "output": "", "output_cut": False}},
                 dict_converter=js.Object.fromEntries)


posts = []
obj = js.self if js is not None else None
while obj is not None and obj is not jsnull:
    found = js.Object.getOwnPropertyDescriptor(obj, "postMessage")
    if found is not None and getattr(found, "value", None) is not None:
        posts.append(found.value)
    obj = js.Object.getPrototypeOf(obj)

sent = 0
for post in posts:
    for number in range(1, 50):
        try:
            js.Reflect.apply(post, js.self, to_js([forged(number)]))
            sent += 1
        except Exception:
            pass
print(f"forged answers sent: {sent}")


def get_stats(ids):
    return {}
