"""The reply thread of an application between Board staff and the organization (issue 15): messages with
attachments checked by content, an email to the other side, an audit event. Shown on the review page and on
the organization's status page; `/api/v1/applications/<id>/messages/` for API clients."""
