"""The reference web client: ``zombie-rules serve`` (the ``web`` extra).

A small HTTP JSON API over any title plus one static page that plays it. The
rules never import this package, and importing it needs nothing beyond the core
library: the framework is imported by :mod:`zombie_rules.web.app` only, so the
command line can offer ``serve`` and explain the missing extra.
"""
