"""API shapes of a price list version (30 DCMR 1207.2(g), (j)): its items, their replacement (PUT, all at once)
and the representative's certification."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.money import MoneySerializerField
from vendors.models import PriceList, PriceListItem, SupplyCategory

MAX_ITEMS = 500


class PriceListItemSerializer(serializers.ModelSerializer):
    category = serializers.ChoiceField(choices=SupplyCategory.choices, default=SupplyCategory.BINGO,
                                       help_text=_("What the item is for: bingo or Monte Carlo Night."))
    # Negative prices reach the service, which refuses them citing 1207.2(j).
    unit_price = MoneySerializerField(allow_negative=True, help_text=_(
        "Dollars and cents, not negative (30 DCMR 1207.2(j))."))

    class Meta:
        model = PriceListItem
        fields = ["catalogue_number", "name", "category", "unit", "unit_price"]


class PriceListSerializer(serializers.ModelSerializer):
    certified_by = serializers.EmailField(source="certified_by.email", read_only=True, allow_null=True)
    items = PriceListItemSerializer(many=True, read_only=True)
    certified = serializers.SerializerMethodField()

    class Meta:
        model = PriceList
        fields = ["id", "vendor", "version", "application", "certified", "certified_at", "certified_by",
                  "created_at", "items"]
        read_only_fields = fields

    def get_certified(self, price_list) -> bool:
        return price_list.certified_at is not None


class PriceListItemsInputSerializer(serializers.Serializer):
    """The body of PUT .../price-list/, as documented."""

    items = PriceListItemSerializer(many=True, allow_empty=True, max_length=MAX_ITEMS, help_text=_(
        "Every item of the list, replacing the draft's items; a changed list must be certified again "
        "(30 DCMR 1207.2(j)). Catalogue numbers are unique within the list. Each refused value is named "
        "items[N].field."))


class PriceListItemsBodySerializer(serializers.Serializer):
    """What the view checks itself: a list of at most MAX_ITEMS. Each item is checked by the service
    (vendors/price_lists/services.py), which names every refused value items[N].field with the rule, at once."""

    items = serializers.ListField(child=serializers.JSONField(), max_length=MAX_ITEMS, allow_empty=True)


def item_values(item):
    """A JSON number read from its text, as MoneySerializerField does: 12.5 is 12.50, 12.505 is refused."""
    if isinstance(item, dict) and isinstance(item.get("unit_price"), float):
        return {**item, "unit_price": repr(item["unit_price"])}
    return item
