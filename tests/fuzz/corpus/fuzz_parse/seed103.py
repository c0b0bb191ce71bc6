if x:
	pass
