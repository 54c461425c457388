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
