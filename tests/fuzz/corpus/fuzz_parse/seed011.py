x = a < b <= c == d != e > f >= g is h is not i in j not in k
