# Calls exit() while the module is defined.
import sys

sys.exit("bye")
