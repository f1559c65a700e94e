"""Rules every vendors feature shares: which police clearance reports 30 DCMR 1207.2(l) asks of an owner or
officer, read by the guided application's checks (vendors/applications/rules.py) and by the owners' API and
pages (vendors.selectors.owner_clearances_needed). Pure functions, no database."""

DC = "DC"


def clearance_jurisdictions(*, residence: str, business: str) -> list[str]:
    """Which police clearance reports 1207.2(l) asks of an owner or officer: "dc" always; "residence" where they
    live outside the District ("" unknown counts as outside); "business" where the business is in a third
    jurisdiction (one report answers for the residence and the business when both are the same state)."""
    needed = ["dc"]
    if residence != DC:
        needed.append("residence")
    if business and business not in (DC, residence):
        needed.append("business")
    return needed
