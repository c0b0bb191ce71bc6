s = f'plain'
