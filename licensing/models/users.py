"""Accounts: people sign in with their email address.

The Board's roles (`is_board_staff`, `is_board_member`, `is_board_admin`, `is_board`) are the one role scope every
selector, service and permission starts from, and they hold only behind two-factor authentication: an account in a
Board group counts as Board only when it has a second factor and the sign-in it acts through (the session or the
API token) passed it. The raw group is `in_board_group`, for who an account is, never for what it may do now."""

from allauth.mfa.models import Authenticator
from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.utils.translation import gettext_lazy as _

# A second factor is an authenticator app (TOTP) or a security key / passkey (WebAuthn); recovery codes only stand in
# for one when it is lost.
SECOND_FACTORS = (Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN)
# What the sign-in a request acts through says (licensing.accounts.second_factor marks the request's user with it):
# True when the session or the API token passed a second factor. A user loaded outside a request (a task, a command,
# a service called by another service) acts for a request that was checked and carries no mark.
SIGN_IN_SECOND_FACTOR = "_sign_in_second_factor"


class BoardGroup(models.TextChoices):
    """The Board's own people are auth groups, not organization members. The groups are created (and
    their admin permissions set) after every migrate by licensing.accounts.roles; a Board administrator
    invites and deactivates Board staff and board members in the portal and can grant nothing more."""

    STAFF = "board_staff", _("Board staff")
    MEMBER = "board_member", _("Board member")
    ADMIN = "board_admin", _("Board administrator")


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create_user(self, email, password, **extra_fields):
        if not email:
            raise ValueError("An email address is required.")
        user = self.model(email=self.normalize_email(email).lower(), **extra_fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra_fields)

    def create_superuser(self, email, password=None, **extra_fields):
        extra_fields.update(is_staff=True, is_superuser=True)
        return self._create_user(email, password, **extra_fields)


class User(AbstractUser):
    username = None
    first_name = None
    last_name = None
    email = models.EmailField(_("email address"), unique=True)
    full_name = models.CharField(_("full name"), max_length=150)
    phone = models.CharField(_("phone"), max_length=40, blank=True)

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS = ["full_name"]
    objects = UserManager()

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        ordering = ["email"]

    def __str__(self) -> str:
        return self.full_name or self.email

    def get_full_name(self) -> str:
        return self.full_name

    def get_short_name(self) -> str:
        return self.full_name.split(" ")[0] if self.full_name else self.email

    def in_board_group(self, group: BoardGroup) -> bool:
        # Cached per instance: role checks run several times per request (nav, selectors).
        cache = self.__dict__.setdefault("_board_groups", None)
        if cache is None:
            cache = set(self.groups.values_list("name", flat=True)) if self.pk else set()
            self.__dict__["_board_groups"] = cache
        return group.value in cache

    def in_any_board_group(self) -> bool:
        return any(self.in_board_group(group) for group in BoardGroup)

    @property
    def needs_second_factor(self) -> bool:
        """Who must pass two-factor authentication to work at all: the Board's people, admin staff and superusers
        (the Board's security policy)."""
        return self.is_active and (self.is_superuser or self.is_staff or self.in_any_board_group())

    @property
    def has_second_factor(self) -> bool:
        cache = self.__dict__.get("_has_second_factor")
        if cache is None:
            cache = bool(self.pk) and Authenticator.objects.filter(user_id=self.pk, type__in=SECOND_FACTORS).exists()
            self.__dict__["_has_second_factor"] = cache
        return cache

    def second_factor_forget(self) -> None:
        """Drop the cached answer of has_second_factor (one was just added or removed)."""
        self.__dict__.pop("_has_second_factor", None)

    def sign_in_mark(self, *, passed: bool) -> None:
        """Say whether the sign-in this object acts through passed a second factor (licensing.accounts.second_factor).
        A method, so it reaches the user behind a request's lazy `user`."""
        self.__dict__[SIGN_IN_SECOND_FACTOR] = passed

    @property
    def second_factor_verified(self) -> bool:
        """The account has a second factor and the sign-in it acts through passed it."""
        return self.__dict__.get(SIGN_IN_SECOND_FACTOR, True) and self.has_second_factor

    def _acts_in(self, group: BoardGroup) -> bool:
        return self.is_active and self.in_board_group(group) and self.second_factor_verified

    @property
    def is_board_staff(self) -> bool:
        return self._acts_in(BoardGroup.STAFF)

    @property
    def is_board_member(self) -> bool:
        return self._acts_in(BoardGroup.MEMBER)

    @property
    def is_board_admin(self) -> bool:
        return self._acts_in(BoardGroup.ADMIN)

    @property
    def is_board(self) -> bool:
        """Board staff and board members see every organization's filings."""
        return self.is_board_staff or self.is_board_member

    @property
    def acts_as_superuser(self) -> bool:
        return self.is_active and self.is_superuser and self.second_factor_verified

    # Django's permission checks (the admin, `has_perm` anywhere): nothing for an account that needs a second
    # factor and has not passed one, whatever its groups or superuser flag say.
    def has_perm(self, perm, obj=None) -> bool:
        return self._permissions_open() and super().has_perm(perm, obj)

    def has_module_perms(self, app_label) -> bool:
        return self._permissions_open() and super().has_module_perms(app_label)

    def _permissions_open(self) -> bool:
        return not self.needs_second_factor or self.second_factor_verified
