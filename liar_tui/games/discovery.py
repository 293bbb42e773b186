"""Entry points of one group, read from the installed distributions' own files.

``importlib.metadata`` answers the same question but imports ``email``, ``csv`` and
``zipfile`` to do it: about 30 ms, a tenth of the app's start, spent before the home screen
can list the games. What the registry needs is a few lines of small text files, so it reads
them itself, the way ``importlib.metadata`` finds them: every ``*.dist-info`` and
``*.egg-info`` folder on ``sys.path``, the first one found for each distribution name, and
the group's section of its ``entry_points.txt``. A test checks that both find the same.
Distributions inside zip files on the path (zipapps, zipped eggs) are not read: a game is
installed as a folder.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from importlib import import_module
from typing import Any

METADATA_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class EntryPoint:
    name: str
    value: str
    """``package.module:attribute``, as the entry point names what it points at."""

    def load(self) -> Any:
        module, _, attribute = self.value.partition(":")
        found: Any = import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            found = getattr(found, part)
        return found


def entry_points(group: str) -> list[EntryPoint]:
    """The group's entry points of every distribution on ``sys.path``, in path order."""
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in sys.path:
        for metadata in _metadata_folders(folder or "."):
            stem = os.path.splitext(os.path.basename(metadata))[0]
            distribution = _normalized(stem.partition("-")[0])
            if distribution in seen:
                continue
            seen.add(distribution)
            found += _section(os.path.join(metadata, "entry_points.txt"), group)
    return found


def _metadata_folders(folder: str) -> list[str]:
    try:
        names = os.listdir(folder)
    except OSError:  # a zip file, a folder gone or unreadable: no distributions there
        return []
    return [
        os.path.join(folder, name) for name in names if name.lower().endswith(METADATA_SUFFIXES)
    ]


def _normalized(name: str) -> str:
    """``Liar-TUI`` and ``liar_tui`` are one distribution (PEP 503, as importlib.metadata)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _section(path: str, group: str) -> list[EntryPoint]:
    """``name = value`` lines under ``[group]``; comments and extras (``[extra]``) left out."""
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    found: list[EntryPoint] = []
    section = None
    for line in map(str.strip, lines):
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            value = re.sub(r"\s*\[.*\]\s*$", "", value).strip()
            found.append(EntryPoint(name.strip(), value))
    return found
