"""Shaping data for the classic board: which country (or part) becomes which territory.

Everything hand-tuned lives here, in (lon, lat) degrees, so the algorithms stay generic.
Split lines follow rivers, lakes, ranges and old borders where one exists (Missouri and
Red River for the USA, the Ottawa River for Ontario/Quebec, the Urals, the Stanovoy range,
Lake Balkhash, Lake Eyre), because straight cuts look like rulers, not borders.
"""

from __future__ import annotations

from dataclasses import dataclass

from .project import Grow, Lens, OceanSqueeze, Warp, meander

Box = tuple[float, float, float, float]
Polygon = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Rule:
    """Give a country's pixels to 'territory' (None drops them).

    'ring_in' keeps only rings whose centroid lies in the (lon0, lat0, lon1, lat1) box;
    'region' keeps only pixels inside that polygon. The first matching rule wins.
    """

    territory: str | None
    ring_in: Box | None = None
    region: Polygon | None = None


def _all(territory: str) -> tuple[Rule, ...]:
    return (Rule(territory),)


# The tables below are laid out by hand, several points to a line, so they stay readable.
# fmt: off


# Countries left off the board: too small, too far, or not part of the classic map.
DROPPED = frozenset({
    "Antarctica", "Fr. S. Antarctic Lands", "Fiji", "Vanuatu", "New Caledonia",
    "Solomon Is.", "New Zealand",
})

_GROUPS: dict[str, tuple[str, ...]] = {
    "greenland": ("Greenland",),
    "central_america": (
        "Mexico", "Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica",
        "Panama", "Cuba", "Haiti", "Dominican Rep.", "Jamaica", "Bahamas", "Puerto Rico",
    ),
    "venezuela": ("Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago"),
    "peru": ("Peru", "Bolivia", "Ecuador"),
    "brazil": ("Brazil",),
    "argentina": ("Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."),
    "iceland": ("Iceland",),
    "great_britain": ("United Kingdom", "Ireland"),
    "scandinavia": ("Sweden", "Finland"),
    "northern_europe": (
        "Germany", "Poland", "Denmark", "Netherlands", "Belgium", "Luxembourg", "Czechia",
        "Slovakia",
    ),
    "western_europe": ("Spain", "Portugal"),
    "southern_europe": (
        "Italy", "Switzerland", "Austria", "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia",
        "Montenegro", "Kosovo", "Albania", "North Macedonia", "Greece", "Bulgaria", "Romania",
        "Hungary",
    ),
    "ukraine": ("Ukraine", "Belarus", "Lithuania", "Latvia", "Estonia", "Moldova"),
    "north_africa": (
        "Morocco", "W. Sahara", "Algeria", "Tunisia", "Mauritania", "Mali", "Niger", "Senegal",
        "Gambia", "Guinea", "Guinea-Bissau", "Sierra Leone", "Liberia", "Côte d'Ivoire",
        "Burkina Faso", "Ghana", "Togo", "Benin", "Nigeria", "Chad",
    ),
    "egypt": ("Egypt", "Libya"),
    "east_africa": (
        "Sudan", "S. Sudan", "Ethiopia", "Eritrea", "Djibouti", "Somalia", "Somaliland", "Kenya",
        "Uganda", "Rwanda", "Burundi", "Tanzania",
    ),
    "congo": ("Cameroon", "Central African Rep.", "Congo", "Dem. Rep. Congo", "Gabon", "Eq. Guinea"),
    "south_africa": (
        "Zambia", "Namibia", "Botswana", "Zimbabwe", "Mozambique", "Malawi", "South Africa",
        "Lesotho", "eSwatini",
    ),
    "madagascar": ("Madagascar",),
    "middle_east": (
        "Turkey", "Syria", "Iraq", "Iran", "Saudi Arabia", "Yemen", "Oman", "United Arab Emirates",
        "Qatar", "Kuwait", "Jordan", "Israel", "Palestine", "Lebanon", "Georgia", "Armenia",
        "Azerbaijan", "Cyprus", "N. Cyprus",
    ),
    "afghanistan": ("Afghanistan", "Turkmenistan", "Uzbekistan", "Tajikistan", "Kyrgyzstan"),
    "india": ("India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka"),
    "siam": ("Myanmar", "Thailand", "Laos", "Cambodia", "Vietnam"),
    "china": ("China", "Taiwan", "North Korea", "South Korea"),
    "mongolia": ("Mongolia",),
    "japan": ("Japan",),
    "indonesia": ("Brunei", "Timor-Leste", "Philippines"),
    "new_guinea": ("Papua New Guinea",),
}

# --- split lines -------------------------------------------------------------------------
# USA: Red River of the North, the Big Sioux, the Missouri, then the Sabine to the Gulf.
_US_SPLIT = meander((
    (-97.2, 50.0), (-96.8, 47.5), (-96.6, 46.0), (-96.6, 45.3), (-96.5, 43.5),
    (-96.4, 42.5), (-95.9, 41.3), (-95.3, 40.0), (-94.6, 39.1), (-94.6, 37.0), (-94.4, 35.4),
    (-94.5, 33.6), (-94.0, 33.0), (-94.0, 31.8), (-93.7, 31.0), (-93.8, 29.7), (-93.8, 20.0),
), amp=0.6)
_WESTERN_US: Polygon = ((-135.0, 50.0),) + _US_SPLIT + ((-135.0, 20.0),)
# Canada: the tree line / Liard-Peace-Athabasca for the north, the Saskatchewan country for
# Alberta's east, the Ottawa River and James Bay for Ontario/Quebec, Hudson Strait for Quebec.
_NWT_SOUTH = ((-150.0, 60.5),) + meander((
    (-141.0, 60.5), (-136.0, 60.3), (-130.0, 60.0), (-127.0, 59.6), (-124.0, 59.0),
    (-121.0, 58.3), (-118.0, 58.6), (-115.0, 59.5), (-112.0, 59.0), (-107.0, 59.0),
), amp=0.9)
_ALBERTA_EAST = meander((
    (-107.0, 59.0), (-106.0, 56.5), (-107.2, 55.0), (-105.5, 53.5), (-106.5, 52.0),
    (-105.4, 51.0), (-107.0, 50.0), (-106.5, 49.0),
), amp=0.6) + ((-106.5, 40.0),)
# The real Alaska-Yukon border is the 141st meridian, a ruler line; the map's runs a little
# east of it, bending like the Porcupine and the Yukon.
_ALASKA_YUKON: Polygon = ((-150.0, 71.0),) + meander(
    ((-140.2, 70.8), (-140.0, 68.0), (-139.8, 65.0), (-140.3, 62.5), (-141.0, 60.3)), amp=0.9
) + ((-150.0, 60.0),)
_ALBERTA: Polygon = _NWT_SOUTH + _ALBERTA_EAST[1:] + ((-150.0, 40.0),)
_OTTAWA_RIVER = ((-80.0, 55.5),) + meander((
    (-79.6, 51.5), (-79.5, 47.5), (-78.5, 46.3), (-76.5, 45.6), (-74.5, 45.3), (-74.7, 43.5),
), amp=0.35) + ((-74.7, 40.0),)
_ONTARIO: Polygon = (
    meander(((-107.0, 59.0), (-104.0, 58.6), (-102.0, 58.4), (-98.0, 58.8), (-94.5, 58.7)), amp=0.6)
    + ((-88.0, 58.0),)
    + _OTTAWA_RIVER
    + tuple(reversed(_ALBERTA_EAST))[:-1]
)
_QUEBEC: Polygon = (
    ((-80.0, 63.0), (-75.0, 62.9), (-70.0, 61.5), (-65.0, 60.7), (-58.0, 59.0), (-50.0, 50.0),
     (-52.0, 45.0), (-60.0, 42.0), (-67.0, 43.0))
    + tuple(reversed(_OTTAWA_RIVER))
)
# Russia and Kazakhstan: the Urals, a line east of the Ob, the Yenisei-Lena watershed, the
# Stanovoy range, the Kolyma country; Lake Balkhash splits Kazakhstan.
_UKRAINE_RU: Polygon = ((15.0, 38.0), (61.5, 38.0)) + meander((
    (61.5, 51.0), (59.0, 52.5), (58.8, 54.5), (59.5, 56.0), (59.5, 58.5), (59.0, 61.5),
    (60.0, 64.5), (64.5, 67.5), (66.5, 69.0),
), amp=0.5) + ((68.0, 72.0), (68.0, 85.0), (15.0, 85.0))
_URAL_RU: Polygon = ((40.0, 40.0), (84.5, 45.0)) + meander((
    (84.5, 50.5), (83.0, 52.0), (82.0, 55.0), (80.0, 58.0), (79.0, 62.0), (81.0, 66.0),
    (80.0, 70.0), (82.0, 74.0),
), amp=1.2) + ((80.0, 85.0), (40.0, 85.0))
_SIBERIA_EAST = ((110.0, 85.0),) + meander((
    (110.0, 77.0), (112.0, 73.0), (108.0, 68.0), (106.0, 63.0), (104.0, 59.0),
    (101.0, 55.5), (99.0, 52.0),
), amp=1.4) + ((99.0, 45.0),)
_SIBERIA_RU: Polygon = _SIBERIA_EAST + ((60.0, 45.0), (60.0, 85.0))
_STANOVOY = meander((
    (104.0, 59.0), (110.0, 59.0), (116.0, 58.0), (122.0, 56.8), (128.0, 56.5), (132.0, 56.6),
    (136.0, 57.5),
), amp=0.6)
# Siberia is claimed first, so Irkutsk may reach west under it; only the Stanovoy line counts.
_IRKUTSK_RU: Polygon = ((90.0, 45.0), (90.0, 59.0)) + _STANOVOY + (
    (139.5, 55.5), (145.0, 45.0),
)
_KAMCHATKA_RU: Polygon = ((158.0, 72.0),) + meander((
    (156.0, 69.5), (152.0, 67.0), (149.0, 65.5), (146.0, 63.0), (141.0, 60.0), (136.0, 57.5),
), amp=1.4) + ((139.5, 55.5), (150.0, 50.0), (195.0, 50.0), (195.0, 75.0))
_MONGOLIA_RU: Polygon = ((112.0, 49.5),) + meander((
    (113.0, 51.0), (116.0, 52.0), (120.0, 54.0), (126.0, 55.0), (133.0, 54.5), (137.0, 54.2),
), amp=0.5) + ((140.0, 54.5), (142.0, 46.0), (135.0, 40.0), (112.0, 40.0))
_URAL_KZ: Polygon = ((53.0, 51.6),) + meander((
    (58.0, 50.2), (63.0, 49.0), (68.0, 47.5), (72.0, 46.6), (76.0, 46.0), (80.5, 45.2),
), amp=0.5) + ((90.0, 45.0), (90.0, 56.0), (53.0, 56.0))
# Australia: Gulf of Carpentaria, the Georgina, Lake Eyre, Spencer Gulf.
_WESTERN_AU: Polygon = ((137.0, -10.0),) + meander((
    (137.0, -16.0), (138.0, -19.5), (138.7, -22.5), (137.9, -26.0), (137.5, -28.5),
    (137.8, -31.0), (137.9, -33.0),
), amp=0.5) + ((137.0, -40.0), (110.0, -40.0), (110.0, -10.0))

RULES: dict[str, tuple[Rule, ...]] = {
    "United States of America": (
        Rule(None, ring_in=(-162.0, 18.0, -154.0, 23.0)),  # Hawaii
        Rule("alaska", ring_in=(-180.0, 50.0, -129.0, 75.0)),
        Rule("western_united_states", region=_WESTERN_US),
        Rule("eastern_united_states"),
    ),
    "Canada": (
        Rule(None, ring_in=(-81.0, 61.0, -79.0, 63.0)),  # Mansel Island: would bridge to Quebec
        Rule("alaska", region=_ALASKA_YUKON),
        Rule("alberta", region=_ALBERTA),
        Rule("ontario", region=_ONTARIO),
        Rule("quebec", region=_QUEBEC),
        Rule("northwest_territory"),
    ),
    "France": (
        Rule("venezuela", ring_in=(-56.0, 1.0, -50.0, 7.0)),  # French Guiana
        Rule("western_europe"),
    ),
    "Norway": (
        Rule(None, ring_in=(0.0, 74.0, 35.0, 82.0)),  # Svalbard: a sliver far from anything
        Rule("scandinavia"),
    ),
    "Russia": (
        Rule("kamchatka", ring_in=(141.0, 45.0, 146.0, 55.0)),  # Sakhalin
        Rule(None, ring_in=(44.0, 79.5, 52.0, 81.5)),  # Franz Josef Land
        Rule("ural", ring_in=(50.0, 70.0, 70.0, 78.0)),  # Novaya Zemlya
        Rule("ukraine", ring_in=(19.0, 54.0, 23.0, 56.0)),  # Kaliningrad
        Rule("siberia", ring_in=(90.0, 77.5, 106.0, 82.0)),  # Severnaya Zemlya
        Rule("yakutsk", ring_in=(136.0, 72.5, 151.0, 77.0)),  # New Siberian Islands
        Rule("kamchatka", region=_KAMCHATKA_RU),
        Rule("mongolia", region=_MONGOLIA_RU),
        Rule("ukraine", region=_UKRAINE_RU),
        Rule("ural", region=_URAL_RU),
        Rule("siberia", region=_SIBERIA_RU),
        Rule("irkutsk", region=_IRKUTSK_RU),
        Rule("yakutsk"),
    ),
    "Kazakhstan": (Rule("ural", region=_URAL_KZ), Rule("afghanistan")),
    "Malaysia": (Rule("siam", ring_in=(99.0, 0.0, 105.0, 8.0)), Rule("indonesia")),
    "Indonesia": (
        Rule("new_guinea", ring_in=(130.0, -10.0, 142.0, 0.0)),
        Rule("indonesia"),
    ),
    "Australia": (
        Rule("eastern_australia", ring_in=(143.0, -45.0, 149.0, -39.0)),  # Tasmania
        Rule("western_australia", region=_WESTERN_AU),
        Rule("eastern_australia"),
    ),
    "Angola": (Rule("congo", ring_in=(11.0, -6.0, 13.5, -4.0)), Rule("south_africa")),
    "Oman": _all("middle_east"),
    **{name: _all(tid) for tid, names in _GROUPS.items() for name in names},
}

# Great Lakes, painted back to water over the USA and Canada (Natural Earth 1:110m countries
# include them as land). Outlines sketched from memory of an atlas, coarse on purpose.
LAKES: tuple[Polygon, ...] = (
    (  # Superior
        (-92.1, 46.75), (-91.0, 46.9), (-90.4, 46.6), (-89.2, 46.9), (-88.4, 47.1),
        (-87.8, 47.45), (-88.1, 46.9), (-87.4, 46.5), (-86.6, 46.45), (-85.7, 46.7),
        (-84.95, 46.77), (-84.6, 46.5), (-84.6, 47.0), (-84.9, 47.9), (-86.5, 48.7),
        (-88.2, 48.9), (-89.2, 48.4), (-89.7, 47.95), (-91.3, 47.1),
    ),
    (  # Michigan
        (-87.6, 41.85), (-87.2, 41.65), (-86.4, 42.2), (-86.2, 43.1), (-86.45, 43.95),
        (-86.2, 44.7), (-85.6, 45.0), (-85.0, 45.4), (-84.8, 45.78), (-85.5, 46.0),
        (-86.5, 45.8), (-87.0, 45.7), (-87.5, 44.9), (-87.7, 44.0), (-87.9, 43.0),
        (-87.8, 42.4),
    ),
    (  # Huron and Georgian Bay
        (-84.7, 45.85), (-83.8, 45.4), (-83.4, 45.05), (-83.3, 44.3), (-83.9, 43.7),
        (-83.4, 44.0), (-82.6, 44.05), (-82.4, 43.0), (-81.7, 43.75), (-81.6, 44.2),
        (-81.3, 44.9), (-81.6, 45.25), (-80.9, 44.6), (-80.0, 44.5), (-80.2, 45.6),
        (-81.0, 46.0), (-82.5, 46.15), (-84.0, 46.3),
    ),
    (  # Erie
        (-83.2, 42.05), (-83.45, 41.7), (-82.7, 41.45), (-81.7, 41.5), (-80.1, 42.15),
        (-78.9, 42.85), (-79.25, 42.88), (-80.3, 42.55), (-81.2, 42.65), (-82.5, 41.95),
    ),
    (  # Ontario
        (-79.85, 43.25), (-79.07, 43.26), (-77.6, 43.25), (-76.5, 43.45), (-76.2, 43.9),
        (-76.5, 44.2), (-77.5, 44.0), (-78.9, 43.85), (-79.4, 43.65),
    ),
)

# Sea lines that no straight line can draw without crossing a third territory go through
# these (lon, lat) waypoints: Greenland reaches Ontario through Hudson Strait.
SEA_LINE_VIA: dict[tuple[str, str], tuple[tuple[float, float], ...]] = {
    ("greenland", "ontario"): ((-64.0, 61.0), (-71.0, 62.6), (-79.0, 61.2), (-85.0, 59.0)),
}

# --- projection shaping --------------------------------------------------------------------
WARPS: tuple[Warp, ...] = (
    Lens(lon=13.0, lat=50.0, radius=19.0, strength=1.0),  # Europe gets room for 7 territories
)

GROW: tuple[Grow, ...] = (
    Grow(box=(-25.0, 62.0, -12.0, 68.0), lon=-18.5, lat=65.0, factor=1.8, aspect=0.9,
         move=(0.0, 1.5)),  # Iceland
    Grow(box=(-11.0, 49.0, 2.0, 60.0), lon=-4.0, lat=54.0, factor=1.75, move=(-3.2, -0.6),
         aspect=0.68),  # Britain, Ireland
    Grow(box=(128.0, 30.0, 146.0, 46.0), lon=137.0, lat=37.0, factor=1.85),  # Japan
    Grow(box=(42.0, -27.0, 51.0, -11.0), lon=46.8, lat=-19.0, factor=1.5),  # Madagascar
    Grow(box=(94.0, -11.0, 129.0, 20.0), lon=115.0, lat=-1.0, factor=1.25),  # Indonesia
    Grow(box=(130.0, -11.0, 157.0, 0.0), lon=143.0, lat=-5.5, factor=1.3, move=(0.5, 1.0)),  # New Guinea
)

# The Atlantic: the Americas, Greenland and Iceland move 12 degrees east as one piece; the ramp
# rows keep Iceland, Britain, Iberia, West Africa and Brazil's bulge out of the squeezed band.
SQUEEZE = OceanSqueeze(
    shift=12.0,
    ramps=(
        (62.0, -12.0, 4.0), (59.0, -30.0, -11.0), (45.0, -50.0, -11.0), (35.0, -60.0, -18.0),
        (15.0, -58.0, -18.0), (5.0, -48.0, -10.0), (-5.0, -34.0, 8.0), (-30.0, -45.0, 10.0),
    ),
)

PIXELS_PER_DEGREE = 3.15
# Miller alone leaves the tropics squat next to the stretched north; a little extra height
# gives Africa and South America room for their badges.
VERTICAL_STRETCH = 1.12
TOP_LAT = 84.0
BOTTOM_LAT = -57.0
# fmt: on
