"""Research adapters (PettingZoo, OpenSpiel, Gymnasium): install the ``adapters`` extra.

Import a submodule (``dicefront.adapters.pettingzoo``, ``.openspiel``, ``.gymnasium``);
this package imports none of them, so ``import dicefront`` never needs numpy or the
frameworks."""
