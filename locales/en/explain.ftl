## The explain panel: the steps one instance's strategy went through, with the real numbers
## (group::explain::words). $queues is always a list of queues (ranges such as broker-a:0–2).

# An empty list of queues.
explain-none = none
explain-result = Result: { $queues }.

## Whose lists it computed with, when they are its own view.

explain-own-view = This instance computes with its own view, not the group's: the lists below are what it was told.
# $cid-all: the view's clientIds, joined by list-separator; $missing and $extra: lists of clientIds, $missing-count
# and $extra-count how many (0: the sentence about them is left out).
explain-view-cid-all =
    The broker it asked answered cidAll = [{ $cid-all }].{ $missing-count ->
        [0] {""}
       *[other] {" "}It does not see { $missing } yet (no heartbeat reached that broker).
    }{ $extra-count ->
        [0] {""}
       *[other] {" "}It still sees { $extra }, no longer in the group.
    }
# $route: its brokers and queue counts, or explain-no-broker.
explain-stale-route = Its route is stale: { $route }.
explain-no-broker = no broker

## The two lists and the instance's place in them.

explain-sorted =
    Every instance sorts both lists: mqAll has M = { $m } { $m ->
        [one] queue
       *[other] queues
    }, cidAll has N = { $n } { $n ->
        [one] entry
       *[other] entries
    }.
# $client: the client library's short name (Go, C++).
explain-sorted-by-bytes =
    This { $client } client sorts both lists by UTF-8 bytes (Java clients sort by UTF-16 code units): mqAll has M = { $m } { $m ->
        [one] queue
       *[other] queues
    }, cidAll has N = { $n } { $n ->
        [one] entry
       *[other] entries
    }.
explain-index = k = cidAll.indexOf("{ $client-id }") = { $slot }.
explain-index-copies = k = cidAll.indexOf("{ $client-id }") = { $slot }. indexOf finds the first of the { $copies } copies, so every copy computes this same k.

## Without a strategy.

explain-broadcasting =
    BROADCASTING: no strategy runs; this instance takes all { $m } { $m ->
        [one] queue
       *[other] queues
    }.
# $message: the exception's message.
explain-error = The strategy threw "{ $message }"; a real client logs it and keeps its previous queues.
explain-no-answer = The broker assigns only AVG and AVG_BY_CIRCLE; it answered nothing, so the client keeps what it had.
# $brokers: a list of broker names.
explain-proxy = A 5.x gRPC client allocates nothing itself: the proxy answers one assignment per broker with queueId -1, "pop from the whole broker", the same for every gRPC client: { $brokers }.
explain-pop-whole =
    The broker answers in POP mode with popShareQueueNum = { $share }, which is ≤ 0 or ≥ N − 1 = { $last-slot }: no strategy runs, every consumer is told to pop the whole broker (queueId -1): { $brokers }, so it takes all { $m } { $m ->
        [one] queue
       *[other] queues
    }, like every other consumer.
explain-pop-one-each = The broker answers in POP mode with popShareQueueNum = { $share }, and there are more consumers than queues (N = { $n } > M = { $m }): no strategy runs, each consumer gets one queue, mqAll[k mod M] = mqAll[{ $k } mod { $m }] = mqAll[{ $position }].

## AVG.

explain-nearby-as-avg = In the Go client, MACHINE_ROOM_NEARBY is plain AVG over all queues (its body is a TODO): rooms, the inner strategy and the separator are ignored.
explain-avg-remainder =
    M mod N = { $m } mod { $n } = { $rem }: the first { $rem } { $rem ->
        [one] slot takes
       *[other] slots take
    } one queue more.
explain-avg-size-one = M ≤ N, so the block size is 1.
explain-avg-size-plus-one = k = { $k } < { $rem }, so size = M / N + 1 = { $m } / { $n } + 1 = { $size }.
explain-avg-size = k = { $k } ≥ { $rem }, so size = M / N = { $m } / { $n } = { $size }.
explain-avg-start = start = k × size = { $k } × { $size } = { $start }.
explain-avg-start-after-longer = start = k × size + (M mod N) = { $k } × { $size } + { $rem } = { $start }.
explain-avg-nothing = start { $start } ≥ M = { $m }: this slot takes nothing.
explain-avg-range = range = [{ $start }, { $end }) = mqAll positions { $start }..{ $end }: { $queues }.

## AVG_BY_CIRCLE.

explain-circle = Queue i goes to slot i mod N = i mod { $n }; slot { $k } takes i = { $k }, { $k } + { $n }, { $k } + 2×{ $n }, … below M = { $m }: { $queues }.

## CONSISTENT_HASH: the Java ring (MD5) and the Go client's (CRC32).

explain-hash-java =
    Each cidAll entry puts { $virtual-nodes } virtual { $virtual-nodes ->
        [one] node
       *[other] nodes
    } on an MD5 ring (key "<clientId>-<i>", hash = first 4 bytes of MD5); the ring holds { $ring-size } { $ring-size ->
        [one] node
       *[other] nodes
    }. This clientId owns { $owned } of them (table below).
explain-hash-java-owner = Each queue hashes its toString and goes to the first node at or after that hash, wrapping round to the start of the ring.
explain-hash-go =
    The Go client builds a fresh CRC32 ring on every call: each cidAll entry, in order, puts { $virtual-nodes } virtual { $virtual-nodes ->
        [one] node
       *[other] nodes
    } at CRC32("<i><clientId>") (the number first, no separator); a later entry at a taken position overwrites it. The ring holds { $ring-size } { $ring-size ->
        [one] position
       *[other] positions
    }; this clientId owns { $owned } of them (table below).
explain-hash-go-owner = Each queue hashes its toString with CRC32 and goes to the first node strictly after that hash (Java takes the first at or after it), wrapping round to the start of the ring.
# The columns of the tables under the steps.
explain-node-key = virtual node key
explain-node-hash = hash
explain-column-queue = queue
explain-column-queue-hash = hash(queue)
explain-column-queue-crc = CRC32(queue)
explain-column-node-java = first node at or after it
explain-column-node-go = first node after it
explain-column-node-hash = node hash
explain-column-owner = owner

## MACHINE_ROOM.

# $idcs: the rooms, joined by list-separator.
explain-room-served =
    Served queues (brokerName <room>@<broker> with room in [{ $idcs }]): { $queues } ({ $count } { $count ->
        [one] queue
       *[other] queues
    }).
explain-room-block = block = { $served } / { $n } = { $block }, remainder = { $served } mod { $n } = { $rem }.
explain-room-bug = The bug of the Go client (and of Java before 4.8.0): the block is read from mqAll at those positions, not from the served queues; only the tail queue comes from the served ones.
# $block: the positions the block is read from (mqAll[0..3] with the bug, else served[0..3]); $tail-at: the tail
# queue's position (served[1 + 2×3]); $tail: that queue or explain-none.
explain-room-slot = Slot { $k } takes { $block } = { $queues }, plus tail queue { $tail-at } if { $k } < { $rem }: { $tail }.

## MACHINE_ROOM_NEARBY.

explain-nearby-room = The room is the part before "{ $separator }": this instance is in room "{ $room }".
explain-nearby-no-local = Room "{ $room }" has no queues of its own.
# $strategy: the inner strategy's name; $consumers: a list of clientIds, $count of them.
explain-nearby-local =
    Local queues { $queues } are dealt by { $strategy } among the room's { $count } { $count ->
        [one] consumer
       *[other] consumers
    } ({ $consumers }).
explain-nearby-orphan =
    Room "{ $room }" has no consumer: its queues { $queues } are dealt by { $strategy } among all { $n } { $n ->
        [one] instance
       *[other] instances
    }.

## Its own view, CONFIG, and the broker that computed for it.

explain-not-subscribed = It does not subscribe to { $topic }, so it never rebalances it and pulls none of its queues. The others still count it in cidAll (slot { $slot }), so the queues they deal to that slot are never pulled.
explain-not-in-cid-all = Its own cidAll does not contain "{ $client-id }": the strategy logs "[BUG] ... not in cidAll" and returns no queue.
explain-config = CONFIG returns this process's configured list as it is, unchecked.
explain-config-none = CONFIG without a configured list returns null: the client keeps what it had.
explain-broker-pull = The broker ran this computation for the client (QUERY_ASSIGNMENT, PULL).
explain-broker-pop =
    POP with popShareQueueNum = { $share }: the instance also serves the queues of the next { $share } { $share ->
        [one] slot
       *[other] slots
    } of cidAll, so its result is its own share plus theirs.
