"""Writing a price list version: its items while the application it is filed with is a draft (or answers a
deficiency notice), and the representative's certification (30 DCMR 1207.2(g), (j)). A version is frozen once
its application is submitted; a price changes during the term only through an amendment (rules.py)."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleError
from core.money import parse_money
from licensing.models import Application, User
from licensing.models.choices import ApplicationStatus, LicenseType
from vendors.models import PriceList, PriceListItem, SupplyCategory, Vendor
from vendors.price_lists import events
from vendors.price_lists.rules import RULE
from vendors.selectors import require_representative

EDITABLE_STATUSES = (ApplicationStatus.DRAFT, ApplicationStatus.DEFICIENT)
ITEM_FIELDS = ("catalogue_number", "name", "category", "unit", "unit_price")


def _vendor_of(application: Application) -> Vendor:
    if application.license_type != LicenseType.VENDOR:
        raise ValidationError({"application": _("Only a vendor license application has a price list.")})
    return application.organization.vendor


def price_list_start(*, actor: User, application: Application, copy_from: PriceList | None = None) -> PriceList:
    """The application's version, created once (the next number), optionally starting from another's items."""
    vendor = _vendor_of(application)
    existing = PriceList.objects.filter(application=application).first()
    if existing is not None:
        return existing
    latest = PriceList.objects.filter(vendor=vendor).aggregate(latest=Max("version"))["latest"] or 0
    price_list = PriceList.objects.create(vendor=vendor, version=latest + 1, application=application,
                                         created_by=actor)
    if copy_from is not None:
        PriceListItem.objects.bulk_create([
            PriceListItem(price_list=price_list, **{name: getattr(item, name) for name in ITEM_FIELDS})
            for item in copy_from.items.all()])
    return price_list


def _item(index: int, raw: dict, seen: set[str]) -> tuple[PriceListItem | None, dict]:
    errors: dict[str, list] = {}
    where = f"items[{index}]"
    values = {name: raw.get(name) for name in ITEM_FIELDS}
    for name in ("catalogue_number", "name", "unit"):
        values[name] = str(values[name] or "").strip()
        if not values[name]:
            errors[f"{where}.{name}"] = [RuleError(Finding(RULE, _("Give the %(what)s of every item (30 DCMR "
                                                                  "1207.2(j)).") % {"what": _(name.replace("_", " "))},
                                                           field=f"{where}.{name}"))]
    values["category"] = values["category"] or SupplyCategory.BINGO
    if values["category"] not in SupplyCategory.values:
        errors[f"{where}.category"] = [_("Choose bingo or montecarlo.")]
    try:
        values["unit_price"] = parse_money(values["unit_price"], field="unit_price")
    except ValidationError as exc:
        errors[f"{where}.unit_price"] = [RuleError(Finding(RULE, str(message), field=f"{where}.unit_price"))
                                         for message in exc.messages]
    if values["catalogue_number"] and values["catalogue_number"] in seen:
        errors[f"{where}.catalogue_number"] = [_("Catalogue number %(number)s is listed twice.")
                                               % {"number": values["catalogue_number"]}]
    seen.add(values["catalogue_number"])
    if errors:
        return None, errors
    item = PriceListItem(**values)
    try:
        item.full_clean(exclude=["price_list"])
    except ValidationError as exc:
        return None, {f"{where}.{name}": messages for name, messages in exc.message_dict.items()}
    return item, {}


def _rows(items) -> list[tuple]:
    return sorted(tuple(getattr(item, name) for name in ITEM_FIELDS) for item in items)


@transaction.atomic
def price_list_items_set(*, actor: User, application: Application, items: list[dict]) -> PriceList:
    """Replace the draft version's items; every bad item is named at once and nothing is written."""
    vendor = _vendor_of(application)
    require_representative(actor, vendor)
    application = Application.objects.select_for_update().get(pk=application.pk)
    if application.status not in EDITABLE_STATUSES:
        raise ValidationError({"items": RuleError(Finding(RULE, _(
            "This price list was filed with a %(status)s application and can no longer change; during the license "
            "term a price changes only through an amendment the Board approves (30 DCMR 1207.2(j)).")
            % {"status": application.get_status_display().lower()}, field="items"))}, code="frozen")
    if not isinstance(items, list):
        raise ValidationError({"items": _("Send a list of items.")})
    rows, errors, seen = [], {}, set()
    for index, raw in enumerate(items):
        if not isinstance(raw, dict):
            errors[f"items[{index}]"] = [_("Each item is an object with catalogue_number, name, unit and unit_price.")]
            continue
        row, item_errors = _item(index, raw, seen)
        errors.update(item_errors)
        if row is not None:
            rows.append(row)
    if errors:
        raise ValidationError(errors)
    price_list = price_list_start(actor=actor, application=application)
    if _rows(price_list.items.all()) == _rows(rows):
        return price_list  # the same list again (a form saved unchanged): its certification stands
    price_list.items.all().delete()  # a draft's items are no record yet; a filed version never changes
    for row in rows:
        row.price_list = price_list
    PriceListItem.objects.bulk_create(rows)
    if price_list.certified_at is not None:  # a changed list is certified again
        price_list.certified_at, price_list.certified_by = None, None
        price_list.save(update_fields=["certified_at", "certified_by"])
    events.price_list_items_set(actor=actor, vendor=vendor, price_list=price_list, application=application, rows=rows)
    return price_list


@transaction.atomic
def price_list_certify(*, actor: User, application: Application) -> PriceList:
    vendor = _vendor_of(application)
    require_representative(actor, vendor)
    if application.status not in EDITABLE_STATUSES:
        raise ValidationError({"price_list_certified": _("This application can no longer change.")})
    price_list = price_list_start(actor=actor, application=application)
    if not price_list.items.exists():
        raise ValidationError({"price_list_certified": RuleError(Finding(RULE, _(
            "List the items and their prices before certifying the price list (30 DCMR 1207.2(g), (j))."),
            field="price_list_certified"))})
    price_list.certified_by, price_list.certified_at = actor, timezone.now()
    price_list.save(update_fields=["certified_by", "certified_at"])
    events.price_list_certified(actor=actor, vendor=vendor, price_list=price_list, application=application)
    return price_list
