"""Boston in the engine: rule profiles, the boston card and the auction (rules.md §10)."""
