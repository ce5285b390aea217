"""Run every benchmark in ``bench/`` that defines ``main()``, in name order.

``python -m bench`` runs them all; ``python -m bench evaluators`` runs only
the named ones. A new script joins by being a module here with a ``main()``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from collections.abc import Callable
from pathlib import Path


def scripts() -> dict[str, Callable[[], None]]:
    """Benchmark name -> its ``main``, sorted by name."""
    found: dict[str, Callable[[], None]] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__package__}.{info.name}")
        main = getattr(module, "main", None)
        if callable(main):
            found[info.name] = main
    return found


def run(names: list[str]) -> None:
    available = scripts()
    unknown = [n for n in names if n not in available]
    if unknown:
        raise SystemExit(f"no benchmark named {', '.join(unknown)}; "
                         f"there are: {', '.join(available)}")
    for name in names or list(available):
        print(f"== bench/{name}.py ==", flush=True)
        start = time.perf_counter()
        available[name]()
        print(f"({name} took {time.perf_counter() - start:.1f} s)\n", flush=True)


if __name__ == "__main__":
    run(sys.argv[1:])
