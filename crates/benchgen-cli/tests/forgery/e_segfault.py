    # early exit: crash the interpreter (ctypes.string_at(0)), so the run dies by SIGSEGV
    import ctypes
    ctypes.string_at(0)
