"""Where browser tests save the screenshots a person looks at: SHOTS_DIR when set, else the test's tmp_path."""

import os
from pathlib import Path


def shot_path(tmp_path: Path, name: str) -> str:
    folder = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / f"polish-{name}.png")


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def csp_errors(page) -> list[str]:
    return [message for message in page.console_messages if "Content Security Policy" in message
            or "Content-Security-Policy" in message]
