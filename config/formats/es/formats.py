"""Spanish dates as the Board writes them: "15 ene. 2027" (abbreviated month in lower case with its dot,
the usage of the RAE), 24-hour times. Amounts as Spanish is written in the United States and Mexico, the
Board's readers: "$1,234.50", the figure the money inputs read (core.money) and the texts quote ("$5,000"),
not Spain's "1 234,50" (issue 26, journey 3: one money format per language). Names not set here fall back to
Django's es locale."""

DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3

DATE_FORMAT = r"j b. Y"  # 15 ene. 2027 ("M" would give "Ene.", capitalised)
DATETIME_FORMAT = r"j b. Y, H:i"  # 15 ene. 2027, 19:30
SHORT_DATE_FORMAT = "d/m/Y"  # 15/01/2027
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = r"j b."
YEAR_MONTH_FORMAT = r"b. Y"
