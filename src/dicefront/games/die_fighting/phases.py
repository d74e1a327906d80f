"""The phases of a Die Fighting game (shared by rules.py and combat.py)."""

BUY, SETUP_ROLL, MAP, SIDE, DEPLOY = "buy", "setup-roll", "map", "side", "deploy"
INITIATIVE, MOVE, MOVE_TO, COMBAT, ORDER = "initiative", "move", "move-to", "combat", "order"
ATTACK_ROLL, DEFENCE_ROLL, DAMAGE_ROLL, BREAK_MOVE, OVER = "attack-roll", "defence-roll", "damage-roll", "break-move", "over"
PHASES = (BUY, SETUP_ROLL, MAP, SIDE, DEPLOY, INITIATIVE, MOVE, MOVE_TO, COMBAT, ORDER,
          ATTACK_ROLL, DEFENCE_ROLL, DAMAGE_ROLL, BREAK_MOVE, OVER)
CHANCE_PHASES = frozenset((SETUP_ROLL, INITIATIVE, ATTACK_ROLL, DEFENCE_ROLL, DAMAGE_ROLL))
