"""placeholder"""

TOPIC = ""


class Rules:
    pass
