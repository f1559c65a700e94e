"""Item 19: BOARD_VOTE_QUORUM cannot be set below four (30 DCMR 1202.4: "at least four"): the settings refuse
to load, so no web process, worker or manage.py command starts; a quorum lowered at run time is refused too."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from licensing.review.rules import MINIMUM_QUORUM, quorum_problem
from licensing.review.services import vote_cast
from tests.licensing.factories import ApplicationFactory, board_member

LOAD_SETTINGS = "import django; django.setup(); from django.conf import settings; print(settings.BOARD_VOTE_QUORUM)"


def start_with(quorum: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "BOARD_VOTE_QUORUM": quorum, "DJANGO_SETTINGS_MODULE": "config.settings",
           "DJANGO_ENV": "development"}
    return subprocess.run([sys.executable, "-c", LOAD_SETTINGS], env=env, cwd=settings.BASE_DIR,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("quorum", "starts"), [("3", False), ("4", True), ("5", True), ("0", False),
                                                 ("-4", False), ("four", False), ("", False)])
def test_the_server_refuses_to_start_below_four(quorum, starts):
    result = start_with(quorum)
    if starts:
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == quorum
    else:
        assert result.returncode != 0
        assert "ImproperlyConfigured" in result.stderr and "30 DCMR 1202.4" in result.stderr


def test_the_rule_itself():
    assert MINIMUM_QUORUM == 4
    assert quorum_problem(4) is None and quorum_problem(9) is None
    assert "at least 4" in quorum_problem(3)
    assert quorum_problem(True) and quorum_problem("4") and quorum_problem(None)


@pytest.mark.django_db
def test_a_quorum_lowered_at_run_time_issues_nothing(settings):
    settings.BOARD_VOTE_QUORUM = 3
    application = ApplicationFactory(submitted=True)
    with pytest.raises(ImproperlyConfigured, match="1202.4"):
        vote_cast(application=application, actor=board_member(), choice="aye")
    assert not application.votes.exists()
