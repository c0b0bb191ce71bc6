raise ValueError('bad')
