"""One undo command is one step of the log: a party's Make Camp undoes and redoes as one,
before and after a restart (issue 9)."""

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.qt.controller import DeskController
from harmdesk.qt.desk_model import CharacterRole, DeskModel, IdRole
from harmdesk.qt.log_model import LogModel, UndoneRole
from harmdesk.store import Store

PCS = ("caradoc", "heavy", "vahid")
AMBUSH = {"type": "damage", "target": list(PCS), "amount": 12}
# ST-10: fed and rested, each regains half of max HP rounded up (8, 10, 8)
MAKE_CAMP = [{"type": "make_camp", "target": cid, "choice": "hp"} for cid in PCS]
TITLE = "Make Camp: Caradoc, The Heavy, Vahid"
HURT = {"caradoc": 5, "heavy": 10, "vahid": 4}     # armor 1 and 2 took some of the 12
RESTED = {"caradoc": 13, "heavy": 20, "vahid": 12}


def shown(model):
    """The party's HP as the desk model shows them."""
    rows = (model.index(r, 0) for r in range(model.rowCount()))
    return {i.data(IdRole): i.data(CharacterRole)["hp"] for i in rows if i.data(IdRole) in PCS}


def saved(store):
    """The party's HP as the database holds them."""
    chars = Campaign(store, "Desk").state["characters"]
    return {cid: chars[cid]["hp"] for cid in PCS}


def texts(stack):
    return [stack.text(i) for i in range(stack.count())]


def undone_rows(log):
    session = log.index(0, 0)
    return [log.index(r, 0, session).data(UndoneRole) for r in range(log.rowCount(session))]


def open_service(campaign):
    desk = DeskController()
    model, log = DeskModel(desk), LogModel(desk)
    desk.set_service(Service.on(campaign))
    return desk, model, log


def test_st10_party_make_camp_is_one_undo_command_before_and_after_a_restart(
        qtbot, store, campaign):
    desk, model, log = open_service(campaign)
    desk.start_play_session("Under the trees")
    assert desk.submit(AMBUSH)
    assert shown(model) == HURT
    assert desk.submit_many(MAKE_CAMP, TITLE) == 3
    stack = desk.stack
    assert (stack.count(), stack.index()) == (2, 2) and stack.text(1) == TITLE
    assert shown(model) == RESTED and saved(store) == RESTED
    assert log.rowCount(log.index(0, 0)) == 6  # three hits, three camps

    stack.undo()
    assert stack.index() == 1
    assert shown(model) == HURT and saved(store) == HURT
    # the camp's three rows stay in the log, marked undone; the hits below them do not
    assert undone_rows(log) == [True, True, True, False, False, False]
    stack.redo()
    assert shown(model) == RESTED and saved(store) == RESTED
    stack.undo()
    before_restart = texts(stack)

    folder = store.path.parent
    store.close()
    store = Store.open(folder)
    try:
        desk, model, log = open_service(Campaign.open(store, "Desk"))
        stack = desk.stack
        assert (stack.count(), stack.index()) == (2, 1)
        assert texts(stack) == before_restart and stack.redoText() == TITLE
        assert shown(model) == HURT
        assert undone_rows(log) == [True, True, True, False, False, False]
        stack.redo()  # ONE redo brings the whole camp back
        assert not stack.canRedo()
        assert shown(model) == RESTED and saved(store) == RESTED
        assert undone_rows(log) == [False] * 6
        stack.undo()
        assert shown(model) == HURT and saved(store) == HURT
        assert stack.undoText() == texts(stack)[0]  # the ambush, as the log describes it
    finally:
        store.close()


def test_st10_a_refused_camp_saves_nothing_and_pushes_no_command(qtbot, store, campaign):
    desk, model, _ = open_service(campaign)
    assert desk.submit(AMBUSH)
    refused = []
    desk.refused.connect(lambda reason, ids: refused.append((reason, ids)))
    unfed = {**MAKE_CAMP[2], "fed": False}
    assert desk.submit_many([*MAKE_CAMP[:2], unfed], TITLE) == 0
    assert refused and "did not eat and drink" in refused[0][0] and refused[0][1] == ["vahid"]
    assert desk.stack.count() == 1
    assert shown(model) == HURT and saved(store) == HURT
    assert store.history(campaign.info.id) == (1, 0)
