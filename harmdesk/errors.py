"""The three kinds of trouble, sorted where they happen and shown each its own way.

- `UserError`: the GM asked for something that cannot be done (a campaign without a
  name, a chip that does not fit the tile); the message says why and the hint what to
  do instead. Shown beside what they did, never as a box that interrupts play.
- `StoreError`: the machine or the data file said no (a full disk, a file from a newer
  HarmDesk, a folder another HarmDesk writes); the message carries the advice.
- anything else is a bug: it reaches the one excepthook dialog, which offers to copy
  the report.

No Qt and no SQL here, so every layer can raise and catch these.
"""

from __future__ import annotations


class UserError(ValueError):
    """Input HarmDesk cannot take: `message` says why, `hint` what to do instead."""

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} {self.hint}".strip() if self.hint else self.message


class NameTaken(UserError):
    """There is a campaign named `taken` already, so an import cannot take that name;
    `free` is the first free name made from it ("Stonetop demo (2)")."""

    def __init__(self, taken: str, free: str):
        super().__init__(f"There is already a campaign named {taken!r}.",
                         f"Import it under another name, such as {free!r}.")
        self.taken = taken
        self.free = free


class StoreError(Exception):
    """A problem with the data file or folder, explained for the GM, with advice."""


__all__ = ["NameTaken", "StoreError", "UserError"]
