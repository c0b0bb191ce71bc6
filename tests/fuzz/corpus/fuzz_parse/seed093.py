with (a, b) as (c, d):
    pass
