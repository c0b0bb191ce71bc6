with open(p) as f, lock:
    pass
