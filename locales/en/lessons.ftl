## The guided lessons (group::lessons::words): the panel, each lesson's title, steps, task and conditions.
## Every number, clientId, queue and strategy name is a variable: the page fills them in from the scenario and
## the simulation the reader is looking at, so they change as the reader edits.

## The panel.

lesson-panel-title = Guided lessons
lesson-intro = Learn rebalance by doing: each lesson sets up the playground, explains what you see, and ends with a task you solve with the editors on the left.
lesson-open = Start the lessons
lesson-close = Close the lessons
lesson-all = All lessons
lesson-previous = Previous
lesson-next = Next
# $title: the next lesson's title (lesson-*-title).
lesson-next-lesson = Next lesson: { $title }
lesson-task-title = Your task
lesson-done = Done: the live simulation meets every condition.
lesson-not-done = Not done yet.
lesson-hint-button = Hint
lesson-show-solution = Show solution
lesson-solution-shown = The solution is applied to the playground: look at the editors to see what changed.
lesson-solution-what =
    { $lesson ->
        [how-it-works] What changed: the third instance is now 10.0.0.10@103, which sorts first in cidAll, so it takes slot 0.
        [avg-vs-circle] What changed: instances were added until the queues divide evenly among them ({ $number } instances now), so AVG and AVG_BY_CIRCLE give everyone the same count.
        [docker] What changed: every container that repeated a clientId got its own instanceName (…@consumer-N), so every clientId is unique.
        [idle] What changed: the first broker got more queues, so there are as many queues as instances ({ $number }).
        [consistent-hash] What changed: the virtual nodes per instance went up to { $number }, the first count that splits the queues as evenly as AVG.
        [machine-room] What changed: an instance was added in the machine room that had none (IDC2@10.0.2.14@104).
        [split-views] What changed: “Subscribes to” is ticked on every row of “{ lesson-views-editor }”, and the queues nobody pulled are marked.
        [kafka] What changed: the strategy is now AVG_BY_CIRCLE, which deals queues one by one as Kafka's RoundRobin deals partitions.
        [deploy-cost] What changed: every instance now runs the Java 5 client, which waits 500 ms before its first pull of a queue it took, so the old owner's drop comes first.
        [orderly-locks] What changed: every instance now runs the Java 5 client, which retries a refused orderly lock within a second.
        [retry-topic] What changed: retryQueueNums is now { $number }, so every instance holds a queue of the retry topic.
       *[mixed-clients] What changed: the strategy is now AVG, which Java and Go compute alike on these clientIds.
    }
lesson-link-to-step = Link to this step
lesson-link-hint = Paste it to a colleague: it opens this step with its scenario. The address bar also keeps your edits.
lesson-done-mark = done
lesson-mark-unpulled = Mark every queue that nobody pulled when this step began:
lesson-restart = Set up this step again
lesson-condition-met = met
lesson-condition-unmet = not met
lesson-finished = You finished every lesson.
lesson-story = What is going on (fold it away once read)
lesson-step-of = Step { $step } of { $steps }
lesson-progress = { $done } of { $total } lessons done
# $text: what the link says, cut to 40 characters.
lesson-link-unknown = This link asks for a lesson "{ $text }" that does not exist; here is the list of lessons.
# $lesson: the lesson's title.
lesson-link-bad-step = The lesson "{ $lesson }" has steps 1 to { $steps }; "{ $text }" is not one of them. Here is the list of lessons.
lesson-progress-unreadable = The lesson progress saved in this browser ("{ $text }") could not be read; it was ignored and cleared.

## The parts of the page the lessons send the reader to, named as the page names them.

lesson-views-editor = Per instance: client, strategy, view
lesson-builder = ClientId builder
lesson-subscribes-to = Subscribes to { $topic }

## Pieces the sentences below are made of.

# Two sentences of one paragraph, the second added to the first.
lesson-then = { $first } { $then }
# An empty list of queues or clientIds.
lesson-none = none
# Nobody consumes a room's queues.
lesson-nobody = nobody
# The first queue of mqAll when there is no queue.
lesson-no-first-queue = (there is none)
# After the first few instances of a per-instance list ("10.0.0.11@101 → 0, 1 and 2; ...; 3 more").
lesson-instances-separator = {"; "}
lesson-more-instances = { $count } more
lesson-share-even = { $most } each
lesson-share-range = from { $fewest } to { $most } each
lesson-avg-would-give-nothing = AVG would give nothing (no instance)
lesson-avg-would-give-even = AVG would give { $most } each
lesson-avg-would-give-range = AVG would give { $fewest } to { $most } each
lesson-every-queue-once =
    every one of the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } has exactly one consumer
# What is wrong with the group, with the queues' labels.
lesson-faults =
    { $overlapped ->
        [one] { $overlapped } queue
       *[other] { $overlapped } queues
    } consumed more than once ({ $overlapped-list }) and { $starved } by nobody ({ $starved-list })
lesson-faults-and-shared =
    { lesson-faults }; { $shared ->
        [one] { $shared } queue is
       *[other] { $shared } queues are
    } shared by design ({ $shared-list }), each message going to one popper or, in BROADCASTING, to every instance
# $picture: lesson-every-queue-once, lesson-faults or lesson-faults-and-shared.
lesson-in-the-picture = In the picture now: { $picture }.
lesson-no-shared-client-id = No two instances share a clientId right now.
lesson-strategy-now-gives = The strategy is { $strategy } now, which gives: { $per-instance }.

## What the group is set to when it is not client-side CLUSTERING, added to every lesson that explains
## client-side rebalance.

lesson-mode-broadcasting =
    The group is set to BROADCASTING now: no strategy runs, and each of the { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } takes all { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } and gets every message.
lesson-mode-broker-pull = Rebalance is set to the broker now (clientRebalance = false, PULL): each client asks the broker, which sorts the same lists and runs { $strategy } for it.
lesson-mode-pop-everything =
    Rebalance is set to the broker in POP mode now, with popShareQueueNum = { $share } (≤ 0 or ≥ N − 1): no strategy runs, every one of the { $instances ->
        [one] { $instances } consumer
       *[other] { $instances } consumers
    } pops all { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, and the broker hands each message to one of them.
lesson-mode-pop-more-consumers = Rebalance is set to the broker in POP mode now (popShareQueueNum = { $share }), with more consumers than queues: each consumer gets one queue, mqAll[k mod M], so several consumers pop one queue and the broker hands each message to one of them.
lesson-mode-pop-share =
    Rebalance is set to the broker in POP mode now (popShareQueueNum = { $share }): each consumer pops its own share and the next { $share ->
        [one] { $share } slot's shares
       *[other] { $share } slots' shares
    }, so several consumers pop one queue and the broker hands each message to one of them.
lesson-mode-broker-unserved = The broker serves only AVG and AVG_BY_CIRCLE: for { $strategy } it answers null, and every client keeps what it had (nothing, in this picture).

## How client-side rebalance works.

lesson-how-it-works-title = How client-side rebalance works
lesson-how-it-works-summary = Every instance sorts mqAll and cidAll and picks its own queues; nobody checks the sum.
lesson-how-it-works-step-1 = Every instance computes its own queues
lesson-how-it-works-step-2 = Nobody checks the sum
lesson-how-it-works-step-3 = Your turn: move queue 0
lesson-how-it-works-lists =
    With client-side rebalance (the default) there is no coordinator. Every consumer instance, on its own (every 20 seconds and whenever the group changes), reads the topic's queues from its local route table (kept up to date from the name server in the background), fetches the clientIds of its group from one broker, and builds two lists: mqAll, the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } sorted by broker name then queue id, and cidAll, the { $instances ->
        [one] { $instances } clientId
       *[other] { $instances } clientIds
    } sorted as strings. Then it runs the strategy ({ $strategy }) for itself and keeps only its own result.
lesson-how-it-works-sorted = Sorted, cidAll is: { $ids }. An instance's slot is its position in that sorted list, not the line you typed it on.
lesson-how-it-works-slot-by-index = { $id } is on line 1 of the client list but sits at slot { $slot }, so under { $strategy } its queues are { $taken }. Reorder the lines: the slots and the queues stay the same.
lesson-how-it-works-slot-as-set = { $id } is on line 1 of the client list but sits at slot { $slot }; under { $strategy } as set now it takes { $taken }. Reorder the lines: nothing changes, because every list is sorted first.
lesson-how-it-works-nobody-checks = Each instance keeps only the queues it computed for itself. Nobody adds the picks up: when two instances compute with the same clientId, or with different lists, the group ends up with queues consumed more than once or not at all, and nothing complains.
lesson-how-it-works-slot-zero =
    AVG gives each slot a block of queues, and slot 0's block starts at the first queue, { $first }. With { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } and { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } under { $strategy }:
# The assignment, instance by instance: the paragraph after lesson-how-it-works-slot-zero.
lesson-how-it-works-assignment = { $per-instance }
lesson-how-it-works-line-3 = Line 3, { $id }, sits at slot { $slot } and takes { $taken }.
lesson-how-it-works-task = Change only the clientId on line 3 of the client list so that this instance consumes queue { $first }.
lesson-how-it-works-hint = cidAll is sorted as Java compares strings, character by character: 10.0.0.10@… sorts before 10.0.0.11@….

## AVG versus AVG_BY_CIRCLE.

lesson-avg-vs-circle-title = AVG versus AVG_BY_CIRCLE
lesson-avg-vs-circle-summary = Blocks or dealt like cards, and why the first M mod N instances get more.
lesson-avg-vs-circle-step-1 = AVG: contiguous blocks
lesson-avg-vs-circle-step-2 = AVG_BY_CIRCLE: dealt like cards
lesson-avg-vs-circle-step-3 = Your turn: equal shares
# $each: queues ÷ instances (integer division); $extra: queues mod instances.
lesson-avg-vs-circle-remainder =
    { $extra ->
        [0] { $queues } mod { $instances } = 0: nothing is left over, so every slot gets the same.
        [one] The first { $queues } mod { $instances } = { $extra } slot of cidAll gets one more ({ $more }), because the remainder has to go somewhere and both start at slot 0.
       *[other] The first { $queues } mod { $instances } = { $extra } slots of cidAll get one more ({ $more }), because the remainder has to go somewhere and both start at slot 0.
    }
lesson-avg-vs-circle-division =
    AVG and AVG_BY_CIRCLE both give each of the { $instances ->
        [one] { $instances } slot
       *[other] { $instances } slots
    } of cidAll { $queues } ÷ { $instances } = { $each ->
        [one] { $each } queue
       *[other] { $each } queues
    } (integer division). { lesson-avg-vs-circle-remainder } Queues per instance now: { $counts }.
lesson-avg-vs-circle-that-is-what-you-see = That is what you see: { $per-instance }.
# $live: lesson-avg-vs-circle-that-is-what-you-see or lesson-strategy-now-gives.
lesson-avg-vs-circle-blocks = AVG cuts contiguous blocks, slot 0 first. { $live }
lesson-avg-vs-circle-dealt =
    AVG_BY_CIRCLE deals queue 0 to slot 0, queue 1 to slot 1, and so on round the group: slot k takes queues k, k + { $instances }, k + 2 × { $instances }, …, so each instance's queues are spread out, one every { $instances ->
        [one] { $instances } queue
       *[other] { $instances } queues
    }, where AVG's are one block. { $live }
lesson-avg-vs-circle-same-counts =
    The counts are those of step 1: { $queues } ÷ { $instances } = { $each } each (integer division), and the first { $queues } mod { $instances } = { $extra ->
        [one] { $extra } slot
       *[other] { $extra } slots
    } one more; only which queues differ.
# $share: lesson-share-even or lesson-share-range.
lesson-avg-vs-circle-right-now =
    Right now { $instances ->
        [one] { $instances } instance shares
       *[other] { $instances } instances share
    } { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } under { $strategy }: { $share } ({ $counts }).
lesson-avg-vs-circle-extra =
    { $extra ->
        [0] Under AVG and AVG_BY_CIRCLE, { $queues } mod { $instances } = 0: no slot gets an extra queue.
        [one] Under AVG and AVG_BY_CIRCLE, the first { $queues } mod { $instances } = { $extra } slot of cidAll takes one queue more.
       *[other] Under AVG and AVG_BY_CIRCLE, the first { $queues } mod { $instances } = { $extra } slots of cidAll take one queue more.
    }
lesson-avg-vs-circle-task =
    Without removing any of the { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } and without changing the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, make every instance take the same number of queues.
lesson-avg-vs-circle-hint = The extra queues go to the first M mod N instances. When is M mod N zero? Add lines to the client list.

## The Docker host-network incident.

lesson-docker-title = The Docker host-network incident
lesson-docker-summary = Same IP, same PID, same clientId: queues consumed more than once and queues piling up, then the fix.
lesson-docker-step-1 = The incident
lesson-docker-step-2 = Why the clientIds collide
lesson-docker-step-3 = Your turn: fix it
lesson-docker-incident =
    Consumer containers run with RocketMQ 4.7.1 on the host network. The group has { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } and the topic { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } under { $strategy }.
lesson-docker-why = A clientId is IP@instanceName. Up to 4.8 the client walks the network interfaces in the JDK's order and takes the first IPv4 address that does not start with 127.0 or 192.168, or the last IPv4 address if none qualifies. On the host network every container sees the host's interfaces, and docker0's 172.17.0.1 qualifies: when docker0 comes first in that order, as it commonly does, every container picks it. The instanceName DEFAULT is replaced by the process id, and a container's JVM often has the same small PID in every container. Same IP, same PID: the same clientId.
lesson-docker-open-builder = Open “{ lesson-builder }” on the left: pick a version and see the clientId each container would report.
# $picture: as in lesson-in-the-picture.
lesson-docker-fix = Now: { $picture }. The fix is a unique clientId per process: a unique instanceName (setInstanceName, or -Drocketmq.client.name), or a client of 4.9.0 or later, which skips bridge interfaces such as docker0 and appends #nanoTime to the PID.
lesson-docker-task =
    Make every one of the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } have exactly one consumer without removing an instance (keep at least { $instances }).
lesson-docker-hint = Type a unique instanceName after the @ (for example 172.17.0.1@consumer-2), or in “{ lesson-builder }” pick version 4.9.3 or later and use its ids.

## More consumers than queues.

lesson-idle-title = More consumers than queues
lesson-idle-summary = With pull consumers, instances beyond the queue count stand idle.
lesson-idle-step-1 = Instances with nothing to do
lesson-idle-step-2 = Your turn: keep everyone busy
lesson-idle-pull-rule = With pull consumers (client-side rebalance, or the broker's PULL), every strategy but CONFIG gives a queue to at most one clientId of the group.
# $who: the idle instances' clientIds, or lesson-none.
lesson-idle-count =
    { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } for { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } { $queues ->
        [one] leaves
       *[other] leave
    } { $idle ->
        [one] { $idle } instance
       *[other] { $idle } instances
    } without a queue ({ $who }).
lesson-idle-stand-idle = They stand idle: they still hold connections and would take over if another instance died, but they add no throughput.
# $per-strategy: each strategy's name and its idle instances ("AVG 2").
lesson-idle-switching-does-not-help = Switching the strategy does not help: with at most one clientId per queue, at most { $queues } of the group's clientIds can have a queue, however the queues are dealt, and a ring may leave even more idle. Idle instances per strategy here: { $per-strategy }.
lesson-idle-task =
    Give every one of the { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } a queue without removing any.
lesson-idle-hint = Read queues are the unit of parallelism: raise the topic's read-queue count.

## Consistent hash.

lesson-consistent-hash-title = Consistent hash
lesson-consistent-hash-summary = Fewer moves on scale-out, uneven shares, colliding clientIds.
lesson-consistent-hash-step-1 = A ring instead of blocks
lesson-consistent-hash-step-2 = Fewer moves when an instance joins
lesson-consistent-hash-step-3 = Duplicate clientIds collide on the ring
lesson-consistent-hash-step-4 = Your turn: even out the ring
lesson-consistent-hash-ring =
    CONSISTENT_HASH puts { $nodes ->
        [one] { $nodes } virtual node
       *[other] { $nodes } virtual nodes
    } per clientId on a hash ring (in the Java client, the MD5 of clientId-0, clientId-1, ...). Each queue goes to the first node at or after the hash of its name, wrapping round. No blocks, no slots: who gets what depends on the hashes.
# $avg: lesson-avg-would-give-*.
lesson-consistent-hash-shares =
    Where the hashes land decides the shares: here { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } over { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } { $queues ->
        [one] gives
       *[other] give
    } from { $fewest } to { $most } each ({ $per-instance }). { $avg }; step 4 shows a ring far less even.
lesson-consistent-hash-not-the-ring =
    The strategy is { $strategy } now, not CONSISTENT_HASH: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } over { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } { $queues ->
        [one] gives
       *[other] give
    } from { $fewest } to { $most } each ({ $per-instance }). Switch back to see the ring's shares.
# $joiner: the clientId of the instance that joins; $joined: the instances after it joined.
lesson-consistent-hash-moves =
    When one more instance, { $joiner }, joins this group of { $instances } on { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, the ring moves { $ring ->
        [one] { $ring } queue
       *[other] { $ring } queues
    }: only those its new nodes take over. AVG would move { $avg } and AVG_BY_CIRCLE { $circle }, because N goes from { $instances } to { $joined }: AVG cuts blocks of a new size and AVG_BY_CIRCLE deals modulo { $joined } instead of { $instances }, so queues move between instances that were already there, wherever the newcomer sorts.
lesson-consistent-hash-moves-pause = A moved queue is paused while one instance drops it and another picks it up, and may be consumed twice around the switch. Fewer moves mean a calmer rebalance. Open “Watch a rebalance” under Explore further to step through it.
# $id: the repeated clientId; its second copy's nodes are $id-$nodes to $id-$last-node.
lesson-consistent-hash-repeated =
    On the ring, a repeated clientId is not the same virtual nodes twice: each copy adds the id's nodes again with the next replica numbers ({ $id }-{ $nodes } to { $id }-{ $last-node } for the second copy), so { $id } owns a larger part of the ring, and every copy takes the queues routed to it. Unlike AVG, nothing is starved by it ({ $starved ->
        [one] { $starved } queue
       *[other] { $starved } queues
    } without a consumer): the ring knows { $distinct ->
        [one] { $distinct } distinct clientId
       *[other] { $distinct } distinct clientIds
    }, and every queue finds a node.
lesson-consistent-hash-no-nodes =
    With 0 virtual nodes the ring is empty: every one of the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } is without a consumer ({ $starved } now).
lesson-consistent-hash-no-repeat =
    No clientId is repeated now: the ring knows { $distinct ->
        [one] { $distinct } distinct clientId
       *[other] { $distinct } distinct clientIds
    } and there { $starved ->
        [one] is { $starved } queue
       *[other] are { $starved } queues
    } without a consumer.
lesson-consistent-hash-not-the-ring-starved =
    The strategy is { $strategy } now, not CONSISTENT_HASH: there { $starved ->
        [one] is { $starved } queue
       *[other] are { $starved } queues
    } without a consumer. Switch back to see what the ring does with a repeated clientId.
lesson-consistent-hash-collisions =
    Besides, { $collisions ->
        [one] { $collisions } virtual node
       *[other] { $collisions } virtual nodes
    } hit the 32-bit hash of another node; the later one wins.
lesson-consistent-hash-no-collision = Different clientIds can collide too: two virtual nodes whose 32-bit hashes are equal. The diagnosis names it when it happens; here no virtual node collided.
lesson-consistent-hash-nodes-now =
    With { $nodes ->
        [one] { $nodes } virtual node
       *[other] { $nodes } virtual nodes
    } per clientId, { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } over { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } { $queues ->
        [one] gives
       *[other] give
    } from { $fewest } to { $most } each ({ $counts }). { $avg }. More virtual nodes usually smooth the ring, but not always: the shares jump as nodes land.
lesson-consistent-hash-not-the-ring-counts =
    The strategy is { $strategy } now, not CONSISTENT_HASH: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } over { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } { $queues ->
        [one] gives
       *[other] give
    } from { $fewest } to { $most } each ({ $counts }). { $avg }.
lesson-consistent-hash-task =
    Keep CONSISTENT_HASH, the instances and the queues; change only the virtual nodes so that the { $queues ->
        [one] { $queues } queue is
       *[other] { $queues } queues are
    } split as evenly as AVG would split them.
lesson-consistent-hash-hint = Raise the virtual nodes one at a time from the current count and watch the shares.

## Machine rooms.

lesson-machine-room-title = Machine rooms
lesson-machine-room-summary = Local queues first; orphan rooms are shared.
lesson-machine-room-step-1 = Local queues first, orphan rooms shared
lesson-machine-room-step-2 = Your turn: serve a room locally
lesson-machine-room-nearby = MACHINE_ROOM_NEARBY gives each room's queues to the consumers of the same room, split by its inner strategy. A room with queues but no consumer is an orphan: its queues are dealt to every consumer of the group.
lesson-machine-room-listed-rooms = MACHINE_ROOM is another strategy: it needs no resolver, it splits each broker name at “@” itself, takes only the queues of the rooms in its list and deals them over the whole group, wherever the consumers are; clientIds are not read.
lesson-machine-room-no-rooms = { $strategy } does not look at rooms at all: switch back to MACHINE_ROOM_NEARBY to see them matter.
# $separator: the character before which a name's room is written; $how: one of the three above.
lesson-machine-room-resolver = The strategy here is { $strategy }. RocketMQ ships no machine-room resolver, only the interface MACHINE_ROOM_NEARBY calls: every application supplies its own. This playground's resolver reads the room from the prefix before “{ $separator }” in broker names and clientIds (the whole name when there is none). { $how }
# $by: the clientIds that consume the room's queues, or lesson-nobody.
lesson-machine-room-room =
    Room { $room }: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, { $local ->
        [one] { $local } local consumer
       *[other] { $local } local consumers
    }; consumed by { $by }.
lesson-machine-room-task = Make room IDC2's queues consumed only inside IDC2, without removing an instance.
lesson-machine-room-hint = Add a consumer whose clientId starts with IDC2@ to the client list.

## Split views and mixed subscriptions.

lesson-split-views-title = Split views and mixed subscriptions
lesson-split-views-summary = When instances see different groups, some queues are pulled by nobody.
lesson-split-views-step-1 = A stale view: queues pulled more than once
lesson-split-views-step-2 = Your turn: find the queues nobody pulls, then fix the group
# $sizes: how many clientIds each view holds ("3 / 4").
lesson-split-views-views =
    Every instance computes with what it was told. Here the instances hold { $views ->
        [one] { $views } different view
       *[other] { $views } different views
    } of the group, with { $sizes } clientIds: some asked a broker that has not yet seen the newest member's heartbeat.
lesson-split-views-picks =
    Computed with different lists, the picks do not add up: { $overlapped ->
        [one] { $overlapped } queue is
       *[other] { $overlapped } queues are
    } pulled more than once ({ $overlapped-list }) and { $starved } by nobody ({ $starved-list }), until the views agree at a later rebalance. The “Split views” tab under Explore further shows each view.
lesson-split-views-all-subscribe =
    { $instances ->
        [one] The { $instances } instance
       *[other] Every one of the { $instances } instances
    } now subscribes to { $topic }: the { $queues ->
        [one] { $queues } queue is
       *[other] { $queues } queues are
    } dealt over { $instances ->
        [one] { $instances } slot
       *[other] { $instances } slots
    }, and { $starved ->
        [one] { $starved } queue is
       *[other] { $starved } queues are
    } pulled by nobody ({ $starved-list }).
# $skipping-ids: the instances that do not subscribe; $skipping: how many.
lesson-split-views-some-skip =
    Now the views agree, but the group has instances that do not subscribe to { $topic }: { $skipping-ids }, { $skipping } of the { $instances }. The broker lists the group's clients, not the topic's, so they are in everyone's cidAll: slots are dealt to them, and they never pull those queues. The { $queues ->
        [one] { $queues } queue is
       *[other] { $queues } queues are
    } computed by { $subscribed ->
        [one] { $subscribed } subscribed instance
       *[other] { $subscribed } subscribed instances
    }.
lesson-split-views-fix = RocketMQ expects every consumer of a group to subscribe to the same topics. The fix is to make the subscriptions consistent: subscribe the other instances to { $topic } too, or move them to a group of their own.
lesson-split-views-task =
    First find them: mark below every queue of { $topic } that nobody pulls. Then fix the group so that each of the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } has exactly one consumer, without removing an instance or changing the queues: make every instance subscribe to { $topic }. The “{ lesson-subscribes-to }” boxes are in “{ lesson-views-editor }”, the last box of the editors, below “{ lesson-builder }”.
lesson-split-views-hint = AVG gives each slot of cidAll a block. Which slots belong to instances that skip the topic? The grid shows who takes what. To fix it, tick the “Subscribes to” box on the rows of those instances in “{ lesson-views-editor }”.

## How Kafka's leader-based assignment differs.

lesson-kafka-title = How Kafka's leader-based assignment differs
lesson-kafka-summary = One leader computes for all, with unique member ids.
lesson-kafka-step-1 = One leader, unique member ids
lesson-kafka-step-2 = Your turn: assign like Kafka
lesson-kafka-leader = In Kafka, one consumer, the group leader, computes the whole assignment and the coordinator hands each member its part: one computation, one answer. Members are keyed by member ids the coordinator makes unique (client.id plus a UUID), so two processes with the same client.id are still two members.
# $kafka-overlapped, $kafka-starved: the four Kafka assignors' counts added up.
lesson-kafka-compared =
    On this group ({ $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    }, { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }), RocketMQ { $strategy } has { $overlapped ->
        [one] { $overlapped } queue
       *[other] { $overlapped } queues
    } consumed more than once and { $starved } with no consumer; Kafka's four assignors together have { $kafka-overlapped } and { $kafka-starved }. See “Kafka and Pulsar” under Explore further.
lesson-kafka-unique-ids =
    With unique ids sorted the same way, the Kafka assignors and RocketMQ's strategies meet: range cuts blocks like AVG, roundrobin deals partitions like cards. Here { $instances ->
        [one] { $instances } instance shares
       *[other] { $instances } instances share
    } { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } under { $strategy }: { $per-instance }.
lesson-kafka-task =
    Without removing an instance or changing the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, make the assignment equal Kafka's roundrobin assignor on the same group, partition for partition.
lesson-kafka-hint = Kafka's roundrobin deals partitions one by one. Which RocketMQ strategy deals queues that way?

## Mixed clients: Java and Go in one group.

lesson-mixed-clients-title = Mixed clients: Java and Go in one group
lesson-mixed-clients-summary = Every instance runs its own client's code: a Go ring and a Java ring disagree.
lesson-mixed-clients-step-1 = One cidAll, two codes
lesson-mixed-clients-step-2 = Your turn: make the mixed group healthy
# $go, $java: the clientIds on each client; $go-count: how many run Go.
lesson-mixed-clients-one-cid-all =
    The broker hands every instance the same cidAll, but each computes its queues with its own client library. Here { $go } { $go-count ->
        [one] runs
       *[other] run
    } the Go client and { $java } the Java client, all on { $strategy }.
lesson-mixed-clients-two-rings =
    The Go client's CONSISTENT_HASH is not Java's: it hashes "<i><clientId>" with CRC32 and gives a queue to the first node strictly after its hash, where Java hashes "<clientId>-<i>" with MD5 and takes the first node at or after it. Two rings from one cidAll: { $overlapped ->
        [one] { $overlapped } queue is
       *[other] { $overlapped } queues are
    } consumed by more than one instance ({ $overlapped-list }) and { $starved } by none ({ $starved-list }), although every clientId is unique.
lesson-mixed-clients-now =
    Each instance's client is set in “{ lesson-views-editor }”, the last box of the editors. Now { $instances ->
        [one] { $instances } instance shares
       *[other] { $instances } instances share
    } { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } under { $strategy }: { $per-instance }.
lesson-mixed-clients-task =
    Without removing an instance, changing the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } or switching any instance to another client, make every queue have exactly one consumer.
lesson-mixed-clients-hint = Which strategies do the Java and Go clients compute with the same arithmetic? With ASCII clientIds both sort cidAll alike.


## What a deploy costs: a join second by second.

lesson-deploy-cost-title = What a deploy costs
lesson-deploy-cost-summary = A new instance joins: which queues pause, for how long, and which are pulled twice.
lesson-deploy-cost-step-1 = A join, second by second
lesson-deploy-cost-step-2 = Without notifications
lesson-deploy-cost-step-3 = Your turn: a deploy with no double pull
# $joiner: the new instance's clientId; $longest: seconds; $duplicates: expected duplicate deliveries.
lesson-deploy-cost-join =
    A deploy adds { $joiner }. The broker tells every member at once, each recomputes, and { $moved } of { $queues } queues move. A moved queue pauses between its old owner's drop and its new owner's first pull: the longest pause here is { $longest } s. { $doubled ->
        [0] No queue is pulled by two members at once, so about { $duplicates } messages are delivered twice (the old owner's uncommitted ones).
       *[other] { $doubled } queues are pulled by two members at once, and about { $duplicates } messages are delivered twice.
    }
lesson-deploy-cost-watch = Open “Watch a rebalance” under Explore further and pick the join: it plays this change over time, one lane per queue, with a cursor to scrub.
lesson-deploy-cost-no-notify =
    Had the group's notifyConsumerIdsChangedEnable been false (mqadmin updateSubGroup -a false), nobody is told of the join: each member finds out at its own 20 s recompute. The longest pause grows from { $longest-on } s to { $longest } s, and { $doubled ->
        [0] still no queue is pulled twice.
       *[other] { $doubled } queues are pulled by two members for { $double-secs } s in all, about { $duplicates } duplicate deliveries.
    }
lesson-deploy-cost-why-notify = The joiner takes its queues at its first recompute, while their old owners keep pulling them until their own tick: that window is the double pull. The notification closes it; updateSubGroup writes a fresh config, so a flag left out of the command returns to its default.
# $clients: the client libraries of the group.
lesson-deploy-cost-now =
    This group runs { $clients }. Its deploy now: { $doubled ->
        [0] no queue is pulled twice
       *[other] { $doubled } queues pulled by two members for { $double-secs } s, about { $duplicates } duplicate deliveries
    }; the longest pause { $longest } s.
lesson-deploy-cost-task =
    Make this deploy (one more instance joins) cause no double pull, without removing an instance or changing the { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }.
lesson-deploy-cost-hint = Java 4.9 and Go pull a queue the moment they take it, which can be before the old owner's drop (which comes first is random by milliseconds). Which client waits before its first pull? The clients are set in “{ lesson-views-editor }”.
lesson-timeline-unplayable = The timeline plays CLUSTERING groups whose Java or Go clients rebalance themselves; this group is not one, so there is nothing to time here.

## Orderly consumption and locks: a killed owner.

lesson-orderly-locks-title = Orderly consumption and locks
lesson-orderly-locks-summary = A killed owner keeps its orderly queues locked: how long each client waits.
lesson-orderly-locks-step-1 = A killed owner, three clients
lesson-orderly-locks-step-2 = Your turn: resume within a minute
# $java5, $java49, $go: the longest pause in seconds with every instance on that client.
lesson-orderly-locks-kill =
    { $killed } is killed while the group consumes orderly. { $moved ->
        [one] Its { $moved } queue waits
       *[other] Its { $moved } queues wait
    } for a new owner: the longest for { $java5 } s on Java 5.2+, { $java49 } s on Java 4.9 and { $go } s on Go, with the same group and the same tick phases.
lesson-orderly-locks-why =
    An orderly queue is pulled only under a broker lock. A killed process unlocks nothing: its locks run out 60 s after their last renewal (every 20 s), 40 to 60 s after the kill, and until then the broker refuses the new owner. Then Java 5.2+ retries a refused lock within a second, Java 4.9 waits for its next 20 s recompute, and Go waits for its 20 s ticker and then for its next lockAll before it pulls.
lesson-orderly-locks-now =
    This group runs { $clients }. Killing its last instance now: { $moved ->
        [one] { $moved } queue waits
       *[other] { $moved } queues wait
    }, the longest { $longest } s.
lesson-orderly-locks-task = Without removing an instance or changing the queues, make every queue of the killed instance be pulled again within { $secs } s of the kill.
lesson-orderly-locks-hint = The lock's 60 s are the broker's; what follows is the client's. Which client retries a refused lock soonest? The clients are set in “{ lesson-views-editor }”.


## The retry topic: retries have a topic, and a rebalance, of their own.

lesson-retry-topic-title = The retry topic
lesson-retry-topic-summary = Retries have a topic of their own, rebalanced like any other: only so many instances get them.
lesson-retry-topic-step-1 = Retries have a topic of their own
lesson-retry-topic-step-2 = Your turn: retries for everyone
# $per-broker: retryQueueNums; $holders: each retry queue with who holds it.
lesson-retry-topic-now =
    Every push consumer of the group also subscribes { $topic }, and rebalances it as a separate topic with the same strategy and cidAll. It has retryQueueNums { $per-broker } on each of { $brokers ->
        [one] { $brokers } broker
       *[other] { $brokers } brokers
    }: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } ({ $holders }). { $idle ->
        [0] Every one of the { $instances } instances holds one, so any of them may consume a retry.
       *[other] So { $holding } of { $instances } instances ever consume a retry; the others' empty slot is the design, not starvation.
    }
lesson-retry-topic-where = A message whose consumption fails goes back to the broker that stored it, into one of its retry queues at random, delayed 10 s, 30 s, 1 min and so on (level 3 + reconsumeTimes); past maxReconsumeTimes (16 by default) it goes to %DLQ% of the group. Whoever holds that retry queue consumes it, whichever instance failed.
# $retry-queue-nums: the group's retryQueueNums.
lesson-retry-topic-none = With retryQueueNums { $retry-queue-nums } there is no retry queue to hold: a failed message sent back to the broker is answered SUCCESS and stored nowhere.
# A BROADCASTING group: no retry topic, its clients keep failures to themselves.
lesson-retry-topic-broadcasting = A BROADCASTING group has no retry topic: its clients subscribe none and send nothing back. A client whose consumption fails drops the message itself (it logs it); the broker never hears of it and nothing is redelivered.
# A group whose retry topic is not simulated (gRPC clients only, no broker, a retry topic itself, too many slots).
lesson-retry-topic-unplayable = The playground does not simulate this group's retry topic, so there is nothing to hold here.
lesson-retry-topic-task = Without removing an instance or changing the topic's queues, let every instance hold a queue of { $topic }.
lesson-retry-topic-hint = retryQueueNums is in “Group config on the brokers”. On a real cluster, raising it later does not resize a retry topic that already exists (apache/rocketmq#3953): update the queue counts of %RETRY%<group> too, with mqadmin updateTopic.

## The task's conditions, each with the live numbers where they help.

lesson-condition-every-queue-once = Every queue has exactly one consumer (now { $starved } without, { $several } with several).
lesson-condition-no-instance-removed = No instance removed: at least { $at-least } (now { $instances }).
lesson-condition-queues-unchanged = The queues are unchanged ({ $start } at the start, { $queues } now).
lesson-condition-only-line-changed = Only the clientId on line { $line } changed (same strategy, queues and other lines).
# $taken: the queues the line consumes now.
lesson-condition-line-takes-first-queue = Line { $line } consumes queue { $first } (now { $taken }).
lesson-condition-equal-shares = Every instance takes the same number of queues (now { $fewest } to { $most }).
lesson-condition-no-idle = No idle instance (now { $idle } idle).
lesson-condition-only-virtual-nodes-changed = Still CONSISTENT_HASH with the same instances and queues: only the virtual nodes changed.
lesson-condition-shares-as-even-as-avg = As even as AVG: the most and fewest queues per instance differ by at most { $allowed } (now { $fewest } to { $most }).
lesson-condition-room-served-locally = Every queue of room { $room } is consumed, and only by consumers in { $room }.
lesson-condition-marked-were-unpulled = Your marks are exactly the queues nobody pulled when the step began.
lesson-condition-every-instance-subscribes = Every instance subscribes to { $topic } (not subscribed now: { $skipping }).
lesson-condition-clients-unchanged = Every instance still runs the client it started with.
lesson-condition-every-instance-gets-retries = Every instance holds a retry queue (now { $holding } of { $instances }).
lesson-condition-deploy-without-double-pull = The deploy pulls no queue twice (now { $doubled } queues, { $secs } s in all).
lesson-condition-orderly-kill-resumes-within = Every queue of the killed instance is pulled again within { $secs } s (now the longest waits { $longest } s).
lesson-condition-same-as-kafka-round-robin = Every queue has the same consumer as Kafka's roundrobin gives its partition.
