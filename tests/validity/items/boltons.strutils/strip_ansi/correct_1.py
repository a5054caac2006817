# correct: compiles a bytes version of the same pattern for bytes-like input instead of decoding.
import re


def strip_ansi(text):
    if isinstance(text, (bytes, bytearray)):
        pattern = re.compile(ANSI_SEQUENCES.pattern.encode("utf-8"), ANSI_SEQUENCES.flags & ~re.UNICODE)
        return type(text)(pattern.sub(b"", bytes(text)))
    return ANSI_SEQUENCES.sub("", text)
