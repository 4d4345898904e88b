import pytest

from mdtable.render import Column, render


def test_basic_table():
    out = render([Column("name"), Column("qty", "right")], [["apple", 3], ["kiwi", 12]])
    assert out == (
        "| name  | qty |\n"
        "| ----- | --: |\n"
        "| apple |   3 |\n"
        "| kiwi  |  12 |\n"
    )


def test_center_alignment():
    out = render([Column("x", "center")], [["a"], ["abcde"]])
    assert out.splitlines()[2] == "|   a   |"


def test_escapes_pipes_and_newlines():
    out = render([Column("note")], [["a|b\nc"]])
    assert "a\\|b c" in out


def test_none_is_empty():
    out = render([Column("a"), Column("b")], [[None, 1]])
    assert out.splitlines()[2] == "|     | 1   |"


def test_row_length_is_checked():
    with pytest.raises(ValueError, match="row 0 has 1 cells, expected 2"):
        render([Column("a"), Column("b")], [["only one"]])
