y = "abc"[10]
