"""The package list, which pyproject.toml cannot state by itself (everything else is there).

Every package under ``kortspel/``, found at each build so a new game's package is never left
out, plus the views: the top-level folder ``widgets/`` installs as ``kortspel.widgets``
(``package-dir`` in pyproject.toml), so no package named ``widgets`` reaches site-packages;
the classroom server's folder ``rooms/`` installs as ``kortspel.rooms`` the same way.
"""

from setuptools import find_packages, setup

VIEWS = "kortspel.widgets"
ROOMS = "kortspel.rooms"

setup(packages=[
    *find_packages(include=["kortspel", "kortspel.*"]),
    VIEWS,
    *(f"{VIEWS}.{name}" for name in find_packages("widgets")),
    ROOMS,
    *(f"{ROOMS}.{name}" for name in find_packages("rooms")),
])
