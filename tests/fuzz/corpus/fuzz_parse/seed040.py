f(a)(b).c[d]
