## 页面首屏：页头、编辑器、概要、队列条与网格、提示，以及旁边的面板（计算过程、分享、clientId 生成器、按实例设置视图）。

page-title = 消费者负载均衡演示
page-tagline = RocketMQ 消费组里谁消费哪个队列，按客户端的真实算法计算
page-share = 分享链接
page-embed = 嵌入
# 指向使用指南的链接（指南与页面一同发布）。
page-guide = 使用指南（英文）
page-open-full = 在完整演示中打开
page-language = 语言
page-theme = 配色
page-theme-auto = 自动
page-theme-light = 浅色
page-theme-dark = 深色
page-reset = 重置演示
page-skip-to-picture = 跳到队列

## 预设场景：每个一个按钮。

page-presets = 试试这些场景
page-preset =
    { $preset ->
        [more-consumers] 消费者多于队列
        [uneven-brokers] 队列数不均的 Broker
        [machine-rooms] 多机房（就近）
        [hash-with-duplicates] 一致性哈希 + 重复 clientId
        [broadcasting] 广播模式
        [stale-view] 视图过期（新成员尚未被看到）
        [mixed-subscriptions] 订阅关系不一致
        [java-go-hash] Java + Go 使用 CONSISTENT_HASH
        [go-machine-room] Go 的 MACHINE_ROOM 跨两个机房
        [go-docker] Go 服务在 host 网络的 Docker 中（当前版本客户端）
       *[docker-incident] Docker 事故：3 个容器中有 2 个共用一个 clientId
    }

## 编辑器。

page-scenario = 场景设置
page-topic = Topic
page-group = 消费组
page-brokers = Broker 及其读队列数
page-broker-name = Broker 名称
page-read-queues = 读队列数
page-add-broker = 添加 Broker
page-remove = 删除
page-remove-broker = 删除 { $broker }
page-message-model = 消息模式
page-client-ids = 消费实例：每行一个 clientId
page-client-ids-hint = 重复的行表示另一个进程上报了相同的 clientId。
page-clients-tool-output = 这是 mqadmin 或控制台的输出，不是每行一个 clientId。
page-read-as-import = 作为集群输出读取
page-strategy = 分配策略
page-virtual-nodes = 每个实例的虚拟节点数
page-idcs = 消费者机房（本组服务的机房）
page-idcs-hint = 用逗号分隔，例如 IDC1, IDC2；Broker 命名如 IDC1@broker-a。
page-inner = 内部策略
page-separator = 机房分隔符
page-rebalance = 由谁执行分配
page-by-client = 每个客户端（经典方式）
page-by-broker-pull = Broker 端，PULL（5.x）
page-by-broker-pop = Broker 端，POP（5.x）
page-pop-share = popShareQueueNum
page-config-lists = 每个实例配置的队列
page-config-hint = 如 broker-a:0, broker-a:1；留空表示从未调用 setMessageQueueList。
page-builder = clientId 生成器
page-views-title = 按实例设置：客户端、策略、视图
page-import-title = 导入集群的输出
page-kept-previous = 图中仍显示上一个有效值的结果。

## 概要。

page-headline = { $counts }：{ $details }
page-headline-counts = { $instances } 个消费实例，{ $queues } 个队列
page-headline-starved = { $count } 个队列无人消费
page-headline-overlapped = { $count } 个队列被重复消费
page-headline-shared = { $count } 个队列按设计共享
page-headline-healthy = 每个队列恰好一个消费者
page-headline-disabled = 没有任何消息被消费：该组的 consumeEnable 为 false，每次拉取都得到 NO_PERMISSION
page-headline-separator = ，
page-headline-unknown = { $queues } 个队列：实例未知：请一并粘贴 `mqadmin consumerConnection -g { $group }` 的输出
page-headline-queues-unknown = { $instances } 个消费实例；队列未知：请一并粘贴 `mqadmin topicRoute -t { $topic }` 的输出
page-any-group = <消费组>
page-any-topic = <Topic>
page-unknown = 未知
page-instances = 实例
page-distinct-ids = 不同的 clientId
page-queues-short = 队列
page-starved = 无人消费
page-overlapped = 重复消费
page-per-instance = 每实例队列数

## 图：图例、队列条、网格。

page-queues = 队列及其消费者
page-scenario-shown = 场景：{ $name }
page-scenario-yours = 你的场景
page-cid-all-note = cidAll：Broker 交给每个实例的、排好序的消费者组 clientId 列表。实例在列表中的下标决定它分到哪些队列，所以 clientId 相同的两个实例会得到相同的下标。
page-legend = 图例
page-legend-single = 恰好一个消费者（颜色代表实例）
page-legend-starved = 无人消费：消息堆积
page-legend-overlap = ×N，橙色：N 个消费者各自拉取，消息被重复消费
page-legend-shared = ⇆N，灰色：N 个消费者按设计共享（广播、POP）
page-legend-blocks = 64：一段连续 64 个队列，每个只有一个消费者，颜色为其消费者的颜色，多个消费者时为彩色渐变；无人消费或重复消费的队列单独画出
page-legend-unknown = ?，灰色：读到连接列表（mqadmin consumerConnection）之前，不知道谁消费它
page-queue-cell = { $queue }：{ $state }
page-queue-count = { $count } 个队列
page-detail-idle = 将鼠标指向或用键盘聚焦某个队列，查看它的情况。
page-detail-idle-touch = 轻触某个队列，查看它的情况。
page-queue-starved = { $queue }：没有实例消费它，消息会一直堆积。
page-queue-single = { $queue }：只由 { $names } 消费。
page-queue-disabled = { $queue }：由 { $names } 持有，但无人消费：该组的 consumeEnable 为 false，每次拉取都得到 NO_PERMISSION，消息不断堆积。
page-queue-overlapped = { $queue }：被 { $count } 个实例（{ $names }）同时消费，每条消息会被重复消费。
page-queue-shared = { $queue }：按设计由 { $count } 个实例共享（{ $names }）。
page-queue-unknown = { $queue }：不知道谁消费它：没有读到连接列表。
page-queue-reported = { $detail } 这是客户端自己报告的情况，不是计算的结果。
page-legend-held = 每个实例都报告了自己持有的队列：这里标出的是客户端实际持有的情况，不是计算的结果
page-legend-held-partly = 虚线框：计算所得，因为并非每个实例都报告了自己持有的队列；其余是客户端实际持有的情况
page-queue-computed = { $detail } 这是计算的结果：并非每个实例都报告了自己持有的队列。
page-single-run = { $first }–{ $last }：{ $count } 个队列，每个只由一个实例消费（{ $names }）。
page-strip-drawing = 还有 { $count } 个格子正在绘制…
page-assignment = 分配结果：每行一个实例
page-grid-hint = 点击某一行（或聚焦后按回车）查看它的队列是如何算出来的。
page-big-grid = { $queues } 个队列 × { $rows } 行太多，无法逐格显示：每行改为列出它的队列。
page-no-queues = 没有队列
page-more-instances = 另有 { $count } 个实例未画出；上方的队列条仍显示全部队列。
page-copy-of = （第 { $ordinal } 个，共 { $copies } 个）

## 诊断。

page-diagnosis = 诊断
page-fix = 解决办法：

## 提示：打开的链接或本浏览器保存的内容有问题，以及新消息。

page-link-problems = 链接中有部分内容无法使用：
page-dismiss = 关闭提示
page-updated = 演示已在你上次访问后更新。
page-state-corrupt = 链接中的共享状态已损坏或被截断；改为显示默认场景。
page-state-future-version = 此链接由更新版本的演示生成（状态版本 { $version }）；改为显示默认场景。
page-state-invalid = 链接中的共享状态不是有效的场景（{ $why }）；改为显示默认场景。
page-state-too-large = 共享的场景超出了演示工具的上限；改为显示默认场景。
page-state-too-long = 链接中的共享状态过长（{ $length } 个字符，最多 { $max }），未读取；改为显示默认场景。
page-storage-notice = 此浏览器中保存的设置（“{ $text }”）无法读取，已忽略并清除。
page-panic = 演示遇到内部错误并已停止。

## 按需加载的部分。

page-part-loading = 正在加载这部分内容…
page-part-failed = 无法加载{ $part }：与站点的连接可能已断开。演示的其他部分仍可使用。
page-retry = 重试
page-part-tour = 这个视图
page-part-lessons = 课程
page-part-editor = 这个编辑器
page-part-import = 导入面板
page-part-explain = 分配过程说明

## 计算过程与分享面板。

page-explain-title = 该实例如何算出自己的队列：
page-close = 关闭
page-link-label = 指向当前视图的链接
page-copied = 已复制到剪贴板。
page-copy-by-hand = 请从此文本框复制链接。
page-copy-snippet-by-hand = 请从此文本框复制代码。
page-embed-label = 把以下代码粘贴到网页中：
page-link-too-long = 该场景太大，无法放进链接：其状态将长达 { $length } 个字符，超过 { $max } 个字符的链接无法再次打开，因此未生成链接。请改为保存为场景文件，可在“导出”标签页中用“载入场景文件”打开。

## 按实例设置视图。

page-views-hint = 按实例设置：它运行的客户端库（每种客户端用自己的代码排序和分配）、它自己的策略（滚动发布改了策略时），以及它自己的视图，真实客户端在一段时间内就会这样：它所询问的 Broker 返回的 cidAll（去掉心跳尚未到达的成员）、它持有的路由（缺少某个 Broker、队列更少），或者它没有订阅本 Topic。留空表示使用消费组的真实列表。
page-views-truth = 消费组的 cidAll：{ $cids }。Topic 的路由：{ $route }。
page-views-cids = 它看到的 cidAll（留空：消费组的）
page-views-route = 它持有的路由（留空：Topic 的），例如 broker-a:8
page-views-client = 它运行的客户端
page-views-own-strategy = 它的策略
page-client-java5 = Java 5.x（Remoting）
page-client-java49 = Java 4.9
page-client-java47 = Java 4.7 及更早
page-client-go = Go（rocketmq-client-go v2）
page-client-cpp = C++ / Python（只有 AVG）
page-client-grpc = 5.x gRPC（由 Proxy 分配）
page-group-strategy-option = 消费组的（{ $strategy }）
page-only-avg = { $client } 客户端只有 AVG：该实例按 AVG 计算，而不是 { $group }。
page-subscribes-to = 订阅了 { $topic }
page-misses-newest = 还没看到 { $newest }
page-views-rows-limit = 这里只能编辑前 { $rows } 个实例；其余实例保留链接或文件中给出的视图。

## clientId 生成器。

page-builder-intro = 描述进程的运行方式，查看每个进程会上报的 clientId。
page-builder-count = 实例数
page-builder-host-ip = 宿主机 IP（第一台，后续依次递增）
page-builder-pid = 容器内的 PID
page-builder-instance-name = instanceName
page-builder-unit-name = unitName（可选）
page-builder-version = Java 客户端版本
page-builder-would-report = 它们会上报：
page-builder-use-these-ids = 使用这些 clientId
page-builder-docker-button = Docker 主机网络、4.7.1、3 个容器、PID 9
page-builder-library = 客户端库
page-builder-library-name =
    { $library ->
        [go] Go v2（rocketmq-client-go）
        [cpp] C++ / Python（rocketmq-client-cpp）
        [grpc] gRPC 5.x（rocketmq-clients）
       *[java] Java
    }
page-builder-network = 每个容器的网络
page-builder-network-name =
    { $network ->
        [host-eth0-first] --network host，eth0 排在前面
        [bridge] 桥接网络：容器自己的 IP
        [ipv6-only] 没有 IPv4 网卡（仅 IPv6）
       *[host-docker0-first] --network host，docker0 排在前面
    }
page-builder-host-name = 主机名（每个进程相同）
page-builder-index = 进程内的客户端序号（0：第一个客户端）
page-builder-bad-ip = “{ $text }”不是 IPv4 地址（例如 10.0.0.12）。
page-builder-all-distinct = { $processes } 个进程，{ $processes } 个不同的 clientId。
page-builder-shared = { $processes } 个进程只有 { $distinct } 个不同的 clientId：共用同一个 clientId 的进程会算出相同的队列。
page-builder-why-java47 = 4.8 及以前的 Java 客户端以 PID 作为实例名，并取第一个不以 127.0 或 192.168 开头的 IPv4：docker0 排在前面时就是 docker0 的 172.17.0.1，每台主机都一样。
page-builder-why-java49 = 从 4.9.0 起，Java 客户端会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime，但仅限 instanceName 为 DEFAULT 时：手动设置的名字会原样使用。
page-builder-why-go = Go 客户端始终是 IP@PID：Java 4.9+ 的 #nanoTime 后缀从不生效。IP 取第一个已启用且非回环网卡的第一个 IPv4，docker0 排在前面时也算；没有 IPv4 时 clientId 以 @ 开头。
page-builder-why-cpp = C++ 与 Python 客户端上报 IP@PID#instanceName，IP 来自解析主机名（也可能是 IPv6）：主机名解析结果相同且 PID 相同的进程会共用一个 clientId。
page-builder-why-grpc = 5.x gRPC 客户端上报 hostname@pid@index@nanoTime（36 进制）：即使主机名和 PID 相同，启动时间也能区分它们。它们自己不分配队列，由 Proxy 分配。
# The status line of the first screen the build put into the page, while the page's code (wasm) is on its way,
# then once it has taken over.
page-first-screen-waiting = 这是页面代码到达之前画出的默认消费组：代码加载完成后即可使用编辑器。
page-first-screen-ready = 演示已加载完成：可以使用编辑器了。
page-first-screen-embed-waiting = 这是页面代码到达之前画出的默认消费组：代码加载完成后即可使用其中的控件。
page-first-screen-embed-ready = 演示已加载完成：可以使用其中的控件了。

## The group's config on the brokers (SubscriptionGroupConfig) and its retry topic.
page-group-config = Broker 上的消费组配置
page-group-config-hint = 即 mqadmin updateSubGroup 所设、getConsumerConfig 所打印的配置；这里各 Broker 上相同。
page-consume-enable = consumeEnable：允许消费
page-notify-ids-changed = notifyConsumerIdsChangedEnable：成员加入或离开时通知其他成员
page-consume-orderly = consumeMessageOrderly：5.x gRPC 客户端顺序（FIFO）消费
page-retry-queue-nums = retryQueueNums：每个 Broker 上的重试队列数
page-retry-topic = 重试主题 { $topic }（每个 Broker { $per-broker } 个）：{ $holders }
# 各 Broker 上的配置不同：$each 列出每个 Broker 及其 retryQueueNums。
page-retry-topic-each = 重试主题 { $topic }（各 Broker 的重试队列数：{ $each }）：{ $holders }
page-retry-queue = { $queue } → { $ids }
page-retry-with-slots = { $line }。{ $slots }
page-retry-nobody = 无人
