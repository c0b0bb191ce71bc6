x = f"{a!r:>{w}.{p}} {b=} {{lit}}"
