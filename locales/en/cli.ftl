## The command line's own words: its flags' errors, its exit codes (--fail-on), how `watch` ends, the
## exporter's page. Lists are joined as the language joins a list.

# --fail-on given a word that is no kind of finding; $kinds: every kind, as a list.
cli-fail-on-unknown = --fail-on: "{ $word }" is not a kind of finding; the kinds are { $kinds }
# Said on stderr before exiting 3; $kinds: the kinds found that --fail-on names, as a list.
cli-fail-on-found = found { $kinds } (--fail-on): exit 3
# A time flag (--timeout, --every, --for, --window) that is not a duration.
cli-duration-bad = { $flag } { $text }: expected a duration such as 500ms, 5s or 2m
cli-timeout-range = { $flag } { $text }: expected more than 0 and at most 600s
# diagnose --namesrv, after the diagnosis: the read was not whole (exit 1).
cli-read-incomplete =
    could not read all of { $group } ({ $answered } of { $asked ->
        [one] { $asked } request
       *[other] { $asked } requests
    } answered): the diagnosis is of what was read
# watch: $reads reads in a row could not read the group; $max: the flag's value.
cli-watch-gave-up =
    { $reads ->
        [one] { $reads } read
       *[other] { $reads } reads in a row
    } could not read { $group }: giving up (--max-failures { $max })
# watch --for ended and no read showed the group; $duration: as the flag gave it.
cli-watch-never-read = no read showed { $group } in { $duration }
# Writing the output failed (not a closed pipe, which ends quietly).
cli-cannot-write = cannot write to stdout: { $problem }

## The exporter's page at / and its answers to other paths.

cli-exporter-title = rebalance exporter
# $every: the time between two reads of each group, as the flag gave it.
cli-exporter-about = The queue allocation of RocketMQ consumer groups, diagnosed as the clients compute it and served as Prometheus metrics (OpenMetrics text). Each group is read every { $every }, whatever the scrapes.
cli-exporter-metrics = Metrics
cli-exporter-groups = Groups read
cli-exporter-version = version { $version }
cli-exporter-not-found = rebalance exporter: the metrics are at /metrics
cli-exporter-first-read = the first read has not finished
cli-exporter-cannot-read = { $group }: cannot read: { $text }
cli-exporter-read-again = { $group }: read whole again
cli-exporter-cannot-discover = cannot find the groups of the cluster: { $text }
cli-exporter-discovered-again = the groups of the cluster found again
cli-exporter-shard-bad = --shard { $text }: expected I/N with 0 <= I < N, such as 0/2 and 1/2
cli-exporter-all-groups = every group of the cluster (shard { $shard })
# $address: the metrics' address (http://127.0.0.1:9877/metrics).
cli-exporter-serving = serving { $address }
# $address: HOST:PORT as given to --listen; $why: a live-io-* message.
cli-exporter-cannot-listen = cannot listen on { $address } ({ $why })

## The tables of `allocate` and `diagnose`.

# The group in one line: $strategy is cli-strategy's sentence, or BROADCASTING.
cli-headline = topic { $topic }, { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }; group { $group }, { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } ({ $distinct ->
        [one] { $distinct } distinct clientId
       *[other] { $distinct } distinct clientIds
    }); { $strategy }
cli-strategy = strategy { $name }
# A topic or group left empty.
cli-none = (none)
# The strategy's constructor threw, so it has no name.
cli-constructor-threw = (constructor threw)
cli-column-instance = instance
cli-column-slot = slot
cli-column-queues = queues
cli-column-queue = queue
cli-column-consumers = consumers
cli-mark-starved = STARVED
cli-mark-overlapped = OVERLAPPED
# Several instances consume the queue by design (BROADCASTING, POP).
cli-mark-shared = shared
# One of several instances reporting the same clientId: copy $n of $copies.
cli-copy-of = { $id } (#{ $n } of { $copies })
cli-instance-error = error: { $error }
cli-no-answer = no answer from the broker
# --lang names a language the words are not in.
cli-lang-unknown = --lang { $text }: not a language of the words; they are { $languages }
# A file named on the command line could not be read; $problem: the system's words.
cli-cannot-read-file = cannot read { $file }: { $problem }
# watch without a name server to read from.
cli-namesrv-needed = --namesrv is needed: the name servers of the cluster to watch
# A file --svg or --png names could not be written; $problem: the system's words.
cli-cannot-write-file = cannot write { $file }: { $problem }
cli-picture-both-stdout = --svg - and --png - cannot both write to stdout
# --scale out of its range; $scale: as given.
cli-picture-scale = --scale { $scale } is not between 1 and 8

## `rebalance scan`: every group of a cluster, one row each (the most harmful first).
cli-scan-headline = { $groups ->
    [one] 1 consumer group
   *[other] { $groups } consumer groups
} ({ $left-out } of RocketMQ's own left out); { $rows ->
    [one] 1 row
   *[other] { $rows } rows
}, { $unread } could not be read in full; { $requests } requests
cli-scan-column-group = group
cli-scan-column-topic = topic
cli-scan-column-instances = instances
cli-scan-column-starved = starved
cli-scan-column-overlapped = overlapped
cli-scan-column-shared = shared ids
cli-scan-column-disagreeing = disagreeing
cli-scan-column-stalled = stalled
cli-scan-column-lag = lag
cli-scan-column-read = read
cli-scan-offline = no consumer online
cli-scan-cannot-read = cannot read: { $why }

## watch --record and rebalance history.

# --record-max given something that is not a size.
cli-record-max-bad = --record-max { $text }: expected a size such as 64MiB, 512KiB or 100000 (bytes)
# The record's file could not be opened or written; the watch stops (exit 1).
cli-record-cannot-write = cannot write the record { $file }: { $problem }
# history: a file that could not be opened.
cli-history-cannot-read = { $file }: cannot read: { $problem }
# history: one line of a record that is not a record's line (cut short, or another version); $line counts from 1.
cli-history-bad-line = { $file }:{ $line }: not a line of a record ({ $problem }); the other lines are read
cli-history-empty = the record holds no read
# history: a record with reads that did not show the group (the watch could not read it then).
cli-history-none-shown = No read of this record showed the group (the watch could not read it): who consumed what is not known, and nothing below says the group was healthy.
cli-history-partly-shown = { $unread ->
        [one] 1 read
       *[other] { $unread } reads
    } of this record did not show the group (the watch could not read it then): what happened during them is not known.
# In place of an empty list when no read showed the group.
cli-history-unknown = not known: no read showed the group
# $from, $to: the first and last read's moments (UTC); $span: seconds between them.
cli-history-headline =
    { $reads ->
        [one] 1 read
       *[other] { $reads } reads
    } from { $from } to { $to } UTC ({ $span } s), { $shown } of them showed the group; { $rebalances ->
        [one] 1 rebalance
       *[other] { $rebalances } rebalances
    }
cli-history-hours = Rebalances per hour (UTC):
# $hour: the hour's start.
cli-history-hour = { $hour }  { $rebalances } in { $reads ->
        [one] 1 read
       *[other] { $reads } reads
    }
cli-history-churn = Instances that joined and left most:
cli-history-churn-row = { $client-id }: joined { $joined }, left { $left }, reconnected from another address { $reconnected }
cli-history-churn-none = no instance joined, left or reconnected
cli-history-moved = Queues that moved most:
cli-history-moved-row = { $queue }: { $moves ->
        [one] moved once
       *[other] moved { $moves } times
    }
cli-history-moved-none = no queue moved
cli-history-spells = Spells with no consumer, two or more, STALL or STOP:
cli-history-spells-none = none
# $what: one of the kinds below; $from, $to: moments (UTC); $seconds: the spell's length.
cli-history-spell = { $queue } { $what }: { $from } to { $to } ({ $seconds } s)
cli-history-spell-ongoing = { $queue } { $what }: { $from } to the last read { $to } and still ({ $seconds } s)
cli-history-kind-no-consumer = no consumer
cli-history-kind-overlapped = two or more consumers
cli-history-rules = Rules:
cli-history-rule-rebalance = a read whose queues' consumers differ from the read before it is a rebalance
cli-history-rule-churn = an instance churns when its clientId appears, disappears, or its one connection comes from another address between two reads
cli-history-rule-moved = a queue moved when its consumers differ from the read before it
cli-history-rule-spell = a spell runs from the first read that shows it to the first that does not; the consumers are what the clients hold where they reported it, else computed
cli-history-rule-lag = STALL and STOP are the watch's own lag judgements (Burrow's rules over its window), read by read
cli-history-rule-unread = a read that did not show the group (its instances and queues) is passed over: what it could not see is taken as unchanged
