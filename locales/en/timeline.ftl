## The rebalance timeline (crate::timeline, `rebalance timeline`): a group's queues over time after a join,
## leave, kill, host loss or queue change. $at and $seconds arrive as seconds already written (0.005, 0.8, 12).

timeline-consumption-concurrent = concurrent
timeline-consumption-orderly = orderly
timeline-notify-on = on
timeline-notify-off = off

# Why a member recomputed ($why in the steps below).
timeline-wake-tick = its periodic recompute
timeline-wake-notify = a notification
timeline-wake-start = its first recompute after start
timeline-wake-retry = its retry after a refused lock

## One step of a queue's story.

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

## `rebalance timeline`'s table.

# $consumption: a timeline-consumption-* message; $notify: a timeline-notify-* message.
timeline-cli-heading = { $topic }: { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }, { $members ->
        [one] { $members } member
       *[other] { $members } members
    }, { $consumption } consumption, notifications { $notify }, { $seconds } s simulated
timeline-cli-queue = queue
timeline-cli-pause = pause s
timeline-cli-double-pull = double pull s
timeline-cli-duplicates = duplicates
timeline-cli-backlog = backlog peak
timeline-cli-drain = drain s
timeline-cli-never = never
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
# $rules: rule ids of TIMING.md, joined.
timeline-cli-inferred = These figures rest on rules TIMING.md marks [inference]: { $rules }.

## The SVG picture.

timeline-svg-title = { $topic }: who pulls each queue over { $seconds } s
timeline-svg-pause = nobody pulls
timeline-svg-double-pull = two members pull
timeline-svg-seconds = { $seconds } s
