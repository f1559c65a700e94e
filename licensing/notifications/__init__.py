"""In-portal notifications: every email mirrored for its recipients with an account, an unread count in the
header, a list marking read, and the API."""
