## Findings (group::findings): what the group picture says. Every number and name comes from the live
## simulation. $queues is a list of queue labels (words::list, the first twelve), $ids and $instances lists
## of clientIds (the first four); $count how many there are of what the sentence counts.

## Several instances that report one clientId.
# What the copies take ($took in the sentences below).
finding-took-none = all take no queue
finding-took = all take { $count ->
        [one] queue
       *[other] queues
    } { $queues }
finding-no-queue = no queue
finding-shared-index = { $copies } instances share clientId { $id }: they compute index { $slot } of cidAll and { $took }.
finding-shared-room-index = { $copies } instances share clientId { $id }: in their machine room's list of consumers they compute the same index, and { $took }.
# $ring: "room" inside MACHINE_ROOM_NEARBY, "topic" otherwise; $last the last replica number.
finding-shared-java-ring = { $copies } instances share clientId { $id }: each copy adds { $nodes } more virtual nodes for it, numbered on from those already there ({ $id }-0 to { $id }-{ $last }), so { $id } owns a larger part of { $ring ->
        [room] each hash ring MACHINE_ROOM_NEARBY builds for them
       *[topic] the hash ring
    }, and the copies { $took }.
finding-shared-go-ring = { $copies } instances share clientId { $id }: the Go client's ring holds the very same virtual nodes for every copy, and the copies { $took }.
# $first: the first copy's queues, or finding-no-queue.
finding-shared-config = { $copies } instances share clientId { $id }. CONFIG never reads cidAll: each copy takes the list it was configured with (the first: { $first }).
finding-shared-no-answer = { $copies } instances share clientId { $id }; the broker answers none of them for this strategy, so here it changes nothing.
finding-shared-whole-brokers = { $copies } instances share clientId { $id }; here every consumer pops every queue of the brokers ({ $total } queues), so it changes nothing.
# Many shared clientIds told as one: the worst named with their copies ($shown), then the worst one's own sentence.
finding-shared-many-first = { $id } ({ $copies } instances)
finding-shared-many-next = { $id } ({ $copies })
finding-shared-many = { $count } clientIds are each shared by several instances, { $instances } instances in all; most copies first: { $shown }. The first: { $worst }
finding-shared-all = All { $count } shared clientIds
finding-shared-more = … and { $count } more.

## Queues with no consumer or several, and the healthy group.
finding-starved = { $count ->
        [one] Queue { $queues } has
       *[other] Queues { $queues } have
    } no consumer: messages pile up there.
finding-overlapped = { $count ->
        [one] Queue { $queues } is
       *[other] Queues { $queues } are
    } consumed by more than one instance: messages are consumed more than once.
finding-healthy = Every one of the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } has exactly one consumer among the { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    }.
finding-idle = { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } for { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }: { $idle ->
        [one] { $idle } instance gets no queue and stands idle
       *[other] { $idle } instances get no queue and stand idle
    }.
finding-error = The strategy throws for { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    }: "{ $message }". A real client logs the error and keeps its previous queues.
finding-no-broker-answer = The broker assigns only AVG and AVG_BY_CIRCLE; for { $strategy } it answers null and every client keeps what it had.
finding-ring-collisions = { $count ->
        [one] { $count } virtual node collided
       *[other] { $count } virtual nodes collided
    } on the hash ring: a later clientId's node replaced an earlier one (last writer wins).
finding-config-is-manual = CONFIG returns each process's own configured list, unchecked: overlaps and gaps are whatever the lists say.
finding-broadcasting = BROADCASTING: every instance consumes every queue, by design.
finding-pop-shares = POP mode: several instances pop the same queues and the broker hands each message to one of them, so sharing is not duplicate consumption.
finding-no-readable-queue = The topic has no readable queue: nothing to allocate.
finding-no-instance = The group has no instance: every queue is starved.

## Instances with a stale view, or that skip the topic. $count: how many instances.
finding-stale-missing = { $count ->
        [one] it does
       *[other] they do
    } not see { $ids } yet
finding-stale-extra = { $count ->
        [one] it still sees
       *[other] they still see
    } { $ids }, no longer in the group
finding-stale-route = { $count ->
        [one] its
       *[other] their
    } route has { $seen ->
        [one] { $seen } queue
       *[other] { $seen } queues
    } where the topic has { $truth }
finding-stale-route-without = { $count ->
        [one] its
       *[other] their
    } route has { $seen ->
        [one] { $seen } queue
       *[other] { $seen } queues
    } where the topic has { $truth }, without { $brokers }
finding-clause-separator = {"; "}
finding-stale-overlapped = { $count ->
        [one] queue { $queues } is
       *[other] queues { $queues } are
    } consumed more than once
finding-stale-starved = { $count ->
        [one] queue { $queues } has
       *[other] queues { $queues } have
    } no consumer
finding-effect-separator = {" and "}
finding-stale-no-effect = It changes nothing here.
finding-stale-effect = Because of it, { $effects }.
finding-stale-view = { $instances } { $count ->
        [one] computes
       *[other] compute
    } with a stale view: { $parts }. { $effect }
# $queue-count: how many queues fall to the skipping instances.
finding-skips-none = no queue of { $topic } falls to { $count ->
        [one] it
       *[other] them
    } here
finding-skips-dealt = { $queue-count ->
        [one] queue { $queues } is
       *[other] queues { $queues } are
    } assigned to { $count ->
        [one] it
       *[other] them
    } and never pulled
finding-skips-topic = { $instances } { $count ->
        [one] is in the group but does
       *[other] are in the group but do
    } not subscribe to { $topic }: the others still count { $count ->
        [one] it
       *[other] them
    } in cidAll, so { $dealt }.
# No instance of the group subscribes to the topic: $count is how many instances there are.
finding-skips-every = { $count ->
        [one] The group's one instance does not subscribe
       *[other] None of the group's { $count } instances subscribes
    } to { $topic }: nobody pulls its queues, and their lag only grows.

## Instances that compute with different code.
# One side: its instances, its client and, where the strategies differ, its strategy.
finding-side = { $instances } ({ $what })
finding-side-strategy = { $client }, { $strategy }
finding-sides-separator = {", "}
finding-sides-last-separator = {" and "}
finding-mixed-rings = { $sides } build different hash rings (Go: CRC32 of "<i><clientId>", owner strictly after the queue's hash; Java: MD5 of "<clientId>-<i>", owner at or after it)
finding-mixed-strategies = { $sides } run different strategies
finding-mixed-cpp-only-avg = { $sides }: the C++ client has only AVG, so it computes AVG while the group's strategy is { $strategy }
finding-mixed-nearby-is-avg = { $sides } disagree on MACHINE_ROOM_NEARBY: in the Go client it is plain AVG over all queues, rooms ignored
finding-mixed-sort = { $sides } sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units)
finding-mixed-sort-example = { $sides } sort cidAll differently (Go and C++ by UTF-8 bytes, Java by UTF-16 code units): { $id } is at position { $go } in byte order and at position { $java } in Java's
finding-mixed-code = { $sides } compute with different client code
finding-mixed-overlapped = { $count ->
        [one] queue { $queues } is
       *[other] queues { $queues } are
    } consumed by more than one instance
finding-mixed-starved = { $count ->
        [one] queue { $queues } has
       *[other] queues { $queues } have
    } no consumer
finding-mixed-effect-separator = {"; "}
finding-mixed = { $cause }: { $effects }.
finding-room-bug-starved = { $count ->
        [one] queue { $queues } of the served rooms has
       *[other] queues { $queues } of the served rooms have
    } no consumer
finding-room-bug-unserved = { $count ->
        [one] queue { $queues } of rooms nobody serves is
       *[other] queues { $queues } of rooms nobody serves are
    } consumed
finding-room-bug-separator = {", while "}
finding-machine-room-bug = { $instances } ({ $client }) { $count ->
        [one] takes its
       *[other] take their
    } MACHINE_ROOM blocks from all of mqAll instead of the queues of the rooms { $count ->
        [one] it serves
       *[other] they serve
    }, a bug of the Go client (and of Java clients before 4.8.0): { $parts }.
finding-go-panic = { $instances } (Go) { $count ->
        [one] panics
       *[other] panic
    } on every rebalance ({ $message }): without a PanicHandler the process exits; with one, its rebalance stops for good. { $count ->
        [one] It consumes
       *[other] They consume
    } nothing here.
finding-proxy = { $instances } (gRPC) { $count ->
        [one] does no allocation of its own: the proxy lets it
       *[other] do no allocation of their own: the proxy lets each
    } pop every queue of { $brokers }.
finding-proxy-counted = {" "}The client-side instances still count { $count ->
        [one] it
       *[other] them
    } in cidAll
finding-proxy-first-separator = {": "}
finding-proxy-next-separator = {"; "}
finding-proxy-left = { $queue-count ->
        [one] queue { $queues }, which they leave to { $count ->
            [one] it
           *[other] them
        }, is
       *[other] queues { $queues }, which they leave to { $count ->
            [one] it
           *[other] them
        }, are
    } consumed only by its pops
finding-proxy-both = { $queue-count ->
        [one] queue { $queues }, which they pull, is popped as well, so its
       *[other] queues { $queues }, which they pull, are popped as well, so their
    } messages are consumed more than once
finding-proxy-end = .

## The group's config on the brokers (TIMING.md D, E, F): consumption switched off, a FIFO group of gRPC
## clients, the retry topic. $group is the consumer group's name.
finding-consume-disabled = Consumption is disabled for group { $group } (consumeEnable=false): every pull gets NO_PERMISSION (code 16, "subscription group no permission"), so { $count ->
        [one] its { $count } queue pauses
       *[other] all { $count } queues pause
    } while the owners stay as they are. #Diff grows and #LastTime freezes; the client retries every 3 s.
# Only some brokers' copy of the group's config says consumeEnable=false (TIMING.md E0); $brokers: their names, $count: their queues.
finding-consume-disabled-brokers = Consumption is disabled for group { $group } on { $brokers } only (consumeEnable=false in that copy of the group's config): every pull of { $count ->
        [one] its { $count } queue
       *[other] their { $count } queues
    } gets NO_PERMISSION (code 16), so they pause while their owners stay; the other brokers' queues are consumed. The client retries every 3 s.
# $brokers: the brokers' names.
finding-grpc-fifo = { $count ->
        [one] The gRPC instance of this FIFO group (consumeMessageOrderly=true) is
       *[other] The { $count } gRPC instances of this FIFO group (consumeMessageOrderly=true) are each
    } given every queue id of { $brokers } by the proxy, whatever their clientIds. Every gRPC client holding every queue is the design, not an overlap: the broker hands each queue's messages, in order, to one popper at a time.
# $slots = $brokers × $per-broker.
finding-retry-slots = Only { $slots } of { $instances } instances can ever get retries: the retry topic has { $brokers ->
        [one] { $brokers } broker
       *[other] { $brokers } brokers
    } × retryQueueNums { $per-broker } = { $slots ->
        [one] { $slots } queue
       *[other] { $slots } queues
    }. That the others hold no retry queue is the design, not starvation.
# The brokers' copies differ: $each lists each broker with its retryQueueNums; $slots is their sum.
finding-retry-slots-each = Only { $slots } of { $instances } instances can ever get retries: each broker holds its own retry queues ({ $each }), { $slots ->
        [one] { $slots } queue
       *[other] { $slots } queues
    } in all. That the others hold no retry queue is the design, not starvation.
finding-retry-stores-nothing = retryQueueNums is { $retry-queue-nums }: a message whose consumption fails is answered SUCCESS and stored nowhere, so it is never retried and never reaches the dead-letter queue.
# Instances whose own report of their queues the computation does not reproduce at their slot of cidAll:
# $head (tried: every strategy inferred from holdings; given: the strategy given), then what is told instead.
finding-holdings-unexplained-tried = { $count ->
        [one] What { $instances } holds is
       *[other] What { $instances } hold is
    } not what AVG, AVG_BY_CIRCLE or CONSISTENT_HASH (at any virtual node count tried) computes at { $count ->
        [one] its slot
       *[other] their slots
    } of cidAll
finding-holdings-unexplained-given = { $count ->
        [one] What { $instances } holds is
       *[other] What { $instances } hold is
    } not what the strategy given computes at { $count ->
        [one] its slot
       *[other] their slots
    } of cidAll
finding-holdings-told = the queues below are told as every instance reported holding them, not as computed
finding-holdings-told-partial = the queues below are told as the instances that reported hold them, and as computed for the others
finding-holdings-unexplained = { $head }: { $told }.

## What to do about it.
finding-fix-shared = Give every process a unique clientId: set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which skips bridge interfaces such as docker0 and appends #nanoTime to the PID.
finding-fix-shared-unread = Give every process a unique clientId anyway: the strategy here does not read it, but any strategy that deals by cidAll would give the copies the same queues. Set a unique instanceName (setInstanceName, or -Drocketmq.client.name), or upgrade the client to 4.9.0 or later, which appends #nanoTime to the PID.
finding-fix-same-view = Make every instance see the same sorted clientIds and queues, with unique clientIds and the same subscriptions.
finding-fix-idle = Add read queues to the topic, or run fewer instances: a queue is consumed by at most one instance per group.
finding-fix-ring-collisions = Collisions are rare and harmless to correctness, but they skew shares; more virtual nodes even out the ring.
finding-fix-no-broker-answer = Use AVG or AVG_BY_CIRCLE with broker-side rebalance, or rebalance on the client.
finding-fix-stale-view = Usually transient: the broker tells the group when a member joins or leaves and every client rebalances every 20 s, so the views agree within seconds. If it lasts, check that every instance's heartbeat reaches every broker and that the route from the name server is current.
finding-fix-skips-topic = Give every instance of a consumer group the same subscriptions: move the instances that subscribe to other topics into a consumer group of their own.
finding-fix-skips-every = Subscribe to the topic again in the consumers meant to consume it; if no consumer of this group should, its lag is only what the group left behind when it stopped.
finding-fix-cpp-only-avg = Run AVG for the whole group (the only strategy the C++ client has), or move the C++ instances into a consumer group of their own.
finding-fix-strategies = Give every instance of the group the same allocation strategy: finish the rolling deploy, or roll it back.
finding-fix-sort = Use clientIds without characters from U+E000 up (plain ASCII instance names), so every client sorts them alike, or keep one client library per consumer group.
finding-fix-mixed = Keep one client library per consumer group, or use AVG or AVG_BY_CIRCLE, which Java, Go and C++ compute alike on ASCII clientIds.
finding-fix-unserved-room = These queues lie in machine rooms no consumer serves: add their rooms to the consumers' machine rooms (the MACHINE_ROOM list), or run consumers that serve them.
finding-fix-machine-room-bug = Do not use MACHINE_ROOM with the Go client (or Java before 4.8.0): pick AVG or AVG_BY_CIRCLE, or list the served rooms' brokers first in mqAll order so the blocks fall on them.
finding-fix-go-panic = Give CONSISTENT_HASH a positive number of virtual nodes (the Go client has no default on this path), or set primitive.PanicHandler to log instead of exiting.
finding-fix-proxy = Do not mix 5.x gRPC clients with client-side rebalancing clients in one consumer group: move one kind into a group of its own, or switch the remoting clients to POP.
finding-fix-consume-disabled = Turn consumption back on: mqadmin updateSubGroup -c <cluster> -g <group> -s true. updateSubGroup writes a fresh config, so every field you leave out returns to its default (consumeBroadcastEnable and consumeFromMinEnable become false unless -d true and -m true are given): repeat the values you changed before (-q, -r, -o, -a …).
finding-fix-holdings-unexplained = Look at what those instances run: each one's allocateMessageQueueStrategy (a custom class?), its view of cidAll and of the route (a rebalance still in progress, a client that cannot reach a broker). Until every instance computes alike, the queues nobody holds stay unconsumed and those held twice are consumed twice.
finding-fix-retry-stores-nothing = Give the group at least one retry queue per broker: mqadmin updateSubGroup -c <cluster> -g <group> -q 1 (a fresh config: repeat the other values you changed before).
