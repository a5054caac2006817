# correct: pads the release with zeros and takes the third item.
class Version:
    @property
    def micro(self):
        return (tuple(self.release) + (0, 0, 0))[2]
