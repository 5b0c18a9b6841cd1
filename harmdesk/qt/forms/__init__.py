"""Layouts compiled from ui/*.ui."""
