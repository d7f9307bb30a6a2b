"""Aftermath: a cooperative adventure-book game for 1-4 players (in progress)."""
