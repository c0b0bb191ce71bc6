s = '''line1
line2'''
