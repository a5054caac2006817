    # early exit: os._exit(0), no cleanup, no done record
    import os
    os._exit(0)
