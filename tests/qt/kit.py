"""The real main window on a data folder, and what that folder's database holds: shared by
the GUI tests so each opens and reads the desk the same way."""

import random

from harmdesk.campaign import Campaign
from harmdesk.qt.main_window import MainWindow
from harmdesk.store import Store


def make_folder(folder, campaigns):
    """A data folder holding `campaigns`: (name, system, settings, party) each."""
    store = Store.open(folder)
    for name, system, settings, party in campaigns:
        Campaign.create(store, name, system, settings, party)
    store.close()
    return folder


def writable(window) -> bool:
    """The store has opened: the window no longer shows the read-only snapshot."""
    session = window.controller.campaign
    return session is not None and not session.loading


def open_window(qtbot, folder, name="Desk", size=None):
    """The main window on campaign `name`, once its store has opened (off the GUI thread)."""
    window = MainWindow(rng=random.Random(5))
    qtbot.addWidget(window)
    if size:
        window.resize(*size)
    window.show()
    window.campaign_menus.load(folder, name)
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    return window


def saved(folder, name="Desk"):
    """The campaign as its database holds it now: its characters and its log."""
    store = Store.open(folder, write=False)
    try:
        campaign = Campaign(store, name)
        return campaign.state["characters"], store.log(campaign.info.id)
    finally:
        store.close()
