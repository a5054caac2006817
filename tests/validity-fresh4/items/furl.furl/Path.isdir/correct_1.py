# correct: True when the last segment is '' (a trailing "/"), and for an empty path (no segments,
# which means the same as "/").
class Path:
    @property
    def isdir(self):
        segments = self.segments
        return len(segments) == 0 or segments[-1] == ''
