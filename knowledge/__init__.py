"""The knowledge base: general rules (knowledge/rules, one module per CR topic) and cards
(knowledge/cards, one YAML file per card, named by the card's slug)."""
