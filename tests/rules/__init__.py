"""Tests of the small pure rule functions, one module per rule function module."""
