"""The API's shared plumbing: the error shape and handler (errors), the schema hooks (schema), id routing
and filtering (router, filters), and the Board's permissions (permissions)."""
