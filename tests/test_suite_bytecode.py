"""The main process of a ``pytest -n`` run rewrites the test modules once, where the
workers' importer reads them (tests/support/bytecode.py)."""

from __future__ import annotations

from pathlib import Path
from types import CodeType

import pytest
from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, get_cache_dir

from tests.support.bytecode import _rewrite_test_modules


def test_each_test_module_is_rewritten_once_and_read_back(tmp_path: Path,
                                                          request: pytest.FixtureRequest
                                                          ) -> None:
    module = tmp_path / "inner" / "test_sample.py"
    module.parent.mkdir()
    module.write_text("def test_sum(x=1):\n    assert x + 1 == 2\n", encoding="utf-8")
    helper = tmp_path / "inner" / "helper.py"
    helper.write_text("VALUE = 1\n", encoding="utf-8")
    _rewrite_test_modules(request.config, tmp_path)
    pyc = get_cache_dir(module) / ("test_sample" + PYC_TAIL)
    code = _read_pyc(module, pyc)
    assert code is not None
    (test,) = [c for c in code.co_consts if isinstance(c, CodeType)]
    assert any(name.startswith("@py_assert") for name in test.co_varnames), "rewritten"
    assert not (get_cache_dir(helper) / ("helper" + PYC_TAIL)).exists()
    written = pyc.stat().st_mtime_ns
    _rewrite_test_modules(request.config, tmp_path)
    assert pyc.stat().st_mtime_ns == written, "a current rewrite is read, not made again"


def test_a_folder_where_no_bytecode_can_be_written_is_left_to_the_workers(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    module = tmp_path / "test_sample.py"
    module.write_text("def test_nothing():\n    assert True\n", encoding="utf-8")
    get_cache_dir(module).write_text("a file where the cache folder would be\n")
    _rewrite_test_modules(request.config, tmp_path)
    assert get_cache_dir(module).is_file()
