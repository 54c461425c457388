## The rebalance timeline (crate::timeline, `rebalance timeline`): a group's queues over time after a join,
## leave, kill, host loss or queue change. $at and $seconds arrive as seconds already written (0.005, 0.8, 12).

timeline-consumption-concurrent = concurrent
timeline-consumption-orderly = orderly
timeline-notify-on = on
timeline-notify-off = off
# Notifications on, $percent of them lost.
timeline-notify-lost = on, { $percent } % lost

# Why a member recomputed ($why in the steps below).
timeline-wake-tick = its periodic recompute
timeline-wake-notify = a notification
timeline-wake-start = its first recompute after start
timeline-wake-retry = its retry after a refused lock

## One step of a queue's story.

# The same step of $count processes that share a clientId ($step: the step said once).
timeline-step-shared = { $step } ({ $count } processes of this clientId)
timeline-step-dropped = { $at } s: { $member } drops it ({ $why })
timeline-step-added = { $at } s: { $member } takes it ({ $why })
timeline-step-first-pull = { $at } s: { $member } pulls it
timeline-step-lock-refused = { $at } s: the broker refuses { $member } the lock ({ $why })
timeline-step-unlocked = { $at } s: { $member } releases the lock
timeline-step-lock-expired = { $at } s: { $member }'s lock expires
timeline-step-left = { $at } s: { $member } shuts down
timeline-step-killed = { $at } s: { $member } is killed
timeline-step-frozen = { $at } s: { $member }'s host is lost
timeline-step-removed = { $at } s: the broker's scan takes { $member } out of cidAll
timeline-step-born = { $at } s: the queue appears in the route
timeline-step-gone = { $at } s: the queue leaves the route
timeline-step-no-permission = { $at } s on: every pull of it gets NO_PERMISSION (consumeEnable=false) and is tried again 3 s later, so nobody consumes it

## `rebalance timeline`'s table.

# $consumption: a timeline-consumption-* message; $notify: a timeline-notify-* message.
timeline-cli-heading = { $topic }: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, { $members ->
        [one] { $members } member
       *[other] { $members } members
    }, { $consumption } consumption, notifications { $notify }, { $seconds } s simulated
# The heading of a group whose consumeEnable is false ($heading: timeline-cli-heading).
timeline-heading-disabled = { $heading }; consumeEnable is false: nothing is consumed
timeline-cli-queue = queue
timeline-cli-pause = pause s
timeline-cli-double-pull = double pull s
timeline-cli-duplicates = duplicates
timeline-cli-backlog = backlog peak
timeline-cli-drain = drain s
# A figure that began before the change ($value: the figure): at least this much.
timeline-cli-at-least = ≥{ $value }
timeline-cli-at-least-note = ≥: nobody pulled the queue before the change either, so its pause and backlog began earlier than the timeline shows.
# The retry topic's rows under the topic's ($topic: %RETRY%<group>).
timeline-cli-retry = Retry topic { $topic }, rebalanced as a topic of its own through the same changes (TIMING.md D1); its figures count at the topic's rate, where retries come only as fast as messages fail:
timeline-cli-never = never
# The drain of a queue whose owner cannot keep up (said once for the group, below the table).
timeline-cli-behind = -
# A pause still running when the timeline ends.
timeline-cli-open = { $seconds }+
timeline-cli-story = What happened to each queue that moved:
timeline-cli-story-queue = queue { $queue }:
timeline-cli-totals = { $moved } of { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } moved; { $delayed } messages waited, the longest pause { $longest } s; { $duplicates } duplicate deliveries expected; { $doubled ->
        [one] { $doubled } queue
       *[other] { $doubled } queues
    } pulled twice, { $double } s in all.
# The figures over both orders TIMING.md §9 leaves to chance, each a range (0–2) or one value.
timeline-order-range = Which comes first within milliseconds is random (TIMING.md §9: a drop or an add at the same instant; a Java 4.9 or Go joiner or the members it notifies). Over both orders: { $doubled } queues pulled twice for { $double-secs } s in all, { $duplicates } duplicate deliveries, the longest pause { $longest } s.
# Where a queue moved: what the figures leave out (TIMING.md A8), a race of milliseconds.
timeline-heartbeat-race = Not counted: a moved queue's new owner may find its first pull refused (SUBSCRIPTION_NOT_LATEST) when the pull reaches the broker before its heartbeat with the new subscription, and tries again 3 s later, so its pause may be 3 s longer (up to 30 s if that heartbeat was skipped; TIMING.md A8).
# The group's consumeEnable is false (TIMING.md E1); $seconds: the time simulated.
timeline-consume-disabled = The group's consumeEnable is false: every pull gets NO_PERMISSION, so no queue is consumed in the { $seconds } s simulated and every queue pauses throughout; rebalancing goes on, handing queues over that nobody consumes.
# Members that cannot keep up with the queues they hold at the end ($members: their clientIds, joined);
# $queues: how many the busiest holds, at $rate messages per second each, $load in all; $capacity: what
# $threads consumer threads take per second at $latency ms a message.
timeline-behind = { $members } cannot keep up even without a rebalance: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } at { $rate } messages per second bring { $load } a second to one instance, and its { $threads } consumer threads (consumeThreadMin) take at most { $capacity } at { $latency } ms a message. Their backlog never drains.
# The same for orderly consumption, where each queue is consumed one message at a time.
timeline-behind-orderly = { $members } cannot keep up even without a rebalance: an orderly queue is consumed one message at a time, at most { $capacity } a second at { $latency } ms a message, and { $rate } arrive. Their backlog never drains.
# $rules: rule ids of TIMING.md, joined.
timeline-cli-inferred = These figures rest on rules TIMING.md marks [inference]: { $rules }.

## The SVG picture.

timeline-svg-title = { $topic }: who pulls each queue over { $seconds } s
timeline-svg-pause = nobody pulls
timeline-svg-double-pull = two members pull
# Past the picture's end ($seconds: where the timeline and its figures end).
timeline-svg-break = … to { $seconds } s
timeline-svg-seconds = { $seconds } s

## The rebalance tab's timeline in the page (web::app::components::timeline_view).

timeline-page-title = The same change over time
timeline-page-intro = When each member recomputes after the change at 0 s, and what each queue costs between its old and new owner. The members keep their clients' timing; the tick phases not given are spread from the seed.
timeline-page-notify = Notifications (notifyConsumerIdsChangedEnable)
timeline-page-consumption = Consumption
timeline-page-rate = Messages per second per queue
timeline-page-seed = Seed of the tick phases
timeline-page-phases = Next periodic recompute (clientId=seconds, …)
timeline-page-phases-hint = Empty: from the seed. For example c1=4,c2=12
# The range input that moves the cursor; $at: seconds.
timeline-page-java5 = Java 5 clients run
timeline-page-java49 = Java 4.9 clients run
timeline-page-java52 = 5.2 or later (retry in 1 s)
timeline-page-java50 = 5.0 or 5.1
timeline-page-java495 = 4.9.5 to 4.9.8
timeline-page-java494 = 4.9.4 or older
timeline-page-lost = Notifications lost (%)
timeline-page-play = Play
timeline-page-pause = Pause
timeline-page-cursor = Moment shown
timeline-page-cursor-at = At { $at } s
# The lanes' picture, for screen readers (the table below says the same); $seconds: the time shown.
timeline-page-lanes = Who pulls each queue over { $seconds } s; the table below lists the same figures
timeline-page-nobody = nobody
timeline-page-not-in-route = not in the route
# The table's column: who pulls the queue at the cursor.
timeline-page-pullers = Pulled at { $at } s by
# The change, drawn on top of the lanes.
# The heading of a join: $heading (timeline-cli-heading), then which client the new instance $who runs ($client, its timing $kind), the client of the group's last instance.
timeline-page-heading-joiner = { $heading }. { $who } joins on { $client } ({ $kind } timing), the client of the group's last instance.
# Under the lanes: what the duplicates column counts.
timeline-page-duplicates-defined = Duplicates: messages consumed a second time, each counted once: while two members pull a queue at once, by the listener calls still running when a queue is dropped, and what was consumed after the last offset commit when an owner dies.
# $client: the client the joiner runs (page-client-*).
timeline-page-event-join = { $who } joins on { $client }
timeline-page-event-leave = { $who } leaves
timeline-page-event-kill = { $who } is killed
timeline-page-event-hostloss = { $who }'s host is lost
timeline-page-event-subscribe = { $who } subscribes to the topic
timeline-page-event-unsubscribe = { $who } stops subscribing to the topic
# mqadmin updateSubGroup -s on every broker (TIMING.md E1).
timeline-page-event-consume-on = consumeEnable set to true
timeline-page-event-consume-off = consumeEnable set to false
timeline-page-event-queues = { $broker } gets { $count ->
        [one] { $count } queue
       *[other] { $count } queues
    }
# Above the retry topic's lanes and rows, after the topic's ($topic: %RETRY%<group>).
timeline-page-retry-lanes = Retry topic { $topic }
timeline-page-select = Pick a queue (its lane or its row) to read its story.
timeline-page-story-title = What happened to { $queue }
# $why: a timeline-wake-* message.
timeline-page-handover = { $old } dropped it at { $dropped } s; { $new } took it at { $added } s ({ $why }) and pulls { $delay } s later, from { $pulled } s.
timeline-page-taken = { $new } took it at { $added } s ({ $why }) and pulls { $delay } s later, from { $pulled } s.
timeline-page-unmoved = Nobody dropped or took it: its owner kept pulling it.
# $rules: rule ids of TIMING.md, joined.
timeline-page-inferred = Some of these figures rest on rules the spec marks [inference], reasoned from the code paths rather than read from one line: { $rules }.
# $queues: the queues drawn, as a list that says how many more are left out.
timeline-page-left-out = Lanes and rows for { $queues }; the totals count every queue.
timeline-page-unplayable = The timeline plays CLUSTERING groups whose Java or Go clients rebalance themselves: { $why }
timeline-page-restart = The timeline plays one change at 0 s: join, leave, kill, host loss or a queue count. A restart is a leave and then a join; the steps above show it.
