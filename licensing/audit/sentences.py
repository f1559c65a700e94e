"""What happened, in one plain sentence a person reads in their own language: the organization's home and its
recent activity show these, never the stored type (`licensing.deficiency_notice_issued`). Keyed by today's
spelling of each type (licensing.audit.types); a type stored before a rename reads as today's, and a type with
no sentence reads as its label or, failing that, as a sentence that still says something happened."""

from django.utils.translation import gettext_lazy as _

from licensing.audit.types import LABELS, event_type_current

SENTENCES = {
    # the Django admin
    "admin.object_added": _("Board staff added a record in the administration."),
    "admin.object_changed": _("Board staff changed a record in the administration."),
    "admin.object_deleted": _("Board staff removed a record in the administration."),
    "admin.password_changed": _("A password was changed."),
    "admin.action_run": _("Board staff ran an action in the administration."),
    # accounts
    "licensing.user_created": _("A portal account was created."),
    "licensing.user_logged_in": _("Someone signed in to the portal."),
    "licensing.user_logged_out": _("Someone signed out of the portal."),
    "licensing.login_failed": _("A sign-in failed."),
    "licensing.user_locked_out": _("An account was locked after too many failed sign-ins."),
    "licensing.lockout_cleared": _("A sign-in lock was lifted."),
    "licensing.board_group_added": _("A person was given a Board role."),
    "licensing.board_account_invited": _("A Board account was invited."),
    "licensing.board_account_invitation_resent": _("A Board invitation was sent again."),
    "licensing.board_account_deactivated": _("A Board account was deactivated."),
    "licensing.board_account_reactivated": _("A Board account was reactivated."),
    "licensing.board_admin_granted": _("A person was made a Board administrator."),
    "licensing.board_admin_revoked": _("A Board administrator's right was withdrawn."),
    "licensing.user_signed_up": _("A person signed up for a portal account."),
    "licensing.email_verified": _("A person verified their email address."),
    "licensing.authenticator_added": _("A person turned on two-factor authentication."),
    "licensing.authenticator_removed": _("A person removed a two-factor authenticator."),
    "licensing.api_token_issued": _("A person was given a new API token."),
    # organizations
    "licensing.organization_created": _("The organization was registered."),
    "licensing.organization_profile_updated": _("The organization's profile was updated."),
    "licensing.membership_granted": _("A person was given access to the organization in the portal."),
    "licensing.membership_ended": _("A person's access to the organization in the portal ended."),
    "licensing.member_added": _("A member was added to the member roll."),
    "licensing.member_updated": _("A member's details were updated."),
    "licensing.member_deactivated": _("A member was taken off the member roll."),
    "licensing.members_imported": _("Members were imported from a file."),
    "licensing.responsible_person_set": _("A responsible person was named."),
    "licensing.substantial_change_recorded": _("A change of name, address or responsible people was recorded: an "
                                               "amended application is due (30 DCMR 1202.3)."),
    "licensing.document_uploaded": _("A document was uploaded."),
    "licensing.organization_invitation_sent": _("A person was invited to act for the organization."),
    "licensing.organization_invitation_accepted": _("A person accepted an invitation to act for the organization."),
    "licensing.organization_invitation_revoked": _("An invitation to act for the organization was withdrawn."),
    # applications and review
    "licensing.application_created": _("An application was started."),
    "licensing.application_updated": _("An application's answers were saved."),
    "licensing.application_premises_set": _("The premises of an application were named."),
    "licensing.application_schedule_set": _("The schedule of an application was set."),
    "licensing.application_submitted": _("An application was submitted to the Board."),
    "licensing.application_resubmitted": _("An application was sent back to the Board after a deficiency notice."),
    "licensing.application_withdrawn": _("An application was withdrawn."),
    "licensing.application_approved": _("The Board approved an application."),
    "licensing.application_denied": _("The Board denied an application."),
    "licensing.deficiency_notice_issued": _("The Board sent a deficiency notice: something is missing from an "
                                            "application."),
    "licensing.deficiency_notice_expired": _("A deficiency notice was not answered in time."),
    "licensing.deficiency_cured": _("What a deficiency notice asked for was supplied."),
    "licensing.vote_cast": _("A Board member voted on an application."),
    "licensing.premises_correction_filed": _("A correction of the premises on record was asked for."),
    "licensing.premises_correction_accepted": _("Board staff accepted a correction of the premises on record."),
    "licensing.premises_correction_rejected": _("Board staff refused a correction of the premises on record."),
    "licensing.application_message_posted": _("A message was written in the application's thread."),
    # licenses, fees, enforcement, reminders
    "licensing.license_issued": _("A license was issued."),
    "licensing.license_amended": _("A license was amended."),
    "licensing.license_superseded": _("A license was replaced by its renewal."),
    "licensing.license_expired": _("A license expired."),
    "licensing.license_certificate_built": _("A license certificate was made, ready to download."),
    "licensing.license_suspended": _("The Board suspended a license."),
    "licensing.suspension_started": _("A license's suspension began."),
    "licensing.suspension_lifted": _("A license's suspension was lifted."),
    "licensing.license_revoked": _("The Board revoked a license."),
    "licensing.license_fined": _("The Board fined the organization under a license."),
    "licensing.feeschedulerow_saved": _("A row of the fee schedule was saved."),
    "licensing.bondschedulerow_saved": _("A row of the bond schedule was saved."),
    "licensing.reminder_sent": _("A reminder of a deadline was sent."),
    "licensing.board_number_proposed": _("A change to one of the Board's numbers was proposed for approval."),
    "licensing.board_number_approved": _("A second person approved a change to one of the Board's numbers."),
    "licensing.board_number_refused": _("A proposed change to one of the Board's numbers was refused."),
    "licensing.board_number_withdrawn": _("A proposed change to one of the Board's numbers was withdrawn."),
    "licensing.hall_kit_prepared": _("A hall kit was prepared and signed for an event to run offline in the hall."),
    "licensing.hall_bundle_accepted": _("The records a hall sent back checked: every log ends at a head its device "
                                        "signed."),
    "licensing.hall_bundle_refused": _("The records a hall sent back were refused: possible tampering, for Board "
                                       "staff to look into."),
    "licensing.hall_heads_signed": _("At a close in the hall, its device signed the heads of the closed logs, shown "
                                     "to the room as text and QR codes."),
    "licensing.rule_pack_imported": _("A rule pack was imported into the Board's register."),
    "licensing.payout_paid": _("A prize was paid at the payout desk."),
    "licensing.payout_voided": _("A payout was voided: the claim behind it no longer wins."),
    "licensing.payout_tin_viewed": _("A filing person viewed a winner's full taxpayer number."),
    "licensing.payout_tins_exported": _("A filing person downloaded the year's Forms W-2G with the winners' full "
                                        "taxpayer numbers."),
    "licensing.payout_identities_purged": _("Winners' identities past the retention period were purged; the "
                                            "amounts stay."),
    "licensing.payout_identities_resealed": _("Every winner's sealed identity was sealed again with the first key "
                                              "of PAYOUT_IDENTITY_KEYS (a change of key)."),
    "licensing.fee_payment_recorded": _("Board staff recorded a payment of the fee."),
    "licensing.fee_payment_voided": _("Board staff voided a payment of the fee."),
    "licensing.fee_waived": _("Board staff waived the fee."),
    # raffle drawings
    "licensing.raffle_drawing_scheduled": _("A raffle drawing was scheduled and its commitment published."),
    "licensing.raffle_drawing_sales_closed": _("Raffle ticket sales were closed."),
    "licensing.raffle_drawing_witnessed": _("A raffle's witness value, produced in the room, was entered."),
    "licensing.raffle_drawing_drawn": _("A raffle was drawn; the seed and the winners were published."),
    # event financial reports
    "licensing.report_opened": _("A financial report was started."),
    "licensing.report_saved": _("A financial report was saved."),
    "licensing.report_submitted": _("A financial report was filed with the Board."),
    "licensing.report_correction_opened": _("A correction of a filed financial report was started."),
    "licensing.report_recorded_figures_received": _("The figures recorded at an event were added to its financial "
                                                    "report."),
    "licensing.report_marked_overdue": _("A financial report became overdue."),
    "licensing.report_marked_not_held": _("The organization marked a scheduled event as not held, with the reason: "
                                          "no financial report is due for it."),
    "licensing.report_not_held_withdrawn": _("The organization withdrew an event's not-held mark: its report is "
                                             "due again."),
    "licensing.report_overdue_waived": _("The Board let the organization apply while a financial report is "
                                         "overdue."),
    "licensing.match_decided": _("Board staff decided on a possible tie to a vendor."),
    # vendors
    "vendors.vendor_created": _("A vendor was registered."),
    "vendors.membership_granted": _("A person was given access to the vendor in the portal."),
    "vendors.vendor_registered": _("A vendor was registered."),
    "vendors.vendor_profile_updated": _("The vendor's details were updated."),
    "vendors.supplier_added": _("A supplier was named."),
    "vendors.supplier_ended": _("A supplier was removed."),
    "vendors.owner_added": _("An owner or officer was named."),
    "vendors.owner_updated": _("An owner's or officer's details were updated."),
    "vendors.owner_ended": _("An owner or officer was removed."),
    "vendors.owner_police_clearance_set": _("A police clearance report was attached."),
    "vendors.owner_conflict_decided": _("A conflict of interest was decided."),
    "vendors.price_list_items_set": _("The price list was updated."),
    "vendors.price_list_certified": _("The price list was certified."),
    # bingo
    "bingo.pattern_created": _("A bingo pattern was created."),
    "bingo.multihall_agreement_recorded": _("A multi-hall service agreement was recorded."),
    "bingo.multihall_agreement_approved": _("A multi-hall service agreement was approved by the Agency."),
    "bingo.annuity_planned": _("A multi-hall prize was planned to be paid by annuity."),
    "bingo.annuity_purchased": _("The annuity of a multi-hall prize was bought."),
    "bingo.charity_stock_received": _("Charity game tickets were received for a bingo operation."),
    "bingo.charity_sample_approved": _("The Board approved a sample of charity game tickets."),
    "bingo.charity_tickets_sold": _("Charity game tickets were sold."),
    "bingo.charity_tickets_returned": _("Unsold charity game tickets were returned to the Board."),
    "bingo.operation_created": _("A bingo operation was planned."),
    "bingo.operation_updated": _("A bingo operation was changed."),
    "bingo.training_operation_created": _("A training bingo operation was created."),
    "bingo.hall_added": _("A hall was added to a bingo operation."),
    "bingo.worker_added": _("A worker was put on duty at a bingo operation."),
    "bingo.worker_removed": _("A worker was taken off duty at a bingo operation."),
    "bingo.game_added": _("A game was added to a bingo operation."),
    "bingo.game_updated": _("A bingo game was changed."),
    "bingo.games_reordered": _("The games of a bingo operation were put in a new order."),
    "bingo.game_removed": _("A game was removed from a bingo operation."),
    "bingo.series_created": _("A series of bingo cards was created."),
    "bingo.cards_sold": _("Bingo cards were sold."),
    "bingo.card_sale_voided": _("A sale of bingo cards was voided."),
    "bingo.game_started": _("A bingo game started."),
    "bingo.ball_called": _("A ball was called."),
    "bingo.call_undone": _("A called ball was taken back."),
    "bingo.claim_checked": _("A bingo claim was checked."),
    "bingo.claim_voided": _("A bingo claim was voided."),
    "bingo.game_closed": _("A bingo game was closed."),
    "bingo.operation_report_sent": _("A bingo operation's figures were sent to its financial report."),
    # Monte Carlo: the Hold'em tournament
    "montecarlo.tournament_created": _("A Hold'em tournament was planned."),
    "montecarlo.tournament_configured": _("A tournament's terms were recorded."),
    "montecarlo.player_registered": _("A player registered for a tournament."),
    "montecarlo.player_seated": _("A player was seated."),
    "montecarlo.player_moved": _("A player was moved to another seat."),
    "montecarlo.chips_corrected": _("A player's chip count was corrected."),
    "montecarlo.clock_started": _("A tournament's clock started."),
    "montecarlo.clock_paused": _("A tournament's clock was paused."),
    "montecarlo.clock_resumed": _("A tournament's clock started again."),
    "montecarlo.hand_started": _("A hand was dealt."),
    "montecarlo.action_taken": _("A player acted."),
    "montecarlo.showdown_settled": _("A showdown was settled."),
    "montecarlo.misdeal_declared": _("A misdeal was declared."),
    "montecarlo.tournament_stopped": _("A tournament was stopped."),
    "montecarlo.results_published": _("A tournament's results were published."),
    # Monte Carlo: the night, its participants and table games
    "montecarlo.night_created": _("A Monte Carlo Night was planned."),
    "montecarlo.night_updated": _("The posted terms of a Monte Carlo Night were changed."),
    "montecarlo.night_in_charge_recorded": _(
        "The member in charge or the alternate present throughout the night was recorded (30 DCMR 1301.5)."),
    "montecarlo.participant_admitted": _("A participant was admitted and given chips."),
    "montecarlo.night_counted": _("The chips were counted at the end of the night."),
    "montecarlo.prizes_awarded": _("The prizes were awarded."),
    "montecarlo.house_rules_decided": _("The Board decided on a game's house rules."),
    "montecarlo.table_created": _("A game table was set up."),
    "montecarlo.table_closed": _("A game table was closed."),
    "montecarlo.bets_moved": _("Bets were moved to another table."),
    "montecarlo.round_opened": _("A round opened at a table."),
    "montecarlo.bet_placed": _("A bet was taken."),
    "montecarlo.decision_recorded": _("A player's raise or fold was recorded."),
    "montecarlo.bet_removed": _("A bet was taken down."),
    "montecarlo.round_settled": _("A round was settled."),
    "montecarlo.outcome_voided": _("A spin or throw was void."),
    "montecarlo.hand_voided": _("A hand was void."),
    "montecarlo.round_voided": _("A round was void."),
}

FALLBACK = _("Something was recorded in the organization's history.")


def event_sentence(event_type: str) -> str:
    """The sentence for a stored type (old spelling or new); an unknown type reads as its label when it has
    one, else as FALLBACK: always words, never the code."""
    current = event_type_current(event_type)
    if current in SENTENCES:
        return str(SENTENCES[current])
    if current in LABELS:
        return str(LABELS[current]) + "."
    return str(FALLBACK)
