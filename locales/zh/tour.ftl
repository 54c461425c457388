## 深入探索：框架与标签页（比较策略、观察重新分配、视图不一致、堆积随时间的变化、Kafka 与 Pulsar、导出）。

tour-title = 深入探索
tour-hint = 选择一个标签页：比较策略、观察重新分配、视图不一致、堆积随时间的变化、Kafka 与 Pulsar，或导出。
tour-tab =
    { $tab ->
        [diff] 观察一次重新分配
        [views] 视图不一致
        [backlog] 消息堆积
        [contrast] Kafka 与 Pulsar
        [export] 导出
       *[compare] 比较策略
    }
tour-at-most = 整数，0 到 { $max }。

## 比较策略。

tour-compare-intro = 下一次变化：再加入一个实例 { $joiner }。某个队列的消费实例集合发生变化，即算作移动。
tour-strategy = 策略
tour-picture = 队列
tour-spread = 每个实例的队列数（最少–最多）
tour-moves = 它加入时移动的队列

## 观察一次重新分配。

tour-change = 变化
tour-change-kind =
    { $change ->
        [leave] 实例下线（正常关闭）
        [kill] 实例进程被杀
        [hostloss] 实例所在主机失联
        [restart] 实例重启（clientId 不变）
        [queues] 第一个 Broker 的队列数变化
       *[join] 新实例加入
    }
tour-instance = 实例
tour-new-client-id = 新实例的 clientId
tour-new-count = 新的读队列数
tour-prev = ← 上一步
tour-next = 下一步 →
tour-stage =
    { $stage ->
        [down] 下线期间
        [after] 变化后
       *[before] 变化前
    }
tour-step-of = 第 { $step } 步，共 { $steps } 步：{ $stage }
tour-moved-count = 移动了 { $count } 个队列
tour-moves-per-strategy = 同一变化在各策略下
tour-restart-note = clientId 不变时，组最终回到原样：只有在实例下线期间队列会移动（Broker 立即移除它的连接，其余实例先在没有它的情况下重新分配，随后又把它算回来）。
tour-moved-legend = 描边：该队列在这一步换了消费者

## 视图不一致。

tour-views-intro = 每个实例都按自己的视图计算：它所询问的 Broker 返回的 cidAll（新成员的心跳可能尚未到达）以及它持有的路由（队列数可能已过期）。视图相同的实例只计算一次。
tour-views-none = 这里所有实例看到的 cidAll 和路由都相同。试试预设“视图过期”和“订阅关系不一致”。
tour-view-stale = 过期视图
tour-view-current = 最新视图
tour-view-sees = 看到的 cidAll
tour-view-route = 路由
tour-view-members = 按此视图计算的实例
tour-skips-topic = 属于该消费组但未订阅本 Topic：它仍在所有人的 cidAll 中（Broker 按消费组而非 Topic 列出客户端），因此分给它那个位置的队列永远无人拉取。

## 消息堆积。

tour-produce = 每个队列每秒写入的消息数
tour-consume = 每个实例每秒能消费的消息数
tour-seconds = 时长（秒）
tour-reset = 在中途把消费位点重置到最新
tour-reset-none = 取消重置
tour-backlog-line = 堆积（等待消费的消息）
tour-duplicates-line = 重复投递
tour-backlog-span = { $seconds } s
tour-backlog-summary = { $seconds } 秒后：饥饿或过慢的队列上有 { $backlog } 条消息在等待，{ $duplicates } 条被重复投递。
tour-backlog-summary-reset = { $seconds } 秒后：{ $backlog } 条消息在等待，重复投递 { $duplicates } 条；位点重置跳过了 { $skipped } 条消息，它们永远不会被消费。

## Kafka 与 Pulsar。

tour-contrast-intro = 同一个 Topic（每个队列对应一个分区）和同样的实例，交给 Kafka 的客户端分配器和 Pulsar 的 failover 规则。
tour-contrast-why = 为什么 Kafka 和 Pulsar 不会这样重叠：整个组只由一方计算出唯一一份分配。Kafka 由组 Leader 计算，成员以协调者生成的唯一成员 id（client.id 加 UUID）区分，所以两个上报相同 client.id 的进程仍是两个成员。Pulsar 由 Broker 为每个分区从已连接的消费者列表中选出一个活跃消费者，列表按优先级和消费者名排序；消费者名不必唯一，但每个连接各占一项，所以每个分区仍恰好一个消费者。RocketMQ 没有 Leader：每个客户端各自对 clientId 列表运行策略，相同的 clientId 会算出相同的结果。
tour-multi-topic = 多个 Topic：TopicA 和 TopicB 各 3 个，成员 C0 和 C1 都订阅了两者

## 导出。

tour-export-note = 文件在你的浏览器中生成，不会上传任何内容。图片始终为浅色，便于放进文档和打印。
tour-export-svg = 网格导出为 SVG
tour-export-png = 网格导出为 PNG
tour-export-csv = 分配结果导出为 CSV
tour-export-json = 分配结果导出为 JSON
tour-save-scenario = 保存场景（.json）
tour-load-scenario = 载入场景文件
tour-choose-file = 选择文件…
tour-loaded = 场景已载入。
tour-export-snippet = 带图片的嵌入代码
tour-export-snippet-label = 把以下代码粘贴到文档页面中：嵌入的演示，以及在不运行脚本时显示的网格图片。
tour-export-snippet-hint = 在完全不允许 HTML 的地方（README、PDF），命令行可以写出同样的图片：rebalance allocate … --svg grid.svg（见 README 的命令行一节）。
tour-snippet-copied = 已复制到剪贴板。
tour-snippet-by-hand = 请从此文本框复制代码。

## 无法载入的场景文件。

tour-bad-file = 该文件不是有效的场景：{ $why }。当前场景未改变。
tour-file-instance = 第 { $number } 个实例：{ $problem }
tour-file-too-large = 超出演示工具的上限
tour-file-corrupt = 它不是 JSON
tour-file-syntax = 第 { $line } 行第 { $column } 列处不是有效的 JSON
tour-file-eof = 文件在第 { $line } 行提前结束
tour-file-missing = 缺少字段“{ $field }”（在第 { $line } 行结束的对象中）
tour-file-unknown-name = { $place }是“{ $value }”，不是演示工具认识的名称
tour-file-wrong = { $place }是 { $found }，但必须是{ $expected }
tour-file-other = { $place }无法读取
tour-file-place-field = 第 { $line } 行的“{ $field }”
tour-file-place-value = 第 { $line } 行的值
tour-found-text = 文本“{ $text }”
tour-found-list = 列表
tour-found-object = 对象
tour-found-other = 另一种值
tour-expected-whole-number = { $min } 到 { $max } 之间的整数
tour-expected-number = 数字
tour-expected-text = 带引号的文本
tour-expected-list = 列表 [ … ]
tour-expected-object = 对象 {"{"} … {"}"}
tour-expected-bool = true 或 false
tour-expected-other = 另一种值
