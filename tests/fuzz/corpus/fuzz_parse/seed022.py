s = 'a\
b'
