# wrong: joins the segments without quoting them.
class Path:
    def _path_from_segments(self, segments):
        return "/".join(str(segment) for segment in segments)
