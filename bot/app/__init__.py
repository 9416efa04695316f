"""The process: the Discord client that wires every layer together, and its configuration."""
