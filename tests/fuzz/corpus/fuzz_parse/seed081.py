assert x
