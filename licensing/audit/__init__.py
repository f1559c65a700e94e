"""The audit trail and the proof that every log is whole: anchors, their digest, verification."""
