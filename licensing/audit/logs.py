"""Every hash-chained log in the project, found from the models (any subclass of
core.models.ChainedEvent), so licensing knows the bingo and tournament logs without importing
those apps, and a log added later is anchored and verified without being listed here."""

from __future__ import annotations

from collections.abc import Iterator

from django.apps import apps
from django.db.models import Max, Q

from core.chain import WHOLE_LOG, Head
from core.models import ChainedEvent


def chained_models() -> list[type[ChainedEvent]]:
    return sorted((model for model in apps.get_models() if issubclass(model, ChainedEvent)),
                  key=lambda model: model._meta.label_lower)


def chained_model(label: str) -> type[ChainedEvent] | None:
    return next((model for model in chained_models() if model.chain_label() == label), None)


def identities(model: type[ChainedEvent]) -> list[str]:
    """Every log of the model that holds rows."""
    attname = model.chain_attname()
    if attname is None:
        return [WHOLE_LOG] if model.objects.exists() else []
    return [str(value) for value in model.objects.order_by().values_list(attname, flat=True).distinct()]


def heads(model: type[ChainedEvent], only: set[str] | None = None) -> Iterator[tuple[str, Head]]:
    """(identity, head) of each log of the model, optionally only those named."""
    attname = model.chain_attname()
    if attname is None:
        last = model.objects.order_by("-seq").values("seq", "hash").first()
        if last and (only is None or WHOLE_LOG in only):
            yield WHOLE_LOG, Head(last["seq"], last["hash"])
        return
    rows = model.objects.order_by()
    if only is not None:
        rows = rows.filter(**{f"{attname}__in": list(only)})
    last_seq = dict(rows.values_list(attname).annotate(seq=Max("seq")).values_list(attname, "seq"))
    pairs = list(last_seq.items())
    for start in range(0, len(pairs), 500):  # fetch the head rows in batches, one query each
        condition = Q()
        for identity, seq in pairs[start:start + 500]:
            condition |= Q(**{attname: identity, "seq": seq})
        for identity, seq, hash_ in model.objects.filter(condition).values_list(attname, "seq", "hash"):
            yield str(identity), Head(seq, hash_)
