"""A new Board account signs in with its password, sets up its authenticator app and works at once: setting up the
account's first second factor passes it for that session. (Transactional: allauth announces the new factor once its
transaction commits, inside the request, as in production.)"""

import pytest
from django.urls import reverse

from licensing.accounts.mfa import totp_code_now
from tests.licensing.factories import PASSWORD, board_member

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("keep_migrated_data")]


def test_setting_up_the_first_factor_passes_it_for_the_session(client):
    member = board_member(mfa=False)
    client.force_login(member)
    assert client.get(reverse("portal:votes_awaiting")).url == reverse("mfa_index")
    page = client.get(reverse("mfa_activate_totp"))
    if page.status_code == 302:  # allauth asks for the password again before adding a factor
        client.post(reverse("account_reauthenticate"), {"password": PASSWORD})
        page = client.get(reverse("mfa_activate_totp"))
    code = totp_code_now(page.context["form"].secret)
    assert client.post(reverse("mfa_activate_totp"), {"code": code}).status_code == 302
    assert client.get(reverse("portal:votes_awaiting")).status_code == 200
