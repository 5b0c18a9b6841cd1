"""The rules core: pure functions from (state, action) to an outcome.

No Qt, no SQL, no clock and no random source: everything a rule needs is in
the state or in the action, so the same actions always give the same result.
"""

from .core import Event, Outcome, Refused, SheetError
from .engine import apply, full_settings, new_state, saved_settings, system_named
from .shapes import Action, Character, DeskState

__all__ = ["Action", "Character", "DeskState", "Event", "Outcome", "Refused", "SheetError",
           "apply", "full_settings", "new_state", "saved_settings", "system_named"]
