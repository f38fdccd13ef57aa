"""The weights of Gnällknekt's evaluator (``evaluator.py``), one a feature.

Written by ``python tools/train_gnallknekt.py``; do not edit by hand: run the tool again
(``docs/players.md``, "Gnällknekt's evaluator", says when and how).
"""

FEATURES = (
    'one_life',
    'two_lives',
    'pile_cards',
    'weakest_pile',
    'hand',
    'jacks',
    'pairs',
    'top_safety',
    'jack_tops',
    'to_move',
    'next',
    'endgame_cards',
    'endgame_lives',
)

WEIGHTS = (
    -0.417945,  # one_life
    -0.049783,  # two_lives
    2.604187,  # pile_cards
    0.643171,  # weakest_pile
    1.156394,  # hand
    0.391655,  # jacks
    -0.037495,  # pairs
    -0.122965,  # top_safety
    0.497438,  # jack_tops
    0.219977,  # to_move
    0.088498,  # next
    3.495968,  # endgame_cards
    0.85492,  # endgame_lives
)

SETTINGS = {
    'seed': 2024,
    'games': 4000,
    'every': 2,
    'ridge': 1.0,
    'held_out': 5,
    'prefix_turns': 40,
}
"""What the tool was run with: the same settings write this file again, to the digit."""

HELD_OUT = {
    'positions': 13505,
    'seat_chances': 48479,
    'log_loss': 0.977,
    'log_loss_even': 1.2291,
    'brier': 0.1383,
    'brier_even': 0.1813,
}
"""The figures on the held-out games: log-loss a position, Brier score a seat, each beside
an even share among the seats still in."""

CALIBRATION = (
    (0.03, 0.031, 4847),
    (0.072, 0.074, 4848),
    (0.109, 0.116, 4848),
    (0.148, 0.15, 4848),
    (0.19, 0.195, 4848),
    (0.239, 0.236, 4848),
    (0.302, 0.295, 4848),
    (0.388, 0.371, 4848),
    (0.519, 0.506, 4848),
    (0.788, 0.811, 4848),
)
"""On the held-out games, by decile of the chance given: its mean, the share won, how many."""
