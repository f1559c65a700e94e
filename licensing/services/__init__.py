"""Every write of the licensing app. Views, APIs, tasks and commands call these."""
