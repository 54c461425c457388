## 命令行自己的话：参数错误、退出码（--fail-on）、`watch` 如何结束、exporter 的页面。

cli-fail-on-unknown = --fail-on：“{ $word }”不是一种发现；可用的有 { $kinds }
cli-fail-on-found = 发现 { $kinds }（--fail-on）：退出码 3
cli-duration-bad = { $flag } { $text }：应为时长，例如 500ms、5s 或 2m
cli-timeout-range = --timeout { $text }：应大于 0 且不超过 600s
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
