[a, b], c = d
