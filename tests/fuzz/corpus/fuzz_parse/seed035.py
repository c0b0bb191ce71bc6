x = {k: v for k, v in d.items() if v}
