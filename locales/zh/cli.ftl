## 命令行自己的话：参数错误、退出码（--fail-on）、`watch` 如何结束、exporter 的页面。

cli-fail-on-unknown = --fail-on：“{ $word }”不是一种发现；可用的有 { $kinds }
cli-fail-on-found = 发现 { $kinds }（--fail-on）：退出码 3
cli-duration-bad = { $flag } { $text }：应为时长，例如 500ms、5s 或 2m
cli-timeout-range = { $flag } { $text }：应大于 0 且不超过 600s
cli-read-incomplete = 未能完整读取 { $group }（{ $asked } 个请求中 { $answered } 个有应答）：以上诊断只基于读到的内容
cli-watch-gave-up = 连续 { $reads } 次读取都没能读到 { $group }：停止（--max-failures { $max }）
cli-watch-never-read = { $duration } 内没有一次读取读到 { $group }
cli-cannot-write = 无法写入标准输出：{ $problem }

## exporter 在 / 的页面，以及对其他路径的回答。

cli-exporter-title = rebalance exporter
cli-exporter-about = RocketMQ 消费组的队列分配，按客户端的算法诊断，以 Prometheus 指标（OpenMetrics 文本）提供。每个消费组每 { $every } 读取一次，与抓取频率无关。
cli-exporter-metrics = 指标
cli-exporter-groups = 读取的消费组
cli-exporter-version = 版本 { $version }
cli-exporter-not-found = rebalance exporter：指标在 /metrics
cli-exporter-first-read = 第一次读取尚未完成
cli-exporter-cannot-read = { $group }：无法读取：{ $text }
cli-exporter-read-again = { $group }：又能完整读取了
cli-exporter-cannot-discover = 无法找到集群的消费组：{ $text }
cli-exporter-discovered-again = 又能找到集群的消费组了
cli-exporter-shard-bad = --shard { $text }：应为 I/N，且 0 <= I < N，例如 0/2 和 1/2
cli-exporter-all-groups = 集群的所有消费组（分片 { $shard }）
cli-exporter-serving = 正在提供 { $address }
cli-exporter-cannot-listen = 无法在 { $address } 上监听（{ $why }）

## The tables of `allocate` and `diagnose`.

cli-headline = Topic { $topic }，{ $queues } 个队列；消费组 { $group }，{ $instances } 个实例（{ $distinct } 个不同的 clientId）；{ $strategy }
cli-strategy = 策略 { $name }
cli-none = （无）
cli-constructor-threw = （构造函数抛出了异常）
cli-column-instance = 实例
cli-column-slot = 槽位
cli-column-queues = 队列
cli-column-queue = 队列
cli-column-consumers = 消费者数
cli-mark-starved = 无人消费
cli-mark-overlapped = 重复消费
cli-mark-shared = 按设计共享
cli-copy-of = { $id }（同一 clientId 的 { $copies } 个实例中的第 { $n } 个）
cli-instance-error = 错误：{ $error }
cli-no-answer = Broker 没有应答
cli-lang-unknown = --lang { $text }：没有这种语言的文字；可用的语言有 { $languages }
cli-cannot-read-file = 无法读取 { $file }：{ $problem }
cli-namesrv-needed = 需要 --namesrv：要观察的集群的 NameServer 地址
cli-cannot-write-file = 无法写入 { $file }：{ $problem }
cli-picture-both-stdout = --svg - 和 --png - 不能同时写到标准输出
cli-picture-scale = --scale { $scale } 不在 1 到 8 之间

## `rebalance scan`：集群的每个消费组一行（危害最大的在前）。
cli-scan-headline = { $groups } 个消费组（略去 RocketMQ 自身的 { $left-out } 个）；{ $rows } 行，其中 { $unread } 行未能完整读取；共 { $requests } 次请求
cli-scan-column-group = 消费组
cli-scan-column-topic = 主题
cli-scan-column-instances = 实例
cli-scan-column-starved = 无人消费
cli-scan-column-overlapped = 重复消费
cli-scan-column-shared = 重复 clientId
cli-scan-column-disagreeing = 不一致
cli-scan-column-stalled = 停滞
cli-scan-column-lag = 堆积
cli-scan-column-read = 读取
cli-scan-offline = 没有在线的消费者
cli-scan-cannot-read = 无法读取：{ $why }

## watch --record 与 rebalance history。

cli-record-max-bad = --record-max { $text }：应为大小，如 64MiB、512KiB 或 100000（字节）
cli-record-cannot-write = 无法写入记录 { $file }：{ $problem }
cli-history-cannot-read = { $file }：无法读取：{ $problem }
cli-history-bad-line = { $file }:{ $line }：不是记录中的一行（{ $problem }）；其余各行照常读取
cli-history-empty = 记录中没有任何一次读取
cli-history-none-shown = 这份记录中没有任何一次读取读到该组（watch 当时无法读取）：谁消费了什么不得而知，下面没有任何内容表示该组健康。
cli-history-partly-shown = 这份记录中有 { $unread } 次读取没有读到该组（watch 当时无法读取）：那段时间发生了什么不得而知。
cli-history-unknown = 不得而知：没有任何一次读取读到该组
cli-history-headline = 从 { $from } 到 { $to } UTC（{ $span } 秒）共 { $reads } 次读取，其中 { $shown } 次读到了该组；{ $rebalances } 次重平衡
cli-history-hours = 每小时的重平衡（UTC）：
cli-history-hour = { $hour }  { $reads } 次读取中 { $rebalances } 次
cli-history-churn = 加入与离开最多的实例：
cli-history-churn-row = { $client-id }：加入 { $joined } 次，离开 { $left } 次，从另一地址重连 { $reconnected } 次
cli-history-churn-none = 没有实例加入、离开或重连
cli-history-moved = 变动最多的队列：
cli-history-moved-row = { $queue }：变动 { $moves } 次
cli-history-moved-none = 没有队列变动
cli-history-spells = 无人消费、两个以上消费者、STALL 或 STOP 的时段：
cli-history-spells-none = 无
cli-history-spell = { $queue } { $what }：{ $from } 至 { $to }（{ $seconds } 秒）
cli-history-spell-ongoing = { $queue } { $what }：{ $from } 至最后一次读取 { $to }，仍未结束（{ $seconds } 秒）
cli-history-kind-no-consumer = 无人消费
cli-history-kind-overlapped = 两个以上消费者
cli-history-rules = 规则：
cli-history-rule-rebalance = 某次读取中各队列的消费者与上一次读取不同，即为一次重平衡
cli-history-rule-churn = 两次读取之间，某 clientId 出现、消失，或其唯一连接来自另一地址，即计为该实例的一次变动
cli-history-rule-moved = 队列的消费者与上一次读取不同，即为一次变动
cli-history-rule-spell = 时段从第一次显示该情况的读取开始，到第一次不再显示的读取为止；消费者取客户端自报的持有情况，未报告的则取计算结果
cli-history-rule-lag = STALL 与 STOP 取自 watch 自身的积压判断（在其窗口内按 Burrow 的规则），逐次读取
cli-history-rule-unread = 未读到该组（其实例与队列）的读取被跳过：其未能看到的部分视为未变
