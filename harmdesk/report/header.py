"""The summary's header, and how its times read: campaign, game, the sessions chosen,
their real-world date and how long was played. No Qt, no SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from .. import rules


@dataclass(frozen=True)
class Header:
    campaign: str
    system: str
    system_title: str
    scope: str            # "Session 3: The barrow", "Sessions 2–4", "The whole log"
    date: str
    duration: str
    notes: tuple[str, ...] = ()


def local(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    return datetime.fromisoformat(stamp).astimezone()


def clock(stamp: str | None) -> str:
    """Local HH:MM. Stamps of one minute read alike, so the seconds are dropped and each
    minute converted once: a long session has thousands of stamps, and few minutes."""
    if stamp and len(stamp) >= 19 and stamp[16] == ":":
        return _minute(stamp[:16], stamp[19:].lstrip(".0123456789"))
    moment = local(stamp)
    return moment.strftime("%H:%M") if moment else ""


@lru_cache(maxsize=4096)
def _minute(minute: str, offset: str) -> str:
    return local(minute + offset).strftime("%H:%M")


def day(moment: datetime) -> str:
    return f"{moment:%A} {moment.day} {moment:%B %Y}"


def span(seconds: float) -> str:
    minutes = round(seconds / 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def session_label(session: dict | None) -> str:
    if session is None:
        return "Outside play sessions"
    title = (session.get("title") or "").strip()
    return f"Session {session['number']}" + (f": {title}" if title else "")


def header(name: str, system: str, sessions: list[dict], chosen: list, everything: bool) \
        -> Header:
    """Campaign, game, session(s), real-world date and how long was played."""
    title = rules.system_named(system).title
    if everything or not sessions:
        scope = "The whole log" + (", all play sessions included" if sessions else "")
    elif len(sessions) == 1:
        scope = session_label(sessions[0])
    else:
        scope = f"Sessions {sessions[0]['number']}–{sessions[-1]['number']}"
    stamps = [e.applied_at for e in chosen]
    starts = [local(s["started"]) for s in sessions] or [local(s) for s in stamps[:1]]
    ends = [local(s["ended"] or (stamps[-1] if stamps else s["started"])) for s in sessions] \
        or [local(s) for s in stamps[-1:]]
    date = ""
    if starts and ends:
        first, last = min(starts), max(ends)
        date = day(first) if first.date() == last.date() else f"{day(first)} – {day(last)}"
        if sessions and len(sessions) == 1:
            date += f", {first:%H:%M}–{last:%H:%M}"
    if sessions and not everything:
        seconds = sum((e - s).total_seconds() for s, e in zip(starts, ends, strict=True))
        duration = span(seconds)
        if any(s["ended"] is None for s in sessions):
            duration += " so far (the session is still open)"
    elif sessions:
        played = sum((e - s).total_seconds() for s, e in zip(starts, ends, strict=True))
        duration = f"{len(sessions)} play session{'s' if len(sessions) != 1 else ''}, " \
                   f"{span(played)} in all"
    else:
        duration = "no play session was recorded"
    notes = tuple(s["notes"] for s in sessions if (s.get("notes") or "").strip())
    return Header(name, system, title, scope, date, duration, notes)
