# correct: joins the release numbers and prefixes "<epoch>!" only for a non-zero epoch.
class Version:
    @property
    def base_version(self):
        release = ".".join(map(str, self.release))
        return f"{self.epoch}!{release}" if self.epoch else release
