## 导入：每段输入读到的内容（import::Found）、读不出的内容和重建时的假设（import::Note）、导入面板，以及
## 命令行的 `diagnose`。

import-none = 无

## 一段输入读到的内容（import::Found）。

import-found-connections = { $count } 个连接（{ $distinct } 个不同的 clientId）
import-found-subscriptions = 订阅的 Topic：{ $topics }
import-found-model = MessageModel { $model }
import-found-consume-type = ConsumeType { $consume-type }
import-found-queue-rows = { $count } 行队列数据，Topic：{ $topics }
import-found-holders-by-ip =
    { $queues ->
        [0] 没有持有者 IP（每一行的 #Client IP 都是 N/A）
       *[other] { $queues } 个队列的持有者 IP
    }
import-found-holders-by-client-id = { $queues } 个队列的持有者 clientId
import-found-route = 各 Broker 的读队列数：{ $brokers }
import-found-status-queues = 各 Broker 的队列数：{ $brokers }
import-found-strategy = 分配策略 { $class }
import-found-client = 客户端 { $client-id }，持有 { $held } 个队列
import-found-status-clients = { $count } 个不同的 clientId
import-found-group = 消费组 { $group }
import-found-group-config = { $brokers } 上的消费组配置
import-broker-queues = { $broker }: { $queues }

## 一段输入读不出的内容（import::Note，读取）。

import-note-unrecognised = 这段输入不是演示工具能读的任何格式。应为 mqadmin consumerConnection、consumerProgress、topicRoute、topicStatus 或 consumerStatus 的输出，或 rocketmq-dashboard 的应答（consumerConnection.query、queryTopicByConsumer.query、topic/route.query）。它的开头是：“{ $begins }”。
import-note-unrecognised-json = 这是 JSON，但不是演示工具能读的应答：应为 Topic 路由（mqadmin topicRoute 或控制台的 topic/route.query：brokerDatas、queueDatas）、控制台的 consumerConnection.query（connectionSet）或 queryTopicByConsumer.query（queueStatInfoList），或 ConsumerRunningInfo（mqTable、properties）。它的键：{ $keys }。
import-note-nothing-to-read = 这段 { $format } 输出里没有场景需要的内容。
import-note-group-list = 这是不带 -g 的 consumerProgress：每个消费组一行（共 { $groups } 个），不是某个组的队列。请运行 mqadmin consumerProgress -g <消费组>。
import-note-input-cut = 这段输入长 { $bytes } 字节；只读了前 { $max } 字节。
import-note-too-many =
    超出演示工具的上限：只读了前 { $max } { $what ->
        [connections] 个连接
        [rows] 行
        [queues] 个队列
        [lines] 行
       *[json-values] 个 JSON 值
    }，其余略去。
import-note-skipped-lines = 有 { $count } 行不属于该输出（日志、提示符等），已略去；第一行是：“{ $first }”。
import-note-block-left-out = 第 { $from } 至 { $to } 行（共 { $count } 行）看起来是 { $format } 输出的行，不属于这段输出，已略去；第一行是：“{ $first }”。请单独粘贴那段输出来读取。
import-note-command-failed = 这是 mqadmin 命令的错误，不是它的输出：“{ $error }”。请按提示修正后重新运行命令。
import-note-broker-stats-read = 这是 mqadmin brokerConsumeStats：一个 Broker 上的所有消费组，且只含至少被消费过一次的队列。已读取 { $group } 的行（其他消费组：{ $others }）；要看它在每个 Broker 上的队列，请运行 mqadmin consumerProgress -g { $group }。
import-note-broker-stats-read-only-group = 这是 mqadmin brokerConsumeStats：一个 Broker 上的所有消费组，且只含至少被消费过一次的队列。其中只有 { $group }，已读取它的行；要看它在每个 Broker 上的队列，请运行 mqadmin consumerProgress -g { $group }。
import-note-broker-stats-groups = 这是 mqadmin brokerConsumeStats：一个 Broker 上的所有消费组（共 { $count } 个：{ $groups }），其他输入都没有说明要看哪一个。请运行 mqadmin consumerProgress -g <消费组> 查看某个组的队列。
import-note-row-cut-short = 第 { $line } 行被截断（“{ $text }”）：读了已有的部分，其余缺失。
import-note-bad-row = 第 { $line } 行位于表格中，但无法读取：“{ $text }”。
import-note-ends-early =
    输出在{ $missing ->
        [subscription] 订阅表（“Below is subscription:”）
        [message-model] MessageModel 一行
        [totals] 汇总行（“Consume TPS:”）
        [mq-detail] #Consumer MQ Detail# 部分
        [strategy] allocateMessageQueueStrategy 属性
        [queue-data] queueDatas（读队列数）
       *[rows] 表格的任何一行
    }之前就结束了，似乎被截断。
import-note-rows-elided = 第 { $line } 行是“...”：此处省略了若干行。
import-note-queue-missing = { $topic } 在 { $broker } 上：表中缺少队列 { $queue }。
import-note-queues-missing = { $topic } 在 { $broker } 上：表中缺少队列 { $from } 到 { $to }。
import-note-maybe-cut = “{ $text }”长 { $width } 个字符，正是 mqadmin 在该列打印的上限：真实名称可能更长。
import-note-json-cut = JSON 在中途结束（被截断）：读了截断之前的内容。
import-note-dashboard-error = 控制台返回状态 { $status }：“{ $message }”。
import-note-dropped = 客户端正在丢弃队列 { $queue }（droped=true）：不计为持有。

## 重建时的选择、假设和矛盾（import::Note，重建）。

import-note-topic-chosen = 该消费组订阅了多个 Topic（{ $choices }）；场景显示按 mqAll 顺序排第一的 { $topic }，也可以改选其他 Topic。
import-note-not-subscribed = 该消费组订阅的是 { $subscribed }，但消费进度中还列出了 { $topics }：这份连接列表中现在没有任何实例消费这 { $count } 个 Topic，其堆积只会增长。场景显示 { $shown }。
import-note-not-subscribed-shown = 该消费组订阅的是 { $subscribed }，但消费进度中还列出了 { $topics }：这份连接列表中现在没有任何实例消费这 { $count } 个 Topic，其堆积只会增长。场景按要求显示 { $shown }：没有实例订阅它，所以它的队列都无人拉取。
import-note-topic-not-in-inputs = 没有任何输入提到 Topic { $topic }（输入中有：{ $choices }）；按要求使用它。
import-note-markup-removed = 文本中含有 HTML（标签或 &nbsp; 之类的实体，聊天工具或网页会留下它们）：已跳过。
import-note-config-fields-missing = { $broker } 的配置块缺少 { $fields }（共 { $count } 项），它们保留 RocketMQ 的默认值：输出可能被截断了。
import-note-config-disagrees = 各 Broker 上的 { $field } 不一致：{ $values }。consumeEnable 和 retryQueueNums 按 Broker 分别计算（只有禁止消费的 Broker 拒绝其自身队列的拉取；每个 Broker 各有自己的重试队列）；对整个组，任一 Broker 开启 FIFO 即视为开启，任一 Broker 会发通知即视为开启通知。
import-note-config-value = { $broker } 为 { $value }
import-note-retry-queue-nums-inferred = 没有给出 getConsumerConfig：retryQueueNums（{ $count }）是从输入中某个 Broker 上 { $topic } 的队列数推断的。
import-note-only-retry-topic = 输入中唯一的 Topic 是重试 Topic { $topic }；场景显示它。
import-note-no-topic = 没有输入给出 Topic（没有订阅表，也没有消费进度行）：Topic 未知，编辑器保留原来的 Topic。
import-note-no-route = 没有输入给出 { $topic } 的队列（没有 topicRoute，也没有它的消费进度行）：场景中没有队列。请补充 mqadmin topicRoute -t { $topic } 或 consumerProgress 的输出。
import-note-brokers-inferred = 没有给出 topicRoute：{ $topic } 的读队列数（{ $brokers }）是从消费进度行推断的，即每个 Broker 的最大 queueId + 1。
import-note-status-not-used = topicStatus 给出 { $status }，但 topicStatus 不写 Topic 名，而 { $topic } 的消费进度行显示 { $seen }（每个 Broker 的最大 queueId + 1）：采用后者。这份 topicStatus 属于另一个 Topic，或者两份输出之间队列数变了；用 mqadmin topicRoute -t { $topic } 可以确认。
import-note-brokers-from-status = 队列数（{ $brokers }）来自 topicStatus，它列出的是写队列：读队列数可能不同。
import-note-not-readable = { $broker } 的 perm 是 { $perm }，不可读：它的队列不在 mqAll 中。
import-note-route-disagrees = 路由给出 { $broker } 有 { $read-queues } 个读队列，但消费进度显示 { $seen } 个：以路由为准。
import-note-broker-not-in-route = 消费进度中有 Broker { $broker }，但路由中没有：以路由为准。
import-note-routes-differ = 给出的几个路由不一致；使用第一个。
import-note-group-unknown = 没有输入给出消费组名；留空。
import-note-groups-differ = 输入描述了 { $count } 个消费组：{ $shown } 和 { $others }。图中只显示 { $shown }，未采用 { $left-out }：把一个组的持有者和堆积放在另一个组的实例旁边，会画出两个组都没有的重复消费和无人消费的队列。
import-note-other-group = 这段输出属于消费组 { $group }，不是 { $shown }：未用于图中。
import-note-pop-retry-topics = 名为 %RETRY%{ $group }_<topic> 的重试 Topic 是 5.x 的 POP 重试 Topic：该组（或其中一部分）以 POP 方式消费。
import-note-pop = ConsumeType 是 CONSUME_POP：这些消费者以 POP 方式消费，Broker 把每条消息只交给其中一个，所以一个队列上有多个 POP 消费者并不会重复消费。场景按 PULL 客户端模拟该组。
import-note-no-connections = 没有给出连接列表（mqadmin consumerConnection 或控制台的）：实例未知。
import-note-instances-from-status-list = 这 { $count } 个实例来自 consumerStatus，它对每个 clientId 只列一次：共用同一 clientId 的实例只显示为一个。
import-note-instances-from-holders = 这 { $count } 个实例是控制台列出的持有者：空闲的实例和共用 clientId 的实例不会显示。
import-note-connection-lists-differ = 连接列表不一致：{ $first } 有 { $first-count } 个连接，{ $other } 有 { $other-count } 个（或 clientId 不同）；使用第一个。
# 中文不分单复数：$host-count 只为与英文的变量一致。
import-note-shared-client-id =
    { $count } 个连接报告同一个 clientId { $client-id }，来自{ $host-count ->
       *[other] 主机
    } { $hosts }{ $cut ->
        [0] {""}
       *[other] ，另有 { $cut } 个连接的地址在粘贴中被截断
    }：{ $count } 个进程共用一个 clientId（例如使用宿主机网络且 PID 相同的 Docker 容器，或都设置了同一个 instanceName），所以它们算出相同的队列。
import-note-shared-client-ids = { $count } 个 clientId 各被多个连接报告，共 { $connections } 个连接；按连接数从多到少：{ $ids }。每个都是多个进程共用一个 clientId（例如使用宿主机网络且 PID 相同的 Docker 容器，或都设置了同一个 instanceName），它们算出相同的队列。
import-note-shared-id =
    { $id }（{ $connections } 个连接{ $hosts ->
        [0] {""}
        [one] ，来自主机 { $host }
       *[other] ，来自 { $hosts } 台主机
    }）
import-note-client-assumed = { $client-id } 报告的语言是 { $language }、版本是 { $version }，演示工具无法对应到客户端：按 Java 5.x 模拟。
import-note-client-cut = { $client-id } 这一行在语言和版本之前被截断：按 Java 5.x 模拟。
import-note-client-of-twin = { $client-id } 这一行在语言和版本之前被截断：按 { $client-id } 的另一个连接报告的客户端（{ $language } { $version }）模拟。
import-note-model-assumed = 没有输入给出消息模式：假定为 CLUSTERING。
import-note-broadcasting = 该消费组为广播消费（MessageModel BROADCASTING）：每个实例都消费每个队列，不运行任何分配策略，客户端设置的是哪个策略都无关紧要；不会因分配而出现无人消费或重复消费的队列。持有者列（consumerProgress -s、控制台）每个队列只显示其中一个实例。
import-note-strategy-assumed = 没有输入给出分配策略（只有 consumerStatus -i 会显示）：假定为默认的 AVG。
import-note-strategy-not-sent = 客户端发来的运行信息没有给出分配策略：假定为默认的 AVG。
import-note-strategy-inferred = { $count ->
       *[other] { $instances }
    } 使用 { $strategy }，由其持有的队列推断（其 consumerStatus -i 没有给出演示工具认识的策略）：只有 { $strategy } 在其 cidAll 位置上算出这些队列。
import-note-strategy-inferred-live = { $count ->
       *[other] { $instances }
    } 使用 { $strategy }，由其持有的队列推断（其发来的运行信息没有给出策略）：只有 { $strategy } 在其 cidAll 位置上算出这些队列。
import-note-strategy-ambiguous = { $client-id } 持有的队列（其 consumerStatus -i）恰是 { $strategies } 在其 cidAll 位置 { $slot } 上各自算出的结果：无法从队列判断它用的是哪一个。
import-note-strategy-ambiguous-live = { $client-id } 持有的队列（其发来的运行信息）恰是 { $strategies } 在其 cidAll 位置 { $slot } 上各自算出的结果：无法从队列判断它用的是哪一个。
import-note-strategy-unknown = { $class } 不是演示工具认识的策略：假定为 AVG。
import-note-strategy-unknown-inferred = { $class } 不是演示工具认识的策略：由使用它的每个实例持有的队列，推断它按哪种策略计算。
import-note-strategy-params-assumed = 输出中没有 { $strategy } 的参数（虚拟节点数、机房、队列列表）：假定为默认值。
import-note-strategies-differ = 客户端使用了不同的策略（{ $strategies }）：给出 consumerStatus 的实例各自保留自己的策略。
import-note-strategies-differ-live = 客户端使用了不同的策略（{ $strategies }），见各自发来的运行信息：每个实例各自保留自己的策略。
# 中文不分单复数：$count 只为与英文的变量一致。
import-note-holder-not-connected =
    集群报告 { $holder } 持有{ $count ->
       *[other] 队列
    }（{ $queues }），但连接列表中没有 { $holder }：可能是列表未显示的消费者，或列表来自另一时刻。
import-note-held-outside-route = 集群报告了不在重建 Topic 队列中的队列持有者：{ $queues }。
import-note-one-ip-per-queue = consumerProgress -s 每个队列只保留一个 IP：两个实例同时消费一个队列时只显示其中一个，所以看不出重复消费；而且 IP 只代表主机，不代表实例。
import-note-one-client-id-per-queue = 控制台每个队列只保留一个 clientId：两个实例同时消费一个队列时只显示其中一个，所以看不出重复消费。
import-note-status-collapses = consumerStatus 对每个 clientId 只列一次：共用同一 clientId 的实例合并为一行。
import-note-one-client-only = consumerStatus -i 只显示一个客户端（{ $client-id }）的队列；若还有同一 clientId 的其他实例，不会被询问。
import-note-same-snapshot = { $first } 与 { $other } 的位点（Broker 位点与提交位点）完全相同：是同一时刻的数据，看不出堆积是否在增长，也看不出哪个队列停滞（若确实是不同时刻取的，说明什么都没动：没有新消息，也没有提交）。请隔一分钟取两次。
import-note-snapshots-reordered = { $earlier } 的位点低于 { $later }：队列位点只增不减，所以尽管它排在后面，仍按较早的快照读取。
import-note-snapshots-unordered = 从 { $first } 与 { $other } 的位点看不出谁先取（有的队列在这边高，有的在那边高：可能重置过位点，或是不同消费组的输出）：按给出的顺序把 { $first } 当作较早的一次，两者之间队列的进展可能有误。
import-note-snapshots-share-no-queue = { $first } 与 { $other } 没有 { $topic } 的共同队列：看不出哪个队列停滞。请对同一消费组、同一 Topic 取两次。
import-note-last-time-unreadable = { $queue } 的最后消费时间“{ $text }”不是时间（yyyy-MM-dd HH:mm:ss）：不知道它多久前消费过。
import-note-last-time-local = mqadmin 按其所在主机的时区打印 #LastTime，但不写时区：各队列多久前消费过，都在同一时钟上计算：以同一输出中最新的队列最后消费时间为准，以及以输出的获取时刻为准（按给出该时刻时所用的时区）。
import-note-explained-by = 集群报告的持有者与 { $strategies } 的计算结果一致。
import-note-explained-by-not-assumed = 集群报告的持有者与 { $strategies } 的计算结果一致，而不是假定的 { $assumed }：该组很可能使用 { $likely }。
import-note-nothing-explains = AVG、AVG_BY_CIRCLE、CONSISTENT_HASH（10 个虚拟节点）都算不出集群报告的持有者：可能是其他策略、各实例视图不同，或输入来自不同时刻。
import-note-more-like-these = ……另有 { $count } 条类似的说明。

## 导入面板。

import-intro = 粘贴 mqadmin 或 rocketmq-dashboard 为这个消费组输出的内容（consumerConnection、带或不带 -s 的 consumerProgress、topicRoute、topicStatus、consumerStatus、控制台的 JSON），可以把几段输出依次粘贴在一起，也可以选择或拖入文件。每段输出会被自动识别。
import-paste-label = 集群的输出
import-paste-name = 粘贴内容
import-paste-name-numbered = 粘贴内容 { $number }
import-files-label = 文件
import-choose-files = 选择文件…
import-drop-hint = ……或把文件拖到这个面板上。
import-read = 读取
import-stays-here = 在浏览器中读取：不会发送到任何地方。
import-nothing-to-read = 没有可读取的内容：请粘贴 mqadmin consumerConnection、consumerProgress、topicRoute、topicStatus 或 consumerStatus 的输出，或 rocketmq-dashboard 的返回内容，或选择文件。
import-unreadable = { $name }: { $notes }
import-read-from = 读到的内容
import-not-read = 未能读取
import-input = { $name } — { $format }
import-format-group-list = mqadmin consumerProgress（不带 -g）
import-input-found = ：{ $found }
import-found-separator = ；
import-topic = 显示的 Topic（重试 Topic 单独做负载均衡）
import-change-it = 修改
import-assumed = 做出的假设
import-notes = 说明
import-cannot-show = 这些输出看不出的情况
import-starved-held = 按每个实例的报告，无人持有的队列：{ $queues }
import-starved = 模拟中无人消费的队列： { $queues }
import-dropped = 图中现在是另一个场景：请重新读取，再与集群对比。
import-nobody = 无人
import-all-shared = 全部共用的 clientId
import-starved-lag = { $queue }（堆积 { $lag }）
import-starved-lag-growing = { $queue }（堆积 { $lag }，增长 { $growth }）
import-seen-lag = 集群报告堆积 { $lag } 条。
import-seen-lag-growth = 集群报告堆积 { $lag } 条（比第一次快照 { $growth }）。
import-seen-agrees = 集群报告持有者为 { $holders }，与模拟一致。
import-seen-disagrees = 集群报告持有者为 { $holders }，模拟结果为 { $computed }：两者不一致。
import-instances-unknown = 实例未知：请一并粘贴 `mqadmin consumerConnection -g { $group }`（或 consumerStatus）的输出，才能看出谁消费哪个队列。在此之前不把任何队列算作无人消费。
import-queues-unknown = 队列未知：请一并粘贴 `mqadmin topicRoute -t { $topic }`（或 consumerProgress）的输出，才能看出哪个实例拿到哪个队列。在此之前不统计任何队列，也不把任何实例算作空闲。
import-rebuilt-group-queues-unknown = 已重建：消费组 { $group }，Topic { $topic }，{ $instances } 个实例（每个连接一个）；队列未知：请一并粘贴 `mqadmin topicRoute -t { $command-topic }` 的输出。它已成为编辑器中的场景，可以随意修改。
import-rebuilt-group-unknown = 已重建：消费组 { $group }，Topic { $topic }，{ $queues } 个读队列；实例未知：请一并粘贴 `mqadmin consumerConnection -g { $command-group }` 的输出。
import-seen-not-reported = 未报告持有者（N/A：应答了 mqadmin 的客户端都不持有它：可能无人持有，或持有者没有应答，或以 POP 方式消费）。
import-not-reported = { $count } 个队列未报告持有者（N/A：应答了 mqadmin 的客户端都不持有它：可能无人持有，或持有者没有应答，或以 POP 方式消费），既不算一致也不算不一致：{ $queues }
import-two-sentences = { $first }{ $second }
import-rebuilt-group = 已重建：消费组 { $group }，Topic { $topic }，{ $instances } 个实例（每个连接一个），{ $queues } 个读队列。它已成为编辑器中的场景，可以随意修改。
import-unknown-group = ?
import-unknown-topic = 未知
import-scenario-kept = 读到的内容中没有消费组的队列或实例：页面上的场景保持不变。
import-strategy-known = 分配策略：{ $strategy }，来自输入。
import-strategy-inferred = 分配策略：{ $strategy }，由各实例持有的队列推断（说明中列出每个实例用的策略）。
import-strategy-assumed = 分配策略：{ $strategy }，为假设（输入中没有）。
import-use-strategy = 改用 { $strategy }
import-observed-summary = 集群报告了 { $reported } 个队列，其中 { $shown } 个在当前场景中，已标在队列条上（堆积量；报告了持有者的标 = 或 ≠）：{ $agree } 个持有者与模拟一致，{ $differ } 个不一致。
import-file = { $name }（{ $bytes } 字节）

## `rebalance diagnose`：读到了什么、假定了什么，以及观测到的持有者与计算结果的对比。

import-cli-read = 读取：
import-cli-link = 链接：
import-cli-diagnosis = 诊断：
import-cli-fix = 解决：
import-cli-full-lists-all = （--full 列出全部 { $count } 个）
import-cli-note = 注意：
import-cli-assumed = 假定：
import-cli-nothing = 无
import-cli-notes = 说明：
import-cli-observed = 观测与计算对比：
import-cli-held-observed = 下面的消费者是每个实例自己报告持有的队列（{ $from ->
        [live] 各自发来的运行信息
       *[paste] 各自的 consumerStatus -i
    }）；计算只用来解释。
import-cli-held-partial = 下面 { $known ->
       *[other] { $known } 个
    }队列的消费者来自实例自己报告的持有情况（{ $from ->
        [live] 它们发来的运行信息
       *[paste] 它们的 consumerStatus -i
    }）；另外 { $computed ->
       *[other] { $computed } 个
    }队列的消费者，是为没有报告的实例（{ $missing }）计算出来的。
import-cli-held-computed = 下面的消费者是计算出来的：没有读到任何实例自己报告的持有队列。
import-cli-queue = 队列
import-cli-reported = 报告
import-cli-lag = 堆积
import-cli-growth = 增长
import-cli-computed = 计算
import-cli-agrees = 一致
import-cli-disagrees = 不一致
import-cli-not-reported = 未报告（N/A）

## 停滞的队列与最后消费时间（import::stall）：导入面板、队列条与 `rebalance diagnose`。

import-span-unit =
    { $unit ->
        [d] { $n } 天
        [h] { $n } 小时
        [min] { $n } 分钟
       *[s] { $n } 秒
    }
import-span-two = { $big } { $small }
import-stall-clauses = { $all }；{ $next }
import-stall-lag = 堆积 { $lag }
import-stall-stalled = 停滞：提交位点停在 { $offset }，仍有堆积
import-stall-stalled-starved = 停滞：提交位点停在 { $offset }，仍有堆积，因为模拟中没有实例消费它（无人消费）
import-stall-moving = 在消费：两次快照之间消费了 { $consumed } 条消息
import-stall-rewound = 提交位点回退了 { $by }，仍有堆积（重置过位点？）
import-stall-idle = 空闲：没有堆积
import-stall-caught-up = 空闲：已无堆积，两次快照之间消费了 { $consumed } 条消息
import-stall-never = 从未消费过，或最后消费的消息已被删除（N/A）
import-stall-unreadable = 最后消费时间无法读取
import-stall-freshest = 是本输出中最新的
import-stall-behind-freshest = 比最新的队列早 { $span }
import-stall-ago = 最后消费的消息存储于 { $ago } 前（{ $at }）
import-stall-ago-and = 最后消费的消息存储于 { $ago } 前（{ $at }；{ $freshest }）
import-stall-stored = 最后消费的消息存储于 { $at }，{ $freshest }
import-stall-stored-at = 最后消费的消息存储于 { $at }
import-stall-after-taken = 最后消费的消息存储于 { $at }，比给出的获取时刻还晚 { $span }：该时刻是按 mqadmin 的时钟给的吗？
import-stall-utc = { $at }（UTC）
import-stall-backlog-spans = 堆积跨度 { $span }
import-stall-summary = { $first } 与 { $last } 之间有 { $count } 个队列停滞：{ $queues }。
import-stall-starved-queue = { $queue }（无人消费）
import-stall-on-strip = 它们在队列条上以双线边框标出。
import-stall-none = { $first } 与 { $last } 之间没有停滞的队列：{ $moving } 个在消费，{ $idle } 个空闲。
import-stall-one-moment = 粘贴的几次进度快照是同一时刻（偏移量完全相同）：隔一分钟再取一次该消费组的 consumerProgress，才能看出哪些队列停滞。
import-stall-one-snapshot = 只有一次进度快照：隔一分钟再粘贴一次该消费组的 consumerProgress，才能看出哪些队列停滞。
import-seen-stalled = 停滞：两次快照之间提交位点没有前进。
import-taken-at = 获取时刻（mqadmin 的时钟）
import-taken-at-hint = 这些输出的获取时刻，按 mqadmin 的时间格式填写；若 mqadmin 所在主机与本浏览器不在同一时区，请在后面加上它与 UTC 的偏移（2026-12-04 15:30:00+08:00）。初始值为打开面板时本浏览器的时钟。
import-taken-at-not-time = “{ $text }”不是形如 2026-12-04 15:30:00 的时间（可在后面加上与 UTC 的偏移，如 +08:00）。
import-consumption = 各队列的消费情况
import-consumption-queue = { $queue }：{ $said }
import-consumption-more = ……另有 { $count } 个队列
import-cli-consumption = 消费情况（两次快照：停滞、在消费、空闲；各队列最后一次消费的时间）：
import-cli-taken-at =
    { $source ->
        [given] 获取时刻 { $at }（按给出的值）
       *[clock] 获取时刻 { $at }（本机时钟）
    }
import-cli-zone-unknown = 不知道本机的时区：请用 --taken-at 按 mqadmin 的时钟给出获取时刻，才能算出 #LastTime 是多久以前。
