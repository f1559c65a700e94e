"""The payout desk's federal forms: a paid prize's Form W-2G (Certain Gambling Winnings) as the winner's copy
(w2g: its boxes; pdf: the printed form), and the year's forms for the organization's accountant (year_list: the
CSV, one row per form; totals: the Form 1096 totals), for the organization's desk (views, api, urls)."""
