s = 'tab\t nl\n q\' dq\" bs\\ x\x41 u\u00e9 U\U0001F600 oct\101 nul\0 bell\a'
