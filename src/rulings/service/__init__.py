"""The service doors of mtg-rulings: HTTP (`rulings serve`, rulings.service.http) and the
Model Context Protocol (`rulings mcp`, rulings.service.mcp_server). What they share — reading
requests, limits, lookups — is rulings.service.core. Modules are imported on demand: the web
and MCP libraries are optional (`pip install mtg-rulings[serve]`)."""
