# wrong: strips the pre-release and local parts but keeps a post-release marker
# ("1.2.3.post1" stays "1.2.3.post1").
class Version:
    @property
    def base_version(self):
        parts = []
        if self.epoch != 0:
            parts.append(f"{self.epoch}!")
        parts.append(".".join(str(x) for x in self.release))
        if self.post is not None:
            parts.append(f".post{self.post}")
        return "".join(parts)
