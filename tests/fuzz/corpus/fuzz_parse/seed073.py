class E(Exception): pass
