f = lambda x, /: x
