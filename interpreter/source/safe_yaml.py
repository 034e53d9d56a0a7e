"""Read untrusted ruleset YAML into plain data, remembering where every value was written.

Rulesets are written by non-programmers and may be hostile, so the loader never
constructs objects: it composes the node graph (with libyaml when it is installed,
else with PyYAML's SafeLoader, which also words every syntax error) and converts it
by hand into dict, list, str, int, float, bool and None. Size, nesting depth and
alias expansion are bounded. Every failure becomes a RulesetError whose problems
point at ``file:line:column``; later stages use the SourceMap for the same purpose.

Scalars follow YAML 1.1 as ``yaml.safe_load`` reads them (``yes`` is true, ``0o17``
is an int), except that timestamps stay the text that was written. Tags other than
the plain types (``!!binary``, ``!!set``, ``!!python/...``, ``!custom``) are refused.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, cast

import yaml
from yaml.constructor import SafeConstructor
from yaml.error import Mark
from yaml.events import (AliasEvent, DocumentEndEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent, SequenceStartEvent, StreamEndEvent, StreamStartEvent)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import Reader, ReaderError

from ..errors import BadFile, Position, Problem, RulesetError
from .files import open_regular

MAX_FILE_BYTES = 1_000_000
MAX_NODES = 200_000
MAX_DEPTH = 64

DocumentPath = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"
_MAP, _SEQ, _NULL, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "null", _TAG + "merge"
_text = attrgetter("value")
_SAFE = SafeConstructor()  # only its scalar methods are used, and they keep no state
# How each allowed scalar tag becomes a value. Timestamps, a lone "=" (!!value) and
# "<<" outside a key (!!merge) have no plain type, so they stay text.
_SCALARS: dict[str, Callable[[ScalarNode], object]] = {
    _NULL: _SAFE.construct_yaml_null,
    _TAG + "bool": _SAFE.construct_yaml_bool,
    _TAG + "int": _SAFE.construct_yaml_int,
    _TAG + "float": _SAFE.construct_yaml_float,
    _TAG + "str": _text,
    _TAG + "timestamp": _text,
    _TAG + "value": _text,
    _MERGE: _text,
}
_KINDS = {bool: "a boolean", int: "a number", float: "a number", type(None): "null"}
_INVALID = object()  # stands in for a value that was reported as a problem
# The events libyaml gives between a document's start and its end.
_InDocument = ScalarEvent | SequenceStartEvent | MappingStartEvent | AliasEvent | SequenceEndEvent | MappingEndEvent


@dataclass(frozen=True)
class SourceMap:
    """Where each value of a loaded document was written, so any stage can point at it."""

    file: str
    values: dict[DocumentPath, tuple[int, int]] = field(default_factory=dict)
    keys: dict[DocumentPath, tuple[int, int]] = field(default_factory=dict)
    # Keys that look like the rest of an unquoted text cut short by a `,` inside `{...}`, by where the
    # key is written: (the key whose text was cut, the whole text as it was probably meant).
    run_on: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)

    def position(self, path: Iterable[str | int] = ()) -> Position:
        """Position of the value at `path`, else of its nearest known ancestor."""
        path = tuple(path)
        for end in range(len(path), -1, -1):
            found = self.values.get(path[:end])
            if found:
                return Position(self.file, *found)
        return Position(self.file, 1, 1)

    def key_position(self, path: Iterable[str | int]) -> Position:
        """Position of the key that introduced `path`; sequence items fall back to the value."""
        path = tuple(path)
        found = self.keys.get(path)
        return Position(self.file, *found) if found else self.position(path)


def load_text(text: str, file: str = "<string>") -> tuple[object, SourceMap]:
    """Parse one ruleset document from `text`; `file` is only used in positions."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise _error("Y004", f"the file is larger than {MAX_FILE_BYTES} bytes", Position(file))
    try:
        root = _compose_quickly(text) or _compose(_Loader(text, file))
    except ReaderError as error:
        line, column = _end_of(text[: error.position])
        raise _error(
            "Y010",
            f"the character U+{error.character:04X} is not allowed in a ruleset",
            Position(file, line, column),
            hint="rulesets must be plain text without control characters",
        ) from None
    except yaml.MarkedYAMLError as error:
        raise _syntax_error(file, error) from None
    _check_expansion(root, file)
    converter = _Converter(file)
    data = converter.convert(root, ())
    converter.finish()
    if converter.problems:
        raise RulesetError(list(dict.fromkeys(converter.problems)))
    return data, SourceMap(file, converter.values, converter.keys, converter.run_on)


def load_file(path: str | os.PathLike[str]) -> tuple[object, SourceMap]:
    """Read a ruleset file as UTF-8 (refusing huge files unread) and load it."""
    file = os.fspath(path)
    try:
        with open_regular(file, MAX_FILE_BYTES) as stream:  # a pipe or a device would block or never end
            data = stream.read(MAX_FILE_BYTES + 1)  # (a file of the system may say it is empty and still hold more)
    except BadFile as error:
        from ..words.errors import file_problem
        raise _error("Y004" if error.kind == "too_large" else "F001", file_problem(error), Position(file)) from None
    except OSError as error:
        raise _error("F001", f"cannot read the file: {error.strerror}", Position(file)) from None
    if len(data) > MAX_FILE_BYTES:
        raise _error("Y004", f"the file is larger than {MAX_FILE_BYTES} bytes", Position(file))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _end_of(data[: error.start].decode("utf-8"))
        raise _error(
            "Y010",
            f"the file is not UTF-8 text (byte 0x{data[error.start]:02x})",
            Position(file, line, column),
            hint="save the file as UTF-8",
        ) from None
    return load_text(text, file)


class _Loader(yaml.SafeLoader):
    """A SafeLoader that refuses deep nesting while composing, long before the stack runs out."""

    def __init__(self, text: str, file: str) -> None:
        super().__init__(text)
        self.file = file
        self.depth = 0

    def compose_node(self, parent: Node | None, index: int | Node | None) -> Node | None:
        """`index` is an item's place in a list, a value's key node, or None for a key or the document."""
        if not self.check_event(SequenceStartEvent, MappingStartEvent):
            return super().compose_node(parent, index)  # type: ignore[arg-type]  # PyYAML's stubs say int
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _too_deep(self.file, self.peek_event().start_mark)
        node = super().compose_node(parent, index)  # type: ignore[arg-type]  # PyYAML's stubs say int
        self.depth -= 1
        return node


def _compose(loader: _Loader) -> Node:
    """Compose exactly one non-empty document."""
    loader.get_event()  # stream start
    if loader.check_event(StreamEndEvent):
        raise _error("Y008", "the file is empty", Position(loader.file))
    root = loader.compose_document()
    if not loader.check_event(StreamEndEvent):
        raise _error(
            "Y009",
            "the file holds more than one YAML document; the second one starts here",
            _position(loader.file, loader.peek_event().start_mark),
            hint="a ruleset is a single document: remove the '---' line",
        )
    if root is None or (root.tag == _NULL and not root.value):
        raise _error("Y008", "the file is empty", Position(loader.file))
    return root


def _compose_quickly(text: str) -> Node | None:
    """The node graph of a well-formed single document, read by libyaml; None for anything else.

    libyaml reads several times faster than the pure-Python reader and reports the
    same positions. Nodes are built here without recursion, so nesting is bounded
    as it is read. Whatever is unusual (no libyaml, a syntax error, an undefined or
    repeated anchor, deep nesting, no document or several) returns None, and the
    pure-Python reader then reads the text again and words the problem.
    """
    if not yaml.__with_libyaml__ or Reader.NON_PRINTABLE.search(text):
        return None
    loader = yaml.CSafeLoader(text)
    try:
        return _build(loader)
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()


def _build(loader: yaml.CSafeLoader) -> Node | None:
    """Compose nodes from libyaml's events, as PyYAML's composer does, or None when in doubt."""
    if not loader.check_event(StreamStartEvent):
        return None
    loader.get_event()
    if not loader.check_event(DocumentStartEvent):
        return None
    loader.get_event()
    anchors: dict[str, Node] = {}
    open_nodes: list[list[Any]] = []  # [collection, key waiting for its value]
    root: Node | None = None
    while not loader.check_event(DocumentEndEvent):
        event = cast(_InDocument, loader.get_event())
        if isinstance(event, (SequenceEndEvent, MappingEndEvent)):
            open_nodes.pop()[0].end_mark = event.end_mark
            continue
        if isinstance(event, AliasEvent):
            node = anchors.get(cast(str, event.anchor))  # an alias always names an anchor
            if node is None:
                return None
        elif event.anchor is not None and event.anchor in anchors:
            return None
        elif isinstance(event, ScalarEvent):
            tag = event.tag if event.tag not in (None, "!") else loader.resolve(ScalarNode, event.value, event.implicit)
            node = ScalarNode(tag, event.value,
                              event.start_mark, event.end_mark,  # type: ignore[arg-type]  # libyaml Marks: not in stubs
                              style=event.style or None)
        else:
            kind = SequenceNode if isinstance(event, SequenceStartEvent) else MappingNode
            tag = event.tag if event.tag not in (None, "!") else loader.resolve(kind, None, event.implicit)
            node = kind(tag, [], event.start_mark,  # type: ignore[arg-type]  # a libyaml Mark: not in stubs
                        None, flow_style=event.flow_style)
        if not isinstance(event, AliasEvent) and event.anchor is not None:
            anchors[event.anchor] = node
        if open_nodes:
            _attach(open_nodes[-1], node)
        else:
            root = node
        if isinstance(event, (SequenceStartEvent, MappingStartEvent)):
            if len(open_nodes) >= MAX_DEPTH:
                return None
            open_nodes.append([node, None])
    loader.get_event()
    if not loader.check_event(StreamEndEvent) or root is None or (root.tag == _NULL and not root.value):
        return None
    return root


def _attach(entry: list[Any], node: Node) -> None:
    """Add a node to an open collection: as an item, as a key, or as the value of the waiting key."""
    collection = entry[0]
    if isinstance(collection, SequenceNode):
        collection.value.append(node)
    elif entry[1] is None:
        entry[1] = node
    else:
        collection.value.append((entry[1], node))
        entry[1] = None


def _check_expansion(root: Node, file: str) -> None:
    """Refuse alias bombs, alias cycles and alias-deepened nesting before building data.

    Aliases share nodes, so each collection's expanded size and depth is computed once
    and a billion-laughs document is refused in time proportional to its text. An alias
    always follows its anchor, so a shared node has been measured by the time it is
    reached again, unless it is still being measured: then it contains itself.
    """
    measured: dict[int, tuple[int, int] | None] = {}  # None while being measured

    def measure(node: Node) -> tuple[int, int]:
        if isinstance(node, ScalarNode):
            return 1, 0
        if id(node) in measured:
            known = measured[id(node)]
            if known is None:
                raise _error(
                    "Y006",
                    "an alias (*name) refers to a value that contains it, so it nests forever",
                    _position(file, node.start_mark),
                )
            return known
        measured[id(node)] = None
        items = node.value if isinstance(node, SequenceNode) else [n for p in node.value for n in p]
        sizes = [measure(item) for item in items]
        count = 1 + sum(size for size, _ in sizes)
        depth = 1 + max((inner for _, inner in sizes), default=0)
        if count > MAX_NODES:
            raise _error(
                "Y005",
                f"this value holds more than {MAX_NODES} values"
                " once each alias (*name) is expanded",
                _position(file, node.start_mark),
            )
        if depth > MAX_DEPTH:
            raise _too_deep(file, node.start_mark)
        measured[id(node)] = count, depth
        return count, depth

    measure(root)


MAX_NUMBER = 2**53  # the numbers a ruleset may write: every one exact in JSON, in a log and in a browser
MAX_SAID_DUPLICATES = 5
# What a terminal may obey (all C0 but tab and line break, DEL, C1), and the invisible characters that reorder or
# hide the text around them (bidirectional embeddings, overrides and isolates, a zero-width space, a byte-order mark).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b\u202a-\u202e\u2066-\u2069\ufeff]")


class _Converter:
    """Turns a composed node graph into plain data, recording positions and problems."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.values: dict[DocumentPath, tuple[int, int]] = {}
        self.keys: dict[DocumentPath, tuple[int, int]] = {}
        self.run_on: dict[tuple[int, int], tuple[str, str]] = {}
        self.problems: list[Problem] = []
        self.duplicates = 0  # duplicate keys found; only the first few are said one by one
        self.more_duplicates_at: Node | None = None

    def finish(self) -> None:
        """One problem for the duplicate keys not said one by one (a file may hold thousands)."""
        if self.more_duplicates_at is not None:
            more = self.duplicates - MAX_SAID_DUPLICATES
            self._problem("Y003", f"{more} more duplicate key{'s' if more != 1 else ''} from here on",
                          self.more_duplicates_at)

    def convert(self, node: Node, path: DocumentPath) -> object:
        """Plain data for `node`, which _check_expansion has already bounded."""
        self.values[path] = _line_column(node.start_mark)
        if isinstance(node, ScalarNode):
            return self._scalar(node)
        if node.tag != (_MAP if isinstance(node, MappingNode) else _SEQ):
            return self._bad_tag(node)
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        return [self.convert(item, (*path, i)) for i, item in enumerate(node.value)]

    def _mapping(self, node: MappingNode, path: DocumentPath) -> dict[str, object]:
        result: dict[str, object] = {}
        before: tuple[Node, Node] | None = None  # the pair written just before this one
        chain: _RunOn | None = None
        for key_node, value_node in node.value:
            if node.flow_style:
                chain = self._note_run_on(chain, before, key_node, value_node)
            before = key_node, value_node
            key = self._key(key_node)
            if key is None:
                continue
            child = (*path, key)
            if key in result:
                self.duplicates += 1
                if self.duplicates <= MAX_SAID_DUPLICATES:
                    self._problem("Y003", f"duplicate key {key!r} (first defined on line {self.keys[child][0]})",
                                  key_node)
                elif self.duplicates == MAX_SAID_DUPLICATES + 1:
                    self.more_duplicates_at = key_node
                continue
            self.keys[child] = _line_column(key_node.start_mark)
            result[key] = self.convert(value_node, child)
        return result

    def _note_run_on(self, chain: _RunOn | None, before: tuple[Node, Node] | None, key_node: Node,
                     value_node: Node) -> _RunOn | None:
        """Remember a key that is most likely the rest of the text before it, cut at an unquoted `,`.

        In `{description: Play cards, in order.}` YAML reads `in order.` as a key of its own.
        Only a plain key that no name could be (it holds a space or ends in `.`), written on
        the line where the plain text before it ends, is taken for such a rest; several rests in
        a row (`a, b c, d e.`) make one text, carried from pair to pair in `chain`.
        """
        if before is None or not _rest_of_text(key_node, value_node):
            return None
        written_before, text = before
        if chain is None or not _implicit_null(text):
            if not (_plain_text(text) and isinstance(written_before, ScalarNode)):
                return None
            chain = _RunOn(str(written_before.value), str(text.value))
        if text.end_mark.line != key_node.start_mark.line:
            return None
        chain.meant += f", {key_node.value}" + (f": {value_node.value}" if _plain_text(value_node) else "")
        chain.rests.append(_line_column(key_node.start_mark))
        for where in chain.rests:
            self.run_on[where] = (chain.cut, chain.meant)
        return chain if _implicit_null(value_node) else None

    def _key(self, node: Node) -> str | None:
        """The key as text, or None once the reason it is unusable was reported."""
        if node.tag == _MERGE:
            self._problem(
                "Y011",
                "merge keys ('<<') are not supported; use the ruleset's 'extends' instead",
                node,
            )
            return None
        if not isinstance(node, ScalarNode):
            kind = "a mapping" if isinstance(node, MappingNode) else "a list"
            self._problem("Y007", f"a mapping key must be text, not {kind}", node)
            return None
        key = self._scalar(node)
        if key is _INVALID:
            return None
        if isinstance(key, str):
            return key
        self._problem(
            "Y007",
            f"the key {node.value!r} is read as {_KINDS[type(key)]}, but keys must be text",
            node,
            hint=f'quote the key: "{node.value}":',
        )
        return None

    def _scalar(self, node: ScalarNode) -> object:
        construct = _SCALARS.get(node.tag)
        if construct is None:
            return self._bad_tag(node)
        try:
            value = construct(node)
        except (LookupError, ValueError):
            self._problem(
                "Y002",
                f"{node.value!r} cannot be read as {_tag_name(node.tag)}",
                node,
                hint="quote it to make it text",
            )
            return _INVALID
        if type(value) is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
            shown = node.value if len(node.value) <= 24 else node.value[:20] + "…"
            self._problem("Y002", f"the number {shown} is beyond what a ruleset may hold (±{MAX_NUMBER:,})", node)
            return _INVALID
        if isinstance(value, str):
            control = _CONTROL.search(value)
            if control is not None:  # written as an escape ("\e", "\x9b"): never shown to a terminal as it is
                what = "control" if ord(control.group()) < 0x200 else "invisible"
                self._problem("Y010", f"the text holds the {what} character U+{ord(control.group()):04X}",
                              node, hint="rulesets are plain text: write what the character should show instead")
                return _INVALID
        return value

    def _bad_tag(self, node: Node) -> object:
        self._problem(
            "Y002", f"tag {_tag_name(node.tag)} is not allowed; rulesets are plain data", node
        )
        return _INVALID

    def _problem(self, code: str, message: str, node: Node, hint: str = "") -> None:
        position = _position(self.file, node.start_mark)
        self.problems.append(Problem(code, message, position, hint=hint))


@dataclass
class _RunOn:
    """A text cut short by unquoted commas: the key it belongs to, the whole text, where each rest is written."""

    cut: str
    meant: str
    rests: list[tuple[int, int]] = field(default_factory=list)


def _plain_text(node: Node) -> bool:
    """A scalar written without quotes that YAML reads as text."""
    return isinstance(node, ScalarNode) and node.style is None and node.tag == _TAG + "str"


def _implicit_null(node: Node) -> bool:
    """The empty value of a key written without `:` (or with nothing after it)."""
    return isinstance(node, ScalarNode) and node.tag == _NULL and not node.value


def _rest_of_text(key_node: Node, value_node: Node) -> bool:
    """A plain key no name could be (it holds a space or ends in `.`), with no value or plain text after it."""
    if not _plain_text(key_node) or not (_implicit_null(value_node) or _plain_text(value_node)):
        return False
    rest = str(key_node.value)
    return " " in rest.strip() or rest.endswith(".")


def _syntax_error(file: str, error: yaml.MarkedYAMLError) -> RulesetError:
    """Y001 in plain words, pointing where the parser noticed the problem."""
    message = f"YAML syntax error: {error.problem or error.context}"
    if error.problem and error.context and error.context_mark:
        message += f" ({error.context} on line {error.context_mark.line + 1})"
    mark = error.problem_mark or error.context_mark
    return _error("Y001", message, _position(file, mark) if mark else Position(file), hint=_syntax_hint(error))


_CLOSERS = {"expected ',' or '}'": "{", "expected ',' or ']'": "["}
_SYNTAX_HINTS = (  # the start of the parser's words, and what usually fixes it
    ("found character '\\t'", "indent with spaces: YAML does not allow tabs here"),
    ("mapping values are not allowed", "put the value in quotes: text that contains ': ' must be quoted"),
    ("found undefined alias", "an alias *name needs an anchor &name above it; quote the value if '*' is meant as text"),
    ("expected <block end>", "check this line's indentation against the lines above; a quote or bracket left "
                             "open above causes this too"),
    ("did not find expected key", "check this line's indentation against the lines above"),
    ("could not find expected ':'", "each line of a mapping is `key: value`; look for a missing ':' or a quote "
                                    "left open"),
    ("found unexpected end of stream", "a quote or bracket is never closed"),
    ("found character", "put the value in quotes: text cannot start with this character"),
)


_COLON_IN_FLOW = ("quote the text: inside `{...}` and `[...]`, text without quotes cannot hold `: ` or `,` "
                  "(write `description: \"Note: read this\"`)")


def _syntax_hint(error: yaml.MarkedYAMLError) -> str:
    """What usually fixes a YAML syntax error, in plain words."""
    problem = error.problem or ""
    if problem.startswith(tuple(_CLOSERS)) and problem.endswith("but got ':'") and _second_colon(error.problem_mark):
        return _COLON_IN_FLOW
    for start, bracket in _CLOSERS.items():
        if problem.startswith(start) and error.context_mark:
            return f"the '{bracket}' opened on line {error.context_mark.line + 1} is not closed before this point"
    return next((hint for start, hint in _SYNTAX_HINTS if problem.startswith(start)), "")


def _second_colon(mark: Mark | None) -> bool:
    """Whether the `:` at `mark` follows a `key: ` of the same entry on its line: text holding `: `, not a `{` left open.

    A `{` never closed reads the next line's `key:` into its last value, and stops at the same `:`;
    there the `:` is the first of its entry on the line.
    """
    if mark is None or not mark.buffer:
        return False
    line = mark.buffer[:mark.pointer].rsplit("\n", 1)[-1]
    entry = re.split(r"[,{\[]", line)[-1]
    return ": " in entry


def _too_deep(file: str, mark: Mark) -> RulesetError:
    return _error("Y006", f"nesting is deeper than {MAX_DEPTH} levels", _position(file, mark))


def _error(code: str, message: str, position: Position, hint: str = "") -> RulesetError:
    return RulesetError([Problem(code, message, position, hint=hint)])


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _line_column(mark: Mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _position(file: str, mark: Mark) -> Position:
    return Position(file, *_line_column(mark))


def _end_of(prefix: str) -> tuple[int, int]:
    """1-based line and column of the character just after `prefix`."""
    return prefix.count("\n") + 1, len(prefix) - prefix.rfind("\n")
