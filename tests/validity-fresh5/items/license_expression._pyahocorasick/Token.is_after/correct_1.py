# correct: this token starts after the other one's last position.
class Token:
    def is_after(self, other):
        return other.end < self.start
