"""The engine is pure Python + numpy: no Django, nothing of the apps (ARCHITECTURE.md)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_engine_imports_no_django_and_no_app_module():
    code = (
        "import sys, bingo.engine\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'licensing', 'vendors', 'montecarlo',"
        " 'config'} or (m.startswith('bingo.') and not m.startswith('bingo.engine')))\n"
        "assert not bad, bad\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
