"""A ruleset read from its files, with everything it extends merged in: the first stages of the pipeline."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import RulesetError
from .catalogue import ruleset_path
from .extends import ResolvedMap, layers_of, merge_layers
from .safe_yaml import SourceMap


@dataclass(frozen=True)
class Document:
    """A loaded ruleset, with `extends` resolved: its data, where each value came from, its files.

    `texts` holds every file's text (the compiler reads columns in it); only the files in `shown`
    may have their lines quoted to the user (see `extends.reads_as_ruleset`).
    """

    data: dict[str, Any]
    source: SourceMap | ResolvedMap
    texts: dict[str, str]
    shown: frozenset[str] = frozenset()

    @property
    def file(self) -> str:
        return self.source.file

    def shown_texts(self) -> dict[str, str]:
        """The texts a problem may quote: the user's file and the bases that read as rulesets."""
        return {file: text for file, text in self.texts.items() if file in self.shown}


@dataclass
class UnreadRuleset(RulesetError):
    """The files could not be read or merged; `shown` names those whose lines may still be quoted."""

    shown: frozenset[str] = field(default_factory=frozenset)


def load_document(name_or_path: str) -> Document:
    """Load a ruleset and everything it extends, merged into one document."""
    path = ruleset_path(name_or_path)
    shown: set[str] = set()
    try:
        layers = layers_of(path, ruleset_path, shown=shown)
        texts = {layer.file: Path(layer.file).read_text(encoding="utf-8") for layer in layers}
        if len(layers) == 1:
            return Document(layers[0].data, layers[0].source, texts, frozenset(shown))
        data, source = merge_layers(layers)
    except RulesetError as err:
        raise UnreadRuleset(err.problems, frozenset(shown)) from None
    if "name" not in layers[-1].data:  # a variant is never mistaken for its base
        data["name"] = path.stem
    return Document(data, source, texts, frozenset(shown))
