"""The inference engine: experta underneath, with correct NOT handling, a stable firing order,
logical support (truth maintenance), bounded runs and a justification for every derived fact."""
