"""Hands and amounts for people and other tools: formatting, the step-by-step narration,
the JSON Lines and PHH exports, and the escaping of attacker-controlled text."""
