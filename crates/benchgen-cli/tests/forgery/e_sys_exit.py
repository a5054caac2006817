    # early exit: sys.exit(0) from inside the call
    import sys
    sys.exit(0)
