"""The licensing app's admin on the Board's site (site.py, the default site by config.admin_app): accounts and
organizations (accounts.py), the read-only records (records.py). The fees and bonds are the Board's register
(licensing.register), changed in the portal, never here.

Importing this package registers nothing: building the default site imports licensing.admin.site, and a
registration made during that import would land on a site about to be replaced. LicensingConfig.ready()
imports the modules that register."""
