"""The raffle drawing API's input and answer. Shapes only: the rules (1202.2(n) ticket numbers, prizes) are
the services', so a breach comes back as a 400 naming the field and the rule."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from licensing.models import DrawingFormat
from licensing.reports.drawings import engine
from licensing.reports.drawings.services import WITNESS_TEXT_MAX

TICKETS_MAX = 1_000_000


class DrawingScheduleSerializer(serializers.Serializer):
    license = serializers.IntegerField(min_value=1, help_text=_("The raffle license's id."))
    prizes = serializers.IntegerField(min_value=1, max_value=1000, help_text=_(
        "How many prizes are drawn; each goes to a different ticket."))
    format = serializers.ChoiceField(choices=DrawingFormat.choices, default=DrawingFormat.SEEDED, help_text=_(
        "raffle-drawing/1: the committed seed draws. raffle-drawing/2: a witness value produced in the room after "
        "sales close is combined with it, so that whoever holds the seed cannot steer the draw (for a drawing held "
        "offline in the hall)."))


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


class DrawingWitnessSerializer(serializers.Serializer):
    witness = serializers.CharField(max_length=WITNESS_TEXT_MAX, help_text=_(
        "raffle-drawing/2's witness value in its canonical form, entered once after sales close: \"d6:\" and one "
        "digit 1 to 6 per die in the order read (25 to 100 dice), or \"b75:\" and the balls drawn from a 75-ball "
        "blower in order, joined by - (11 to 75 balls)."))
    witness_name = serializers.CharField(max_length=engine.WITNESS_NAME_MAX, help_text=_(
        "The name of the witness who read the value aloud and entered it: published with the drawing."))


class DrawingDrawSerializer(serializers.Serializer):
    in_charge = serializers.IntegerField(required=False, allow_null=True, default=None, help_text=_(
        "The id of the organization's member in charge or alternate present at the drawing (30 DCMR 1301.5)."))


class RecordStepSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    at = serializers.CharField(help_text=_("UTC, written YYYY-MM-DDTHH:MM:SS.ffffffZ."))


class PublishedDrawingSerializer(serializers.Serializer):
    """raffle-drawing/1 or /2 (with the witness fields and the record): verify either with
    `python -m licensing.reports.drawings.engine verify FILE`."""

    format = serializers.CharField()
    raffle = serializers.CharField()
    prizes = serializers.IntegerField()
    commitment = serializers.CharField()
    tickets_hash = serializers.CharField()
    seed = serializers.CharField()
    tickets = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    # raffle-drawing/2 only: left out of a /1 drawing.
    witness = serializers.CharField(required=False)
    witness_name = serializers.CharField(required=False)
    record = RecordStepSerializer(many=True, required=False, help_text=_(
        "The drawing's steps in order: scheduled, sales_closed, witnessed, drawn."))


class InChargeSerializer(serializers.Serializer):
    name = serializers.CharField()
    role = serializers.CharField(help_text=_("member_in_charge or alternate."))


class DrawingSerializer(serializers.Serializer):
    """What anyone may see of a drawing: null for what is not published yet (the seed until the drawing)."""

    id = serializers.IntegerField()
    raffle = serializers.CharField(help_text=_("The raffle license number."))
    organization = serializers.CharField()
    status = serializers.CharField(help_text=_("scheduled, sales_closed, witnessed (raffle-drawing/2) or drawn."))
    format = serializers.CharField(help_text=_("raffle-drawing/1 or raffle-drawing/2."))
    prizes = serializers.IntegerField()
    commitment = serializers.CharField(help_text=_("sha256 of the secret seed, published when scheduled."))
    tickets_hash = serializers.CharField(allow_null=True, help_text=_("Published when sales close."))
    tickets = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    witness = serializers.CharField(allow_null=True, help_text=_(
        "raffle-drawing/2: the witness value produced in the room after sales closed, once entered."))
    witness_name = serializers.CharField(allow_null=True, help_text=_("raffle-drawing/2: who entered it."))
    seed = serializers.CharField(allow_null=True, help_text=_("Revealed at the drawing."))
    winners = serializers.ListField(child=serializers.IntegerField(), allow_null=True, help_text=_(
        "In prize order: the first wins the first prize."))
    published = PublishedDrawingSerializer(allow_null=True)
    drawing_at = serializers.DateTimeField(allow_null=True, help_text=_(
        "The date and time of the drawing the license states (30 DCMR 1202.2(n)); it is not held before."))
    place = serializers.CharField(allow_blank=True, help_text=_("The place of the drawing (30 DCMR 1202.2(n))."))
    committed_at = serializers.DateTimeField(allow_null=True, help_text=_("When the commitment was published."))
    sales_closed_at = serializers.DateTimeField(allow_null=True, help_text=_("When ticket sales closed."))
    witnessed_at = serializers.DateTimeField(allow_null=True, help_text=_(
        "raffle-drawing/2: when the witness value was entered."))
    drawn_at = serializers.DateTimeField(allow_null=True, help_text=_("When the drawing was held."))
    in_charge = InChargeSerializer(allow_null=True, help_text=_(
        "The member in charge or alternate present at the drawing (30 DCMR 1301.5)."))
