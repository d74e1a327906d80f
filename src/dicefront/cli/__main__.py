"""``python -m dicefront.cli``: the same as the ``dicefront`` command."""

from . import main

main()
