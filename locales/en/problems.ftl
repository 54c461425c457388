## What is wrong with one value people type: a form field, a readable link parameter, a CLI flag
## (group::input::Problem). $text is the value as typed.

problem-empty = This field is empty.
problem-not-a-whole-number = "{ $text }" is not a whole number.
problem-negative = { $text } is negative; use 0 or more.
problem-too-large = { $text } is more than the playground handles ({ $max } at most).
problem-too-many = { $count } entries is more than the playground handles ({ $max } at most); the previous group is kept.
# $allowed: the values it may be, joined by problem-list-separator.
problem-unknown = "{ $text }" is not one of { $allowed }.
problem-list-separator = {", "}
problem-bad-broker = "{ $text }" is not brokerName:queueCount (for example broker-a:8).
problem-bad-queue-ref = "{ $text }" is not brokerName:queueId (for example broker-a:3).
problem-duplicate-broker = Broker "{ $name }" is listed twice; RocketMQ would merge its queues.
problem-bad-separator = "{ $text }" is not a single separator character such as @ or -.
# CONSISTENT_HASH's ring would have $nodes = $instances × $virtual-nodes nodes.
problem-ring-too-large = { $instances } instances × { $virtual-nodes } virtual nodes is a hash ring of { $nodes } nodes, more than the playground handles ({ $max } at most).
problem-views-too-large = The instances' own views add up to { $work } queues and clientIds to compute, more than the playground handles ({ $max } at most); the previous views are kept.
problem-client-lacks-strategy = The { $client } client has only AVG, not { $strategy }; the instance keeps its previous setting.
# A per-instance list (sdks=, strategies=) with $count entries for $instances instances.
problem-wrong-count =
    { $count ->
        [one] { $count } entry
       *[other] { $count } entries
    } for { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    }: give one per instance, in the client list's order.
problem-bad-event = "{ $text }" is not an event such as join:c4, leave:c2, kill:c2, hostloss:c2 or queues:broker-a:16 (a time first if not at 0: 5:kill:c2).
problem-bad-phase = "{ $text }" is not ID=SECONDS (for example c1=4).
problem-not-seconds = "{ $text }" is not a number of seconds (for example 4 or 0.8).
problem-past-span = "{ $text }" is not before the end of the simulated span, { $span } s (--span sets it, up to { $max } s).
problem-span-too-short = { $text } s is too short a span to simulate: use 1 s or more.
# A problem with one named parameter or field: $problem is one of the messages above.
problem-in-param = { $param }: { $problem }
