"""Where a person lands after signing up: register a new organization (becoming its officer), register a vendor
(the vendors app's page) or accept an invitation."""
