"""Accounts: people sign in with their email address."""

from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.utils.translation import gettext_lazy as _


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

    @property
    def is_board_staff(self) -> bool:
        return self.is_active and self.in_board_group(BoardGroup.STAFF)

    @property
    def is_board_member(self) -> bool:
        return self.is_active and self.in_board_group(BoardGroup.MEMBER)

    @property
    def is_board_admin(self) -> bool:
        return self.is_active and self.in_board_group(BoardGroup.ADMIN)

    @property
    def is_board(self) -> bool:
        """Board staff and board members see every organization's filings."""
        return self.is_board_staff or self.is_board_member
