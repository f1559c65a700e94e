"""API field shapes every vendors feature shares (a vendor's account, its owners, the public registry): strict
numbers and real dates, and a vendor's business type as the API answers it."""

from django.db import models
from rest_framework import serializers

from core.dates import DateSerializerField
from core.numbers import STRICT_SERIALIZER_FIELD_MAPPING
from vendors.models import BusinessType

STRICT_FIELDS = {**STRICT_SERIALIZER_FIELD_MAPPING, models.DateField: DateSerializerField}


def business_type_field(**kwargs) -> serializers.ChoiceField:
    """A vendor's business type as the API answers it: one of 30 DCMR 1207.2(b)'s, or "" until the vendor has
    declared it (a draft), like what a client may write."""
    return serializers.ChoiceField(choices=BusinessType.choices, allow_blank=True, read_only=True, **kwargs)
