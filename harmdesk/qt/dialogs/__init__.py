"""HarmDesk's dialogs. Each builds actions (or plain data) from its form and shows the
rules core's preview before OK; read the result without exec(): `actions()`,
`action()`, `faces()`, `settings_action()`, `options()`, `name()`."""

from .campaigns import NewCampaignDialog, OpenCampaignDialog
from .character import CharacterDialog
from .condition import ConditionDialog
from .death import DeathDialog
from .dice import DiceDialog, ask_faces, manual_roll_provider
from .moves import MovesDialog
from .settings import SettingsDialog

__all__ = ["CharacterDialog", "ConditionDialog", "DeathDialog", "DiceDialog",
           "MovesDialog", "NewCampaignDialog", "OpenCampaignDialog", "SettingsDialog",
           "ask_faces", "manual_roll_provider"]
