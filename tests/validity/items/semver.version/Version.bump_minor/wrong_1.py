# wrong: keeps the patch part instead of resetting it to 0.
class Version:
    def bump_minor(self):
        cls = type(self)
        return cls(self._major, self._minor + 1, self._patch)
