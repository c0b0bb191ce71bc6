raise RuntimeError('x') from e
