"""Rooms: pupils at one table from their own screens, the teacher watching every table."""
