"""Exact pot equity by enumeration (numpy), its lookup tables and shipped data, and the
all-in EV built on it."""
