"""What the browser tests share about a screen: where screenshots go (SHOTS_DIR when set, else the test's
tmp_path), axe-core's serious and critical findings, sideways scrolling and CSP errors in the console."""

import os
from pathlib import Path

BLOCKING = {"serious", "critical"}


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shot_path(tmp_path: Path, name: str) -> str:
    return str(shots_dir(tmp_path) / f"{name}.png")


def axe_problems(page, axe=None) -> list[str]:
    """axe-core's serious and critical findings on the page as it is, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = (axe or Axe()).run(page)
    return [f"{v['impact']}: {v['id']} ({v['help']}) at {[n['target'] for n in v['nodes']][:5]}"
            for v in results.response["violations"] if v["impact"] in BLOCKING]


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def csp_errors(page) -> list[str]:
    return [message for message in page.console_messages if "Content Security Policy" in message
            or "Content-Security-Policy" in message]
