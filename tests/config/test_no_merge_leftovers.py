"""No file of the project keeps a merge's conflict markers: one did (a member's row in the portal showed
"<<<<<<< HEAD" to officers), and nothing else would have noticed a template's."""

import re
import subprocess

from django.conf import settings

MARKER = re.compile(r"^(<<<<<<< |>>>>>>> |=======$)", re.MULTILINE)


def test_no_tracked_file_holds_conflict_markers():
    files = subprocess.run(["git", "ls-files"], cwd=settings.BASE_DIR, capture_output=True, text=True,
                           check=True).stdout.split()
    found = []
    for name in files:
        if not name.endswith((".py", ".html", ".js", ".css", ".md", ".po", ".toml", ".txt", ".json", ".yml")):
            continue
        text = (settings.BASE_DIR / name).read_text(encoding="utf-8", errors="replace")
        if MARKER.search(text) and ("<<<<<<< " in text or ">>>>>>> " in text):
            found.append(name)
    assert found == []
