"""Lux Aeterna days: the campaign's day counter, for what the seed limits "once per day"
(LA-8 medical aid). A Full Rest or the GM's new day moves it on (LA-13)."""

from __future__ import annotations

from typing import cast

from ..core import Event
from ..shapes import Action, Settings
from .common import target_ids
from .sheet import LuxCharacter, LuxDesk

FIRST_DAY = 1


def today(settings: Settings) -> int:
    """The campaign's day (a campaign saved before days were counted opens on day 1:
    `engine.saved_settings`)."""
    return cast(int, settings["day"])  # a whole number from FIRST_DAY on


def first_target(action: Action, cid: str) -> bool:
    """Whether `cid` is the first of the action's targets: a night's Full Rest taken by a
    whole party is one night, so the day moves on once."""
    return target_ids(action)[:1] == [cid]


def next_day(desk: LuxDesk, why: str) -> Event:
    """The day moves on by one. The settings are replaced, never changed in place, so the
    step is logged with them and undone with them."""
    day = today(desk.settings)
    desk.settings = {**desk.settings, "day": day + 1}
    return Event("new_day", None, f"{why}: day {day} ends, day {day + 1} begins",
                 {"day_before": day, "day_after": day + 1})


def new_day(desk: LuxDesk, action: Action) -> list[Event]:
    """The GM moves the campaign on to the next day (a day passes without a Full Rest)."""
    return [next_day(desk, "A new day")]


def aid_day(char: LuxCharacter) -> int | None:
    """The day medical aid last restored this character's HP (LA-8), or None. A character
    saved before days were counted kept only `medical_aid_used`: that was on day 1."""
    if "medical_aid_day" in char:
        return char["medical_aid_day"]
    return FIRST_DAY if char.get("medical_aid_used") else None


def aid_restored_today(char: LuxCharacter, settings: Settings) -> bool:
    """LA-8: "If treated medically (once per day), you recover HP…"."""
    return aid_day(char) == today(settings)
