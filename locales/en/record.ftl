## A record of `rebalance watch --record` opened in the rebalance tab (crate::page::record): read in the
## browser, summed up as `rebalance history` does, and played beside the timeline engine. $at and $seconds
## are written seconds (0.5, 12); $from, $to: moments as mqadmin writes them (UTC).

record-page-title = A recorded watch, played
record-page-intro = Open what `rebalance watch --record FILE` wrote (FILE and its older parts FILE.1, FILE.2, …). The page reads it here, and nothing of it leaves your browser: it sums it up as `rebalance history` does and plays what the reads showed, queue by queue, beside what the timeline engine says the same changes cost.
record-page-open = The record's files (FILE, FILE.1, …)
record-page-drop = or drop its files here
record-page-close = Close the record
# $files: the files' names.
record-page-opened = Opened { $files }
# $mib: the files' size together; $max: the most the page opens.
record-page-too-big = These files are { $mib } MiB together; the page opens records up to { $max } MiB. Open fewer parts, or sum the whole record up with `rebalance history`.
record-page-no-reads = { $files } holds no read of a record: `rebalance watch --record FILE` writes one JSON line per read.
record-page-first-bad = Line { $line } of { $file }: { $problem }
# $count lines could not be read (cut short, another version); the first of them.
record-page-bad-lines = { $count ->
        [one] 1 line could not be read and is
       *[other] { $count } lines could not be read and are
    } left out; the first: { $file } line { $line } ({ $problem }).
record-page-start = Play from
# An option of record-page-start: a read's moment; $changes: what changed at the next read.
record-page-start-first = { $at } (the first read)
record-page-start-before = { $at }, before: { $changes }
record-page-left-as = Play each instance the reads stopped listing as
record-page-left-kill = killed (its connection closes)
record-page-left-leave = shut down (it unregisters)
record-page-left-hostloss = lost with its host (no FIN)
# What the record cannot say, and what the engine plays instead.
record-page-strategy-read = The engine plays { $strategy }: of the strategies tried, it gives every queue the consumers the clients reported holding at the first read.
record-page-strategy-group = The engine plays { $strategy }, as set in the group: the first read's consumers were not all the clients' own reports.
record-page-strategy-none = No strategy tried gives the consumers the clients reported holding at the first read; the engine plays { $strategy }, as set in the group.
record-page-assumed = The record names no client library or message rate: the engine plays { $client } clients, as set in the group, at { $rate } messages per second per queue. Each change sits at the read that first showed it, so it happened up to { $gap } s earlier.
record-page-window = Played: { $reads ->
        [one] 1 read
       *[other] { $reads } reads
    } over { $seconds } s from { $from } UTC; the engine runs { $tail } s past the last read.
record-page-window-cut = The record goes on past this window (the engine plays at most an hour at a time): pick a later start.
record-page-resolution = The reads' lanes change only at a read ({ $gap } s apart here): a stretch shorter than that may not show, and each shows as long as the reads saw it.
record-page-lanes = What the reads showed of each queue, and what the engine played, over { $seconds } s; the table below lists the same figures
record-page-row-seen = read
record-page-row-engine = engine
record-page-key-unread = not read, or not in the route
record-page-col-queue = Queue
record-page-col-seen-none = No consumer, as read (s)
record-page-col-engine-pause = Paused, engine (s)
record-page-col-seen-two = Two or more, as read (s)
record-page-col-engine-double = Double pull, engine (s)
record-page-col-engine-duplicates = Duplicates, engine
record-page-totals = As read: { $seen-none } s without a consumer and { $seen-two } s with two or more, over all queues. The engine: { $engine-pause } s paused and { $engine-double } s pulled twice, { $duplicates } duplicates.
record-page-changes = What the reads showed changing
record-page-change-joined = { $at } s: { $who } joined
record-page-change-left = { $at } s: { $who } left (played as { $how })
record-page-change-restarted = { $at } s: { $who } came back from another address, a restart between two reads (played as leaving, { $how }, then joining)
record-page-change-queues = { $at } s: { $broker } has { $count ->
        [one] { $count } queue
       *[other] { $count } queues
    }
record-page-changes-none = The reads show no change in this window.
record-page-unplayable = The record cannot be played on this group: { $why }
record-page-too-large = the read at the start lists { $instances } instances and { $queues } queues, more than the page plays.
record-page-bad-queue = it names a queue “{ $queue }”, not brokerName:queueId.
record-page-summary = Summed up as `rebalance history` does
# What changed at a read, in a few words (the options of record-page-start).
record-page-short-joined = { $who } joined
record-page-short-left = { $who } left
record-page-short-restarted = { $who } restarted
record-page-no-group-shown = no read of it showed the group (the watch could not read it), so there is nothing to play.
