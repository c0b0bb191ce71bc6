try:
    x = 1
except ValueError as e:
    pass
except (TypeError, KeyError):
    pass
except:
    raise
else:
    pass
finally:
    pass
