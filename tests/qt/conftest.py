import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from tests.qt_settings import own_settings_folder

PARTY = [
    {"id": "caradoc", "name": "Caradoc", "kind": "pc", "max_hp": 16, "armor": 1, "supplies": 5},
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
     "attack": {"dice": "d10+3", "tags": ["forceful"]}},
    {"id": "coedwig", "name": "Coedwig", "kind": "monster", "max_hp": 3,
     "attack": {"dice": "d6", "piercing": 1}},
]


@pytest.fixture(autouse=True)
def own_qsettings(tmp_path_factory):
    """Each test remembers window sizes and dock layouts in a folder of its own."""
    return own_settings_folder(tmp_path_factory)


@pytest.fixture
def campaign(store):
    return Campaign.create(store, "Desk", "stonetop", {"prosperity": 1}, PARTY)


@pytest.fixture
def desk(qtbot, campaign):
    from harmdesk.qt.controller import DeskController
    controller = DeskController()
    controller.set_service(Service.on(campaign))
    return controller


@pytest.fixture
def view(qtbot, desk):
    """The tile view alone on the desk's model, shown."""
    from harmdesk.qt.desk_model import DeskModel
    from harmdesk.qt.tiles import TileView
    model = DeskModel(desk)
    model.reload()
    view = TileView(desk)
    view.setModel(model)
    qtbot.addWidget(view)
    with qtbot.waitExposed(view):
        view.show()
    return view


@pytest.fixture
def folder(tmp_path):
    """A data folder holding the Stonetop campaign "Desk" with PARTY."""
    from .kit import make_folder
    return make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, PARTY)])


@pytest.fixture
def window(qtbot, folder):
    """The real main window on "Desk", its store open; closed after the test."""
    from .kit import open_window
    window = open_window(qtbot, folder, size=(1300, 850))
    yield window
    window.controller.service.close()
