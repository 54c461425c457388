## The live reader: what one read could not reach (live::read::Missing), what changed between two reads
## (live::watch::Change), and what `rebalance diagnose --namesrv` says of the read.

# Said where a list would be empty.
live-none = none
live-nobody = nobody
# A group or topic no answer named.
live-unknown = ?

## What one read could not read. $problem: what went wrong with the request (live-request-failed).

live-missing-no-name-server = no name server given
# $problems: what each name server answered, joined by live-problem-separator.
live-missing-no-name-server-answered = no name server gave an answer that could be read ({ $problems }): nothing could be read
live-problem-separator = {"; "}
live-missing-brokers = the brokers: { $problem }
live-missing-connections = the connections: { $problem }
# $brokers: the brokers that said so, as a list.
live-missing-not-online = no consumer of { $group } is online ({ $brokers } said CONSUMER_NOT_ONLINE)
# $body: the start of what the server answered.
live-missing-not-a-consumer-list = GET_CONSUMER_LIST_BY_GROUP (38) to { $server }: an answer body that is not {"{"}"consumerIdList":[...]{"}"}: { $body }
live-missing-cid-all = cidAll: { $problem }
live-missing-not-a-connection = GET_CONSUMER_CONNECTION_LIST (203) to { $server }: an answer body that is not a ConsumerConnection
live-missing-topic = the topic: no consumer is online to say what the group subscribes; name it with --topic
live-missing-route = the route of { $topic }: { $problem }
live-missing-lag = the lag of { $broker }'s queues: { $problem }
live-missing-consumers-of = who consumes { $topic }: { $problem }
live-missing-holdings = what { $client-id } holds: { $problem }
live-missing-not-asked = what { $client-id } holds: not asked at this read, after { $failures ->
    [one] a failed ask
   *[other] { $failures } failed asks in a row
} (asked again after a pause: a broker may close the session of a client that does not answer in time)

## What went wrong with one request to a server (live::remoting), in the cannot-read lines. $request: the
## request's code name, number and subject (GET_ROUTEINFO_BY_TOPIC (105) orders); $server: HOST:PORT;
## $why: a live-io-* message.

live-request-failed = { $request } to { $server }: { $problem }
live-problem-resolve = the address does not name a host and port
live-problem-connect = cannot connect ({ $why })
live-problem-send = cannot send the request ({ $why })
live-problem-read = cannot read the answer ({ $why })
# $bytes: live-bytes or live-bytes-of.
live-problem-timed-out = no whole answer in time ({ $bytes } of the answer had come)
live-problem-closed = the server closed the connection after { $bytes } of the answer
live-bytes = { $got ->
        [one] { $got } byte
       *[other] { $got } bytes
    }
live-bytes-of = { $got } of { $expected ->
        [one] { $expected } byte
       *[other] { $expected } bytes
    }
# $why: a live-frame-* message.
live-problem-frame = the answer is not a RocketMQ frame: { $why }
live-problem-other-opaque = an answer to another request (opaque { $got }, this one is { $expected })
# $code: the server's response code by name (SYSTEM_ERROR, TOPIC_NOT_EXIST, ...); $remark: the server's own words.
live-problem-refused = refused: { $code }
live-problem-refused-remark = refused: { $code } ({ $remark })
live-problem-only-requests = { $count ->
        [one] { $count } request
       *[other] { $count } requests
    } from the server and no answer
live-io-refused = connection refused
live-io-reset = the connection was reset
live-io-aborted = the connection was aborted
live-io-timed-out = timed out
live-io-unreachable = the host or its network cannot be reached
live-io-closed = the connection was closed
live-io-in-use = the address is in use
live-io-not-available = the address is not available on this machine
# $code: the system's error number.
live-io-other = system error { $code }
live-frame-bad-length = a frame length of { $length } bytes (the limit is { $limit })
live-frame-header-past-frame = a header of { $header } bytes in a frame of { $frame }
live-frame-unknown-serialize = an unknown header type { $kind } (0 is JSON, 1 ROCKETMQ)
# $why: a live-header-* message.
live-frame-bad-header = a header that cannot be read: { $why }
live-header-not-json = not JSON
live-header-not-an-object = JSON, but not an object
# $field: the field's name on the wire (code, opaque, remarkLength, ...).
live-header-not-a-number = { $field } is not a 32-bit number
live-header-missing = no { $field }
live-header-past-end = { $field } ({ $length } bytes) runs past the header's { $size } bytes
live-header-negative-length = { $field } has a negative length { $length }
live-header-not-utf8 = { $field } is not UTF-8

## What changed between two reads (`rebalance watch`). Lists of queues and clientIds are joined as the
## language joins a list.

live-change-start =
    { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    }, { $queues ->
        [one] { $queues } queue
       *[other] { $queues } queues
    }; starved: { $starved }; overlapped: { $overlapped }
live-change-joined = { $client-id } joined
live-change-left = { $client-id } left
live-change-shared = { $client-id } is now shared by { $connections } connections
live-change-unshared = { $client-id } is no longer shared
live-change-reconnected = { $client-id } now connects from { $to } (was { $from }): a restart, or two processes taking turns with one clientId on a broker that keeps one connection per clientId
live-change-queue-added = queue { $queue } appeared
live-change-queue-removed = queue { $queue } is gone
live-change-moved = queue { $queue } moved: { $from } -> { $to }
live-change-starved = queue { $queue } STARVED: no instance computes it
live-change-starved-lag = queue { $queue } STARVED: no instance computes it (lag { $lag })
live-change-starved-held = queue { $queue } STARVED: no instance holds it (every instance's running info read)
live-change-starved-held-lag = queue { $queue } STARVED: no instance holds it (every instance's running info read; lag { $lag })
live-change-fed = queue { $queue } has a consumer again
live-change-overlapped = queue { $queue } OVERLAPPED: { $consumers }
live-change-no-longer-overlapped = queue { $queue } is no longer overlapped
# $status, $was: OK, WARN, STALL or STOP; $growth has its sign (+12, -3); $seconds: the window, whole seconds.
live-change-lag = queue { $queue } lag { $status } (lag { $lag }, { $growth } over { $seconds } s)
live-change-lag-was = queue { $queue } lag { $status } (was { $was }) (lag { $lag }, { $growth } over { $seconds } s)
# $what: a live-missing-* message.
live-change-missing = cannot read: { $what }
# $what: a live-part-* message.
live-change-recovered = can read again: { $what }
live-change-online-again = { $group } has a consumer online again

## The part of a read, when it can be read again.

live-part-name-servers = the name servers
live-part-brokers = the brokers
live-part-connections = the connections
live-part-consumer-list = GET_CONSUMER_LIST_BY_GROUP (38) to { $server }
live-part-connection-list = GET_CONSUMER_CONNECTION_LIST (203) to { $server }
live-part-cid-all = cidAll
live-part-topic = the topic
live-part-route = the route of { $topic }
live-part-lag = the lag of { $broker }'s queues
live-part-consumers-of = who consumes { $topic }
live-part-holdings = what { $client-id } holds

## `rebalance diagnose --namesrv`: where the read went, what it missed and what the wire cannot show.

live-read =
    live: group { $group }, topic { $topic }: { $answered } of { $asked ->
        [one] { $asked } request
       *[other] { $asked } requests
    } answered
live-cid-all = cidAll (GET_CONSUMER_LIST_BY_GROUP): { $ids }
live-groups-of-topic = groups consuming { $topic }: { $groups }
live-failed = failed: { $problem }
live-missing = missing: { $what }
live-cannot-show = cannot show: { $what }
# $extra: queues it holds but is not computed to; $lacking: queues computed to it that it does not hold.
live-disagreeing = { $client-id } holds other queues than computed: holds { $extra } not computed to it; computed { $lacking } it does not hold
# $queues: live-queue-seconds, one per queue, as a list.
live-since-consumed = since the last consumed message: { $queues }
live-queue-seconds = { $queue } { $seconds } s
# $others: the connections of the clientId that were not asked.
live-unasked-copies =
    { $client-id } is reported by { $connections } connections; GET_CONSUMER_RUNNING_INFO reaches one of them only (a Java broker asks the first), so what the other { $others ->
        [one] { $others } holds
       *[other] { $others } hold
    } is not on the wire: their queues are computed, not observed
live-fewer-client-ids =
    GET_CONSUMER_LIST_BY_GROUP lists { $client-ids ->
        [one] { $client-ids } clientId
       *[other] { $client-ids } clientIds
    } and GET_CONSUMER_CONNECTION_LIST { $connections ->
        [one] { $connections } connection
       *[other] { $connections } connections
    }: the broker keeps one of each shared clientId (rocketmq-rust does) or the group changed between the requests
