"""The tables of `harmdesk.sqlite`, as SQLModel classes.

JSON columns hold the rules core's plain mappings (sheets, states, actions,
events), so the store never needs to know a game's rules.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel


class CampaignRow(SQLModel, table=True):
    __tablename__ = "campaign"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    system: str
    # the rule settings now; and the settings and characters the campaign started
    # with, so that an export replays to exactly the same desk
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    initial: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created: str
    opened: str


class CharacterRow(SQLModel, table=True):
    __tablename__ = "character"
    __table_args__ = (UniqueConstraint("campaign_id", "cid"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    cid: str
    sheet: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    state: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    position: int = 0
    archived: bool = False


class PlaySessionRow(SQLModel, table=True):
    __tablename__ = "play_session"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    number: int
    started: str
    ended: str | None = None
    title: str = ""
    notes: str = ""
    # the "Story so far" the GM wrote for the players' recap
    story: str = Field(default="", sa_column_kwargs={"server_default": ""})


class LogRow(SQLModel, table=True):
    __tablename__ = "log"
    # the second index finds the newest applied (or oldest undone) step without a scan;
    # the third a play session's first row, where its summary starts reading; the last
    # the few rows that changed the settings (where each encounter starts and ends)
    __table_args__ = (Index("ix_log_campaign_seq", "campaign_id", "seq"),
                      Index("ix_log_campaign_step", "campaign_id", "undone", "step", "seq"),
                      Index("ix_log_session", "session_id", "undone", "seq"),
                      Index("ix_log_struck", "campaign_id", "struck_by"),
                      Index("ix_log_settings", "campaign_id", "seq",
                            sqlite_where=text("settings_after <> 'null'")))

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE")
    session_id: int | None = Field(default=None, foreign_key="play_session.id",
                                      ondelete="SET NULL")
    seq: int
    action: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    events: list[Any] = Field(sa_column=Column(JSON, nullable=False))
    # the states of only the characters the action touched (None: not on the desk)
    before: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    after: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    settings_before: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    settings_after: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    undone: bool = False
    applied_at: str
    # the undo step: the seq of the step's first row; every row of a step of several
    # actions (a party's Make Camp) shares it, and they undo and redo together
    step: int
    step_text: str | None = None  # the undo stack's text for the step, when it was named
    # a correction (a revert, an edit, a rewind) strikes rows: they stay, and no longer count
    struck_by: int | None = None  # the seq of the correction row that struck this one
    # the action as an edit made it; `action` stays as it was first logged (export replays it)
    revised: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    # on a correction row only: what it struck and the rows it re-derived, as they were
    # and as they are now (`steps.record_step` writes them, undo puts them back)
    correction: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))


class CheckpointRow(SQLModel, table=True):
    """A moment of the log the GM can rewind to: the desk as it was after row `seq`
    (0: the campaign's start). Made at the start of each play session, encounter and
    round, and when the GM marks one."""

    __tablename__ = "checkpoint"

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    seq: int
    kind: str  # "play_session", "encounter", "round" or "mark"
    label: str
    made: str


class TemplateRow(SQLModel, table=True):
    """A creature of the library: `data` is the template's JSON (its name, kind, HP, the
    game's harm fields, attack, notes, source, default count). No campaign: shared by
    every campaign of the game."""

    __tablename__ = "template"
    __table_args__ = (Index("ix_template_system_campaign", "system", "campaign_id"),)

    id: int | None = Field(default=None, primary_key=True)
    system: str
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id",
                                    ondelete="CASCADE")
    name: str
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    made: str
    changed: str


class LibrarySeedRow(SQLModel, table=True):
    """A game whose starter templates were written once: never again, so a starter the GM
    deleted stays deleted."""

    __tablename__ = "library_seed"

    system: str = Field(primary_key=True)
    seeded: str
