"""Spanish dates as the Board writes them: "15 ene. 2027" (abbreviated month in lower case with its dot,
the usage of the RAE), 24-hour times. Names not set here fall back to Django's es locale."""

DATE_FORMAT = r"j b. Y"  # 15 ene. 2027 ("M" would give "Ene.", capitalised)
DATETIME_FORMAT = r"j b. Y, H:i"  # 15 ene. 2027, 19:30
SHORT_DATE_FORMAT = "d/m/Y"  # 15/01/2027
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = r"j b."
YEAR_MONTH_FORMAT = r"b. Y"
