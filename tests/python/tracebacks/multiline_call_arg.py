def g(a):
    return a.missing


y = g(
  3)
