# wrong: quotes with quote's default safe characters ("/" kept, ":@!$&'()*+,;=" encoded).
class Path:
    def _path_from_segments(self, segments):
        return "/".join(quote(str(segment)) for segment in segments)
