try:
    pass
finally:
    pass
