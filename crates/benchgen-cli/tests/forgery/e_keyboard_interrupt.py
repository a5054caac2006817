    # early exit: raise KeyboardInterrupt, as if the user stopped the run
    raise KeyboardInterrupt
