"""Read the committed Natural Earth 1:110m country outlines (pyshp, no geopandas)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

Ring = list[tuple[float, float]]

# Chukotka's tip lies east of the antimeridian; moving it to +180..+191 keeps Russia in one
# piece so the map's seam falls in the Bering Strait, between Alaska and Kamchatka.
WRAP_BELOW_LON = -169.0


@dataclass(frozen=True)
class Country:
    """One shapefile record: its name and its outer rings in (lon, lat) degrees."""

    name: str
    rings: tuple[tuple[tuple[float, float], ...], ...]


def read_countries(shp_path: Path) -> list[Country]:
    """Return every country of the shapefile, in file order (the order is part of determinism)."""
    import shapefile  # only the tools extra provides pyshp

    countries: list[Country] = []
    # the .cpg file says ISO-8859-1, and pyshp reads it from there
    with shapefile.Reader(str(shp_path)) as reader:
        for rec in reader.iterShapeRecords():
            shape = rec.shape
            bounds = list(shape.parts) + [len(shape.points)]
            rings = []
            for start, end in itertools.pairwise(bounds):
                ring = [(float(x), float(y)) for x, y in shape.points[start:end]]
                if rec.record["name"] == "Russia" or rec.record["name"] == "Fiji":
                    ring = [(x + 360.0 if x < WRAP_BELOW_LON else x, y) for x, y in ring]
                rings.append(tuple(ring))
            countries.append(Country(str(rec.record["name"]), tuple(rings)))
    return countries
