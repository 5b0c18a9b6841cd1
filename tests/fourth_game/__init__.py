"""Hearth, a fourth game that lives only in the tests: its rules, its profile and its window
pages, registered by a fixture (`tests/test_fourth_game.py`), never shipped."""
