"""Print the demo Board accounts' two-factor code of the moment (the authenticator-app secret seed_demo gives
them), so `make run` can be tried without a phone. The secret is the published demo one: this says nothing about
any real account."""

from django.core.management.base import BaseCommand

from demo.world import DEMO_TOTP_SECRET
from licensing.accounts.mfa import totp_code_now


class Command(BaseCommand):
    help = "Print the demo Board accounts' current two-factor code."

    def handle(self, *args, **options):
        self.stdout.write(totp_code_now(DEMO_TOTP_SECRET))
