## 实时读取：一次读取没能读到的内容（live::read::Missing）、两次读取之间的变化（live::watch::Change），以及
## `rebalance diagnose --namesrv` 对这次读取的说明。

live-none = 无
live-nobody = 无人
live-unknown = ?

## 一次读取没能读到的内容。$problem：请求出了什么错（live-request-failed）。

live-missing-no-name-server = 没有给出 NameServer
live-missing-no-name-server-answered = 没有 NameServer 给出可读的应答（{ $problems }）：什么也读不到
live-problem-separator = ；
live-missing-brokers = Broker 列表：{ $problem }
live-missing-connections = 连接列表：{ $problem }
live-missing-not-online = { $group } 没有在线的消费者（{ $brokers } 回答 CONSUMER_NOT_ONLINE）
live-missing-not-a-consumer-list = 发往 { $server } 的 GET_CONSUMER_LIST_BY_GROUP (38)：应答体不是 {"{"}"consumerIdList":[...]{"}"}：{ $body }
live-missing-cid-all = cidAll：{ $problem }
live-missing-not-a-connection = 发往 { $server } 的 GET_CONSUMER_CONNECTION_LIST (203)：应答体不是 ConsumerConnection
live-missing-topic = Topic：没有在线的消费者能说明该组订阅了什么；请用 --topic 指定
live-missing-route = { $topic } 的路由：{ $problem }
live-missing-lag = { $broker } 各队列的堆积：{ $problem }
live-missing-consumers-of = 谁在消费 { $topic }：{ $problem }
live-missing-holdings = { $client-id } 持有的队列：{ $problem }
live-missing-not-asked = { $client-id } 持有的队列：本次读取未询问（此前连续 { $failures } 次询问失败，暂停一段时间后再问：客户端未及时应答时，Broker 可能关闭它的会话）

## 向服务器发出的一个请求出了什么错（live::remoting），用在“无法读取”的行里。$request：请求的代码名、编号和对象
## （GET_ROUTEINFO_BY_TOPIC (105) orders）；$server：HOST:PORT；$why：一条 live-io-* 消息。

live-request-failed = { $request }（发往 { $server }）：{ $problem }
live-problem-resolve = 该地址不是有效的主机和端口
live-problem-connect = 无法连接（{ $why }）
live-problem-send = 无法发送请求（{ $why }）
live-problem-read = 无法读取应答（{ $why }）
live-problem-timed-out = 未在时限内收到完整应答（已收到 { $bytes }）
live-problem-closed = 服务器在应答收到 { $bytes } 时关闭了连接
live-bytes = { $got } 字节
live-bytes-of = { $got } / { $expected } 字节
live-problem-frame = 应答不是 RocketMQ 帧：{ $why }
live-problem-other-opaque = 收到的是另一个请求的应答（opaque 为 { $got }，本请求为 { $expected }）
live-problem-refused = 被拒绝：{ $code }
live-problem-refused-remark = 被拒绝：{ $code }（{ $remark }）
live-problem-only-requests = 服务器发来 { $count } 个请求，却没有应答
live-io-refused = 连接被拒绝
live-io-reset = 连接被重置
live-io-aborted = 连接被中止
live-io-timed-out = 超时
live-io-unreachable = 主机或其网络不可达
live-io-closed = 连接已关闭
live-io-in-use = 该地址已被占用
live-io-not-available = 该地址在本机不可用
live-io-other = 系统错误 { $code }
live-frame-bad-length = 帧长度为 { $length } 字节（上限为 { $limit }）
live-frame-header-past-frame = 头部有 { $header } 字节，而整帧只有 { $frame } 字节
live-frame-unknown-serialize = 未知的头部类型 { $kind }（0 为 JSON，1 为 ROCKETMQ）
live-frame-bad-header = 无法读取的头部：{ $why }
live-header-not-json = 不是 JSON
live-header-not-an-object = 是 JSON，但不是对象
live-header-not-a-number = { $field } 不是 32 位整数
live-header-missing = 缺少 { $field }
live-header-past-end = { $field }（{ $length } 字节）超出了头部的 { $size } 字节
live-header-negative-length = { $field } 的长度为负数 { $length }
live-header-not-utf8 = { $field } 不是 UTF-8

## 两次读取之间的变化（`rebalance watch`）。

live-change-start = { $instances } 个实例，{ $queues } 个队列；无人消费：{ $starved }；重复消费：{ $overlapped }
live-change-joined = { $client-id } 加入
live-change-left = { $client-id } 离开
live-change-shared = { $client-id } 现在被 { $connections } 个连接共用
live-change-unshared = { $client-id } 不再被共用
live-change-reconnected = { $client-id } 现在从 { $to } 连接（之前是 { $from }）：可能是重启，也可能是两个进程用同一个 clientId 轮流连接，而 Broker 对每个 clientId 只保留一个连接
live-change-queue-added = 队列 { $queue } 出现
live-change-queue-removed = 队列 { $queue } 消失
live-change-moved = 队列 { $queue } 的消费者变了：{ $from } -> { $to }
live-change-starved = 队列 { $queue } 无人消费（STARVED）：没有实例算到它
live-change-starved-lag = 队列 { $queue } 无人消费（STARVED）：没有实例算到它（堆积 { $lag }）
live-change-starved-held = 队列 { $queue } 无人消费（STARVED）：没有实例持有它（已读到每个实例的运行信息）
live-change-starved-held-lag = 队列 { $queue } 无人消费（STARVED）：没有实例持有它（已读到每个实例的运行信息；堆积 { $lag }）
live-change-fed = 队列 { $queue } 重新有了消费者
live-change-overlapped = 队列 { $queue } 重复消费（OVERLAPPED）：{ $consumers }
live-change-no-longer-overlapped = 队列 { $queue } 不再被重复消费
live-change-lag = 队列 { $queue } 堆积状态 { $status }（堆积 { $lag }，{ $seconds } 秒内 { $growth }）
live-change-lag-was = 队列 { $queue } 堆积状态 { $status }（之前为 { $was }）（堆积 { $lag }，{ $seconds } 秒内 { $growth }）
live-change-missing = 读不到：{ $what }
live-change-recovered = 又能读到：{ $what }
live-change-online-again = { $group } 又有在线的消费者了

## 又能读到的部分。

live-part-name-servers = NameServer
live-part-brokers = Broker 列表
live-part-connections = 连接列表
live-part-consumer-list = 发往 { $server } 的 GET_CONSUMER_LIST_BY_GROUP (38)
live-part-connection-list = 发往 { $server } 的 GET_CONSUMER_CONNECTION_LIST (203)
live-part-cid-all = cidAll
live-part-topic = Topic
live-part-route = { $topic } 的路由
live-part-lag = { $broker } 各队列的堆积
live-part-consumers-of = 谁在消费 { $topic }
live-part-holdings = { $client-id } 持有的队列

## `rebalance diagnose --namesrv`：读取去了哪里、缺了什么，以及线路上看不出的情况。

live-read = 实时读取：消费组 { $group }，Topic { $topic }：{ $asked } 个请求中 { $answered } 个有应答
live-cid-all = cidAll（GET_CONSUMER_LIST_BY_GROUP）：{ $ids }
live-groups-of-topic = 消费 { $topic } 的消费组：{ $groups }
live-failed = 失败：{ $problem }
live-missing = 缺失：{ $what }
live-cannot-show = 看不出：{ $what }
live-disagreeing = { $client-id } 持有的队列与计算结果不同：持有但没有算到它的有 { $extra }；算到它但没有持有的有 { $lacking }
live-since-consumed = 距上次消费消息：{ $queues }
live-queue-seconds = { $queue } { $seconds } 秒
live-unasked-copies = { $client-id } 被 { $connections } 个连接报告；GET_CONSUMER_RUNNING_INFO 只能到达其中一个（Java Broker 询问第一个），所以另外 { $others } 个持有什么不在线路上：它们的队列是算出来的，不是观测到的
live-fewer-client-ids = GET_CONSUMER_LIST_BY_GROUP 列出 { $client-ids } 个 clientId，GET_CONSUMER_CONNECTION_LIST 列出 { $connections } 个连接：Broker 对每个共用的 clientId 只保留一个（rocketmq-rust 就是这样），或者两次请求之间消费组变了
