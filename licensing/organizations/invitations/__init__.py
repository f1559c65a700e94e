"""Officers invite people to their organization by email, in a role: send, accept, revoke (services), who sees
which invitations (selectors), the portal pages (views) and the API (api)."""
