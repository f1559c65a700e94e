"""Enforcement by Board staff: suspend, revoke, fine a license (30 DCMR 1210.1, 1704.1), the license's enforcement
page, and the nightly refresh of license statuses (services.license_statuses_refresh)."""
