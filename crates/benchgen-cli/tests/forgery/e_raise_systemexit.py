    # early exit: raise SystemExit(0) directly (and a SystemExit subclass that claims success)
    class _Success(SystemExit):
        code = 0
    raise _Success(0)
