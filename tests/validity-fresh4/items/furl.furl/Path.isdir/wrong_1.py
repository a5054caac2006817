# wrong: looks at the last segment without checking for an empty path (IndexError there).
class Path:
    @property
    def isdir(self):
        return self.segments[-1] == ''
