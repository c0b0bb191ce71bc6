s = f'{x:{w}.{p}f}|{y!a}|{z:}'
