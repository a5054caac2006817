    # early exit: raise GeneratorExit and a custom BaseException subclass that no "except Exception" catches
    class _Escape(BaseException):
        pass
    try:
        raise GeneratorExit
    finally:
        raise _Escape('forged')
