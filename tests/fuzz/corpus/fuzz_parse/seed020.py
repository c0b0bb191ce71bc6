s = 'unknown \d \q escapes'
