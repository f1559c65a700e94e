"""An organization's home: what it has to do now (rules.py decides, selectors.py reads), then its licenses,
applications in progress, upcoming operations and events (events.py: the live-game apps register theirs) and
its recent activity in plain words (licensing.audit.sentences)."""
