"""Tenace's rules engine: the referee every other part calls.

Pure Python, no Django. See ``engine/README.md`` for the public API with examples.
"""
