# just a comment

