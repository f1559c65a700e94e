"""The error answers every operation can give, documented once for the whole schema.

A drf-spectacular postprocessing hook (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]) adds to each
operation the 4xx answers it can give, all in the one error shape of core.api.errors:
- 400 everywhere: any request can be malformed (a NUL character, a bad filter, an invalid body);
- 401 where a credential is read (a missing or wrong token), 403 where one is required;
- 404 where the address names a record (a path parameter) or a page of a list (`page`);
- 415 where a body is read: one in a media type the operation does not parse, or with none;
- 429 everywhere: the API's rate limits (settings.REST_FRAMEWORK's throttles), with Retry-After.
An answer a view documents itself is kept; one documented without a body gets the error schema.

A second hook (`local_times`) documents times of day as what the API reads and writes: local
wall-clock times "18:00" or "18:00:00" (America/New_York). JSON Schema's `time` format is RFC 3339's
full-time, which requires a UTC offset that such a time has not got.
"""

ERROR_SCHEMA = "ApiError"
ERROR_ITEM_SCHEMA = "ApiErrorItem"
_REF = {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}

COMPONENTS = {
    ERROR_ITEM_SCHEMA: {
        "type": "object",
        "properties": {
            "field": {"type": "string", "nullable": True, "description": "Dotted path of the field; null for the "
                                                                          "request as a whole."},
            "code": {"type": "string"},
            "message": {"type": "string"},
            "rule": {"type": "string", "nullable": True, "description": "The 30 DCMR citation of a broken rule."},
        },
        "required": ["field", "code", "message", "rule"],
    },
    ERROR_SCHEMA: {
        "type": "object",
        "properties": {"errors": {"type": "array", "items": {"$ref": f"#/components/schemas/{ERROR_ITEM_SCHEMA}"}}},
        "required": ["errors"],
    },
}

DESCRIPTIONS = {
    "400": "Bad input: each error names the field and, for a broken rule, the 30 DCMR citation.",
    "401": "No credentials, or a token that is not valid.",
    "403": "Signed in, but without the role this action needs.",
    "404": "No such record, or none the caller may see.",
    "415": "The body's media type is not one this operation reads.",
    "429": "Too many requests: the API's rate limit (a security policy, not a rule of 30 DCMR), or at the token "
           "endpoint too many failed sign-ins (the lockout). Retry-After says in how many seconds to try again.",
}
HEADERS = {
    "429": {"Retry-After": {"description": "Seconds to wait before the next request.", "required": True,
                            "schema": {"type": "integer", "minimum": 1}}},
}
_HTTP_METHODS = {"get", "put", "post", "patch", "delete", "head", "options", "trace"}


def _codes_for(operation: dict) -> list[str]:
    codes = ["400"]
    security = operation.get("security") or [{}]
    if any(requirement for requirement in security):
        codes.append("401")
        if {} not in security:
            codes.append("403")
    parameters = operation.get("parameters", [])
    if any(p.get("in") == "path" or (p.get("in") == "query" and p.get("name") == "page") for p in parameters):
        codes.append("404")
    if "requestBody" in operation:
        codes.append("415")
    codes.append("429")
    return codes


def _document(responses: dict, code: str) -> None:
    response = responses.setdefault(code, {"description": DESCRIPTIONS.get(code, "")})
    if code in HEADERS:
        response.setdefault("headers", HEADERS[code])
    if code.startswith("4") and not response.get("content"):
        response["content"] = {"application/json": {"schema": _REF}}
        if not response.get("description") or response["description"].startswith('{"errors"'):
            response["description"] = DESCRIPTIONS.get(code, response.get("description", ""))


def error_responses(result: dict, generator, request, public) -> dict:
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in COMPONENTS.items():
        schemas.setdefault(name, schema)
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in _HTTP_METHODS:
                continue
            responses = operation.setdefault("responses", {})
            for code in _codes_for(operation):
                _document(responses, code)
            for code in list(responses):
                _document(responses, code)
    return result


LOCAL_TIME_PATTERN = r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?$"


def _local_times(node) -> None:
    if isinstance(node, dict):
        if node.get("type") == "string" and node.get("format") == "time":
            del node["format"]
            node["pattern"] = LOCAL_TIME_PATTERN
        for value in node.values():
            _local_times(value)
    elif isinstance(node, list):
        for value in node:
            _local_times(value)


def local_times(result: dict, generator, request, public) -> dict:
    _local_times(result)
    return result
