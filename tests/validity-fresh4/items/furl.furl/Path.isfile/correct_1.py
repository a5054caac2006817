# correct: True when there is a last segment and it is not '' (no trailing "/"); an empty path is
# not a file.
class Path:
    @property
    def isfile(self):
        if not self.segments:
            return False
        return self.segments[-1] != ''
