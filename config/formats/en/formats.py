"""English dates as the Board writes them, in Associated Press style: "Jan. 15, 2027", "March 1, 2027",
times with a.m./p.m. Names not set here fall back to Django's en locale."""

DATE_FORMAT = "N j, Y"  # Jan. 15, 2027
DATETIME_FORMAT = "N j, Y, P"  # Jan. 15, 2027, 7:30 p.m.
SHORT_DATE_FORMAT = "m/d/Y"  # 01/15/2027
SHORT_DATETIME_FORMAT = "m/d/Y P"
MONTH_DAY_FORMAT = "N j"
YEAR_MONTH_FORMAT = "N Y"
