a[*b]
