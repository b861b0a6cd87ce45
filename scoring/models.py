"""Scoring models arrive with the scoring issue."""
