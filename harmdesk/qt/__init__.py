"""The window: Qt models, views, widgets and dialogs bound to the controller."""
