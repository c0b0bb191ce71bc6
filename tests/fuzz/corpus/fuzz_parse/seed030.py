s = rf'\d{x}\n'
