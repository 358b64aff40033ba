"""The Discord surface: slash commands, persistent components, one response and error path."""
