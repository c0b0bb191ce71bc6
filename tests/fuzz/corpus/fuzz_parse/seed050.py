print([y := f(x), y ** 2])
