"""Render rows as a GitHub-flavoured Markdown table, padded so it also reads well as plain text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

ALIGN_MARKERS = {"left": ":---", "right": "---:", "center": ":---:", None: "---"}


@dataclass(frozen=True)
class Column:
    title: str
    align: str | None = None  # "left", "right", "center" or None


def _cell(value: object) -> str:
    if value is None:
        return ""
    text = str(value)
    # Pipes would end the cell; newlines would end the row.
    return text.replace("|", "\\|").replace("\r\n", " ").replace("\n", " ")


def _pad(text: str, width: int, align: str | None) -> str:
    gap = width - len(text)
    if gap <= 0:
        return text
    if align == "right":
        return " " * gap + text
    if align == "center":
        left = gap // 2
        return " " * left + text + " " * (gap - left)
    return text + " " * gap


def render(columns: Sequence[Column], rows: Iterable[Sequence[object]]) -> str:
    cells = [[_cell(v) for v in row] for row in rows]
    for i, row in enumerate(cells):
        if len(row) != len(columns):
            raise ValueError(f"row {i} has {len(row)} cells, expected {len(columns)}")
    widths = [
        max([len(col.title), len(ALIGN_MARKERS[col.align])] + [len(row[k]) for row in cells])
        for k, col in enumerate(columns)
    ]
    lines = [
        "| " + " | ".join(_pad(col.title, widths[k], col.align) for k, col in enumerate(columns)) + " |",
        "| " + " | ".join(_marker(col.align, widths[k]) for k, col in enumerate(columns)) + " |",
    ]
    for row in cells:
        lines.append("| " + " | ".join(_pad(v, widths[k], columns[k].align) for k, v in enumerate(row)) + " |")
    return "\n".join(lines) + "\n"


def _marker(align: str | None, width: int) -> str:
    if align == "left":
        return ":" + "-" * (width - 1)
    if align == "right":
        return "-" * (width - 1) + ":"
    if align == "center":
        return ":" + "-" * (width - 2) + ":"
    return "-" * width
