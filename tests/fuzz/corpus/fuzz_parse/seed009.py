x = ~a + -b * +c
