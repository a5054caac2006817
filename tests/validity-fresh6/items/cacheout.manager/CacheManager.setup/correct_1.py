# correct: all named caches are dropped, then each one in `settings` is configured (created); a non-dict is a TypeError.
class CacheManager:
    def setup(self, settings=None):
        if settings is not None and not isinstance(settings, dict):
            self._caches = {}
            raise TypeError("settings must be a dict")
        self._caches = {}
        for name in list(settings or {}):
            self.configure(name, **settings[name])
