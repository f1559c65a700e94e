"""The API's shared plumbing: a view that calls a service and the OpenAPI error answers (answers), the error
shape and handler (errors), the schema hooks (schema), id routing and filtering (router, filters), the JSON
parsers (parsers) and the file renderers (renderers). The Board's permissions are licensing's
(licensing.accounts.permissions): core knows no roles."""
