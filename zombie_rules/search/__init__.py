"""Search bots for every title: information-set MCTS over the ``Game`` protocol.

``make_ismcts(game)`` is the bot the CLI and the simulator offer as ``ismcts``: an
:class:`ISMCTSAgent` with the title's evaluation and budget.
"""

from zombie_rules.search.factory import DEFAULTS, make_ismcts
from zombie_rules.search.ismcts import ISMCTSAgent, result_values

__all__ = ["DEFAULTS", "ISMCTSAgent", "make_ismcts", "result_values"]
