"""The demo world `seed_demo` builds: believable people and organizations of DC."""

from licensing.models import OrganizationType, Role

DEMO_PASSWORD = "Charity-Demo-2026"  # noqa: S105  (a demo database only; printed by seed_demo)
# Board staff and board members must use two-factor authentication (licensing.accounts.mfa): the demo's share this
# authenticator-app secret (printed by seed_demo; `manage.py demo_totp` prints its code of the moment).
DEMO_TOTP_SECRET = "KRUGKIDDNBQXE2LUMFRGYZJAI5QW22LO"  # noqa: S105  (base32; a demo database only)

ADMIN = ("admin@demo.dcgaming.org", "Alex Morgan (administrator)")
BOARD_STAFF = [("staff@demo.dcgaming.org", "Dana Whitfield")]
# Invites and deactivates Board staff and members in the portal (Board accounts); no admin rights.
BOARD_ADMIN = ("board-admin@demo.dcgaming.org", "Priya Raman (Board administrator)")
BOARD_MEMBERS = [
    ("member1@demo.dcgaming.org", "Marcus Bell"),
    ("member2@demo.dcgaming.org", "Lucía Fernández"),
    ("member3@demo.dcgaming.org", "Grace Okafor"),
    ("member4@demo.dcgaming.org", "Thomas Nguyen"),
    ("member5@demo.dcgaming.org", "Rebecca Stein"),
]

ORGANIZATIONS = [
    {
        "name": "St. Augustine Catholic Parish",
        "organization_type": OrganizationType.RELIGIOUS,
        "street_address": "1419 V Street NW",
        "postal_code": "20009",
        "is_senior_group": False,
        "people": [
            ("officer@staugustine.demo.dcgaming.org", "Maria Delgado", [Role.OFFICER, Role.MEMBER_IN_CHARGE]),
            ("alternate@staugustine.demo.dcgaming.org", "James Carter", [Role.ALTERNATE]),
            ("treasurer@staugustine.demo.dcgaming.org", "Angela Brooks", [Role.GROSS_RECEIPTS]),
            ("caller@staugustine.demo.dcgaming.org", "Ray Jimenez", [Role.CALLER]),
            ("checker@staugustine.demo.dcgaming.org", "Denise Howard", [Role.CHECKER]),
        ],
    },
    {
        "name": "American Legion Post 8",
        "organization_type": OrganizationType.VETERANS,
        "street_address": "224 D Street SE",
        "postal_code": "20003",
        "is_senior_group": False,
        "people": [
            ("officer@post8.demo.dcgaming.org", "William Hayes", [Role.OFFICER, Role.MEMBER_IN_CHARGE]),
            ("director@post8.demo.dcgaming.org", "Keisha Robinson", [Role.TOURNAMENT_DIRECTOR]),
            ("dealer@post8.demo.dcgaming.org", "Luis Ortega", [Role.DEALER]),
        ],
    },
    {
        "name": "Petworth Senior Friendship Club",
        "organization_type": OrganizationType.SENIOR,
        "street_address": "4300 Arkansas Avenue NW",
        "postal_code": "20011",
        "is_senior_group": True,
        "people": [
            ("officer@petworthseniors.demo.dcgaming.org", "Dorothy Simmons", [Role.OFFICER, Role.MEMBER_IN_CHARGE]),
        ],
    },
]

VENDOR = {
    "name": "Capitol Bingo Supply Co.",
    "business_type": "corporation",
    "street_address": "2100 Bladensburg Road NE",
    "city": "Washington",
    "state": "DC",
    "postal_code": "20018",
    "person": ("sales@capitolbingo.demo.dcgaming.org", "Frank DiMarco"),
}
