"""What rulesrun remembers between runs lives in a private folder, bounded, and is never trusted further
than "not remembered": a foreign, damaged or planted entry is ignored, and a write never follows a link."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import run_cli
from rulesrun.interpreter.environment import Environment, Store

posix_only = pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes of files")


def store(tmp_path: Path, max_entries: int = 100, max_bytes: int = 1_000_000) -> Store:
    return Environment(tmp_path / "cache").store("things", "v1", max_entries, max_bytes)


def test_a_value_is_remembered_by_its_key_only(tmp_path: Path) -> None:
    first = store(tmp_path)
    first.put("a", {"tree": [1, 2]})
    again = store(tmp_path)
    assert again.get("a") == {"tree": [1, 2]} and again.get("b") is None
    assert Environment(tmp_path / "cache").store("things", "v2", 100, 1_000_000).get("a") is None


@posix_only
def test_the_folder_is_private_and_a_shared_one_is_not_used(tmp_path: Path) -> None:
    first = store(tmp_path)
    first.put("a", 1)
    assert (os.stat(tmp_path / "cache").st_mode & 0o777) == 0o700
    os.chmod(tmp_path / "cache", 0o777)  # somebody else could plant entries now
    assert store(tmp_path).get("a") is None and store(tmp_path).folder is None


@posix_only
def test_a_folder_that_is_a_link_is_not_used(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    (tmp_path / "cache").symlink_to(target)
    assert Environment(tmp_path / "cache").folder is None


def test_a_damaged_or_foreign_entry_is_ignored(tmp_path: Path) -> None:
    things = store(tmp_path)
    things.put("a", [1, 2, 3])
    (entry,) = [p for p in things.folder.iterdir()]
    raw = entry.read_bytes()
    entry.write_bytes(raw.replace(b"[1,2,3]", b"[1,2,4]"))  # the content no longer matches its digest
    assert things.get("a") is None
    entry.write_bytes(b"{not json")
    assert things.get("a") is None
    things.put("b", "b's value")
    other = next(p for p in things.folder.iterdir() if p.name != entry.name)
    entry.write_bytes(other.read_bytes())  # b's entry under a's name: it answers another key
    assert things.get("a") is None and things.get("b") == "b's value"


@posix_only
def test_a_planted_link_is_neither_read_nor_written_through(tmp_path: Path) -> None:
    things = store(tmp_path)
    things.put("a", "value")
    (entry,) = list(things.folder.iterdir())
    secret = tmp_path / "secret.txt"
    secret.write_text("the user's own file", encoding="utf-8")
    entry.unlink()
    entry.symlink_to(secret)
    assert things.get("a") is None
    things.put("a", "again")  # written beside the link and renamed over it
    assert secret.read_text(encoding="utf-8") == "the user's own file"
    assert not entry.is_symlink() and things.get("a") == "again"


def test_the_store_is_bounded_and_the_least_recently_used_go_first(tmp_path: Path) -> None:
    things = store(tmp_path, max_entries=3)
    for key in "abc":
        things.put(key, key)
    os.utime(things.folder / _entry_name(things, "a"), ns=(1, 1))  # a: used longest ago
    os.utime(things.folder / _entry_name(things, "b"), ns=(2, 2))
    os.utime(things.folder / _entry_name(things, "c"), ns=(3, 3))
    assert things.get("a") == "a"  # reading a makes it the most recently used
    fresh = store(tmp_path, max_entries=3)
    fresh.put("d", "d")
    assert [fresh.get(key) for key in "abcd"] == ["a", None, "c", "d"]


def test_nothing_is_remembered_when_the_user_says_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESRUN_CACHE_DIR", "off")
    assert Environment.from_process().folder is None
    monkeypatch.setenv("RULESRUN_CACHE_DIR", str(tmp_path / "mine"))
    assert Environment.from_process().folder == tmp_path / "mine"
    monkeypatch.delenv("RULESRUN_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert Environment.from_process().folder == tmp_path / "xdg" / "rulesrun"


def test_validate_gives_the_same_report_with_a_cold_and_a_warm_cache(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A remembered parse tree and a remembered verdict change nothing that validate says."""
    typo = tmp_path / "typo.yaml"
    typo.write_text('extends: uno\ndefine:\n  top_red: "top(discard).color == red"\n', encoding="utf-8")
    cold = run_cli("validate", str(typo), "--format", "json")
    warm = run_cli("validate", str(typo), "--format", "json")
    assert cold.exit_code == warm.exit_code == 1 and cold.output == warm.output and "E113" in cold.output


def _entry_name(things: Store, key: str) -> str:
    """The file of one entry (named by a digest of its key)."""
    from rulesrun.interpreter.environment import _name
    return _name(key)
