"""How the store names files, the system's refusals and the parsers' complaints in the
sentences people read: without error numbers, Python reprs or repeated paths."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

TOO_LONG_A_NUMBER = "it holds a number too long to read"
"""Python refuses to convert numbers of thousands of digits, in JSON and TOML alike."""


def shown_path(path: Path) -> str:
    """``path`` as a person would type it: under the home folder it starts with ``~``.

    The settings and save folders sit deep inside the home folder, and a message naming
    them must still fit on a line or two.
    """
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except (ValueError, RuntimeError):  # not under the home folder, or there is none
        return str(path)


def with_path_on_its_own_lines(text: str, path: str, width: int) -> str:
    """``text`` with ``path`` on lines of its own, broken only after a slash.

    A narrow box wraps a sentence at spaces, and a path has none: it would be cut wherever
    the line ends (``settings.tom`` / ``l``), so it gets lines of its own, at most ``width``
    wide where a folder's name allows.
    """
    if f" {path} " not in f" {text} ":
        return text
    lines = [""]
    for part in re.findall(r"[^/]*/|[^/]+$", path):
        if lines[-1] and len(lines[-1]) + len(part) > width:
            lines.append("")
        lines[-1] += part
    return f" {text} ".replace(f" {path} ", "\n" + "\n".join(lines) + "\n", 1).strip()


def os_reason(error: OSError) -> str:
    """Why the system refused, as the end of a sentence: ``permission denied``.

    ``str(error)`` would add an errno and repeat the path that the message already names.
    """
    return lowered(error.strerror or "the system refused")


def json_problem(error: json.JSONDecodeError) -> str:
    """``expecting value at line 1, column 7``; ``unterminated string starting at line 1, ...``."""
    place = f"line {error.lineno}, column {error.colno}"
    what = lowered(error.msg)
    return f"{what} {place}" if what.endswith(" at") else f"{what} at {place}"


_TOML_COMPLAINT = re.compile(r"(?P<what>.*?)(?: \(at (?P<where>[^()]+)\))?", re.DOTALL)
_TOML_KEY = re.compile(r"\(((?:'[^'\\]*', ?)*'[^'\\]*'),?\)")
"""A key as tomllib quotes it, a Python tuple: ``('liar_game',)`` or ``('a', 'b')``."""


def toml_problem(error: tomllib.TOMLDecodeError) -> str:
    """``invalid value at line 4, column 14``; ``cannot declare [seats] twice at ...``.

    tomllib gives only a message ending in ``(at line 4, column 14)`` or ``(at end of
    document)``, and names keys as Python tuples; both are put in a person's words.
    """
    match = _TOML_COMPLAINT.fullmatch(str(error))
    assert match is not None, "the pattern matches any text"
    what = _TOML_KEY.sub(
        lambda key: "[" + key[1].replace("'", "").replace(", ", ".") + "]", match["what"]
    )
    where = match["where"]
    if where is None:
        return lowered(what)
    return f"{lowered(what)} at {'the end of the file' if where == 'end of document' else where}"


def lowered(sentence: str) -> str:
    """A sentence's start made fit to follow a colon."""
    return sentence[:1].lower() + sentence[1:]
