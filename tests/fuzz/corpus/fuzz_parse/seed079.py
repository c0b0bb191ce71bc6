from ..pkg.mod import *
