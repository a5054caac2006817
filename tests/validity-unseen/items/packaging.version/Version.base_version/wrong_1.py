# wrong: leaves the epoch out ("1!1.2.3+abc.dev1" gives "1.2.3").
class Version:
    @property
    def base_version(self):
        return ".".join(str(x) for x in self.release)
