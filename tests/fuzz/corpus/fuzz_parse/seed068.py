f = lambda *, k: k
