"""The organization's home says what to do now: each kind of item with its deadline counting down, overdue in
red, soonest first; nothing when nothing is due; none for people who do not file for the organization."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from licensing.home import rules
from licensing.home.selectors import action_items, applications_in_progress, home_choices
from licensing.models import Role
from tests.licensing.factories import (
    ApplicationFactory,
    OrganizationFactory,
    board_member,
    board_staff,
    make_eligible,
    member,
)
from tests.licensing.home.factories import (
    deficiency,
    officer_of,
    renewal_window,
    report_due,
    substantial_change,
    today,
)

pytestmark = pytest.mark.django_db


def kinds(items):
    return [item.kind for item in items]


def test_nothing_to_do_says_so(client, organization):
    officer = officer_of(organization)
    make_eligible(organization, uploaded_by=officer)  # no eligibility gap either (test_eligibility_gaps)
    assert action_items(user=officer, organization=organization) == []
    client.force_login(officer)
    page = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    assert "Nothing to do right now" in page


def test_an_open_deficiency_notice_counts_down_to_its_cure_date(organization):
    notice = deficiency(organization, cure_in=12)
    [item] = action_items(user=officer_of(organization), organization=organization)
    assert (item.kind, item.due_on, item.days_left, item.overdue) == ("deficiency", notice.cure_by, 12, False)
    assert item.countdown == "12 days left" and item.detail == "Send the signed lease."
    assert item.url == reverse("portal:application_detail", args=[notice.application_id])


def test_a_cured_or_expired_notice_is_not_to_do(organization):
    notice = deficiency(organization)
    notice.cured_at = dt.datetime.now(dt.UTC)
    notice.save()
    assert action_items(user=officer_of(organization), organization=organization) == []


def test_a_report_due_soon_then_overdue(organization):
    report = report_due(organization, held_days_ago=5)
    [item] = action_items(user=officer_of(organization), organization=organization)
    assert item.kind == "report" and item.due_on == report.report_due and not item.overdue
    assert item.rule == "30 DCMR 1413.1" and item.url == reverse("portal:report_detail", args=[report.pk])
    later = report.report_due + dt.timedelta(days=3)
    [late] = action_items(user=officer_of(organization), organization=organization, today=later)
    assert late.overdue and late.countdown == "3 days overdue"


def test_a_report_due_later_than_two_weeks_is_not_yet_to_do(organization):
    report = report_due(organization, held_days_ago=1)
    early = report.report_due - dt.timedelta(days=rules.REPORT_DUE_SOON_DAYS + 1)
    assert action_items(user=officer_of(organization), organization=organization, today=early) == []


def test_a_renewal_window_open_until_the_license_expires(organization):
    license = renewal_window(organization, expires_in=60)
    [item] = action_items(user=officer_of(organization), organization=organization)
    assert item.kind == "renewal" and item.due_on == license.expires_on - dt.timedelta(days=45)
    assert item.days_left == 15 and item.rule == "30 DCMR 1204.2"
    assert f"kind=renewal&base_license={license.pk}" in item.url
    # past the 45-day deadline: overdue until it expires; outside the 90-day window: nothing.
    assert action_items(user=officer_of(organization), organization=organization,
                        today=today() + dt.timedelta(days=20))[0].overdue
    assert action_items(user=officer_of(organization), organization=organization,
                        today=today() - dt.timedelta(days=31)) == []


def test_a_renewal_already_filed_is_not_to_do(organization):
    license = renewal_window(organization)
    ApplicationFactory(organization=organization, kind="renewal", base_license=license, submitted=True)
    assert action_items(user=officer_of(organization), organization=organization) == []


def test_an_amendment_due_10_days_after_a_substantial_change(organization):
    change = substantial_change(organization, changed_days_ago=3)
    [item] = action_items(user=officer_of(organization), organization=organization)
    assert item.kind == "amendment" and item.due_on == change.changed_on + dt.timedelta(days=10)
    assert item.days_left == 7 and item.rule == "30 DCMR 1202.3" and "kind=amendment" in item.url


def test_items_come_overdue_first_then_soonest(organization):
    deficiency(organization, cure_in=20)
    substantial_change(organization, changed_days_ago=12)  # due 2 days ago
    report_due(organization, held_days_ago=5)
    items = action_items(user=officer_of(organization), organization=organization)
    assert kinds(items) == ["amendment", "report", "deficiency"]
    assert items[0].overdue and items[0].countdown == "2 days overdue"


def test_who_sees_the_items(organization):
    deficiency(organization)
    assert len(action_items(user=board_staff(), organization=organization)) == 1  # the Board reads them
    assert action_items(user=member(organization, Role.CALLER), organization=organization) == []  # no filing role


@pytest.mark.parametrize(("who", "status"), [("anonymous", 302), ("officer", 200), ("caller", 200),
                                             ("other_officer", 404), ("board_staff", 200), ("board_member", 200)])
def test_the_home_page_by_role(client, organization, who, status):
    deficiency(organization)
    users = {"officer": lambda: officer_of(organization), "caller": lambda: member(organization, Role.CALLER),
             "other_officer": lambda: officer_of(OrganizationFactory()), "board_staff": board_staff,
             "board_member": board_member}
    if who != "anonymous":
        client.force_login(users[who]())
    response = client.get(reverse("portal:organization_detail", args=[organization.pk]))
    assert response.status_code == status
    if status == 200:
        page = response.content.decode()
        assert ("Send the signed lease." in page) is (who in ("officer", "board_staff", "board_member"))
        assert "licensing." not in page  # never an event's code


def test_the_page_shows_the_countdown_and_the_date_in_the_readers_language(client, organization):
    notice = deficiency(organization, cure_in=12)
    client.force_login(officer_of(organization))
    url = reverse("portal:organization_detail", args=[organization.pk])
    page = client.get(url).content.decode()
    assert "12 days left" in page and "Answer the notice" in page
    assert f'datetime="{notice.cure_by.isoformat()}"' in page
    spanish = client.get(url, headers={"Accept-Language": "es"}).content.decode()
    assert "Qué hacer ahora" in spanish and "quedan 12 días" in spanish
    translation.activate("en")  # the request left Spanish active in this thread


def test_an_application_in_progress_says_its_next_step(organization):
    officer = officer_of(organization)
    draft = ApplicationFactory(organization=organization, step=2)
    deficiency(organization, cure_in=5)
    ApplicationFactory(organization=organization, submitted=True)
    with translation.override("en"):
        steps = {progress.application.status: progress.next_step
                 for progress in applications_in_progress(user=officer, organization=organization)}
    assert steps["draft"].startswith("Finish the form and submit it: next, step 2 of 5, “Schedule”")
    assert steps["deficient"].startswith("Answer the Board's deficiency notice by ")
    assert steps["submitted"].startswith("With the Board")
    assert draft.pk in {progress.application.pk for progress in applications_in_progress(
        user=officer, organization=organization)}


def test_one_organization_lands_on_its_home_several_choose(client, organization):
    officer = officer_of(organization)
    client.force_login(officer)
    assert client.get(reverse("portal:dashboard")).url == reverse("portal:organization_detail",
                                                                   args=[organization.pk])
    other = OrganizationFactory(name="Second Lions Club")
    member(other, Role.OFFICER).memberships.update(user=officer)
    deficiency(other)
    page = client.get(reverse("portal:dashboard")).content.decode()
    assert "Second Lions Club" in page and "1 thing to do" in page and "Nothing to do" in page
    assert {choice.organization.name: choice.action_count for choice in home_choices(user=officer)} == {
        organization.name: 0, "Second Lions Club": 1}


def test_the_board_keeps_its_dashboard(client):
    client.force_login(board_staff())
    response = client.get(reverse("portal:dashboard"))
    assert response.status_code == 200 and "You are board staff" in response.content.decode()


def test_the_renewal_link_opens_the_form_filled_in(client, organization):
    license = renewal_window(organization)
    officer = officer_of(organization)
    [item] = action_items(user=officer, organization=organization)
    client.force_login(officer)
    form = client.get(item.url).context["form"]
    assert form.initial["kind"] == "renewal" and form.initial["base_license"] == str(license.pk)
    assert client.get(reverse("portal:application_start", args=[organization.pk]),
                      {"base_license": "٣", "kind": "x" * 999}).status_code == 200  # odd input: just not chosen
