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
