"""Portal pages of an organization's profile: eligibility facts, members (htmx inline editing and CSV
import), responsible people, documents and their private download.

Everyone who may see the organization reads its profile facts; its records (members, responsible people,
documents, the eligibility findings drawn from them) are read by those who file for it and the Board, a 404 for its
game roles (organization_selectors.records_organization_get). Only its filing roles get the forms, and a write by
anyone else is refused (404 outside the scope, 403 inside)."""

import copy
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import FileResponse, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.forms import errors_to_form
from core.stored_files import stored_file_open
from licensing.models import Document, Organization, OrganizationMember
from licensing.models.choices import DocumentKind, ResponsibleRole
from licensing.organizations import documents as document_services
from licensing.organizations import selectors as organization_selectors
from licensing.organizations import services as profile_services
from licensing.organizations import supply_ties
from licensing.organizations.forms import (
    DocumentUploadForm,
    MemberForm,
    MemberImportForm,
    OrganizationProfileForm,
    ResponsiblePersonForm,
)
from licensing.organizations.member_csv import members_export_csv

MEMBERS_PER_PAGE = 50


def stored_file_response(stored, *, content_type: str, original_name: str, fallback: str,
                         inline: bool = False) -> FileResponse:
    """A checked upload (a document, a thread's attachment) as a download no browser renders in place, or
    `inline` for a preview frame (the view that asks for it sets who may frame it). A file the storage no longer
    holds raises StoredFileMissing: 410 Gone (core/middleware/stored_files.py)."""
    extension = document_services.ALLOWED_TYPES.get(content_type, "bin")
    stem = slugify(Path(original_name).stem)[:80] or fallback
    response = FileResponse(
        stored_file_open(stored), as_attachment=not inline, filename=f"{stem}.{extension}", content_type=content_type,
    )
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, no-store"
    return response


def document_file_response(document: Document, *, inline: bool = False) -> FileResponse:
    """The stored file as a download that no browser renders in place (or inline, for a preview frame)."""
    return stored_file_response(document.file, content_type=document.content_type,
                                original_name=document.original_name, fallback=document.kind, inline=inline)


def _page_context(request, organization: Organization, **extra) -> dict:
    can_file = organization_selectors.can_file_for(user=request.user, organization=organization)
    return {
        "organization": organization,
        "can_file": can_file,
        "can_read_records": organization_selectors.can_read_records(user=request.user, organization=organization,
                                                                    can_file=can_file),
        **extra,
    }


# --- Profile facts ---

@login_required
@require_http_methods(["GET", "POST"])
def organization_profile(request, pk: int):
    if request.method == "POST":
        organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
        # The form works on a copy: the service compares against the stored values.
        form = OrganizationProfileForm(request.POST, instance=copy.deepcopy(organization))
        if form.is_valid():
            try:
                profile_services.organization_profile_update(
                    actor=request.user, organization=organization, **form.cleaned_data
                )
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("The organization's profile is saved."))
                return redirect("portal:organization_detail", pk=organization.pk)
        status = 400
    else:
        organization = organization_selectors.organization_get(user=request.user, pk=pk)
        form = OrganizationProfileForm(instance=organization)
        status = 200
    context = _page_context(request, organization, form=form)
    return render(request, "licensing/profile/profile_edit.html", context, status=status)


# --- Members ---

def _members_context(request, organization: Organization, **extra) -> dict:
    members = organization_selectors.member_list(user=request.user, organization=organization)
    query = organization_selectors.member_query_clean(request.GET.get("q", ""))
    found = organization_selectors.member_list(user=request.user, organization=organization, query=query)
    page = Paginator(found, MEMBERS_PER_PAGE).get_page(request.GET.get("page"))
    context = _page_context(
        request, organization, page=page, query=query,
        active_count=members.filter(is_active=True).count(),
        add_form=extra.pop("add_form", None) or MemberForm(prefix="add"),
        import_form=extra.pop("import_form", None) or MemberImportForm(),
        **extra,
    )
    return context


def _members_response(request, organization: Organization, *, status: int = 200, **extra):
    """The members section alone for htmx, the whole page otherwise."""
    context = _members_context(request, organization, **extra)
    if request.htmx:
        # htmx swaps only 2xx answers, and the section itself shows the errors.
        return render(request, "licensing/profile/_members_section.html", context)
    return render(request, "licensing/profile/members.html", context, status=status)


@login_required
@require_GET
def members(request, pk: int):
    organization = organization_selectors.records_organization_get(user=request.user, pk=pk)
    return _members_response(request, organization)


@login_required
@require_GET
def members_export(request, pk: int):
    """The active members (those a search finds, when searched) as a CSV file the import reads back."""
    organization = organization_selectors.records_organization_get(user=request.user, pk=pk)
    members = organization_selectors.member_list(user=request.user, organization=organization, active=True,
                                                 query=request.GET.get("q", ""))
    response = HttpResponse(members_export_csv(members), content_type="text/csv; charset=utf-8")
    name = slugify(organization.name)[:60] or "organization"
    response["Content-Disposition"] = f'attachment; filename="{name}-members.csv"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_POST
def member_add(request, pk: int):
    organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
    form = MemberForm(request.POST, prefix="add")
    if form.is_valid():
        try:
            member = profile_services.member_add(actor=request.user, organization=organization, **form.cleaned_data)
        except ValidationError as exc:
            errors_to_form(form, exc)
        else:
            notice = _("%(name)s is added to the members.") % {"name": member.full_name}
            if not request.htmx:
                messages.success(request, notice)
                return redirect("portal:organization_members", pk=organization.pk)
            return _members_response(request, organization, notice=notice)
    return _members_response(request, organization, add_form=form, status=400)


def _member_for_filing(request, pk: int, member_pk: int) -> tuple[Organization, OrganizationMember]:
    organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
    return organization, organization_selectors.member_get(user=request.user, organization=organization, pk=member_pk)


def _row(request, organization, member, *, status: int = 200):
    context = _page_context(request, organization, member=member)
    return render(request, "licensing/profile/_member_row.html", context, status=status)


@login_required
@require_GET
def member_row(request, pk: int, member_pk: int):
    organization = organization_selectors.records_organization_get(user=request.user, pk=pk)
    member = organization_selectors.member_get(user=request.user, organization=organization, pk=member_pk)
    return _row(request, organization, member)


@login_required
@require_http_methods(["GET", "POST"])
def member_edit(request, pk: int, member_pk: int):
    organization, member = _member_for_filing(request, pk, member_pk)
    inline = request.htmx
    form_id = f"member-form-{member.pk}"
    form = MemberForm(
        request.POST if request.method == "POST" else None, instance=copy.deepcopy(member),
        prefix=f"member-{member.pk}", inline_form_id=form_id if inline else None,
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                member = profile_services.member_update(actor=request.user, member=member, **form.cleaned_data)
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                if inline:
                    return _row(request, organization, member)
                messages.success(request, _("%(name)s is saved.") % {"name": member.full_name})
                return redirect("portal:organization_members", pk=organization.pk)
        status = 200 if inline else 400
    template = "licensing/profile/_member_edit_row.html" if inline else "licensing/profile/member_edit.html"
    context = _page_context(request, organization, member=member, form=form, form_id=form_id)
    return render(request, template, context, status=status)


@login_required
@require_POST
def member_deactivate(request, pk: int, member_pk: int):
    organization, member = _member_for_filing(request, pk, member_pk)
    member = profile_services.member_deactivate(actor=request.user, member=member)
    if request.htmx:
        return _row(request, organization, member)
    messages.success(request, _("%(name)s is no longer an active member.") % {"name": member.full_name})
    return redirect("portal:organization_members", pk=organization.pk)


@login_required
@require_POST
def members_import(request, pk: int):
    organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
    form = MemberImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _members_response(request, organization, import_form=form, status=400)
    try:
        result = profile_services.members_import_csv(
            actor=request.user, organization=organization, file=form.cleaned_data["file"]
        )
    except ValidationError as exc:
        errors_to_form(form, exc)
        return _members_response(request, organization, import_form=form, status=400)
    if result.ok:
        notice = ngettext("%(count)s member imported.", "%(count)s members imported.", result.created) % {
            "count": result.created}
        if not request.htmx:
            messages.success(request, notice)
            return redirect("portal:organization_members", pk=organization.pk)
        return _members_response(request, organization, notice=notice)
    return _members_response(request, organization, import_errors=result.errors, status=400)


# --- Responsible people ---

@login_required
@require_http_methods(["GET", "POST"])
def responsible_people(request, pk: int):
    if request.method == "POST":
        organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
        form = ResponsiblePersonForm(request.POST)
        if form.is_valid():
            try:
                person = profile_services.responsible_person_set(
                    actor=request.user, organization=organization, **form.cleaned_data
                )
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("%(name)s is now the %(role)s.") % {
                    "name": person.full_name, "role": person.get_role_display().lower()})
                for finding in supply_ties.person_tie_findings(
                        name=person.full_name, born=person.date_of_birth,
                        doing=supply_ties.responsible_doing(person.role),
                        person_ref=supply_ties.responsible_ref(person.pk), organization_id=organization.pk):
                    messages.warning(request, str(finding))  # a possible match: recorded, for staff to decide
                return redirect("portal:organization_responsible_people", pk=organization.pk)
        status = 400
    else:
        organization = organization_selectors.records_organization_get(user=request.user, pk=pk)
        form = ResponsiblePersonForm(initial={"role": request.GET.get("role", ResponsibleRole.MEMBER_IN_CHARGE)})
        status = 200
    people = organization_selectors.responsible_people(user=request.user, organization=organization, current=None)
    current = {person.role: person for person in people if person.is_current}
    context = _page_context(
        request, organization, form=form,
        roles=[(role, current.get(role.value)) for role in ResponsibleRole],
        former=[person for person in people if not person.is_current],
        ties=supply_ties.organization_tie_findings(organization),  # 30 DCMR 1401.13, whichever came first
    )
    return render(request, "licensing/profile/responsible_people.html", context, status=status)


# --- Documents ---

@login_required
@require_http_methods(["GET", "POST"])
def documents(request, pk: int):
    if request.method == "POST":
        organization = organization_selectors.organization_get_for_filing(user=request.user, pk=pk)
        form = DocumentUploadForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                document = document_services.document_upload(
                    actor=request.user, organization=organization, kind=form.cleaned_data["kind"],
                    uploaded_file=form.cleaned_data["file"],
                )
            except ValidationError as exc:
                errors_to_form(form, exc)
            else:
                messages.success(request, _("%(kind)s uploaded.") % {"kind": document.get_kind_display()})
                return redirect("portal:organization_documents", pk=organization.pk)
        status = 400
    else:
        organization = organization_selectors.records_organization_get(user=request.user, pk=pk)
        # A finding's "Fix it" link names the document it asks for (licensing.organizations.fixes).
        kind = request.GET.get("kind")
        form = DocumentUploadForm(initial={"kind": kind} if kind in DocumentKind.values else None)
        status = 200
    context = _page_context(
        request, organization, form=form,
        documents=organization_selectors.document_list(user=request.user, organization=organization),
    )
    return render(request, "licensing/profile/documents.html", context, status=status)


@login_required
@require_GET
def document_download(request, pk: int, document_pk: int):
    organization = organization_selectors.organization_get(user=request.user, pk=pk)
    document = organization_selectors.document_get(user=request.user, organization=organization, pk=document_pk)
    return document_file_response(document)

