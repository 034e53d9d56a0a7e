"""Parse trees remembered between runs come back exactly as the parser made them."""
from __future__ import annotations

from pathlib import Path

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


def test_a_damaged_or_foreign_file_is_not_used(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(tree_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    cache = tree_cache.TreeCache("grammar")
    cache.path.write_text("{not json", encoding="utf-8")
    assert tree_cache.TreeCache("grammar").trees == {}
    cache.path.write_text('{"start:x": ["t", "name", null, [["k"]]]}', encoding="utf-8")
    assert tree_cache.TreeCache("grammar").get("start:x") is None  # unreadable entry: parsed afresh


def test_a_new_tree_is_written_when_the_run_ends(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(tree_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    cache = tree_cache.TreeCache("grammar")
    cache.put("start:" + TEXT, _parse_now(TEXT, "start"))
    cache.save()
    assert tree_cache.TreeCache("grammar").get("start:" + TEXT) == _parse_now(TEXT, "start")


def test_a_text_that_does_not_parse_is_remembered_with_its_error(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(tree_cache.tempfile, "gettempdir", lambda: str(tmp_path))
    cache = tree_cache.TreeCache("grammar")
    cache.put_error("start:owes[*]", "unexpected '*'", 5, "expected a name", "E103")
    cache.save()
    assert tree_cache.TreeCache("grammar").get("start:owes[*]") == ("unexpected '*'", 5, "expected a name", "E103")
