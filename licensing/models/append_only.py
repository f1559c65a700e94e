"""Rows written once and never changed: the audit trail and the game event logs.

The model refuses to save an existing row or delete one, and its queryset refuses bulk
update/delete; a database trigger (licensing.append_only) refuses UPDATE/DELETE from any
client. Each model names its own error class (a subclass of AppendOnlyError) and what its
rows are called in the messages."""

from django.db import models


class AppendOnlyError(Exception):
    """Raised on any attempt to change or remove a row of an append-only table."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise self.model.append_only_error(f"{self.model.append_only_rows} are append-only: they cannot be updated.")

    def delete(self):
        raise self.model.append_only_error(f"{self.model.append_only_rows} are append-only: they cannot be deleted.")

    update.queryset_only = True
    delete.queryset_only = True


class AppendOnlyModel(models.Model):
    append_only_error: type[AppendOnlyError] = AppendOnlyError
    append_only_rows = "Rows"

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise self.append_only_error(f"{self.append_only_rows} are append-only: an existing one cannot be changed.")
        self.before_insert()
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise self.append_only_error(f"{self.append_only_rows} are append-only: they cannot be deleted.")

    def before_insert(self) -> None:
        """Fill what is derived from the row (a hash) just before it is written."""
