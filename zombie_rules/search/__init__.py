"""Search bots for every title: information-set MCTS over the ``Game`` protocol.

``make_ismcts(game)`` is the bot the CLI and the simulator offer as ``ismcts``: an
:class:`ISMCTSAgent` with the evaluation and budget the title gives in ``Game.search``.
"""

from zombie_rules.search.factory import OPTIONS, make_ismcts
from zombie_rules.search.ismcts import ISMCTSAgent, result_values

__all__ = ["OPTIONS", "ISMCTSAgent", "make_ismcts", "result_values"]
