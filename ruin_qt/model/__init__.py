"""The Qt model layer: ``GameModel`` is the only writer of the rules ``Game``."""
