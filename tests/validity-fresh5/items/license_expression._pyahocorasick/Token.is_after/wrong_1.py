# wrong: a token starting on the other's last position counts as after it.
class Token:
    def is_after(self, other):
        return self.start >= other.end
