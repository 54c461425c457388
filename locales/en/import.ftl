## The import: what the readers found in each input (import::Found), what they could not read and what
## rebuilding assumed (import::Note), the import panel and the CLI's `diagnose`.

# Said where a list would be empty.
import-none = none

## What one input gave (import::Found).

import-found-connections =
    { $count ->
        [one] { $count } connection
       *[other] { $count } connections
    } ({ $distinct ->
        [one] { $distinct } distinct clientId
       *[other] { $distinct } distinct clientIds
    })
import-found-subscriptions = subscribed topics { $topics }
import-found-model = MessageModel { $model }
import-found-consume-type = ConsumeType { $consume-type }
import-found-queue-rows =
    { $count ->
        [one] { $count } queue row
       *[other] { $count } queue rows
    } of { $topics }
import-found-holders-by-ip =
    { $queues ->
        [0] no holder's IP (#Client IP is N/A on every row)
        [one] the holder's IP of { $queues } queue
       *[other] the holder's IP of { $queues } queues
    }
import-found-holders-by-client-id =
    the holder's clientId of { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }
# $brokers: import-broker-queues, one per broker, as a list.
import-found-route = read queues per broker: { $brokers }
import-found-status-queues = queues per broker: { $brokers }
import-found-strategy = allocateMessageQueueStrategy { $class }
import-found-client =
    client { $client-id }, holding { $held ->
        [one] { $held } queue
       *[other] { $held } queues
    }
import-found-status-clients =
    { $count ->
        [one] { $count } distinct clientId
       *[other] { $count } distinct clientIds
    }
import-found-group = consumer group { $group }
import-found-group-config = the group's config on { $brokers }
# One broker and its queue count, in a list of them.
import-broker-queues = { $broker }: { $queues }

## What one input could not give (import::Note, reading).

import-note-unrecognised = This input is none of the formats the playground reads. Expected the output of mqadmin consumerConnection, consumerProgress, topicRoute, topicStatus or consumerStatus, or a rocketmq-dashboard answer (consumerConnection.query, queryTopicByConsumer.query, topic/route.query). It begins: "{ $begins }".
# $keys: the JSON's keys as a list, or import-none.
import-note-unrecognised-json = This is JSON, but none of the answers the playground reads: expected a topic route (mqadmin topicRoute or the dashboard's topic/route.query: brokerDatas, queueDatas), the dashboard's consumerConnection.query (connectionSet) or queryTopicByConsumer.query (queueStatInfoList), or a ConsumerRunningInfo (mqTable, properties). Its keys: { $keys }.
# $format: the format's name, the same in every language (mqadmin consumerProgress, ...).
import-note-nothing-to-read = This { $format } output holds nothing the scenario needs.
import-note-group-list =
    This is consumerProgress without -g: one line per consumer group ({ $groups ->
        [one] { $groups } group
       *[other] { $groups } groups
    }), not the queues of one. Run mqadmin consumerProgress -g <group> for those.
import-note-input-cut = This input is { $bytes } bytes long; only its first { $max } bytes were read.
import-note-too-many =
    More { $what ->
        [connections] connections
        [rows] rows
        [queues] queues
        [lines] lines
       *[json-values] JSON values
    } than the playground handles: the first { $max } were read, the rest left out.
import-note-skipped-lines =
    { $count ->
        [one] { $count } line is not part of the output (log lines, prompts) and was left out
       *[other] { $count } lines are not part of the output (log lines, prompts) and were left out
    }; the first: "{ $first }".
# $format: the format whose rows the lines look like, the same in every language (mqadmin consumerStatus, ...).
import-note-block-left-out =
    { $count ->
        [one] Line { $from } looks like a row of { $format } output, not of this one: it was left out
       *[other] Lines { $from } to { $to } ({ $count } lines) look like rows of { $format } output, not of this one: they were left out
    }; the first: "{ $first }". Paste that output on its own to read it.
import-note-command-failed = This is an error of the mqadmin command, not its output: "{ $error }". Fix what it says and run the command again.
# $others: the other groups as a list.
import-note-broker-stats-read = This is mqadmin brokerConsumeStats: every consumer group of one broker, and only the queues consumed at least once. The rows of { $group } were read (the other groups: { $others }); run mqadmin consumerProgress -g { $group } for its queues on every broker.
import-note-broker-stats-read-only-group = This is mqadmin brokerConsumeStats: every consumer group of one broker, and only the queues consumed at least once. It lists { $group } alone, whose rows were read; run mqadmin consumerProgress -g { $group } for its queues on every broker.
# $groups: the groups as a list.
import-note-broker-stats-groups =
    This is mqadmin brokerConsumeStats: every consumer group of one broker ({ $count ->
        [one] { $count } group
       *[other] { $count } groups
    }: { $groups }), and no other input says which one is asked. Run mqadmin consumerProgress -g <group> for one group's queues.
import-note-row-cut-short = Line { $line } is cut short ("{ $text }"): what it has was read, the rest is missing.
import-note-bad-row = Line { $line } stands where a row belongs but could not be read: "{ $text }".
import-note-ends-early =
    The output ends before { $missing ->
        [subscription] its subscription table (“Below is subscription:”)
        [message-model] its MessageModel line
        [totals] its totals (“Consume TPS:”)
        [mq-detail] its #Consumer MQ Detail# section
        [strategy] its allocateMessageQueueStrategy property
        [queue-data] its queueDatas (the read queue counts)
       *[rows] any row of its table
    }: it looks cut short.
import-note-rows-elided = Line { $line } is "...": rows were left out there.
import-note-queue-missing = { $topic } on { $broker }: queue { $queue } is missing from the table.
import-note-queues-missing = { $topic } on { $broker }: queues { $from } to { $to } are missing from the table.
import-note-maybe-cut = "{ $text }" is { $width } characters long, the most mqadmin prints in that column: the real name may be longer.
import-note-json-cut = The JSON ends in the middle (cut short): what came before the cut was read.
import-note-dashboard-error = The dashboard answered status { $status }: "{ $message }".
import-note-dropped = The client is dropping queue { $queue } (droped=true): it is not counted as held.

## What rebuilding chose, assumed or found contradictory (import::Note, rebuilding).

# $choices: the topics as a list.
import-note-topic-chosen = The group subscribes to several topics ({ $choices }); the scenario shows { $topic }, the first in mqAll order. Any of the others can be chosen instead.
# $subscribed: the topics the connection list subscribes, as a list; $topics: the topics only progress rows
# name, as a list; $count: how many $topics are; $shown: the topic the scenario shows (one of $subscribed).
import-note-not-subscribed =
    The group subscribes { $subscribed }, but the progress lists { $topics } too: nobody in this connection list consumes { $count ->
        [one] it
       *[other] them
    } now, so { $count ->
        [one] its lag
       *[other] their lag
    } only grows. The scenario shows { $shown }.
# The same, when the scenario shows one of $topics because it was asked for.
import-note-not-subscribed-shown =
    The group subscribes { $subscribed }, but the progress lists { $topics } too: nobody in this connection list consumes { $count ->
        [one] it
       *[other] them
    } now, so { $count ->
        [one] its lag
       *[other] their lag
    } only grows. The scenario shows { $shown }, as asked: no instance subscribes it, so none of its queues is pulled.
# $choices: the topics as a list, or import-none.
import-note-topic-not-in-inputs = No input mentions topic { $topic } (the inputs have { $choices }); it is used as asked.
import-note-markup-removed = The text held HTML (tags or entities such as &nbsp;, as a chat or a web page leaves them): they were read past.
import-note-config-fields-missing = The block of { $broker } lacks { $count ->
        [one] { $fields }, which keeps
       *[other] { $fields }, which keep
    } RocketMQ's default: the output may have been cut.
# $values: each broker with its value (import-note-config-value), listed.
import-note-config-disagrees = The brokers disagree on { $field }: { $values }. consumeEnable and retryQueueNums count broker by broker (only a broker with consumption off refuses the pulls of its own queues; each broker holds its own retry queues); for the whole group the scenario takes FIFO on if any broker has it, and notifications on if any broker sends them.
import-note-config-value = { $broker } { $value }
import-note-retry-queue-nums-inferred = No getConsumerConfig was given: retryQueueNums ({ $count }) is inferred from the queues of { $topic } the inputs show on one broker.
import-note-only-retry-topic = The only topic the inputs name is the retry topic { $topic }; the scenario shows it.
import-note-no-topic = No input names a topic (no subscription table, no progress rows): the topic is unknown, and the editors keep the one they had.
import-note-no-route = No input gives the queues of { $topic } (no topicRoute, no progress rows of it): the scenario has no queues. Add mqadmin topicRoute -t { $topic } or consumerProgress.
import-note-brokers-inferred = No topicRoute was given: the read queue counts of { $topic } ({ $brokers }) are inferred from the progress rows, the highest queueId + 1 per broker.
# A topicStatus beside progress rows: $status its counts, $seen the progress rows' (both import-broker-queues
# as a list), $topic the rows' topic.
import-note-status-not-used = The topicStatus gives { $status }, but a topicStatus does not name its topic, and the progress rows of { $topic } show { $seen } (the highest queueId + 1 per broker): those are used. That topicStatus is of another topic, or the queues changed between the two outputs; mqadmin topicRoute -t { $topic } settles it.
import-note-brokers-from-status = The queue counts ({ $brokers }) come from topicStatus, which lists write queues: the read queue counts may differ.
import-note-not-readable = { $broker }'s perm is { $perm }, not readable: its queues are not in mqAll.
import-note-route-disagrees =
    The route gives { $broker } { $read-queues ->
        [one] { $read-queues } read queue
       *[other] { $read-queues } read queues
    }, but the progress rows show { $seen }: the route is used.
import-note-broker-not-in-route = The progress rows list broker { $broker }, which the route does not have: the route is used.
import-note-routes-differ = The routes given differ; the first is used.
import-note-group-unknown = No input names the consumer group; it is left empty.
# $count: how many groups the inputs name; $others: the groups other than $shown, as a list; $left-out: the
# inputs of $others, as a list.
import-note-groups-differ = The inputs describe { $count } consumer groups: { $shown } and { $others }. The picture shows { $shown } only and leaves out { $left-out }: one group's holders and lag beside another group's instances would draw overlaps and starved queues that neither group has.
import-note-other-group = This output is of consumer group { $group }, not { $shown }: it is left out of the picture.
import-note-pop-retry-topics = Retry topics named %RETRY%{ $group }_<topic> are 5.x POP retry topics: the group, or part of it, consumes by POP.
import-note-pop = ConsumeType is CONSUME_POP: these consumers pop, and the broker hands each message to one of them, so several poppers on a queue do not consume it twice. The scenario simulates the group as pulling clients.
import-note-no-connections = No connection list (mqadmin consumerConnection or the dashboard's) was given: the instances are unknown.
import-note-instances-from-status-list =
    { $count ->
        [one] The { $count } instance comes
       *[other] The { $count } instances come
    } from consumerStatus, which lists each clientId once: instances that share a clientId show as one.
import-note-instances-from-holders =
    { $count ->
        [one] The { $count } instance is the holder
       *[other] The { $count } instances are the holders
    } the dashboard names: idle instances and instances that share a clientId do not show.
import-note-connection-lists-differ =
    The connection lists differ: { $first } has { $first-count ->
        [one] { $first-count } connection
       *[other] { $first-count } connections
    }, { $other } has { $other-count ->
        [one] { $other-count } connection
       *[other] { $other-count } connections
    } (or other clientIds); the first is used.
# $hosts: the hosts as a list; $host-count: how many there are.
import-note-shared-client-id =
    { $count } connections report clientId { $client-id }, from { $host-count ->
        [one] host
       *[other] hosts
    } { $hosts }{ $cut ->
        [0] {""}
       *[other] {" "}and { $cut } whose address the paste cuts short
    }: { $count } processes share one clientId (host-network Docker containers with the same PID, or one instanceName set for all), so they compute the same queues.
# $ids: import-note-shared-id, one per clientId, most connections first, as a list.
import-note-shared-client-ids = { $count } clientIds are each reported by several connections, { $connections } connections in all; most first: { $ids }. Each is several processes with one clientId (host-network Docker containers with the same PID, or one instanceName set for all), which compute the same queues.
# One clientId of import-note-shared-client-ids; $host: the one host, when $hosts is 1.
import-note-shared-id =
    { $id } ({ $connections ->
        [one] { $connections } connection
       *[other] { $connections } connections
    }{ $hosts ->
        [0] {""}
        [one] , from host { $host }
       *[other] , from { $hosts } hosts
    })
import-note-client-assumed = { $client-id } reports language { $language }, version { $version }, which the playground does not map to a client: simulated as Java 5.x.
# A connection's row cut before its language and version.
import-note-client-cut = The row of { $client-id } is cut before its language and version: simulated as Java 5.x.
# A connection's row cut before its language and version; another connection of the same clientId reports them.
import-note-client-of-twin = The row of { $client-id } is cut before its language and version: simulated as the client another connection of { $client-id } reports ({ $language } { $version }).
import-note-model-assumed = No input gives the message model: CLUSTERING assumed.
import-note-broadcasting = The group broadcasts (MessageModel BROADCASTING): every instance consumes every queue, so no allocation strategy runs and the one the clients set does not matter; no queue is starved or consumed twice by an allocation. A holder column (consumerProgress -s, the dashboard) names just one of the instances per queue.
import-note-strategy-assumed = No input gives the allocation strategy (only consumerStatus -i shows it): AVG, the default, assumed.
import-note-strategy-not-sent = The running info the clients sent names no allocation strategy: AVG, the default, assumed.
# $instances: clientIds as a list; $count: how many.
import-note-strategy-inferred = { $count ->
        [one] { $instances } runs
       *[other] { $instances } run
    } { $strategy }, inferred from what { $count ->
        [one] it holds
       *[other] each holds
    } (its consumerStatus -i names no strategy the playground knows): only { $strategy } computes those queues at { $count ->
        [one] its slot
       *[other] their slots
    } of cidAll.
import-note-strategy-inferred-live = { $count ->
        [one] { $instances } runs
       *[other] { $instances } run
    } { $strategy }, inferred from what { $count ->
        [one] it holds
       *[other] each holds
    } (the running info it sent names no strategy): only { $strategy } computes those queues at { $count ->
        [one] its slot
       *[other] their slots
    } of cidAll.
import-note-strategy-ambiguous = What { $client-id } holds (its consumerStatus -i) is what { $strategies } each compute at its slot { $slot } of cidAll: which one it runs cannot be told from its queues.
import-note-strategy-ambiguous-live = What { $client-id } holds (the running info it sent) is what { $strategies } each compute at its slot { $slot } of cidAll: which one it runs cannot be told from its queues.
import-note-strategy-unknown = { $class } is not a strategy the playground knows: AVG assumed.
import-note-strategy-unknown-inferred = { $class } is not a strategy the playground knows: what each instance that runs it holds says which strategy it computes like.
import-note-strategy-params-assumed = { $strategy }'s settings (virtual nodes, machine rooms, queue list) are not in the output: the defaults are assumed.
import-note-strategies-differ = The clients run different strategies ({ $strategies }): each instance whose consumerStatus was given keeps its own.
import-note-strategies-differ-live = The clients run different strategies ({ $strategies }), as the running info each sent names them: each instance keeps its own.
# $queues: the queues as a list; $count: how many there are.
import-note-holder-not-connected =
    The cluster reports { $holder } holding { $count ->
        [one] a queue
       *[other] queues
    } ({ $queues }), but { $holder } is not in the connection list: a consumer the list does not show, or a list from another moment.
import-note-held-outside-route = The cluster reports holders of queues that are not in the rebuilt topic's queues: { $queues }.
import-note-one-ip-per-queue = consumerProgress -s keeps one IP per queue: when two instances consume a queue it shows one of them, so overlaps do not show; and an IP names a host, not an instance.
import-note-one-client-id-per-queue = The dashboard keeps one clientId per queue: when two instances consume a queue it shows one of them, so overlaps do not show.
import-note-status-collapses = consumerStatus lists each clientId once: instances that share a clientId collapse into one row.
import-note-one-client-only = consumerStatus -i shows the queues of one client, { $client-id }; other instances with the same clientId, if any, are not asked.
import-note-same-snapshot = { $first } and { $other } hold the same offsets, broker and committed: one moment, so whether the lag grows or a queue is stalled cannot be seen (had they been taken apart, nothing moved at all: no new message, no commit). Take two snapshots a minute apart.
# Two progress snapshots given in the other order than they were taken.
import-note-snapshots-reordered = { $earlier } holds lower offsets than { $later }: a queue's offsets only grow, so it is read as the earlier snapshot, though given after it.
import-note-snapshots-unordered = The offsets of { $first } and { $other } do not tell which was taken first (some are higher in one, some in the other: an offset reset, or outputs of different groups): { $first } is taken as the earlier, as given, and a queue's movement between them may be wrong.
import-note-snapshots-share-no-queue = { $first } and { $other } have no queue of { $topic } in common: whether a queue is stalled cannot be seen. Take two snapshots of the same group and topic.
# $text: what the output printed where the time is.
import-note-last-time-unreadable = The last consumption time of { $queue }, "{ $text }", is not a time (yyyy-MM-dd HH:mm:ss): how long ago it consumed is unknown.
import-note-last-time-local = mqadmin prints #LastTime in its host's time zone without naming it: how long ago a queue consumed is counted on that clock, from the freshest queue's last consumption in the same output, and from the moment the outputs were taken, read in the zone it was given in.
# $strategies: the strategies as a list.
import-note-explained-by = The holders the cluster reports are what { $strategies } computes.
# $likely: the first of $strategies.
import-note-explained-by-not-assumed = The holders the cluster reports are what { $strategies } computes, not the assumed { $assumed }: the group most likely runs { $likely }.
import-note-nothing-explains = None of AVG, AVG_BY_CIRCLE and CONSISTENT_HASH (10 virtual nodes) computes the holders the cluster reports: another strategy, per-instance views, or inputs from different moments.
import-note-more-like-these =
    … and { $count ->
        [one] { $count } more note
       *[other] { $count } more notes
    } like the ones above.

## The import panel.

import-intro = Paste what mqadmin or rocketmq-dashboard printed for your group (consumerConnection, consumerProgress with or without -s, topicRoute, topicStatus, consumerStatus, the dashboard's JSON), several outputs one after another if you like, or choose or drop the files. Each is recognised by itself.
import-paste-label = Your cluster's output
# The name of the pasted text, when it holds one output; $number: which one, when it holds several.
import-paste-name = paste
import-paste-name-numbered = paste { $number }
import-files-label = Files
import-choose-files = Choose files…
import-drop-hint = …or drop files onto this panel.
import-read = Read
import-stays-here = Read in this browser: nothing is sent anywhere.
import-nothing-to-read = Nothing to read: paste the output of mqadmin consumerConnection, consumerProgress, topicRoute, topicStatus or consumerStatus, or a rocketmq-dashboard answer, or choose a file.
# An input none of the readers knows: its name, and what the notes say (what was expected).
import-unreadable = { $name }: { $notes }
import-read-from = What was read
import-not-read = not read
# One input: its name, and its format's name or import-not-read.
import-input = { $name } — { $format }
# The name of the format mqadmin consumerProgress prints without -g: one line per group.
import-format-group-list = mqadmin consumerProgress (without -g)
# After import-input: what the input gave, import-found-* joined by import-found-separator.
import-input-found = : { $found }
import-found-separator = {"; "}
import-topic = Topic shown (the retry topic is rebalanced on its own)
import-change-it = Change it
import-assumed = What was assumed
import-notes = Notes
import-cannot-show = What these outputs cannot show
# $queues: import-starved-lag, one per starved queue, as a list.
import-starved-held = Queues nobody holds, as every instance reported: { $queues }
import-starved = Queues nobody consumes in the simulation: { $queues }
import-dropped = The picture shows another scenario now: read again to compare it with your cluster.
import-nobody = nobody
import-all-shared = Every shared clientId
# One starved queue, with its lag and how much it grew since the first snapshot.
import-starved-lag = { $queue } (lag { $lag })
import-starved-lag-growing = { $queue } (lag { $lag }, growing by { $growth })
# What the cluster reported about one queue, in the queue's detail line. $growth has its sign (+12, -3).
import-seen-lag = The cluster reports a lag of { $lag }.
import-seen-lag-growth = The cluster reports a lag of { $lag } ({ $growth } since the first snapshot).
# $holders, $computed: clientIds as a list.
import-seen-agrees = It reports { $holders } holding it, as the simulation does.
import-seen-disagrees = It reports { $holders } holding it; the simulation says { $computed }: they disagree.
# In the report and the findings when no input lists the instances; $group as in page-headline-unknown.
import-instances-unknown = The instances are unknown: paste `mqadmin consumerConnection -g { $group }` too (or consumerStatus) to see who consumes which queue. Until then no queue is called starved.
# $topic: the topic's name for a command (page-any-topic when no input named it).
import-queues-unknown = The queues are unknown: paste `mqadmin topicRoute -t { $topic }` too (or consumerProgress) to see which instance takes which queue. Until then no queue is counted and no instance called idle.
# $topic: as import-rebuilt-group's; $command-topic: the topic's name for a command.
import-rebuilt-group-queues-unknown =
    Rebuilt: group { $group }, topic { $topic }, { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } (one per connection); the queues are unknown: paste `mqadmin topicRoute -t { $command-topic }` too. It is now the scenario in the editors: change anything.
import-rebuilt-group-unknown =
    Rebuilt: group { $group }, topic { $topic }, { $queues ->
        [one] { $queues } read queue
       *[other] { $queues } read queues
    }; the instances are unknown: paste `mqadmin consumerConnection -g { $command-group }` too.
# A queue whose holder consumerProgress printed as N/A: the client did not answer mqadmin.
import-seen-not-reported = Holder not reported (N/A: no client that answered mqadmin holds it: nobody does, or its holder did not answer, or pops it).
# The queues whose holder was N/A, in the report; $queues as a list.
import-not-reported =
    { $count ->
        [one] { $count } queue
       *[other] { $count } queues
    } with no holder reported (N/A: no client that answered mqadmin holds it: nobody does, or its holder did not answer, or pops it), neither agreeing nor disagreeing: { $queues }
# Two sentences one after the other.
import-two-sentences = { $first } { $second }
import-rebuilt-group =
    Rebuilt: group { $group }, topic { $topic }, { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } (one per connection), { $queues ->
        [one] { $queues } read queue
       *[other] { $queues } read queues
    }. It is now the scenario in the editors: change anything.
# The group's name when no input gives it.
import-unknown-group = ?
# The topic's name when no input gives it ("topic unknown").
import-unknown-topic = unknown
# After what could not be read, when nothing read gives queues or instances.
import-scenario-kept = Nothing read gives the queues or the instances of a group: the scenario on the page is kept as it was.
import-strategy-known = Strategy: { $strategy }, as the input says.
import-strategy-inferred = Strategy: { $strategy }, inferred from what the instances hold (the notes say which instance runs which).
import-strategy-assumed = Strategy: { $strategy }, assumed (the inputs do not say).
import-use-strategy = Use { $strategy }
import-observed-summary =
    The cluster reported { $reported ->
        [one] { $reported } queue
       *[other] { $reported } queues
    }; { $shown ->
        [one] { $shown } of them is
       *[other] { $shown } of them are
    } in this scenario and marked on the strip (lag, and = or ≠ where it named a holder): { $agree ->
        [one] { $agree } holder agrees
       *[other] { $agree } holders agree
    } with the simulation, { $differ } { $differ ->
        [one] does
       *[other] do
    } not.
# A chosen file.
import-file =
    { $name } ({ $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    })

## `rebalance diagnose`: what it read and assumed, and the observed holders against the computed ones.

import-cli-read = read:
import-cli-link = link:
import-cli-diagnosis = diagnosis:
import-cli-fix = fix:
# After a list cut short; $count: how many entries --full prints.
import-cli-full-lists-all = (--full lists all { $count })
import-cli-note = note:
import-cli-assumed = assumed:
import-cli-nothing = nothing
import-cli-notes = notes:
import-cli-observed = observed against computed:
# Where the consumers of the queues below come from: every instance's own report, some, or the computation.
import-cli-held-observed = The consumers below are what every instance reported holding ({ $from ->
        [live] the running info each sent
       *[paste] each one's consumerStatus -i
    }); the computation only explains them.
import-cli-held-partial = The consumers of { $known ->
        [one] { $known } queue
       *[other] { $known } queues
    } below are known from what the instances reported holding ({ $from ->
        [live] the running info they sent
       *[paste] their consumerStatus -i
    }); { $computed ->
        [one] { $computed } queue's are
       *[other] { $computed } queues' are
    } computed for the instances that did not report ({ $missing }).
import-cli-held-computed = The consumers below are computed: no instance's own report of its queues was read.
# The observed table's columns.
import-cli-queue = queue
import-cli-reported = reported
import-cli-lag = lag
import-cli-growth = growth
import-cli-computed = computed
import-cli-agrees = agrees
import-cli-disagrees = DISAGREES
import-cli-not-reported = NOT REPORTED (N/A)

## Stalled queues and the last consumption (import::stall): the panel, the strip and `rebalance diagnose`.

# A span of time, one unit of it: $n units; $unit is d, h, min or s.
import-span-unit =
    { $unit ->
        [d] { $n } d
        [h] { $n } h
        [min] { $n } min
       *[s] { $n } s
    }
# A span in two units, the larger first.
import-span-two = { $big } { $small }
# One queue's consumption is said in clauses joined by import-stall-clauses.
import-stall-clauses = { $all }; { $next }
import-stall-lag = lag { $lag }
# How the queue's committed offset moved between its first and last snapshot.
import-stall-stalled = stalled: its committed offset stood still at { $offset } with lag left
import-stall-stalled-starved = stalled: its committed offset stood still at { $offset } with lag left, because nobody consumes it in the simulation (starved)
import-stall-moving =
    moving: { $consumed ->
        [one] { $consumed } message
       *[other] { $consumed } messages
    } consumed between the snapshots
import-stall-rewound = its committed offset went back by { $by } with lag left (an offset reset?)
import-stall-idle = idle: no lag
import-stall-caught-up =
    idle: no lag left, { $consumed ->
        [one] { $consumed } message
       *[other] { $consumed } messages
    } consumed between the snapshots
# When its last consumed message was stored (H1: the store time, not the time of the commit).
import-stall-never = never consumed, or its last consumed message is gone (N/A)
import-stall-unreadable = last consumption time unreadable
# $freshest, in import-stall-ago-and and import-stall-stored: against the freshest queue of the same output.
import-stall-freshest = the freshest of this output
import-stall-behind-freshest = { $span } before the freshest queue's
import-stall-ago = last consumed message stored { $ago } ago ({ $at })
import-stall-ago-and = last consumed message stored { $ago } ago ({ $at }; { $freshest })
import-stall-stored = last consumed message stored at { $at }, { $freshest }
import-stall-stored-at = last consumed message stored at { $at }
import-stall-after-taken = last consumed message stored at { $at }, { $span } after the moment given: is that moment on mqadmin's clock?
# An epoch time (the dashboard's lastTimestamp) written on UTC's clock.
import-stall-utc = { $at } UTC
# H5: the newest message's store time (topicStatus) minus the last consumed one's.
import-stall-backlog-spans = backlog spans { $span }
# The report's line on two snapshots or more; $first, $last: the inputs' names; $queues: a list.
import-stall-summary =
    { $count ->
        [one] { $count } queue stalled
       *[other] { $count } queues stalled
    } between { $first } and { $last }: { $queues }.
# A stalled queue in import-stall-summary that nobody consumes in the simulation: the cause.
import-stall-starved-queue = { $queue } (starved)
# After import-stall-summary in the page.
import-stall-on-strip = They have a double border on the strip.
import-stall-none = No queue stalled between { $first } and { $last }: { $moving } moving, { $idle } idle.
# Two or more progress snapshots were pasted, all with the same offsets.
import-stall-one-moment = The progress snapshots pasted are one moment (the same offsets): take another consumerProgress of the group a minute later to see which queues are stalled.
import-stall-one-snapshot = One progress snapshot: paste a second consumerProgress of the group, taken a minute later, to see which queues are stalled.
# The queue's detail line on the strip.
import-seen-stalled = Stalled: its committed offset did not move between the snapshots.
# The panel's field for the moment the outputs were taken.
import-taken-at = Taken at (mqadmin's clock)
import-taken-at-hint = When the outputs were taken, as mqadmin writes times, with its offset from UTC if mqadmin's host is not in this browser's zone (2026-12-04 15:30:00+08:00). It starts at this browser's clock when the panel opened.
import-taken-at-not-time = "{ $text }" is not a time like 2026-12-04 15:30:00 (optionally followed by its offset from UTC, +08:00).
import-consumption = Consumption per queue
# One queue in the panel's list and the CLI: its key, then what import-stall-* say.
import-consumption-queue = { $queue }: { $said }
import-consumption-more =
    … and { $count ->
        [one] { $count } more queue
       *[other] { $count } more queues
    }
import-cli-consumption = consumption (two snapshots: stalled, moving, idle; when each queue last consumed):
# $source: given (--taken-at) or clock (this machine's clock).
import-cli-taken-at =
    { $source ->
        [given] taken at { $at }, as given
       *[clock] taken at { $at }, this machine's clock
    }
import-cli-zone-unknown = This machine's time zone is unknown: give --taken-at on mqadmin's clock to count how long ago its #LastTime was.
