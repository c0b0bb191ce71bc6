x = a or b and not c or d
