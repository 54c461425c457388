## 重平衡时间线（crate::timeline，`rebalance timeline`）：成员加入、离开、被杀、主机失联或队列数变化之后，
## 组内各队列随时间的情况。$at 与 $seconds 是已写好的秒数（0.005、0.8、12）。

timeline-consumption-concurrent = 并发
timeline-consumption-orderly = 顺序
timeline-notify-on = 开
timeline-notify-off = 关

# 成员为何重新计算（下面各步骤中的 $why）。
timeline-wake-tick = 定时重平衡
timeline-wake-notify = 收到通知
timeline-wake-start = 启动后的第一次重平衡
timeline-wake-retry = 加锁被拒后的重试

## 队列经历中的一步。

timeline-step-dropped = { $at } 秒：{ $member } 放弃该队列（{ $why }）
timeline-step-added = { $at } 秒：{ $member } 接手该队列（{ $why }）
timeline-step-first-pull = { $at } 秒：{ $member } 开始拉取
timeline-step-lock-refused = { $at } 秒：Broker 拒绝给 { $member } 加锁（{ $why }）
timeline-step-unlocked = { $at } 秒：{ $member } 释放锁
timeline-step-lock-expired = { $at } 秒：{ $member } 的锁过期
timeline-step-left = { $at } 秒：{ $member } 正常关闭
timeline-step-killed = { $at } 秒：{ $member } 进程被杀
timeline-step-frozen = { $at } 秒：{ $member } 所在主机失联
timeline-step-removed = { $at } 秒：Broker 的扫描把 { $member } 移出 cidAll
timeline-step-born = { $at } 秒：该队列出现在路由中
timeline-step-gone = { $at } 秒：该队列从路由中移除

## `rebalance timeline` 的表格。

# $consumption：某条 timeline-consumption-* 消息；$notify：某条 timeline-notify-* 消息。
timeline-cli-heading = { $topic }：{ $queues } 个队列，{ $members } 个成员，{ $consumption }消费，通知{ $notify }，模拟 { $seconds } 秒
timeline-cli-queue = 队列
timeline-cli-pause = 暂停（秒）
timeline-cli-double-pull = 重复拉取（秒）
timeline-cli-duplicates = 重复消费
timeline-cli-backlog = 积压峰值
timeline-cli-drain = 消化（秒）
timeline-cli-never = 追不上
# 时间线结束时仍在持续的暂停。
timeline-cli-open = { $seconds }+
timeline-cli-story = 每个发生迁移的队列的经过：
timeline-cli-story-queue = 队列 { $queue }：
timeline-cli-totals = { $queues } 个队列中有 { $moved } 个迁移；{ $delayed } 条消息等待，最长暂停 { $longest } 秒；预计重复投递 { $duplicates } 条；{ $doubled } 个队列被重复拉取，共 { $double } 秒。
# $rules：TIMING.md 的规则编号，已连接好。
timeline-cli-inferred = 这些数字依赖 TIMING.md 标为 [inference]（推断）的规则：{ $rules }。

## SVG 图。

timeline-svg-title = { $topic }：{ $seconds } 秒内谁在拉取各队列
timeline-svg-pause = 无人拉取
timeline-svg-double-pull = 两个成员同时拉取
timeline-svg-seconds = { $seconds } 秒
