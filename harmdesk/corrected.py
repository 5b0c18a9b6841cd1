"""What every kind of log row answers about corrections, from its `struck_by`, `revised`
and `correction` fields: the store's rows (`store.steps`) and a replay's rows kept in
memory (`desk.memory_log`) alike. Pure: it reads only the row's own fields."""

from __future__ import annotations

from typing import Any


class Corrected:
    """Mixed into a log row with `action`, `struck_by`, `revised` and `correction`."""

    __slots__ = ()
    action: Any
    struck_by: int | None
    revised: Any
    correction: Any

    @property
    def struck(self) -> bool:
        """Struck by a correction: it stays in the log and no longer counts."""
        return self.struck_by is not None

    @property
    def is_correction(self) -> bool:
        """A correction row itself (a revert, an edit, a rewind)."""
        return self.correction is not None

    @property
    def effective_action(self) -> Any:
        """The action as it stands: as the newest edit made it, else as first logged."""
        return self.revised if self.revised is not None else self.action
