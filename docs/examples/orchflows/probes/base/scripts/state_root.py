"""Where orchflows keeps its state (a probe fixture: only friction_root is graded)."""
from pathlib import Path


def friction_root(base: Path) -> Path:
    return base / ".orch-friction"
