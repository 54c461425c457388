## The page's first screen: the header, the editors, the summary, the queue strip and the grid, the notices,
## and the panels beside them (explain, share, the clientId builder, the per-instance views editor).

page-title = Rebalance playground
page-tagline = Who consumes which RocketMQ queue, computed exactly as the clients do
page-share = Share link
page-embed = Embed
# The link to the user guide, shipped beside the page.
page-guide = Guide
page-open-full = Open in the full playground
page-language = Language
page-theme = Colour theme
page-theme-auto = Auto
page-theme-light = Light
page-theme-dark = Dark
page-reset = Reset the playground
page-skip-to-picture = Skip to the queues

## Presets: one button each.

page-presets = Try a scenario
# $preset: the preset's id (Preset::id).
page-preset =
    { $preset ->
        [more-consumers] More consumers than queues
        [uneven-brokers] Uneven brokers
        [machine-rooms] Machine rooms (nearby)
        [hash-with-duplicates] Consistent hash with duplicates
        [broadcasting] Broadcasting
        [stale-view] Stale view (new member not seen yet)
        [mixed-subscriptions] Mixed subscriptions
        [java-go-hash] Java + Go on CONSISTENT_HASH
        [go-machine-room] Go MACHINE_ROOM across two rooms
        [go-docker] Go services in host-network Docker (current client)
       *[docker-incident] Docker incident: 2 of 3 containers share a clientId
    }

## The editors.

page-scenario = Scenario
page-topic = Topic
page-group = Consumer group
page-brokers = Brokers and their read queues
page-broker-name = Broker name
page-read-queues = Read queues
page-add-broker = Add broker
page-remove = Remove
# The remove button's accessible name: $broker is the broker's name.
page-remove-broker = Remove { $broker }
page-message-model = Message model
page-client-ids = Consumer instances: one clientId per line
page-client-ids-hint = A repeated line is another process reporting the same clientId.
page-clients-tool-output = This is mqadmin or dashboard output, not one clientId per line.
page-read-as-import = Read it as cluster output
page-strategy = Allocation strategy
page-virtual-nodes = Virtual nodes per instance
page-idcs = Consumer IDCs (machine rooms this group serves)
page-idcs-hint = Comma separated, e.g. IDC1, IDC2; brokers are named IDC1@broker-a.
page-inner = Inner strategy
page-separator = Room separator
page-rebalance = Who runs the strategy
page-by-client = Each client (classic)
page-by-broker-pull = The broker, PULL (5.x)
page-by-broker-pop = The broker, POP (5.x)
page-pop-share = popShareQueueNum
page-config-lists = Configured queues of each instance
page-config-hint = broker-a:0, broker-a:1 — empty means setMessageQueueList was never called.
page-builder = ClientId builder
page-views-title = Per instance: client, strategy, view
page-import-title = Bring your cluster's output
# A CONFIG list that is not brokerName:queueId; $text as typed.
# Under a field whose value is wrong, after what is wrong.
page-kept-previous = The picture still shows the last valid value.

## The summary.

# The one line a newcomer reads first: $counts is page-headline-counts, $details the parts below joined by
# page-headline-separator.
page-headline = { $counts }: { $details }
page-headline-counts =
    { $instances ->
        [one] { $instances } consumer instance
       *[other] { $instances } consumer instances
    }, { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }
page-headline-starved =
    { $count ->
        [one] { $count } queue has
       *[other] { $count } queues have
    } no consumer
page-headline-overlapped =
    { $count ->
        [one] { $count } is
       *[other] { $count } are
    } consumed more than once
page-headline-shared =
    { $count ->
        [one] { $count } is
       *[other] { $count } are
    } shared by design
page-headline-healthy = every queue has exactly one consumer
# The group's consumeEnable is false: whoever holds a queue, every pull of it is refused.
page-headline-disabled = nothing is consumed: the group's consumeEnable is false, so every pull gets NO_PERMISSION
page-headline-separator = {", "}
# The headline while an import gave no connection list: $queues queues, and what to paste to know who consumes
# them; $group is the group's name (or page-any-group).
page-headline-unknown =
    { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }: the instances are unknown: paste `mqadmin consumerConnection -g { $group }` too
# $topic: the topic's name for a command (page-any-topic when no input named it).
page-headline-queues-unknown =
    { $instances ->
        [one] { $instances } consumer instance
       *[other] { $instances } consumer instances
    }; the queues are unknown: paste `mqadmin topicRoute -t { $topic }` too
# Stands for the group's name in a command, when no input named it.
page-any-group = <group>
# Stands for the topic's name in a command, when no input named it.
page-any-topic = <topic>
# A number the page does not know (the instances, while no connection list was read).
page-unknown = unknown
page-instances = Instances
page-distinct-ids = Distinct clientIds
page-queues-short = Queues
page-starved = No consumer
page-overlapped = Consumed more than once
page-per-instance = Queues per instance

## The picture: the legend, the queue strip, the grid.

page-queues = Queues and who consumes them
page-scenario-shown = Scenario: { $name }
page-scenario-yours = your scenario
page-cid-all-note = cidAll: the group's clientIds, sorted, as the broker hands them to every instance. An instance's index in that list decides which queues it takes, so two instances with the same clientId get the same index.
page-legend = Legend
page-legend-single = one consumer (colour = instance)
page-legend-starved = no consumer: messages pile up
page-legend-overlap = ×N, orange: N consumers pull it, so messages are consumed more than once
page-legend-shared = ⇆N, grey: N consumers share it by design (broadcast, POP)
page-legend-blocks = 64: a block of 64 queues in a row with one consumer each, in its owner's colour, multicoloured if several; starved and overlapped queues keep their own cells
page-legend-unknown = ?, grey: who consumes it is unknown until a connection list (mqadmin consumerConnection) is read
# A compact strip's cell: $queue is brokerName:queueId, $state one of the page-legend-* words.
page-queue-cell = { $queue }: { $state }
# A broker's name in the strip is followed by how many queues it has.
page-queue-count =
    { $count ->
        [one] { $count } queue
       *[other] { $count } queues
    }
page-detail-idle = Point at or focus a queue to see what happens to it.
page-detail-idle-touch = Tap a queue to see what happens to it.
# What happens to one queue: $queue is brokerName:queueId, $names its consumers (a list), $count how many.
page-queue-starved = { $queue }: no instance consumes it; its messages pile up.
page-queue-single = { $queue }: consumed by { $names } only.
# The group's consumeEnable is false: $names hold the queue but every pull is refused.
page-queue-disabled = { $queue }: held by { $names }, but consumed by nobody: the group's consumeEnable is false, so every pull gets NO_PERMISSION and its messages pile up.
page-queue-overlapped = { $queue }: consumed by { $count } instances ({ $names }); each message is consumed more than once.
page-queue-shared = { $queue }: shared by { $count } instances by design ({ $names }).
page-queue-unknown = { $queue }: who consumes it is unknown: no connection list was read.
# A queue's story ($detail) where an import read every instance's own report of its queues: its consumers are
# what the clients hold.
page-queue-reported = { $detail } As the clients' own reports say, not computed.
# A queue's story ($detail) where some instances reported their queues and not all: its consumers are
# computed, for the instances that could hold it did not all report.
# The legend, where an import read every instance's own report of its queues.
page-legend-held = Every instance reported what it holds: the marks are what the clients hold, not computed
# The legend, where some instances reported their queues and not all: a dashed outline.
page-legend-held-partly = dashed outline: computed, for not every instance reported what it holds; the others are what the clients hold
page-queue-computed = { $detail } Computed: not every instance reported what it holds.
# One block of the compact strip: queues $first (brokerName:queueId) to $last (a queueId), $count of them,
# each with one consumer, $names those consumers (a list).
page-single-run =
    { $first }–{ $last }: { $count ->
        [one] { $count } queue
       *[other] { $count } queues
    }, each consumed by exactly one instance ({ $names }).
page-strip-drawing =
    Drawing { $count ->
        [one] { $count } more cell
       *[other] { $count } more cells
    }…
page-assignment = Assignment: one row per instance
page-grid-hint = Click a row, or focus it and press Enter, to see how its queues were computed.
page-big-grid =
    { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    } × { $rows ->
        [one] { $rows } row
       *[other] { $rows } rows
    } are too many for one cell each: every row lists its queues instead.
page-no-queues = no queues
page-more-instances =
    { $count ->
        [one] { $count } more instance
       *[other] { $count } more instances
    } not drawn; the queue strip above still shows every queue.
# After a clientId that several instances share: copy $ordinal of $copies.
page-copy-of = (#{ $ordinal } of { $copies })

## The findings.

page-diagnosis = Diagnosis
page-fix = Fix:

## Notices: what the opening link or this browser's storage got wrong, and news.

page-link-problems = Some parts of the link could not be used:
page-dismiss = Dismiss
page-updated = The playground was updated since your last visit.
page-state-corrupt = The shared state in this link is damaged or cut short; showing the default scenario instead.
page-state-future-version = This link was made by a newer playground (state version { $version }); showing the default scenario instead.
# $why: what serde said, as it said it.
page-state-invalid = The shared state in this link is not a valid scenario ({ $why }); showing the default scenario instead.
page-state-too-large = The shared scenario is larger than the playground handles; showing the default scenario instead.
page-state-too-long = This link's shared state is too long to read ({ $length } characters; { $max } at most); showing the default scenario instead.
page-storage-notice = A setting saved in this browser ("{ $text }") could not be read; it was ignored and cleared.
page-panic = The playground hit an internal error and stopped.

## Parts of the page fetched when first needed.

page-part-loading = Loading this part of the playground…
# $part is one of the page-part-* names below.
page-part-failed = Could not load { $part }: the connection to the site may be gone. The rest of the playground still works.
page-retry = Try again
page-part-tour = this view
page-part-lessons = the lessons
page-part-editor = this editor
page-part-import = the import panel
page-part-explain = the explanation

## The explain and share panels.

# The explain panel's heading, before the instance's name.
page-explain-title = How this instance computed its queues:{" "}
page-close = Close
page-link-label = Link to exactly this view
page-copied = Copied to the clipboard.
page-copy-by-hand = Copy the link from this field.
page-copy-snippet-by-hand = Copy the snippet from this field.
page-embed-label = Paste this into a web page:
page-link-too-long = This scenario is too big for a link: its state would be { $length } characters long, and links over { $max } characters cannot be opened again, so no link was made. Save it as a scenario file instead; "Load a scenario file" in the Export tab opens it.

## The per-instance views editor.

page-views-hint = Per instance: the client library it runs (every client sorts and allocates with its own code), its own strategy (a rolling deploy that changed it), and its own view, as a real client can have for a while: the cidAll of the broker it asked (leave out a member whose heartbeat has not reached it yet), the route it holds (a broker missing, fewer queues), or no subscription to this topic. Blank: the group's own list.
# $cids: the group's clientIds (a list); $route: the topic's brokers and queue counts.
page-views-truth = The group's cidAll: { $cids }. The topic's route: { $route }.
page-views-cids = cidAll it sees (blank: the group's)
page-views-route = Route it holds (blank: the topic's), e.g. broker-a:8
page-views-client = Client it runs
page-views-own-strategy = Its strategy
page-client-java5 = Java 5.x (remoting)
page-client-java49 = Java 4.9
page-client-java47 = Java 4.7 and older
page-client-go = Go (rocketmq-client-go v2)
page-client-cpp = C++ / Python (AVG only)
page-client-grpc = 5.x gRPC (the proxy assigns)
# The first choice of an instance's strategy: the group's, $strategy.
page-group-strategy-option = The group's ({ $strategy })
# Under a C++ instance in a group that runs another strategy.
page-only-avg = The { $client } client has only AVG: this instance computes AVG, not { $group }.
page-subscribes-to = Subscribes to { $topic }
page-misses-newest = Has not seen { $newest } yet
page-views-rows-limit = Only the first { $rows } instances can be edited here; the others keep the views their link or file gave them.

## The clientId builder.

page-builder-intro = Describe how your processes run and see the clientId each would report.
page-builder-count = Instances
page-builder-host-ip = Host IP (first host; the next hosts count up)
page-builder-pid = PID inside the container
page-builder-instance-name = instanceName
page-builder-unit-name = unitName (optional)
page-builder-version = Java client version
page-builder-would-report = They would report:
page-builder-use-these-ids = Use these clientIds
page-builder-docker-button = Docker host network, 4.7.1, 3 containers, PID 9
page-builder-library = Client library
# $library: java, go, cpp or grpc.
page-builder-library-name =
    { $library ->
        [go] Go v2 (rocketmq-client-go)
        [cpp] C++ / Python (rocketmq-client-cpp)
        [grpc] gRPC 5.x (rocketmq-clients)
       *[java] Java
    }
page-builder-network = Network of each container
# $network: the network's code (reported_id::Network::code).
page-builder-network-name =
    { $network ->
        [host-eth0-first] --network host, eth0 listed first
        [bridge] Bridge network: the container's own IP
        [ipv6-only] No IPv4 interface (IPv6 only)
       *[host-docker0-first] --network host, docker0 listed first
    }
page-builder-host-name = Host name (the same in every process)
page-builder-index = Client index in the process (0: its first client)
page-builder-bad-ip = "{ $text }" is not an IPv4 address such as 10.0.0.12.
page-builder-all-distinct =
    { $processes ->
        [one] { $processes } process, { $processes } distinct clientId.
       *[other] { $processes } processes, { $processes } distinct clientIds.
    }
page-builder-shared =
    { $processes } processes, only { $distinct ->
        [one] { $distinct } distinct clientId
       *[other] { $distinct } distinct clientIds
    }: processes sharing one compute the same queues.
page-builder-why-java47 = Up to 4.8 a Java client names itself after its PID and takes the first IPv4 that does not start with 127.0 or 192.168: docker0's 172.17.0.1 when docker0 is listed first, the same on every host.
page-builder-why-java49 = From 4.9.0 a Java client skips bridges such as docker0 and appends #nanoTime to the PID, but only while instanceName is DEFAULT: a name set by hand is used as it is.
page-builder-why-go = Go clients keep IP@PID: the #nanoTime suffix of Java 4.9+ never takes effect. The IP is the first IPv4 of the first interface that is up and not loopback, docker0 too when it is listed first; with no IPv4 the id starts with @.
page-builder-why-cpp = C++ and Python clients report IP@PID#instanceName, the IP from resolving the host name (IPv6 too): processes whose host names resolve alike and whose PIDs are equal share one clientId.
page-builder-why-grpc = 5.x gRPC clients report hostname@pid@index@nanoTime (in base 36): the start time keeps them apart even with the same host name and PID. They allocate nothing themselves: the proxy assigns.
# The status line of the first screen the build put into the page, while the page's code (wasm) is on its way,
# then once it has taken over.
page-first-screen-waiting = This is the default group, drawn before the page's code arrived: the editors can be used once it has loaded.
page-first-screen-ready = The playground has loaded: the editors can be used.
page-first-screen-embed-waiting = This is the default group, drawn before the page's code arrived: its controls work once it has loaded.
page-first-screen-embed-ready = The playground has loaded: its controls can be used.

## The group's config on the brokers (SubscriptionGroupConfig) and its retry topic.
page-group-config = Group config on the brokers
page-group-config-hint = What mqadmin updateSubGroup sets and getConsumerConfig prints, the same on every broker here.
page-consume-enable = consumeEnable: consumption allowed
page-notify-ids-changed = notifyConsumerIdsChangedEnable: tell members when one joins or leaves
page-consume-orderly = consumeMessageOrderly: FIFO for 5.x gRPC clients
page-retry-queue-nums = retryQueueNums: retry queues per broker
# $holders: each retry queue with who holds it (page-retry-queue), listed.
page-retry-topic = Retry topic { $topic } ({ $per-broker } per broker): { $holders }
# The brokers' copies of the config differ: $each lists each broker with its retryQueueNums.
page-retry-topic-each = Retry topic { $topic } (retry queues per broker: { $each }): { $holders }
page-retry-queue = { $queue } → { $ids }
# The retry line, then the sentence on how many instances can get retries (the design, told here).
page-retry-with-slots = { $line }. { $slots }
page-retry-nobody = nobody
