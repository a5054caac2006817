# wrong: settings are not checked to be a dict (a list of pairs fails with AttributeError, not TypeError).
class CacheManager:
    def setup(self, settings=None):
        self._caches = {}
        if settings is None:
            return
        for name, options in settings.items():
            self.configure(name, **options)
