"""The whole salience register. Salience only makes runs shorter (facts settle before rulings
are drawn from them); answers never depend on it, because conclusions are kept by logical
support and withdrawn when their support goes."""

#: facts the rules derive about the game state (what could be produced, who controls a search)
DERIVE = 20
#: conditions decided over settled facts (knowledge/rules/conditions.py), before any rule
#: aggregates what they change (a cost a condition lowers, before the cost is checked)
DECIDE = 15
#: rules that aggregate settled facts through engine.collect (how much mana, which types)
AGGREGATE = 10
#: rules that aggregate what AGGREGATE rules concluded, one firing each (the damage several
#: sources dealt to one recipient at once, concluded source by source)
SUMMARIZE = 5
#: the rulings drawn from those facts
RULE_ON = 0
