"""Custom patterns (30 DCMR 1405.17): an organization's callers and planners draw a pattern on
the 5x5 grid; it joins the standard library for that organization's games."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from bingo.engine.card import FREE_BIT, FREE_SQUARE
from bingo.engine.patterns import _rotations
from bingo.models import Pattern
from bingo.patterns import events
from bingo.selectors import CALLER_ROLES, PLANNER_ROLES
from licensing.models import Organization
from licensing.selectors import has_role


@transaction.atomic
def pattern_create(*, actor, organization: Organization, name_en: str, name_es: str, squares,
                   any_rotation: bool = False) -> Pattern:
    """A pattern drawn on the 5x5 grid: `squares` are the covered square numbers (row * 5 + column).
    The free centre is always covered (30 DCMR 1405.6); with `any_rotation` the shape also wins
    turned by 90, 180 or 270 degrees."""
    if not has_role(user=actor, organization_id=organization.pk, roles=PLANNER_ROLES | CALLER_ROLES):
        raise PermissionDenied(_("Only the organization's planners and callers may add patterns."))
    name_en, name_es = (name_en or "").strip(), (name_es or "").strip()
    errors = {}
    if not name_en:
        errors["name_en"] = _("Give the English name.")
    if not name_es:
        errors["name_es"] = _("Give the Spanish name.")
    try:
        covered = {int(s) for s in squares}
    except (TypeError, ValueError):
        covered = {-1}
    if any(not 0 <= s < 25 for s in covered):
        errors["squares"] = _("Squares are numbered 0 to 24.")
    elif not covered - {FREE_SQUARE}:
        errors["squares"] = _("Cover at least one square besides the free centre.")
    slug = f"org{organization.pk}-{slugify(name_en)}"[:60]
    if not errors.get("name_en") and Pattern.objects.filter(slug=slug).exists():
        errors["name_en"] = _("Your organization already has a pattern of that name.")
    if errors:
        raise ValidationError(errors, code="invalid")
    mask = sum(1 << s for s in covered) | FREE_BIT
    masks = sorted(set(_rotations(mask))) if any_rotation else [mask]
    pattern = Pattern.objects.create(slug=slug, name_en=name_en, name_es=name_es, masks=masks,
                                     is_standard=False, organization=organization)
    events.pattern_created(actor=actor, organization=organization, pattern=pattern, slug=slug, masks=masks)
    return pattern
