"""One module per game, each registering that game's quiz generators."""
