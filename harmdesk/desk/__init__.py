"""The service layer: what the window and the command line ask of a campaign.

Each module is imported from where it lives; this package re-exports nothing.
"""
