# Prints what became of the promises escape.py started, as it noted them in builtins: in a fresh Python
# (every run gets one) it finds nothing and says "not run". Then it defines a wrong get_stats.
import builtins

for name, state in getattr(builtins, "sandbox_probe_pending", {"escape.py": "not run"}).items():
    print(f"{name}: {state}")


def get_stats(ids):
    return {}
