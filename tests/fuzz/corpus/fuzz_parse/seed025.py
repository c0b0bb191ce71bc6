s = f'{x}'
