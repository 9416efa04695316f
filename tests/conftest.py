"""Shared pytest fixtures."""

from fakediscord.fixtures import *  # noqa: F403
