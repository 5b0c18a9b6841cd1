"""The players' display's model: what it lets be read (never a hidden character, never a
words-only character's numbers) and how it follows the desk in place (ST-6, ST-7)."""

import re

import pytest
from PySide6.QtCore import QModelIndex, Qt

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.players import Card
from harmdesk.desk.service import Service
from harmdesk.qt.controller import DeskController
from harmdesk.qt.player_model import (
    BarRole,
    HighlightRole,
    PlayerModel,
    SeenRole,
    ToneRole,
    WordsRole,
)
from harmdesk.qt.player_words import PlayerWords

from . import kit

# names without digits, HP chosen so that any of their figures would stand out
TABLE = [
    {"id": "rhianna", "name": "Rhianna", "kind": "pc", "max_hp": 18, "armor": 1},
    {"id": "hagr", "name": "The Hagr", "kind": "monster", "max_hp": 37, "armor": 2},
    {"id": "lurker", "name": "Lurker", "kind": "monster", "max_hp": 29,
     "players_see": "hidden"},
]
LAST_ROLE = Qt.ItemDataRole.UserRole + 64


@pytest.fixture
def table(qtbot, store):
    """A Stonetop desk with a PC shown in full, a monster shown as words and one hidden."""
    campaign = Campaign.create(store, "Desk", "stonetop", {"prosperity": 1}, TABLE)
    controller = DeskController()
    controller.set_service(Service.on(campaign))
    return controller


@pytest.fixture
def model(qtbot, table):
    return PlayerModel(table, PlayerWords())


def names(model) -> list[str]:
    return [model.index(row).data() for row in range(model.rowCount())]


def everything_readable(model) -> dict[str, list[str]]:
    """str() of every role of every index, by the row's name; and the root's."""
    seen = {"(root)": [str(model.data(QModelIndex(), role)) for role in range(LAST_ROLE + 1)]}
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        seen[index.data()] = [str(model.data(index, role)) for role in range(LAST_ROLE + 1)]
        seen[index.data()] += [str(model.headerData(row, o, role))
                               for o in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical)
                               for role in range(LAST_ROLE + 1)]
    return seen


def leaks(model, words_only: str, words_figures: list[int], hidden: list[str]) -> list[str]:
    """What the model lets out that it must not: a hidden character's name or id, or
    any digit (so any figure) in what it says of the words-only character."""
    found = []
    for row, said in everything_readable(model).items():
        for text in said:
            found += [f"{row}: {text}" for name in hidden if name.lower() in text.lower()]
            if row == words_only and re.search(r"\d", text):
                found.append(f"{row}: {text}")
            if row == words_only:
                found += [f"{row}: {text}" for n in words_figures if str(n) in text]
    return found


def test_no_role_of_any_index_shows_the_hidden_or_a_words_only_figure(qtbot, table, model,
                                                                      tmp_path):
    assert table.submit({"type": "damage", "target": "hagr", "amount": 9})  # 37 → 30 HP
    assert table.submit({"type": "damage", "target": "lurker", "amount": 6})  # 29 → 23 HP
    hagr, lurker = (table.state["characters"][c] for c in ("hagr", "lurker"))
    assert (hagr["hp"], lurker["hp"]) == (30, 23)
    assert names(model) == ["Rhianna", "The Hagr"]
    assert leaks(model, "The Hagr", [30, 37], ["Lurker"]) == []
    # the full card does give its figures, so the reading above does reach every role
    assert "18/18 HP" in " ".join(everything_readable(model)["Rhianna"])
    # the database holds the figures the model keeps to itself
    chars, _log = kit.saved(tmp_path)
    assert (chars["hagr"]["hp"], chars["lurker"]["hp"]) == (30, 23)


class LeakyModel(PlayerModel):
    """What a wrong model might do: cards for the hidden, a bar for everyone."""

    def reload(self):
        super().reload()
        chars = self._characters()
        self.beginResetModel()
        for cid in ("lurker",):
            c = chars[cid]
            self._cards[cid] = Card(cid, c["name"], "Monster", "words", "unhurt", "unhurt",
                                    "fine")
            self._ids.append(cid)
        self.endResetModel()

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == BarRole and index.isValid():
            char = self.controller.state["characters"][self._ids[index.row()]]
            return (char["hp"], char["max_hp"], f"{char['hp']}/{char['max_hp']} HP")
        return super().data(index, role)


def test_the_leak_check_catches_a_hidden_row_and_a_words_only_bar(qtbot, table):
    leaky = LeakyModel(table, PlayerWords())
    found = leaks(leaky, "The Hagr", [37], ["Lurker"])
    assert any(f.startswith("Lurker:") for f in found)          # its row, by its name
    assert any(f.startswith("The Hagr:") and "37" in f for f in found)  # its bar


def test_the_model_passes_the_model_tester(qtbot, qtmodeltester, table, model):
    model.highlight_ms = 20
    qtmodeltester.check(model, force_py=True)
    assert table.submit({"type": "edit_character", "target": "lurker",
                         "changes": {"players_see": "words"}})
    assert table.submit({"type": "damage", "target": "rhianna", "amount": 5})
    qtbot.waitUntil(lambda: not model.index(0).data(HighlightRole))  # with the tester on
    qtmodeltester.check(model, force_py=True)


def record(qtbot, model):
    """Every signal the model sends while the test goes on, in order."""
    sent = []
    model.dataChanged.connect(lambda a, b, roles=(): sent.append(("changed", a.row(), b.row())))
    model.rowsInserted.connect(lambda p, a, b: sent.append(("inserted", a, b)))
    model.rowsRemoved.connect(lambda p, a, b: sent.append(("removed", a, b)))
    model.modelReset.connect(lambda: sent.append(("reset",)))
    model.announced.connect(lambda text: sent.append(("said", text)))
    return sent


def test_a_step_changes_its_card_in_place_and_says_so(qtbot, table, model, tmp_path):
    sent = record(qtbot, model)
    with qtbot.waitSignal(model.announced) as said:
        assert table.submit({"type": "damage", "target": "rhianna", "amount": 4})
    assert said.args == ["Rhianna is hurt"]
    assert sent == [("changed", 0, 0), ("said", "Rhianna is hurt")]
    index = model.index(0)
    assert (index.data(WordsRole), index.data(ToneRole)) == ("hurt", "hurt")
    assert index.data(BarRole) == (15, 18, "15/18 HP")
    assert index.data(HighlightRole) and not model.index(1).data(HighlightRole)

    sent.clear()
    # ST-6: brought to 0 HP by a lethal source, she is dying: at Death's Door
    assert table.submit({"type": "damage", "target": "rhianna", "amount": 30})
    assert sent == [("changed", 0, 0), ("said", "Rhianna is at Death's Door")]
    assert model.index(0).data(ToneRole) == "down"
    chars, log = kit.saved(tmp_path)
    assert chars["rhianna"]["death"] == "dying" and len(log) == 2

    sent.clear()
    table.stack.undo()
    assert sent == [("changed", 0, 0), ("said", "Rhianna is hurt")]
    assert model.index(0).data(WordsRole) == "hurt"
    assert kit.saved(tmp_path)[0]["rhianna"]["death"] == "none"


def test_a_change_the_players_cannot_see_says_nothing(qtbot, table, model):
    sent = record(qtbot, model)
    assert table.submit({"type": "damage", "target": "lurker", "amount": 6})
    assert table.submit({"type": "damage", "target": "hagr", "amount": 3})  # 3 − armor 2
    # the hidden one has no row and is not named; the words-only one's row changes
    said = [s for s in sent if s[0] == "said"]
    assert said == [("said", "The Hagr is hurt")]
    assert ("changed", 1, 1) in sent and all(s[1] == 1 for s in sent if s[0] == "changed")


def test_several_cards_changed_in_one_step_are_all_announced(qtbot, table, model):
    sent = record(qtbot, model)
    assert table.submit({"type": "damage", "target": ["rhianna", "hagr"], "amount": 12})
    assert [s for s in sent if s[0] == "said"] == [
        ("said", "Rhianna is badly hurt"), ("said", "The Hagr is hurt")]
    assert model.index(0).data(HighlightRole) and model.index(1).data(HighlightRole)


def test_the_highlight_goes_after_a_moment(qtbot, table, model):
    model.highlight_ms = 30
    assert table.submit({"type": "damage", "target": "rhianna", "amount": 4})
    assert model.index(0).data(HighlightRole)
    qtbot.waitUntil(lambda: not model.index(0).data(HighlightRole))
    assert model.index(0).data(WordsRole) == "hurt"


def test_revealing_and_hiding_insert_and_remove_rows_and_undo_puts_them_back(
        qtbot, table, model, tmp_path):
    sent = record(qtbot, model)
    assert table.submit({"type": "edit_character", "target": "lurker",
                         "changes": {"players_see": "words"}})
    assert sent == [("inserted", 2, 2), ("said", "Lurker appears: unhurt")]
    assert names(model) == ["Rhianna", "The Hagr", "Lurker"]
    assert model.index(2).data(SeenRole) == "words" and model.index(2).data(BarRole) is None

    sent.clear()
    assert table.submit({"type": "edit_character", "target": "hagr",
                         "changes": {"players_see": "hidden"}})
    assert sent == [("removed", 1, 1)]
    assert names(model) == ["Rhianna", "Lurker"]
    chars, _ = kit.saved(tmp_path)
    assert (chars["hagr"]["players_see"], chars["lurker"]["players_see"]) == \
        ("hidden", "words")

    sent.clear()
    table.stack.undo()
    table.stack.undo()
    assert sent == [("inserted", 1, 1), ("said", "The Hagr appears: unhurt"),
                    ("removed", 2, 2)]
    assert names(model) == ["Rhianna", "The Hagr"]
    assert kit.saved(tmp_path)[0]["lurker"]["players_see"] == "hidden"


def test_shown_in_full_a_monster_gets_its_bar(qtbot, table, model):
    assert table.submit({"type": "edit_character", "target": "hagr",
                         "changes": {"players_see": "full"}})
    assert model.index(1).data(BarRole) == (37, 37, "37/37 HP")
    assert model.index(1).data(SeenRole) == "full"


def test_characters_joining_and_leaving_the_desk_are_rows_inserted_and_removed(
        qtbot, table, model):
    sent = record(qtbot, model)
    assert table.submit({"type": "add_character", "character": {
        "id": "afon", "name": "Afon", "kind": "follower", "max_hp": 8}})
    assert table.submit({"type": "add_character", "character": {
        "id": "wisp", "name": "Wisp", "kind": "monster", "max_hp": 5,
        "players_see": "hidden"}})
    assert sent == [("inserted", 2, 2), ("said", "Afon appears: unhurt")]
    sent.clear()
    assert table.submit({"type": "remove_character", "target": "rhianna"})
    assert sent == [("removed", 0, 0)]
    assert names(model) == ["The Hagr", "Afon"]


def test_the_gms_words_change_the_words_shown_and_announce_nothing(qtbot, table):
    words = PlayerWords()
    model = PlayerModel(table, words)
    model.highlight_ms = 10
    assert table.submit({"type": "damage", "target": "rhianna", "amount": 4})
    qtbot.waitUntil(lambda: not model.index(0).data(HighlightRole))
    sent = record(qtbot, model)
    words.set_words("stonetop", {"hurt": "bloodied", "unhurt": "fresh"})
    assert sent == [("changed", 0, 0), ("changed", 1, 1)]
    assert [model.index(r).data(WordsRole) for r in range(2)] == ["bloodied", "fresh"]
    assert not model.index(0).data(HighlightRole)
    sent.clear()
    words.set_words("lux_aeterna", {"hurt": "scratched"})  # another game's: nothing here
    assert sent == []
    # and a step announces in the GM's words
    assert table.submit({"type": "damage", "target": "hagr", "amount": 4})
    assert ("said", "The Hagr is bloodied") in sent


def test_another_campaign_resets_the_model(qtbot, table, model, store):
    other = Campaign.create(store, "Belhaven", "lux_aeterna", {}, [
        {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20}])
    sent = record(qtbot, model)
    table.set_service(Service.on(other))
    assert sent == [("reset",)]
    assert names(model) == ["Sara"]
    table.set_service(None)
    assert model.rowCount() == 0
