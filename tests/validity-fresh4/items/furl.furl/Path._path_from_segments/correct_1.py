# correct: every segment (made a string) percent-encoded as UTF-8, keeping the characters allowed
# in a path segment (SAFE_SEGMENT_CHARS, so "/" inside a segment is encoded), joined by "/".
class Path:
    def _path_from_segments(self, segments):
        quoted = []
        for segment in segments:
            quoted.append(quote(str(segment), safe=self.SAFE_SEGMENT_CHARS))
        return "/".join(quoted)
