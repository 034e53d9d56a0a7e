"""A small document model for generated prose, written out as Markdown or plain text.

The rule sheet and the variant diff are built as blocks (headings, paragraphs,
lists, tables) once; `render` writes them in either form, so the two formats
say exactly the same thing.
"""
from __future__ import annotations

import itertools
import textwrap
from dataclasses import dataclass, field

TEXT_WIDTH = 88
_NARROWEST = 12  # a table column is never wrapped narrower than this


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Item:
    text: str
    children: list["Block"] = field(default_factory=list)


@dataclass(frozen=True)
class Listing:
    items: list[Item]
    ordered: bool = True


@dataclass(frozen=True)
class Table:
    headers: list[str]
    rows: list[list[str]]


Block = Heading | Paragraph | Listing | Table


def render(blocks: list[Block], markdown: bool) -> str:
    """The blocks as Markdown, or as plain text wrapped to a terminal's width."""
    write = _markdown if markdown else _text
    return "\n".join(write(block) for block in blocks).rstrip("\n") + "\n"


def _markdown(block: Block) -> str:
    if isinstance(block, Heading):
        return f"{'#' * block.level} {block.text}\n"
    if isinstance(block, Paragraph):
        return block.text + "\n"
    if isinstance(block, Listing):
        return "\n".join(_markdown_list(block, "")) + "\n"
    def row(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"
    lines = [row(block.headers), "|" + "|".join("---" for _ in block.headers) + "|"]
    return "\n".join(lines + [row(r) for r in block.rows]) + "\n"


def _markdown_list(listing: Listing, indent: str) -> list[str]:
    lines = []
    for i, item in enumerate(listing.items, 1):
        marker = f"{i}. " if listing.ordered else "- "
        lines.append(f"{indent}{marker}{item.text}")
        for child in item.children:
            inner = indent + " " * len(marker)
            if isinstance(child, Listing):
                lines += _markdown_list(child, inner)
            else:  # a paragraph inside an item stands apart from the lists around it
                lines += [""] + [inner + line if line else "" for line in _markdown(child).splitlines()]
    return lines


def _text(block: Block) -> str:
    if isinstance(block, Heading):
        if block.level <= 2:
            return f"{block.text}\n{('=' if block.level == 1 else '-') * len(block.text)}\n"
        return f"{block.text}\n"
    if isinstance(block, Paragraph):
        return textwrap.fill(block.text, TEXT_WIDTH) + "\n"
    if isinstance(block, Listing):
        return "\n".join(_text_list(block, "")) + "\n"
    widths = _fit([max(len(cell) for cell in column) for column in zip(block.headers, *block.rows)])

    def row(cells: list[str]) -> list[str]:
        wrapped = [textwrap.wrap(cell, width) or [""] for cell, width in zip(cells, widths)]
        return ["  ".join(part.ljust(width) for part, width in zip(parts, widths)).rstrip()
                for parts in itertools.zip_longest(*wrapped, fillvalue="")]
    lines = row(block.headers) + ["  ".join("-" * w for w in widths)]
    for cells in block.rows:
        lines += row(cells)
    return "\n".join(lines) + "\n"


def _fit(widths: list[int]) -> list[int]:
    """Column widths that fit the text width: the widest columns give way first."""
    widths = list(widths)
    while sum(widths) + 2 * (len(widths) - 1) > TEXT_WIDTH and max(widths) > _NARROWEST:
        widest = widths.index(max(widths))
        widths[widest] -= 1
    return widths


def _text_list(listing: Listing, indent: str) -> list[str]:
    lines = []
    for i, item in enumerate(listing.items, 1):
        marker = f"{i}. " if listing.ordered else "- "
        inner = indent + " " * len(marker)
        lines += textwrap.wrap(item.text, TEXT_WIDTH, initial_indent=indent + marker, subsequent_indent=inner)
        for child in item.children:
            if isinstance(child, Listing):
                lines += _text_list(child, inner)
            else:
                lines += [inner + line if line else "" for line in _text(child).splitlines()]
    return lines
