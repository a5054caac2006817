# correct: a plain license symbol is its own only underlying symbol: a one-item list of itself.
class LicenseSymbol:
    def decompose(self):
        return [self]
