"""The `rulings` subcommands: one module each, each with `register(subparsers)`.

Modules import their heavy dependencies inside the function that runs the command, so that
`rulings --help` and a cold `rulings ask` stay fast.
"""

# Order here is the order in `rulings --help`.
COMMANDS = (
    "ask", "check", "lint", "schema", "cr", "card", "cards", "coverage", "data", "serve", "mcp",
    "bench", "completion",
)
