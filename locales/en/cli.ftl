## The command line's own words: its flags' errors, its exit codes (--fail-on), how `watch` ends, the
## exporter's page. Lists are joined as the language joins a list.

# --fail-on given a word that is no kind of finding; $kinds: every kind, as a list.
cli-fail-on-unknown = --fail-on: "{ $word }" is not a kind of finding; the kinds are { $kinds }
# Said on stderr before exiting 3; $kinds: the kinds found that --fail-on names, as a list.
cli-fail-on-found = found { $kinds } (--fail-on): exit 3
# A time flag (--timeout, --every, --for, --window) that is not a duration.
cli-duration-bad = { $flag } { $text }: expected a duration such as 500ms, 5s or 2m
cli-timeout-range = --timeout { $text }: expected more than 0 and at most 600s
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
