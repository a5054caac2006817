# wrong: compares the starts only (a later start counts as after, even when the tokens overlap).
class Token:
    def is_after(self, other):
        return self.start > other.start
