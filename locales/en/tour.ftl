## The tour: its frame and tabs (compare the strategies, watch a rebalance, split views, the backlog over
## time, Kafka and Pulsar, export).

tour-title = Explore further
tour-hint = Pick a tab: compare the strategies, watch a rebalance, see split views, the backlog over time, Kafka and Pulsar, or export.
# $tab: the tab's id (components::Tab::id).
tour-tab =
    { $tab ->
        [diff] Watch a rebalance
        [views] Split views
        [backlog] Backlog
        [contrast] Kafka and Pulsar
        [export] Export
       *[compare] Compare strategies
    }
# Under a whole-number field of a tab.
tour-at-most = A whole number, 0 to { $max }.

## Compare strategies.

# $joiner: the clientId of the instance that joins next.
tour-compare-intro = Next change: one more instance, { $joiner }, joins. A queue moves when the set of instances consuming it changes.
tour-strategy = Strategy
tour-picture = Queues
tour-spread = Queues per instance (min–max)
tour-moves = Moved when it joins

## Watch a rebalance.

tour-change = Change
# $change: join, leave, kill, hostloss, restart or queues.
tour-change-kind =
    { $change ->
        [leave] An instance leaves (graceful shutdown)
        [kill] An instance is killed
        [hostloss] An instance's host is lost
        [restart] An instance restarts (same clientId)
        [queues] The first broker's queue count changes
       *[join] An instance joins
    }
tour-instance = Instance
tour-new-client-id = clientId of the new instance
tour-new-count = New read queue count
tour-prev = ← Previous step
tour-next = Next step →
# $stage: before, down or after.
tour-stage =
    { $stage ->
        [down] While it is down
        [after] After
       *[before] Before
    }
# "Step 2 of 3: After"; $stage is a tour-stage.
tour-step-of = Step { $step } of { $steps }: { $stage }
tour-moved-count =
    { $count ->
        [one] { $count } queue moved
       *[other] { $count } queues moved
    }
tour-moves-per-strategy = The same change under each strategy
tour-restart-note = With the same clientId the group ends where it started: queues move only while the instance is down (the broker drops its channel at once, the others rebalance without it, then again with it).
tour-moved-legend = Outlined: the queue changed hands in this step

## Split views.

tour-views-intro = Each instance computes from its own view: the cidAll of the broker it asked (a new member's heartbeat may not have reached it yet) and the route it holds (a stale queue count). Instances with the same view are computed once.
tour-views-none = Every instance sees the same cidAll and route here. Try the presets "Stale view" and "Mixed subscriptions".
tour-view-stale = stale view
tour-view-current = current view
tour-view-sees = cidAll it sees
tour-view-route = Route
tour-view-members = Instances computing with it
tour-skips-topic = In the group but not subscribed to this topic: it is in everyone's cidAll (the broker lists the group's clients, not the topic's), so the queues dealt to its slot are never pulled.

## Backlog.

tour-produce = Messages per second into each queue
tour-consume = Messages per second one instance consumes
tour-seconds = Time span (seconds)
tour-reset = Reset offsets to latest halfway
tour-reset-none = Undo the reset
tour-backlog-line = Backlog (messages waiting)
tour-duplicates-line = Duplicate deliveries
# The time axis' last tick.
tour-backlog-span = { $seconds } s
tour-backlog-summary =
    After { $seconds } s: { $backlog ->
        [one] { $backlog } message
       *[other] { $backlog } messages
    } waiting on starved or slow queues, { $duplicates } delivered twice or more.
# After an offset reset that skipped $skipped messages.
tour-backlog-summary-reset =
    After { $seconds } s: { $backlog ->
        [one] { $backlog } message
       *[other] { $backlog } messages
    } waiting, { $duplicates ->
        [one] { $duplicates } duplicate delivery
       *[other] { $duplicates } duplicate deliveries
    }; the offset reset skipped { $skipped ->
        [one] { $skipped } message: it
       *[other] { $skipped } messages: they
    } will never be consumed.

## Kafka and Pulsar.

tour-contrast-intro = The same topic (one partition per queue) and the same instances through Kafka's client-side assignors and Pulsar's failover rule.
tour-contrast-why = Why Kafka and Pulsar cannot overlap like this: one party computes ONE assignment for the whole group. In Kafka the group leader does, keyed by member ids the coordinator makes unique (client.id plus a UUID), so two processes reporting the same client.id are still two members. In Pulsar the broker picks one active consumer per partition from its list of connected consumers sorted by priority level and consumer name; names need not be unique, but each connection is its own entry, so each partition still gets exactly one owner. RocketMQ has no leader: every client runs the strategy for itself on the clientId list, and two equal clientIds compute the same answer.
tour-multi-topic = Several topics: TopicA and TopicB of 3, members C0 and C1 subscribed to both

## Export.

tour-export-note = Files are made in your browser; nothing is uploaded. Pictures are always light, for documents and print.
tour-export-svg = Grid as SVG
tour-export-png = Grid as PNG
tour-export-csv = Assignment as CSV
tour-export-json = Assignment as JSON
tour-save-scenario = Save scenario (.json)
tour-load-scenario = Load a scenario file
tour-choose-file = Choose a file…
tour-loaded = Scenario loaded.
tour-export-snippet = Embed with a picture
tour-export-snippet-label = Paste this into a doc page: the playground, and the grid as a picture where scripts do not run.
tour-export-snippet-hint = Where no HTML is allowed at all (a README, a PDF), the command line writes the same picture: rebalance allocate … --svg grid.svg (see the README's CLI section).
tour-snippet-copied = Copied to the clipboard.
tour-snippet-by-hand = Copy the snippet from this field.

## A scenario file that could not be loaded: tour-bad-file, its $why one of the tour-file-* messages.

tour-bad-file = This file is not a playground scenario: { $why }. Nothing was changed.
# $number counts instances from 1; $problem is an input problem (problems.ftl).
tour-file-instance = instance { $number }: { $problem }
tour-file-too-large = beyond the playground's limits
tour-file-corrupt = it is not JSON
tour-file-syntax = it is not valid JSON at line { $line }, column { $column }
tour-file-eof = it ends too early, at line { $line }
tour-file-missing = the field "{ $field }" is missing (in the object that ends on line { $line })
# $place: tour-file-place-field or tour-file-place-value.
tour-file-unknown-name = { $place } is "{ $value }", which is not a name the playground knows
tour-file-wrong = { $place } is { $found }, but it must be { $expected }
tour-file-other = { $place } cannot be read
tour-file-place-field = "{ $field }" on line { $line }
tour-file-place-value = the value on line { $line }
# What the file holds where it is wrong ($found of tour-file-wrong).
tour-found-text = the text "{ $text }"
tour-found-list = a list
tour-found-object = an object
tour-found-other = a value of another kind
# What belongs there ($expected of tour-file-wrong).
tour-expected-whole-number = a whole number from { $min } to { $max }
tour-expected-number = a number
tour-expected-text = text in quotes
tour-expected-list = a list [ … ]
tour-expected-object = an object {"{"} … {"}"}
tour-expected-bool = true or false
tour-expected-other = a value of another kind
