"""A dialog's "What will happen" shows every line it has, or scrolls; it never cuts one."""

import pytest
from PySide6.QtGui import QFont

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.common import PREVIEW_LINES
from harmdesk.qt.dialogs.moves import MovesDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

PARTY = [{"id": n.lower(), "name": n, "kind": "pc", "max_hp": 16, "hp": 5}
         for n in ("Caradoc", "Rhianna", "Vahid", "Blodwen", "Heavy")] + \
    [{"id": "afon", "name": "Afon", "kind": "follower", "max_hp": 8, "hp": 2}]


@pytest.fixture
def desk(qtbot, store):
    controller = DeskController()
    controller.set_service(Service.on(Campaign.create(store, "Camp", "stonetop", {}, PARTY)))
    return controller


def shown_whole(dialog) -> bool:
    scroll, label = dialog.ui.previewScroll, dialog.ui.previewLabel
    return scroll.verticalScrollBar().maximum() == 0 and \
        label.height() >= label.heightForWidth(label.width())


@pytest.mark.parametrize("party", [3, 6])
def test_make_camp_for_the_party_shows_every_line_of_its_preview(qtbot, desk, party):
    ids = list(desk.state["characters"])[:party]
    dialog = MovesDialog(profile_for("stonetop"), desk.state, ids, move="Make Camp")
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    lines = dialog.ui.previewLabel.text().splitlines()
    assert len(lines) == party and all("Makes Camp" in line for line in lines)
    qtbot.waitUntil(lambda: shown_whole(dialog))
    line = dialog.ui.previewScroll.fontMetrics().lineSpacing()
    assert dialog.ui.previewScroll.height() >= line * PREVIEW_LINES[0]
    dialog.accept()
    assert desk.submit_many(dialog.actions(), dialog.title()) == party
    assert all(desk.service.store.characters(desk.service.campaign.info.id)[c]["hp"] > 2
               for c in ids)


@pytest.fixture
def large_font(qapp):
    """A GM's large desktop font (or a high-DPI screen), put back after the test."""
    before = qapp.font()
    big = QFont(before)
    big.setPointSizeF(before.pointSizeF() * 1.4)
    qapp.setFont(big)
    yield big
    qapp.setFont(before)


def test_with_a_large_font_the_dialog_grows_to_show_the_preview(qtbot, desk, large_font):
    dialog = MovesDialog(profile_for("stonetop"), desk.state, list(desk.state["characters"])[:3],
                         move="Make Camp")
    qtbot.addWidget(dialog)
    with qtbot.waitExposed(dialog):
        dialog.show()
    assert dialog.height() > 480  # the layout's own size, 680×480, is too small for it
    qtbot.waitUntil(lambda: shown_whole(dialog))
