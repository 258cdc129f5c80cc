"""Analyst and operator commands: SQL, traces, export, dead-letter topic, admin route.

Each module is small and typer-free where it can be; the ``*_cli`` modules hold the typer
apps the root CLI mounts.
"""
