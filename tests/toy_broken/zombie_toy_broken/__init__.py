"""A title whose import fails: the entry point ``zombie_broken`` cannot be loaded."""

raise RuntimeError("zombie_toy_broken is broken on purpose")
