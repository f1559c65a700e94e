"""Sign-in locks after failed attempts: who is locked (policy), what they see (responses), lifting a lock."""
