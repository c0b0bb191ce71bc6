a[i + 1 : j]
