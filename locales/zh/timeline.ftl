## 重平衡时间线（crate::timeline，`rebalance timeline`）：成员加入、离开、被杀、主机失联或队列数变化之后，
## 组内各队列随时间的情况。$at 与 $seconds 是已写好的秒数（0.005、0.8、12）。

timeline-consumption-concurrent = 并发
timeline-consumption-orderly = 顺序
timeline-notify-on = 开
timeline-notify-off = 关
timeline-notify-lost = 开，丢失 { $percent }%

# 成员为何重新计算（下面各步骤中的 $why）。
timeline-wake-tick = 定时重平衡
timeline-wake-notify = 收到通知
timeline-wake-start = 启动后的第一次重平衡
timeline-wake-retry = 加锁被拒后的重试

## 队列经历中的一步。

timeline-step-shared = { $step }（该 clientId 的 { $count } 个进程）
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
timeline-step-no-permission = 从 { $at } 秒起：对该队列的每次拉取都得到 NO_PERMISSION（consumeEnable=false），3 秒后重试，无人消费

## `rebalance timeline` 的表格。

# $consumption：某条 timeline-consumption-* 消息；$notify：某条 timeline-notify-* 消息。
timeline-cli-heading = { $topic }：{ $queues } 个队列，{ $members } 个成员，{ $consumption }消费，通知{ $notify }，模拟 { $seconds } 秒
timeline-heading-disabled = { $heading }；consumeEnable 为 false：没有任何消息被消费
timeline-cli-queue = 队列
timeline-cli-pause = 暂停（秒）
timeline-cli-double-pull = 重复拉取（秒）
timeline-cli-duplicates = 重复消费
timeline-cli-backlog = 积压峰值
timeline-cli-drain = 消化（秒）
timeline-cli-at-least = ≥{ $value }
timeline-cli-at-least-note = ≥：变化之前也无人拉取该队列，因此它的暂停与积压开始得比时间线所示更早。
timeline-cli-retry = 重试 Topic { $topic }：作为独立的 Topic 随同样的变化重新分配（TIMING.md D1）；下列数字按主 Topic 的速率计算，而重试消息的速率只等于消费失败的速率：
timeline-cli-never = 追不上
# 消费者跟不上的队列的消化时间（在表格下方对整个组说一次）。
timeline-cli-behind = -
# 时间线结束时仍在持续的暂停。
timeline-cli-open = { $seconds }+
timeline-cli-story = 每个发生迁移的队列的经过：
timeline-cli-story-queue = 队列 { $queue }：
timeline-cli-totals = { $queues } 个队列中有 { $moved } 个迁移；{ $delayed } 条消息等待，最长暂停 { $longest } 秒；预计重复投递 { $duplicates } 条；{ $doubled } 个队列被重复拉取，共 { $double } 秒。
timeline-order-range = 几毫秒之内谁先谁后是随机的（TIMING.md §9：同一时刻的放弃与接手；Java 4.9 或 Go 新成员与它通知的成员）。两种顺序合起来：重复拉取的队列 { $doubled } 个，共 { $double-secs } 秒，重复消费 { $duplicates } 条，最长暂停 { $longest } 秒。
timeline-heartbeat-race = 未计入：队列的新持有者的第一次拉取若先于它携带新订阅的心跳到达 Broker，会被拒绝（SUBSCRIPTION_NOT_LATEST），3 秒后重试，因此该队列的暂停可能再长 3 秒（若那次心跳被跳过，最长 30 秒；TIMING.md A8）。
# 该组的 consumeEnable 为 false（TIMING.md E1）；$seconds：模拟的时长。
timeline-consume-disabled = 该组的 consumeEnable 为 false：每次拉取都得到 NO_PERMISSION，模拟的 { $seconds } 秒内没有任何队列被消费，所有队列全程暂停；重平衡照常进行，交接的队列仍无人消费。
# 结束时跟不上所持队列的成员（$members：其 clientId，已连接好）；$queues：最忙的成员持有的队列数，每个每秒 $rate 条，
# 共 $load 条；$capacity：$threads 个消费线程在每条 $latency 毫秒时每秒能消费的条数。
timeline-behind = { $members } 即使没有重平衡也跟不上：{ $queues } 个队列每个每秒 { $rate } 条，一个实例每秒要消费 { $load } 条，而它的 { $threads } 个消费线程（consumeThreadMin）在每条 { $latency } 毫秒时每秒最多消费 { $capacity } 条。积压永远消化不完。
# 顺序消费时的同一情况：每个队列一次只消费一条。
timeline-behind-orderly = { $members } 即使没有重平衡也跟不上：顺序消费的队列一次只消费一条，每条 { $latency } 毫秒时每秒最多 { $capacity } 条，而每秒到达 { $rate } 条。积压永远消化不完。
# $rules：TIMING.md 的规则编号，已连接好。
timeline-cli-inferred = 这些数字依赖 TIMING.md 标为 [inference]（推断）的规则：{ $rules }。

## SVG 图。

timeline-svg-title = { $topic }：{ $seconds } 秒内谁在拉取各队列
timeline-svg-pause = 无人拉取
timeline-svg-double-pull = 两个成员同时拉取
timeline-svg-break = … 至 { $seconds } 秒
timeline-svg-seconds = { $seconds } 秒

## 页面中“观察重平衡”标签页的时间线（web::app::components::timeline_view）。

timeline-page-title = 同一变化随时间的经过
timeline-page-intro = 变化发生在 0 秒：各成员何时重新计算，各队列在新旧归属之间付出什么代价。成员沿用各自客户端的时序；未指定的定时相位由种子生成。
timeline-page-notify = 通知（notifyConsumerIdsChangedEnable）
timeline-page-consumption = 消费方式
timeline-page-rate = 每个队列每秒消息数
timeline-page-seed = 定时相位的种子
timeline-page-phases = 下一次定时重平衡（clientId=秒, …）
timeline-page-phases-hint = 留空：由种子生成。例如 c1=4,c2=12
# 移动游标的滑块；$at：秒数。
timeline-page-java5 = Java 5 客户端版本
timeline-page-java49 = Java 4.9 客户端版本
timeline-page-java52 = 5.2 及以后（1 秒后重试）
timeline-page-java50 = 5.0 或 5.1
timeline-page-java495 = 4.9.5 至 4.9.8
timeline-page-java494 = 4.9.4 及更早
timeline-page-lost = 丢失的通知（%）
timeline-page-play = 播放
timeline-page-pause = 暂停
timeline-page-cursor = 显示的时刻
timeline-page-cursor-at = 第 { $at } 秒
# 泳道图，供读屏软件使用（下表列出相同的数字）；$seconds：显示的时长。
timeline-page-lanes = { $seconds } 秒内谁在拉取各队列；下表列出相同的数字
timeline-page-nobody = 无人
timeline-page-not-in-route = 不在路由中
# 表格的列：游标时刻谁在拉取该队列。
timeline-page-pullers = 第 { $at } 秒的拉取者
# 画在泳道上方的变化。
timeline-page-heading-joiner = { $heading }。{ $who } 以 { $client }（{ $kind } 时序）加入，即该组最后一个实例的客户端。
timeline-page-duplicates-defined = 重复消费：被第二次消费的消息，每条只计一次：两个成员同时拉取同一队列时、放弃队列时仍在执行的消费回调，以及归属者被杀时上次提交位点之后已消费的消息。
timeline-page-event-join = { $who } 以 { $client } 加入
timeline-page-event-leave = { $who } 下线
timeline-page-event-kill = { $who } 进程被杀
timeline-page-event-hostloss = { $who } 所在主机失联
timeline-page-event-subscribe = { $who } 开始订阅该 Topic
timeline-page-event-unsubscribe = { $who } 不再订阅该 Topic
# 在每个 Broker 上执行 mqadmin updateSubGroup -s（TIMING.md E1）。
timeline-page-event-consume-on = consumeEnable 改为 true
timeline-page-event-consume-off = consumeEnable 改为 false
timeline-page-event-queues = { $broker } 变为 { $count } 个队列
# 重试 Topic 的泳道和表格行的标题，在主 Topic 之后（$topic：%RETRY%<group>）。
timeline-page-retry-lanes = 重试 Topic { $topic }
timeline-page-select = 选择一个队列（点击其泳道或表格行）查看它的经过。
timeline-page-story-title = { $queue } 的经过
# $why：某条 timeline-wake-* 消息。
timeline-page-handover = { $old } 在 { $dropped } 秒放弃该队列；{ $new } 在 { $added } 秒接手（{ $why }），{ $delay } 秒后即从 { $pulled } 秒起开始拉取。
timeline-page-taken = { $new } 在 { $added } 秒接手该队列（{ $why }），{ $delay } 秒后即从 { $pulled } 秒起开始拉取。
timeline-page-unmoved = 没有成员放弃或接手它：原归属者一直在拉取。
# $rules：TIMING.md 的规则编号，已连接好。
timeline-page-inferred = 其中部分数字依赖规范中标为 [inference]（推断：由代码路径推理得出，而非直接读自某行代码）的规则：{ $rules }。
# $queues：画出的队列，以列表形式说明还省略了多少个。
timeline-page-left-out = 泳道和表格只列出 { $queues }；合计统计全部队列。
timeline-page-unplayable = 时间线只演示由 Java 或 Go 客户端自行重平衡的集群消费（CLUSTERING）组：{ $why }
timeline-page-restart = 时间线演示 0 秒时的一个变化：加入、下线、被杀、主机失联或队列数变化。重启是先下线再加入，上面的步骤展示了它。
