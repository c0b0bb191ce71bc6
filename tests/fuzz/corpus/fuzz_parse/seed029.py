s = 'a' f'{b}' 'c'
