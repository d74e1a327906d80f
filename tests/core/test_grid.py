"""``Grid.within`` looks only at the square around a cell; it must find exactly the
cells a search over the whole board finds, on every geometry, edges and corners too."""

from __future__ import annotations

import pytest

from dicefront.core.grid import GEOMETRIES, Grid


@pytest.mark.parametrize("geometry", sorted(GEOMETRIES))
@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 7), (6, 5), (7, 8)])
@pytest.mark.parametrize("radius", [0, 1, 2, 3])
def test_within_matches_a_search_of_the_whole_board(geometry: str, width: int, height: int, radius: int) -> None:
    grid = Grid(width, height, geometry)
    for cell in grid.cells():
        whole = [c for c in grid.cells() if 0 < grid.distance(cell, c) <= radius]
        assert grid.within(cell, radius) == whole, (geometry, width, height, cell, radius)
