"""The audit trail's event types: one spelling per event, `<app>.<entity>_<past participle>`, and a
label a person reads. Stored rows are never rewritten (the trail is append-only and hash-chained),
so a type renamed since it was first written keeps its old spelling in the rows written before the
rename: RENAMED maps each old spelling to today's, and every page shows both under one label.

The types are listed here, not imported from the apps that write them, so licensing knows the bingo,
Monte Carlo and vendor events without importing those apps; a test checks that every type the code
writes is listed."""

from django.utils.translation import gettext_lazy as _

LABELS = {
    # the Django admin, through core.admin.AuditedAdmin (app label "admin")
    "admin.object_added": _("Record added in the admin"),
    "admin.object_changed": _("Record changed in the admin"),
    "admin.object_deleted": _("Record deleted in the admin"),
    "admin.password_changed": _("Password changed"),
    "admin.action_run": _("Admin action run"),
    # hall mode
    "licensing.hall_kit_prepared": _("Hall kit prepared"),
    "licensing.hall_bundle_accepted": _("Hall bundle accepted"),
    "licensing.hall_bundle_refused": _("Hall bundle refused"),
    "licensing.hall_heads_signed": _("Heads signed at a close in the hall"),
    # the payout desk
    "licensing.payout_paid": _("Prize paid"),
    "licensing.payout_voided": _("Payout voided"),
    "licensing.payout_tin_viewed": _("Full taxpayer number viewed"),
    "licensing.payout_tins_exported": _("Full taxpayer numbers exported"),
    "licensing.payout_identities_purged": _("Winners' identities purged"),
    "licensing.payout_identities_resealed": _("Winners' identities sealed with the current key"),
    # accounts
    "licensing.user_created": _("Account created"),
    "licensing.user_logged_in": _("Signed in"),
    "licensing.user_logged_out": _("Signed out"),
    "licensing.login_failed": _("Sign-in failed"),
    "licensing.user_locked_out": _("Account locked after failed sign-ins"),
    "licensing.lockout_cleared": _("Sign-in lock cleared"),
    "licensing.board_group_added": _("Board role given"),
    "licensing.board_account_invited": _("Board account invited"),
    "licensing.board_account_invitation_resent": _("Board invitation sent again"),
    "licensing.board_account_deactivated": _("Board account deactivated"),
    "licensing.board_account_reactivated": _("Board account reactivated"),
    "licensing.board_admin_granted": _("Board administrator right granted"),
    "licensing.board_admin_revoked": _("Board administrator right revoked"),
    "licensing.user_signed_up": _("Signed up"),
    "licensing.email_verified": _("Email address verified"),
    "licensing.authenticator_added": _("Two-factor authentication added"),
    "licensing.authenticator_removed": _("Two-factor authentication removed"),
    "licensing.api_token_issued": _("API token issued"),
    "licensing.organization_invitation_sent": _("Invitation to the organization sent"),
    "licensing.organization_invitation_accepted": _("Invitation to the organization accepted"),
    "licensing.organization_invitation_revoked": _("Invitation to the organization revoked"),
    # organizations
    "licensing.organization_created": _("Organization registered"),
    "licensing.organization_profile_updated": _("Organization profile updated"),
    "licensing.membership_granted": _("Portal access granted"),
    "licensing.membership_ended": _("Portal access ended"),
    "licensing.member_added": _("Member added"),
    "licensing.member_updated": _("Member updated"),
    "licensing.member_deactivated": _("Member deactivated"),
    "licensing.members_imported": _("Members imported"),
    "licensing.responsible_person_set": _("Responsible person named"),
    "licensing.substantial_change_recorded": _("Substantial change recorded"),
    "licensing.document_uploaded": _("Document uploaded"),
    # applications and review
    "licensing.application_created": _("Application started"),
    "licensing.application_updated": _("Application updated"),
    "licensing.application_premises_set": _("Application premises set"),
    "licensing.application_schedule_set": _("Application schedule set"),
    "licensing.application_submitted": _("Application submitted"),
    "licensing.application_resubmitted": _("Application resubmitted"),
    "licensing.application_withdrawn": _("Application withdrawn"),
    "licensing.application_approved": _("Application approved"),
    "licensing.application_denied": _("Application denied"),
    "licensing.deficiency_notice_issued": _("Deficiency notice issued"),
    "licensing.deficiency_notice_expired": _("Deficiency notice expired"),
    "licensing.deficiency_cured": _("Deficiency cured"),
    "licensing.vote_cast": _("Vote cast"),
    "licensing.application_message_posted": _("Message written in the application's thread"),
    "licensing.fee_payment_recorded": _("Fee payment recorded"),
    "licensing.fee_payment_voided": _("Fee payment voided"),
    "licensing.fee_waived": _("Fee waived"),
    "licensing.premises_correction_filed": _("Premises correction filed"),
    "licensing.premises_correction_accepted": _("Premises correction accepted"),
    "licensing.premises_correction_rejected": _("Premises correction rejected"),
    # licenses, fees, enforcement, reminders
    "licensing.license_issued": _("License issued"),
    "licensing.license_amended": _("License amended"),
    "licensing.license_superseded": _("License superseded"),
    "licensing.license_expired": _("License expired"),
    "licensing.license_certificate_built": _("License certificate built"),
    "licensing.license_suspended": _("License suspended"),
    "licensing.suspension_started": _("Suspension began"),
    "licensing.suspension_lifted": _("Suspension lifted"),
    "licensing.license_revoked": _("License revoked"),
    "licensing.license_fined": _("License fined"),
    # The fee and bond schedules, until the register replaced them (migration 0025): their events are still read.
    "licensing.feeschedulerow_saved": _("Fee schedule row saved"),
    "licensing.bondschedulerow_saved": _("Bond schedule row saved"),
    "licensing.reminder_sent": _("Reminder sent"),
    # the Board's numbers (licensing/register)
    "licensing.board_number_proposed": _("Change to a Board number proposed"),
    "licensing.board_number_approved": _("Change to a Board number approved"),
    "licensing.board_number_refused": _("Change to a Board number refused"),
    "licensing.board_number_withdrawn": _("Change to a Board number withdrawn"),
    "licensing.rule_pack_imported": _("Rule pack imported"),
    # raffle drawings (licensing/reports/drawings)
    "licensing.raffle_drawing_scheduled": _("Raffle drawing scheduled (commitment published)"),
    "licensing.raffle_drawing_sales_closed": _("Raffle ticket sales closed"),
    "licensing.raffle_drawing_witnessed": _("Raffle witness value entered (raffle-drawing/2)"),
    "licensing.raffle_drawing_drawn": _("Raffle drawn (seed and winners published)"),
    # event financial reports
    "licensing.report_opened": _("Financial report started"),
    "licensing.report_saved": _("Financial report saved"),
    "licensing.report_submitted": _("Financial report submitted"),
    "licensing.report_correction_opened": _("Correction of a financial report started"),
    "licensing.report_recorded_figures_received": _("Recorded figures received for a financial report"),
    "licensing.report_marked_overdue": _("Financial report marked overdue"),
    "licensing.report_overdue_waived": _("Overdue financial report's hold on applications waived"),
    "licensing.report_marked_not_held": _("Scheduled event marked as not held"),
    "licensing.report_not_held_withdrawn": _("Event's not-held mark withdrawn"),
    # vendors
    "vendors.vendor_created": _("Vendor registered"),  # before vendors became licensees
    "vendors.membership_granted": _("Vendor portal access granted"),  # idem
    "vendors.vendor_registered": _("Vendor registered"),
    "vendors.vendor_profile_updated": _("Vendor details updated"),
    "vendors.supplier_added": _("Supplier named"),
    "vendors.supplier_ended": _("Supplier removed"),
    "vendors.owner_added": _("Owner or officer named"),
    "vendors.owner_updated": _("Owner or officer updated"),
    "vendors.owner_ended": _("Owner or officer removed"),
    "vendors.owner_police_clearance_set": _("Police clearance report attached"),
    "vendors.owner_conflict_decided": _("Conflict of interest decided"),
    "vendors.price_list_items_set": _("Price list items set"),
    "vendors.price_list_certified": _("Price list certified"),
    "licensing.match_decided": _("Possible match decided"),
    # bingo
    "bingo.pattern_created": _("Bingo pattern created"),
    "bingo.multihall_agreement_recorded": _("Multi-hall service agreement recorded"),
    "bingo.multihall_agreement_approved": _("Multi-hall service agreement approved"),
    "bingo.annuity_planned": _("Prize annuity planned"),
    "bingo.annuity_purchased": _("Prize annuity bought"),
    "bingo.charity_stock_received": _("Charity game tickets received"),
    "bingo.charity_sample_approved": _("Charity game ticket sample approved"),
    "bingo.charity_tickets_sold": _("Charity game tickets sold"),
    "bingo.charity_tickets_returned": _("Unsold charity game tickets returned"),
    "bingo.operation_created": _("Bingo operation planned"),
    "bingo.operation_updated": _("Bingo operation updated"),
    "bingo.training_operation_created": _("Training operation created"),
    "bingo.hall_added": _("Hall added"),
    "bingo.worker_added": _("Worker put on duty"),
    "bingo.worker_removed": _("Worker taken off duty"),
    "bingo.game_added": _("Game added"),
    "bingo.game_updated": _("Game updated"),
    "bingo.games_reordered": _("Games reordered"),
    "bingo.game_removed": _("Game removed"),
    "bingo.series_created": _("Card series created"),
    "bingo.cards_sold": _("Cards sold"),
    "bingo.card_sale_voided": _("Card sale voided"),
    "bingo.game_started": _("Game started"),
    "bingo.ball_called": _("Ball called"),
    "bingo.call_undone": _("Call taken back"),
    "bingo.claim_checked": _("Claim checked"),
    "bingo.claim_voided": _("Claim voided"),
    "bingo.game_closed": _("Game closed"),
    "bingo.operation_report_sent": _("Operation sent to its financial report"),
    # Monte Carlo: the Hold'em tournament
    "montecarlo.tournament_created": _("Tournament planned"),
    "montecarlo.tournament_configured": _("Tournament terms recorded"),
    "montecarlo.player_registered": _("Player registered"),
    "montecarlo.player_seated": _("Player seated"),
    "montecarlo.player_moved": _("Player moved"),
    "montecarlo.chips_corrected": _("Chip count corrected"),
    "montecarlo.clock_started": _("Clock started"),
    "montecarlo.clock_paused": _("Clock paused"),
    "montecarlo.clock_resumed": _("Clock resumed"),
    "montecarlo.hand_started": _("Hand started"),
    "montecarlo.action_taken": _("Player acted"),
    "montecarlo.showdown_settled": _("Showdown settled"),
    "montecarlo.misdeal_declared": _("Misdeal declared"),
    "montecarlo.tournament_stopped": _("Tournament stopped"),
    "montecarlo.results_published": _("Results published"),
    # Monte Carlo: the night, its participants and table games
    "montecarlo.night_created": _("Monte Carlo Night planned"),
    "montecarlo.night_updated": _("Posted terms changed"),
    "montecarlo.night_in_charge_recorded": _("Member in charge present recorded"),
    "montecarlo.participant_admitted": _("Participant admitted, chips issued"),
    "montecarlo.night_counted": _("Chips counted at the end of the night"),
    "montecarlo.prizes_awarded": _("Prizes awarded"),
    "montecarlo.house_rules_decided": _("House rules decided by the Agency"),
    "montecarlo.table_created": _("Table set up"),
    "montecarlo.table_closed": _("Table closed"),
    "montecarlo.bets_moved": _("Bets moved to another table"),
    "montecarlo.round_opened": _("Round opened"),
    "montecarlo.bet_placed": _("Bet taken"),
    "montecarlo.decision_recorded": _("Raise or fold recorded"),
    "montecarlo.bet_removed": _("Bet taken down"),
    "montecarlo.round_settled": _("Round settled"),
    "montecarlo.outcome_voided": _("Spin or throw void"),
    "montecarlo.hand_voided": _("Hand void"),
    "montecarlo.round_voided": _("Round void"),
}

# Types no code writes any more (each keeps its label above): rows written before are still read. Every other
# type has exactly one writer, a typed function in its feature's events.py (tests/licensing/audit checks both).
HISTORIC = frozenset({
    "licensing.feeschedulerow_saved",  # the fee and bond schedules, until the register replaced them (0025)
    "licensing.bondschedulerow_saved",
    "vendors.vendor_created",  # before vendors became licensees
    "vendors.membership_granted",
})

# Old spelling -> today's. Rows written before the rename keep the old one.
RENAMED = {
    "accounts.user_created": "licensing.user_created",
    "accounts.logged_in": "licensing.user_logged_in",
    "accounts.logged_out": "licensing.user_logged_out",
    "accounts.login_failed": "licensing.login_failed",
    "accounts.locked_out": "licensing.user_locked_out",
    "accounts.lockout_cleared": "licensing.lockout_cleared",
    "accounts.board_group_added": "licensing.board_group_added",
    "bingo.pattern_create": "bingo.pattern_created",
    "bingo.operation_create": "bingo.operation_created",
    "bingo.operation_update": "bingo.operation_updated",
    "bingo.training_operation_create": "bingo.training_operation_created",
    "bingo.hall_add": "bingo.hall_added",
    "bingo.worker_add": "bingo.worker_added",
    "bingo.worker_remove": "bingo.worker_removed",
    "bingo.game_add": "bingo.game_added",
    "bingo.game_update": "bingo.game_updated",
    "bingo.game_reorder": "bingo.games_reordered",
    "bingo.game_remove": "bingo.game_removed",
    "bingo.series_create": "bingo.series_created",
    "bingo.card_sale": "bingo.cards_sold",
    "bingo.card_sale_void": "bingo.card_sale_voided",
    "bingo.game_start": "bingo.game_started",
    "bingo.call": "bingo.ball_called",
    "bingo.undo": "bingo.call_undone",
    "bingo.claim": "bingo.claim_checked",
    "bingo.claim_void": "bingo.claim_voided",
    "bingo.close": "bingo.game_closed",
    "montecarlo.tournament.create": "montecarlo.tournament_created",
    "montecarlo.tournament.config": "montecarlo.tournament_configured",
    "montecarlo.tournament.register": "montecarlo.player_registered",
    "montecarlo.tournament.seat": "montecarlo.player_seated",
    "montecarlo.tournament.move": "montecarlo.player_moved",
    "montecarlo.tournament.chip_correction": "montecarlo.chips_corrected",
    "montecarlo.tournament.clock_start": "montecarlo.clock_started",
    "montecarlo.tournament.clock_pause": "montecarlo.clock_paused",
    "montecarlo.tournament.clock_resume": "montecarlo.clock_resumed",
    "montecarlo.tournament.hand_start": "montecarlo.hand_started",
    "montecarlo.tournament.action": "montecarlo.action_taken",
    "montecarlo.tournament.showdown": "montecarlo.showdown_settled",
    "montecarlo.tournament.misdeal": "montecarlo.misdeal_declared",
    "montecarlo.tournament.stop": "montecarlo.tournament_stopped",
    "montecarlo.tournament.publish": "montecarlo.results_published",
}


def event_type_current(event_type: str) -> str:
    """Today's spelling of a stored type."""
    return RENAMED.get(event_type, event_type)


def event_type_label(event_type: str) -> str:
    """What a person reads for a stored type, old spelling or new; an unknown type reads as itself."""
    current = event_type_current(event_type)
    return str(LABELS.get(current, current))


def event_type_spellings(event_type: str) -> list[str]:
    """Every stored spelling of the event a type names (today's first), so a search for either finds both."""
    current = event_type_current(event_type)
    return [current, *sorted(old for old, new in RENAMED.items() if new == current)]
