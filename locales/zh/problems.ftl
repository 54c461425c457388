## What is wrong with one value people type: a form field, a readable link parameter, a CLI flag
## (group::input::Problem). $text is the value as typed.

problem-empty = 此项为空。
problem-not-a-whole-number = “{ $text }”不是整数。
problem-negative = { $text } 是负数，请填 0 或更大的数。
problem-too-large = { $text } 超出了演示工具的上限（最多 { $max }）。
problem-too-many = 共 { $count } 项，超出上限（最多 { $max }）；保留之前的消费组。
problem-unknown = “{ $text }”不是以下之一：{ $allowed }。
problem-list-separator = 、
problem-bad-broker = “{ $text }”不是 brokerName:队列数 的格式（例如 broker-a:8）。
problem-bad-queue-ref = “{ $text }”不是 brokerName:queueId 的格式（例如 broker-a:3）。
problem-duplicate-broker = Broker “{ $name }”出现了两次；RocketMQ 会合并它的队列。
problem-bad-separator = “{ $text }”不是单个分隔符（例如 @ 或 -）。
problem-ring-too-large = { $instances } 个实例 × { $virtual-nodes } 个虚拟节点 = { $nodes } 个哈希环节点，超出上限（最多 { $max }）。
problem-views-too-large = 各实例自己的视图合计需要计算 { $work } 个队列与 clientId，超出上限（最多 { $max }）；保留之前的视图。
problem-client-lacks-strategy = { $client } 客户端只有 AVG，没有 { $strategy }；该实例保留之前的设置。
problem-wrong-count = 共 { $count } 项，但有 { $instances } 个实例：请按客户端列表的顺序为每个实例各给一项。
problem-bad-event = "{ $text }" 不是事件，例如 join:c4、leave:c2、kill:c2、hostloss:c2 或 queues:broker-a:16（不在 0 秒发生时在前面加时间：5:kill:c2）。
problem-bad-phase = "{ $text }" 不是 ID=秒数 的形式（例如 c1=4）。
problem-not-seconds = "{ $text }" 不是秒数（例如 4 或 0.8）。
problem-past-span = "{ $text }" 不在模拟时长之内：时长为 { $span } 秒（可用 --span 设置，最多 { $max } 秒）。
problem-span-too-short = { $text } 秒的模拟时长太短：请用 1 秒或以上。
problem-in-param = { $param }: { $problem }
