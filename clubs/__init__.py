"""Clubs, their people and roles, club nights of rubber whist, season ladders."""
