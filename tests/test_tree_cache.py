"""Parse trees remembered between runs come back exactly as the parser made them."""
from __future__ import annotations

from pathlib import Path

from rulesrun.interpreter.environment import Environment
from rulesrun.interpreter.language import parse_cache as tree_cache
from rulesrun.interpreter.language.syntax import _parse_now

TEXT = "card.colour == active_colour or (card.kind in [skip, reverse] and size(hand[next(player)]) > 1)"


def _positions(tree):
    return [(t.meta.start_pos, t.meta.end_pos, t.meta.column) for t in tree.iter_subtrees() if not t.meta.empty]


def test_a_stored_tree_comes_back_with_the_same_nodes_tokens_and_positions():
    tree = _parse_now(TEXT, "start")
    again = tree_cache._tree(tree_cache._stored(tree))
    assert again == tree and _positions(again) == _positions(tree)
    tokens = [(t.type, str(t), t.start_pos, t.column) for t in again.scan_values(lambda v: hasattr(v, "type"))]
    assert tokens == [(t.type, str(t), t.start_pos, t.column) for t in tree.scan_values(lambda v: hasattr(v, "type"))]


def test_a_tree_is_remembered_by_another_run(tmp_path: Path):
    cache = tree_cache.TreeCache("grammar", Environment(tmp_path))
    cache.put("start:" + TEXT, _parse_now(TEXT, "start"))
    again = tree_cache.TreeCache("grammar", Environment(tmp_path))
    assert again.get("start:" + TEXT) == _parse_now(TEXT, "start")
    assert tree_cache.TreeCache("another grammar", Environment(tmp_path)).get("start:" + TEXT) is None


def test_a_damaged_entry_is_not_used(tmp_path: Path):
    cache = tree_cache.TreeCache("grammar", Environment(tmp_path))
    cache.store.put("start:x", ["t", "name", None, [["k"]]])  # a tree that does not rebuild
    assert cache.get("start:x") is None  # parsed afresh


def test_a_text_that_does_not_parse_is_remembered_with_its_error(tmp_path: Path):
    cache = tree_cache.TreeCache("grammar", Environment(tmp_path))
    cache.put_error("start:owes[*]", "unexpected '*'", 5, "expected a name", "E103")
    again = tree_cache.TreeCache("grammar", Environment(tmp_path))
    assert again.get("start:owes[*]") == ("unexpected '*'", 5, "expected a name", "E103")
