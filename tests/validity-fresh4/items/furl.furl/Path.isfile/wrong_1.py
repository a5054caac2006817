# wrong: looks at the last segment without checking for an empty path (IndexError there).
class Path:
    @property
    def isfile(self):
        return self.segments[-1] != ''
