s = r'raw \n \d' + R"\x" + u'uni'
