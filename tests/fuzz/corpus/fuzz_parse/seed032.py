s = f'{x:%Y-%m-%d}'
