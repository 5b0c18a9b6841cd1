"""The real main window on a data folder, and what that folder's database holds: shared by
the GUI tests so each opens and reads the desk the same way."""

import random

from PySide6.QtWidgets import QWidget

from harmdesk.desk.campaign import Campaign
from harmdesk.qt.main_window import MainWindow
from harmdesk.store import Store

CALM_TURNS = 3  # turns of the event loop in a row that move no widget: the layout is done


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


def exposed(qtbot, widget, timeout=20000) -> None:
    """Until the widget's window is on the screen: show() only asks for that, and the
    platform answers on a later turn of the event loop."""
    with qtbot.waitExposed(widget, timeout=timeout):
        pass


def active(qtbot, widget, timeout=20000) -> None:
    """Until the widget's window has the keyboard (shortcuts and focus need it)."""
    with qtbot.waitActive(widget, timeout=timeout):
        pass


def places(window) -> list:
    """Where each shown widget of the window is, in its parent."""
    return [w.geometry().getRect() for w in window.findChildren(QWidget) if w.isVisible()]


def laid_out(qtbot, window, timeout=20000) -> None:
    """Until the window is on the screen and its layout has stopped moving. Showing the
    window, opening a campaign or showing a message only asks for a layout, which a later
    turn of the event loop does (later still on a busy machine): a size read before it
    is stale."""
    exposed(qtbot, window, timeout)
    last, calm = None, 0

    def still() -> bool:
        nonlocal last, calm
        now = places(window)
        calm = calm + 1 if now == last else 0
        last = now
        return calm >= CALM_TURNS

    qtbot.waitUntil(still, timeout=timeout)


def shut(window) -> None:
    """Close what the window opened, as a quit does: its workers are let finish (a
    result nobody takes any more closes what it opened) and its store is closed. Safe
    to call again, and on a window whose test already closed its store."""
    menus = getattr(window, "campaign_menus", None)
    if menus is not None:
        menus.wait_for_jobs()


def open_window(qtbot, folder, name="Desk", size=None):
    """The main window on campaign `name`, once its store has opened (off the GUI thread)
    and its layout has settled; its store is closed after the test, also when it fails."""
    window = MainWindow(rng=random.Random(5))
    qtbot.addWidget(window, before_close_func=shut)
    if size:
        window.resize(*size)
    window.show()
    window.campaign_menus.load(folder, name)
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    laid_out(qtbot, window)
    return window


def saved(folder, name="Desk"):
    """The campaign as its database holds it now: its characters and its log."""
    store = Store.open(folder, write=False)
    try:
        campaign = Campaign(store, name)
        return campaign.state["characters"], store.log(campaign.info.id)
    finally:
        store.close()
