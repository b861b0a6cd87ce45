"""Duplicate whist events: sessions, sections, entries, board sets and movements."""
