"""The raffle drawing API's input and answer. Shapes only: the rules (1202.2(n) ticket numbers, prizes) are
the services', so a breach comes back as a 400 naming the field and the rule."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

TICKETS_MAX = 1_000_000


class DrawingScheduleSerializer(serializers.Serializer):
    license = serializers.IntegerField(min_value=1, help_text=_("The raffle license's id."))
    prizes = serializers.IntegerField(min_value=1, max_value=1000, help_text=_(
        "How many prizes are drawn; each goes to a different ticket."))


class DrawingSalesCloseSerializer(serializers.Serializer):
    sold = serializers.ListField(child=serializers.IntegerField(min_value=0), max_length=TICKETS_MAX, help_text=_(
        "The numbers of the tickets sold, each within the license's first to last ticket number "
        "(30 DCMR 1202.2(n)), none twice."))
    returned = serializers.ListField(child=serializers.IntegerField(min_value=0), max_length=TICKETS_MAX,
                                     required=False, default=list, help_text=_(
                                         "Tickets sold and then returned: not eligible."))
    buyers_age_declared = serializers.BooleanField(required=False, default=False, help_text=_(
        "The sellers declare that every ticket was sold to a buyer of the minimum age in force or older "
        "(player.minimum_age, 30 DCMR 1702.1); required true."))


class DrawingDrawSerializer(serializers.Serializer):
    in_charge = serializers.IntegerField(required=False, allow_null=True, default=None, help_text=_(
        "The id of the organization's member in charge or alternate present at the drawing (30 DCMR 1301.5)."))


class PublishedDrawingSerializer(serializers.Serializer):
    """raffle-drawing/1: verify it with `python -m licensing.reports.drawings.engine verify FILE`."""

    format = serializers.CharField()
    raffle = serializers.CharField()
    prizes = serializers.IntegerField()
    commitment = serializers.CharField()
    tickets_hash = serializers.CharField()
    seed = serializers.CharField()
    tickets = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())


class InChargeSerializer(serializers.Serializer):
    name = serializers.CharField()
    role = serializers.CharField(help_text=_("member_in_charge or alternate."))


class DrawingSerializer(serializers.Serializer):
    """What anyone may see of a drawing: null for what is not published yet (the seed until the drawing)."""

    id = serializers.IntegerField()
    raffle = serializers.CharField(help_text=_("The raffle license number."))
    organization = serializers.CharField()
    status = serializers.CharField(help_text=_("scheduled, sales_closed or drawn."))
    prizes = serializers.IntegerField()
    commitment = serializers.CharField(help_text=_("sha256 of the secret seed, published when scheduled."))
    tickets_hash = serializers.CharField(allow_null=True, help_text=_("Published when sales close."))
    tickets = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    seed = serializers.CharField(allow_null=True, help_text=_("Revealed at the drawing."))
    winners = serializers.ListField(child=serializers.IntegerField(), allow_null=True, help_text=_(
        "In prize order: the first wins the first prize."))
    published = PublishedDrawingSerializer(allow_null=True)
    drawing_at = serializers.DateTimeField(allow_null=True, help_text=_(
        "The date and time of the drawing the license states (30 DCMR 1202.2(n)); it is not held before."))
    place = serializers.CharField(allow_blank=True, help_text=_("The place of the drawing (30 DCMR 1202.2(n))."))
    committed_at = serializers.DateTimeField(allow_null=True, help_text=_("When the commitment was published."))
    sales_closed_at = serializers.DateTimeField(allow_null=True, help_text=_("When ticket sales closed."))
    drawn_at = serializers.DateTimeField(allow_null=True, help_text=_("When the drawing was held."))
    in_charge = InChargeSerializer(allow_null=True, help_text=_(
        "The member in charge or alternate present at the drawing (30 DCMR 1301.5)."))
