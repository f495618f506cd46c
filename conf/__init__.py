"""The shipped house-rule profiles (TOML); installed as ``cardrules.conf``."""
