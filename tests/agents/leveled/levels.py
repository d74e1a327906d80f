LEVELS = {"medium": "mcts:iterations=7:c=0.5"}
