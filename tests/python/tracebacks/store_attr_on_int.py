x = 1
x.foo = 2
