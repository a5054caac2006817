# wrong: strict comparisons: tokens that share only their boundary position do not count.
class Token:
    def overlap(self, other):
        return self.start < other.end and other.start < self.end
