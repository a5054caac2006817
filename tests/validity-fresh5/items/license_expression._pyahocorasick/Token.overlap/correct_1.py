# correct: two closed ranges [start, end] overlap when each starts no later than the other ends.
class Token:
    def overlap(self, other):
        return self.start <= other.end and other.start <= self.end
