"""A ruleset read from its files, with everything it extends merged in: the first stages of the pipeline."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .catalogue import ruleset_path
from .extends import ResolvedMap, layers_of, merge_layers
from .safe_yaml import SourceMap


@dataclass(frozen=True)
class Document:
    """A loaded ruleset, with `extends` resolved: its data, where each value came from, its files."""

    data: dict[str, Any]
    source: SourceMap | ResolvedMap
    texts: dict[str, str]

    @property
    def file(self) -> str:
        return self.source.file


def load_document(name_or_path: str) -> Document:
    """Load a ruleset and everything it extends, merged into one document."""
    path = ruleset_path(name_or_path)
    layers = layers_of(path, ruleset_path)
    texts = {layer.file: Path(layer.file).read_text(encoding="utf-8") for layer in layers}
    if len(layers) == 1:
        return Document(layers[0].data, layers[0].source, texts)
    data, source = merge_layers(layers)
    if "name" not in layers[-1].data:  # a variant is never mistaken for its base
        data["name"] = path.stem
    return Document(data, source, texts)
