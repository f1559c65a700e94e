"""The demo world of `make run` (`manage.py seed_demo`): its people and organizations (world.py), their accounts
(accounts.py), the licensing part (licensing.py) and the vendor's license (vendors.py), tonight's bingo (bingo.py),
Hold'em tournaments (tournaments.py) and training Monte Carlo Night (nights.py), with the helpers they share
(helpers.py) and what `make run` prints last (welcome.py). It may import every app; no app imports it."""
