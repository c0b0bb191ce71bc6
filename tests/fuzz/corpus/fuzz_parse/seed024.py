s = f'x={x!r:>8} {y:.4f} {{literal}}'
