## 引导课程（group::lessons::words）：课程面板，以及每节课的标题、步骤、任务和条件。
## 数字、clientId、队列和策略名都是变量：页面按读者正在看的场景和模拟结果填入，随读者的修改而变。

## 面板。

lesson-panel-title = 引导课程
lesson-intro = 边做边学负载均衡：每节课先布置好演示场景，解释你看到的现象，最后留一个任务，用左侧的编辑器动手完成。
lesson-open = 开始学习
lesson-close = 关闭课程
lesson-all = 全部课程
lesson-previous = 上一步
lesson-next = 下一步
lesson-next-lesson = 下一课：{ $title }
lesson-task-title = 你的任务
lesson-done = 完成：实时模拟满足全部条件。
lesson-not-done = 尚未完成。
lesson-hint-button = 提示
lesson-show-solution = 查看答案
lesson-solution-shown = 答案已应用到演示中：看看左侧编辑器里改了什么。
lesson-solution-what =
    { $lesson ->
        [how-it-works] 改动：第三个实例改为 10.0.0.10@103，它在 cidAll 中排第一，因此拿到下标 0。
        [avg-vs-circle] 改动：增加了实例，直到队列数能被实例数整除（现在共 { $number } 个实例），AVG 与 AVG_BY_CIRCLE 给每个实例的队列数相同。
        [docker] 改动：重复了已有 clientId 的每个容器都有了自己的 instanceName（…@consumer-N），所有 clientId 都不再重复。
        [idle] 改动：第一个 Broker 增加了队列，队列数与实例数相等（{ $number }）。
        [consistent-hash] 改动：每个实例的虚拟节点数提高到 { $number }，这是第一个能像 AVG 一样均匀分配队列的值。
        [machine-room] 改动：在没有消费者的机房里增加了一个实例（IDC2@10.0.2.14@104）。
        [split-views] 改动：在“{ lesson-views-editor }”的每一行都勾选了“订阅了 Topic”，并标出了无人拉取的队列。
        [kafka] 改动：策略改为 AVG_BY_CIRCLE，它像 Kafka 的 RoundRobin 分配分区那样逐个分配队列。
        [deploy-cost] 改动：所有实例改用 Java 5 客户端，它接手队列后等待 500 毫秒才首次拉取，旧归属的放弃先到。
        [orderly-locks] 改动：所有实例改用 Java 5 客户端，它在一秒内重试被拒的顺序锁。
        [retry-topic] 改动：retryQueueNums 改为 { $number }，每个实例都持有一个重试 Topic 的队列。
       *[mixed-clients] 改动：策略改为 AVG，在这些 clientId 上 Java 与 Go 的计算结果相同。
    }
lesson-link-to-step = 本步骤链接
lesson-link-hint = 发给同事即可打开这一步及其场景；浏览器地址栏里的链接还包含你的修改。
lesson-done-mark = 已完成
lesson-mark-unpulled = 勾选本步骤开始时所有无人拉取的队列：
lesson-restart = 重新布置本步骤
lesson-condition-met = 已满足
lesson-condition-unmet = 未满足
lesson-finished = 你已完成全部课程。
lesson-story = 讲解（读完可以收起）
lesson-step-of = 第 { $step } 步，共 { $steps } 步
lesson-progress = 已完成 { $done } / { $total } 课
lesson-link-unknown = 链接中的课程“{ $text }”不存在；下面是课程列表。
lesson-link-bad-step = 课程“{ $lesson }”只有第 1 到 { $steps } 步，“{ $text }”不是其中之一。下面是课程列表。
lesson-progress-unreadable = 浏览器中保存的课程进度（“{ $text }”）无法读取，已忽略并清除。

## 课程让读者去找的页面部分，名称与页面上的一致。

lesson-views-editor = 按实例设置：客户端、策略、视图
lesson-builder = clientId 生成器
lesson-subscribes-to = 订阅了 { $topic }

## 组成下面句子的片段。

lesson-then = { $first }{ $then }
lesson-none = 无
lesson-nobody = 无人
lesson-no-first-queue = （没有队列）
lesson-instances-separator = ；
lesson-more-instances = 另外 { $count } 个
lesson-share-even = 每个 { $most } 个
lesson-share-range = 每个 { $fewest } 到 { $most } 个
lesson-avg-would-give-nothing = AVG 无从分配（没有实例）
lesson-avg-would-give-even = AVG 会每个分 { $most } 个
lesson-avg-would-give-range = AVG 会每个分 { $fewest } 到 { $most } 个
lesson-every-queue-once = { $queues } 个队列每个都恰好有一个消费者
lesson-faults = { $overlapped } 个队列被重复消费（{ $overlapped-list }），{ $starved } 个无人消费（{ $starved-list }）
lesson-faults-and-shared = { lesson-faults }；{ $shared } 个队列按设计共享（{ $shared-list }），POP 时每条消息只交给其中一个，广播时交给每个实例
lesson-in-the-picture = 当前画面：{ $picture }。
lesson-no-shared-client-id = 当前没有两个实例共用 clientId。
lesson-strategy-now-gives = 现在的策略是 { $strategy }，分配结果：{ $per-instance }。

## 消费组不是客户端集群模式时的说明。

lesson-mode-broadcasting = 现在消费组设为广播模式（BROADCASTING）：不运行分配策略，{ $instances } 个实例每个都消费全部 { $queues } 个队列，收到每一条消息。
lesson-mode-broker-pull = 现在设为 Broker 端负载均衡（clientRebalance = false，PULL）：每个客户端去问 Broker，由 Broker 用同样排序的列表替它运行 { $strategy }。
lesson-mode-pop-everything = 现在设为 Broker 端 POP 模式，popShareQueueNum = { $share }（≤ 0 或 ≥ N − 1）：不运行分配策略，{ $instances } 个消费者每个都 pop 全部 { $queues } 个队列，Broker 把每条消息只交给其中一个。
lesson-mode-pop-more-consumers = 现在设为 Broker 端 POP 模式（popShareQueueNum = { $share }），且消费者多于队列：每个消费者分到一个队列 mqAll[k mod M]，于是几个消费者共同 pop 一个队列，Broker 把每条消息只交给其中一个。
lesson-mode-pop-share = 现在设为 Broker 端 POP 模式（popShareQueueNum = { $share }）：每个消费者 pop 自己的那份，外加后面 { $share } 个位置的份额，于是几个消费者共同 pop 一个队列，Broker 把每条消息只交给其中一个。
lesson-mode-broker-unserved = Broker 端只支持 AVG 和 AVG_BY_CIRCLE：对 { $strategy } 返回 null，每个客户端保持原有队列（在这个画面里就是没有）。

## 客户端负载均衡是怎么算的。

lesson-how-it-works-title = 客户端负载均衡是怎么算的
lesson-how-it-works-summary = 每个实例各自排序 mqAll 和 cidAll，挑出自己的队列；没有人核对总和。
lesson-how-it-works-step-1 = 每个实例自己计算自己的队列
lesson-how-it-works-step-2 = 没有人核对总和
lesson-how-it-works-step-3 = 动手：把队列 0 挪过去
lesson-how-it-works-lists = 在客户端负载均衡（默认方式）下没有协调者。每个消费实例各自（每 20 秒一次，或组成员变化时）从本地的路由表读出 Topic 的队列（路由表在后台从 NameServer 更新），向一个 Broker 拉取本组的 clientId，组成两个列表：mqAll 是 { $queues } 个队列，按 Broker 名和队列号排序；cidAll 是 { $instances } 个 clientId，按字符串排序。然后它独自运行分配策略（{ $strategy }），只保留属于自己的结果。
lesson-how-it-works-sorted = 排序后的 cidAll 为：{ $ids }。实例的下标是它在排序后列表中的位置，而不是你输入时的行号。
lesson-how-it-works-slot-by-index = { $id } 写在客户端列表第 1 行，但它的下标是 { $slot }，所以在 { $strategy } 下分到队列 { $taken }。试着调换行的顺序：下标和队列都不会变。
lesson-how-it-works-slot-as-set = { $id } 写在客户端列表第 1 行，但它的下标是 { $slot }；按现在的设置（{ $strategy }）它分到 { $taken }。试着调换行的顺序：什么都不会变，因为所有列表都先排序。
lesson-how-it-works-nobody-checks = 每个实例只保留自己算出的队列，没有人把大家的结果加起来核对：当两个实例用同一个 clientId 计算，或用了不同的列表，就会有队列被重复消费或没人消费，而且不会有任何报错。
lesson-how-it-works-slot-zero = AVG 给每个下标分一块连续的队列，下标 0 的块从第一个队列 { $first } 开始。{ $instances } 个实例、{ $queues } 个队列、策略为 { $strategy } 时：
lesson-how-it-works-assignment = { $per-instance }
lesson-how-it-works-line-3 = 第 3 行 { $id } 的下标是 { $slot }，分到 { $taken }。
lesson-how-it-works-task = 只修改客户端列表第 3 行的 clientId，让这个实例消费队列 { $first }。
lesson-how-it-works-hint = cidAll 按 Java 的字符串比较逐字符排序：10.0.0.10@… 排在 10.0.0.11@… 前面。

## AVG 与 AVG_BY_CIRCLE。

lesson-avg-vs-circle-title = AVG 与 AVG_BY_CIRCLE
lesson-avg-vs-circle-summary = 连续分块还是轮流发牌，以及为什么前 M mod N 个实例多分一个。
lesson-avg-vs-circle-step-1 = AVG：连续分块
lesson-avg-vs-circle-step-2 = AVG_BY_CIRCLE：像发牌一样轮流分
lesson-avg-vs-circle-step-3 = 动手：让每个实例分得一样多
lesson-avg-vs-circle-remainder =
    { $extra ->
        [0] { $queues } mod { $instances } = 0：没有余数，每个下标分得一样多。
       *[other] cidAll 中前 { $queues } mod { $instances } = { $extra } 个下标再多分一个（共 { $more } 个）：余数总要有人拿，而两者都从下标 0 开始。
    }
lesson-avg-vs-circle-division = AVG 和 AVG_BY_CIRCLE 都让 cidAll 的 { $instances } 个下标各分 { $queues } ÷ { $instances } = { $each } 个队列（整数除法）。{ lesson-avg-vs-circle-remainder }现在每个实例的队列数：{ $counts }。
lesson-avg-vs-circle-that-is-what-you-see = 这正是你看到的：{ $per-instance }。
lesson-avg-vs-circle-blocks = AVG 切出连续的块，从下标 0 开始。{ $live }
lesson-avg-vs-circle-dealt = AVG_BY_CIRCLE 把队列 0 发给下标 0，队列 1 发给下标 1，依次轮流：下标 k 取队列 k、k + { $instances }、k + 2 × { $instances } ……，所以每个实例的队列是每隔 { $instances } 个取一个，而 AVG 的是连续一块。{ $live }
lesson-avg-vs-circle-same-counts = 数量与第 1 步相同：每个 { $queues } ÷ { $instances } = { $each } 个（整数除法），前 { $queues } mod { $instances } = { $extra } 个下标再多一个；只是分到哪些队列不同。
lesson-avg-vs-circle-right-now = 现在 { $instances } 个实例在 { $strategy } 下分 { $queues } 个队列：{ $share }（{ $counts }）。
lesson-avg-vs-circle-extra =
    { $extra ->
        [0] 在 AVG 和 AVG_BY_CIRCLE 下，{ $queues } mod { $instances } = 0：没有下标多分队列。
       *[other] 在 AVG 和 AVG_BY_CIRCLE 下，cidAll 中前 { $queues } mod { $instances } = { $extra } 个下标多分一个队列。
    }
lesson-avg-vs-circle-task = 不删除 { $instances } 个实例中的任何一个、也不改变 { $queues } 个队列，让每个实例分到同样多的队列。
lesson-avg-vs-circle-hint = 多出来的队列给前 M mod N 个实例。M mod N 什么时候为 0？在客户端列表里加几行。

## Docker host 网络事故。

lesson-docker-title = Docker host 网络事故
lesson-docker-summary = 同 IP、同 PID、同 clientId：有的队列被重复消费，有的堆积；然后修复它。
lesson-docker-step-1 = 事故现场
lesson-docker-step-2 = clientId 为什么会相同
lesson-docker-step-3 = 动手：修复它
lesson-docker-incident = 消费者容器使用 RocketMQ 4.7.1，运行在 host 网络上。消费组有 { $instances } 个实例，Topic 有 { $queues } 个队列，策略为 { $strategy }。
lesson-docker-why = clientId 的格式是 IP@instanceName。4.8 及以前，客户端按 JDK 给出的顺序遍历网卡，取第一个不以 127.0 或 192.168 开头的 IPv4 地址；如果没有符合的，取最后一个 IPv4 地址。在 host 网络下每个容器看到的都是宿主机的网卡，docker0 的 172.17.0.1 符合条件：当 docker0 排在最前面时（这很常见），每个容器都会选中它。instanceName 默认为 DEFAULT，会被替换成进程号，而各个容器里 JVM 的 PID 往往是同一个小数字。同 IP、同 PID，于是 clientId 相同。
lesson-docker-open-builder = 展开左侧的 { lesson-builder }：选择版本，看看每个容器会上报什么 clientId。
lesson-docker-fix = 现状：{ $picture }。修复方法是让每个进程的 clientId 唯一：设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或使用 4.9.0 及以上的客户端，它会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime。
lesson-docker-task = 在不删除实例（至少保留 { $instances } 个）的前提下，让 { $queues } 个队列每个都恰好有一个消费者。
lesson-docker-hint = 在 @ 后面写一个唯一的 instanceName（例如 172.17.0.1@consumer-2），或在 { lesson-builder }中选择 4.9.3 及以上版本并使用生成的 id。

## 消费者多于队列。

lesson-idle-title = 消费者多于队列
lesson-idle-summary = 拉取式消费时，超出队列数的实例只能空闲。
lesson-idle-step-1 = 无事可做的实例
lesson-idle-step-2 = 动手：让每个实例都有活干
lesson-idle-pull-rule = 对拉取式消费者（客户端负载均衡，或 Broker 端 PULL）来说，除 CONFIG 外的每个策略都把一个队列最多只分给组里的一个 clientId。
lesson-idle-count = { $instances } 个实例对应 { $queues } 个队列：有 { $idle } 个实例分不到队列（{ $who }）。
lesson-idle-stand-idle = 它们只能空闲：仍然保持连接，别的实例宕机时可以接手，但不会增加吞吐。
lesson-idle-switching-does-not-help = 换策略也没用：每个队列最多一个 clientId，组里最多只有 { $queues } 个 clientId 能分到队列，不管怎么分；哈希环甚至可能让更多实例空闲。这里各策略下的空闲实例数：{ $per-strategy }。
lesson-idle-task = 不删除任何实例，让 { $instances } 个实例每个都分到队列。
lesson-idle-hint = 读队列数决定并行度：增加 Topic 的读队列数。

## 一致性哈希。

lesson-consistent-hash-title = 一致性哈希
lesson-consistent-hash-summary = 扩容时迁移更少、份额不均、clientId 冲突。
lesson-consistent-hash-step-1 = 用哈希环代替分块
lesson-consistent-hash-step-2 = 实例加入时迁移更少
lesson-consistent-hash-step-3 = 重复的 clientId 在环上重叠
lesson-consistent-hash-step-4 = 动手：让哈希环更均匀
lesson-consistent-hash-ring = CONSISTENT_HASH 为每个 clientId 在哈希环上放 { $nodes } 个虚拟节点（Java 客户端中是 clientId-0、clientId-1……的 MD5）。每个队列交给环上哈希值大于或等于其名字哈希的第一个节点，到末尾则绕回开头。没有分块，也没有下标：谁分到什么取决于哈希值。
lesson-consistent-hash-shares = 哈希落点决定份额：这里 { $queues } 个队列分给 { $instances } 个实例，每个 { $fewest } 到 { $most } 个（{ $per-instance }）。{ $avg }；第 4 步会看到一个不均匀得多的环。
lesson-consistent-hash-not-the-ring = 现在的策略是 { $strategy }，不是 CONSISTENT_HASH：{ $queues } 个队列分给 { $instances } 个实例，每个 { $fewest } 到 { $most } 个（{ $per-instance }）。切换回来即可看到哈希环的份额。
lesson-consistent-hash-moves = 当第 { $joined } 个实例 { $joiner } 加入这 { $instances } 个实例、{ $queues } 个队列的组时，哈希环只迁移 { $ring } 个队列：仅仅是新节点接管的那些。AVG 会迁移 { $avg } 个，AVG_BY_CIRCLE 会迁移 { $circle } 个，因为 N 从 { $instances } 变成 { $joined }：AVG 按新的大小切块，AVG_BY_CIRCLE 改为对 { $joined } 取模，于是原有实例之间也会互相迁移队列，不论新成员排在哪里。
lesson-consistent-hash-moves-pause = 被迁移的队列在旧实例释放、新实例接手之间会暂停消费，交接前后还可能重复消费。迁移越少，负载均衡越平稳。可在下方“深入探索”中打开“观察一次重新分配”逐步查看。
lesson-consistent-hash-repeated = 在哈希环上，重复的 clientId 并不是把同样的虚拟节点放两次：每个副本都以接下来的副本编号再放一组节点（第二个副本是 { $id }-{ $nodes } 到 { $id }-{ $last-node }），于是 { $id } 占了环上更大的一部分，每个副本都分到落在它节点上的队列。与 AVG 不同，这不会造成无人消费的队列（{ $starved } 个无人消费）：环上有 { $distinct } 个不同的 clientId，每个队列都能找到节点。
lesson-consistent-hash-no-nodes = 虚拟节点数为 0 时哈希环是空的：{ $queues } 个队列全都无人消费（现在 { $starved } 个）。
lesson-consistent-hash-no-repeat = 现在没有重复的 clientId：环上有 { $distinct } 个不同的 clientId，{ $starved } 个队列无人消费。
lesson-consistent-hash-not-the-ring-starved = 现在的策略是 { $strategy }，不是 CONSISTENT_HASH：{ $starved } 个队列无人消费。切换回来，看看哈希环如何对待重复的 clientId。
lesson-consistent-hash-collisions = 此外还有 { $collisions } 个虚拟节点的 32 位哈希与其他节点相撞，后写入的覆盖先写入的。
lesson-consistent-hash-no-collision = 不同的 clientId 也可能相撞：两个虚拟节点的 32 位哈希值相等。发生时诊断会指出；这里没有虚拟节点相撞。
lesson-consistent-hash-nodes-now = 每个 clientId { $nodes } 个虚拟节点时，{ $queues } 个队列分给 { $instances } 个实例，每个 { $fewest } 到 { $most } 个（{ $counts }）。{ $avg }。虚拟节点越多，环通常越均匀，但并不总是如此：节点落点不同，份额就会跳变。
lesson-consistent-hash-not-the-ring-counts = 现在的策略是 { $strategy }，不是 CONSISTENT_HASH：{ $queues } 个队列分给 { $instances } 个实例，每个 { $fewest } 到 { $most } 个（{ $counts }）。{ $avg }。
lesson-consistent-hash-task = 保持 CONSISTENT_HASH、实例和队列不变，只修改虚拟节点数，让 { $queues } 个队列分得和 AVG 一样均匀。
lesson-consistent-hash-hint = 从当前的虚拟节点数开始逐个往上加，观察份额变化。

## 多机房。

lesson-machine-room-title = 多机房
lesson-machine-room-summary = 本机房队列优先；无人机房的队列大家分。
lesson-machine-room-step-1 = 本机房优先，无人机房共享
lesson-machine-room-step-2 = 动手：让机房就近消费
lesson-machine-room-nearby = MACHINE_ROOM_NEARBY 把每个机房的队列交给同机房的消费者，由内部策略分配；有队列却没有消费者的机房是“孤儿机房”，它的队列分给组里所有消费者。
lesson-machine-room-listed-rooms = MACHINE_ROOM 是另一个策略：它不需要解析器，自己在“@”处切分 Broker 名，只取其列表中机房的队列，分给整个组，不管消费者在哪个机房；它不读取 clientId。
lesson-machine-room-no-rooms = { $strategy } 完全不看机房：切换回 MACHINE_ROOM_NEARBY 才能看到机房的作用。
lesson-machine-room-resolver = 当前策略为 { $strategy }。RocketMQ 没有自带机房解析器，只提供 MACHINE_ROOM_NEARBY 调用的接口，由各应用自己实现。本演示的解析器从 Broker 名和 clientId 中“{ $separator }”之前的前缀读出机房（没有“{ $separator }”时取整个名字）。{ $how }
lesson-machine-room-room = 机房 { $room }：{ $queues } 个队列，{ $local } 个本机房消费者；由 { $by } 消费。
lesson-machine-room-task = 不删除任何实例，让 IDC2 机房的队列只由 IDC2 机房的消费者消费。
lesson-machine-room-hint = 在客户端列表中添加一个以 IDC2@ 开头的消费者。

## 视图不一致与订阅不一致。

lesson-split-views-title = 视图不一致与订阅不一致
lesson-split-views-summary = 实例看到的消费组不一致时，有的队列没人拉取。
lesson-split-views-step-1 = 过期视图：队列被重复拉取
lesson-split-views-step-2 = 动手：找出没人拉取的队列，再修好消费组
lesson-split-views-views = 每个实例都按自己得到的信息计算。这里实例们持有 { $views } 种不同的组视图，分别有 { $sizes } 个 clientId：有的实例询问的 Broker 还没收到最新成员的心跳。
lesson-split-views-picks = 用不同的列表计算，结果就对不上：{ $overlapped } 个队列被重复拉取（{ $overlapped-list }），{ $starved } 个无人拉取（{ $starved-list }），直到之后某次重平衡视图一致。下方“深入探索”的“视图不一致”标签页列出了每种视图。
lesson-split-views-all-subscribe = 现在 { $instances } 个实例都订阅了 { $topic }：{ $queues } 个队列分给 { $instances } 个下标，无人拉取的队列有 { $starved } 个（{ $starved-list }）。
lesson-split-views-some-skip = 现在视图一致了，但组里有实例没有订阅 { $topic }：{ $skipping-ids }，占 { $instances } 个实例中的 { $skipping } 个。Broker 返回的是组里的客户端而不是订阅该 Topic 的客户端，所以它们出现在所有人的 cidAll 中：下标照样分给它们，而它们从不拉取这些队列。{ $queues } 个队列由 { $subscribed } 个订阅了的实例计算。
lesson-split-views-fix = RocketMQ 要求同一消费组的所有消费者订阅相同的 Topic。修复办法是让订阅一致：让其他实例也订阅 { $topic }，或者把它们移到单独的消费组。
lesson-split-views-task = 先找出它们：在下面勾选 { $topic } 中所有无人拉取的队列。然后修好消费组，使 { $queues } 个队列每个都恰好有一个消费者，且不删除实例、不改变队列：让每个实例都订阅 { $topic }。“{ lesson-subscribes-to }”复选框在“{ lesson-views-editor }”中，即编辑器的最后一栏，在“{ lesson-builder }”下面。
lesson-split-views-hint = AVG 给 cidAll 的每个下标分一块。哪些下标属于没有订阅该 Topic 的实例？表格里能看到谁分到了什么。修复时，在“{ lesson-views-editor }”中这些实例的那一行勾选“订阅了”复选框。

## Kafka 的 Leader 分配有何不同。

lesson-kafka-title = Kafka 的 Leader 分配有何不同
lesson-kafka-summary = 由一个 Leader 用唯一的成员 id 统一计算。
lesson-kafka-step-1 = 一个 Leader，唯一的成员 id
lesson-kafka-step-2 = 动手：像 Kafka 一样分配
lesson-kafka-leader = 在 Kafka 中，由一个消费者（组 Leader）计算整个分配方案，再由协调者把各自的部分发给每个成员：一次计算，一个答案。成员以协调者生成的唯一 member id（client.id 加 UUID）区分，所以两个 client.id 相同的进程仍然是两个成员。
lesson-kafka-compared = 在这个组上（{ $instances } 个实例，{ $queues } 个队列），RocketMQ { $strategy } 有 { $overlapped } 个队列被重复消费、{ $starved } 个无人消费；Kafka 的四种分配器合计为 { $kafka-overlapped } 和 { $kafka-starved }。详见下方“深入探索”中的“Kafka 与 Pulsar”。
lesson-kafka-unique-ids = 当 id 唯一且排序方式相同时，Kafka 的分配器与 RocketMQ 的策略殊途同归：range 像 AVG 一样切块，roundrobin 像发牌一样轮流分。这里 { $instances } 个实例在 { $strategy } 下分 { $queues } 个队列：{ $per-instance }。
lesson-kafka-task = 不删除实例、不改变 { $queues } 个队列，让分配结果与 Kafka roundrobin 分配器在同一组上的结果逐个分区完全一致。
lesson-kafka-hint = Kafka 的 roundrobin 逐个轮流分配分区。RocketMQ 的哪个策略也这样分队列？

## 混用客户端：同一消费组里的 Java 与 Go。

lesson-mixed-clients-title = 混用客户端：同一消费组里的 Java 与 Go
lesson-mixed-clients-summary = 每个实例运行自己客户端的代码：Go 的哈希环与 Java 的哈希环对不上。
lesson-mixed-clients-step-1 = 同一个 cidAll，两套代码
lesson-mixed-clients-step-2 = 动手：让混用客户端的消费组恢复正常
# $go-count 只决定动词的形式（英语的 runs / run）；中文动词不变。
lesson-mixed-clients-one-cid-all =
    Broker 给每个实例的 cidAll 都一样，但每个实例用自己的客户端库计算队列。这里 { $go } { $go-count ->
       *[other] 运行
    } Go 客户端，{ $java } 运行 Java 客户端，策略都是 { $strategy }。
lesson-mixed-clients-two-rings = Go 客户端的 CONSISTENT_HASH 与 Java 的不同：它对 “<i><clientId>” 取 CRC32，把队列交给哈希值严格大于它的第一个节点；Java 则对 “<clientId>-<i>” 取 MD5，取大于或等于它的第一个节点。同一个 cidAll 得到两个环：{ $overlapped } 个队列被不止一个实例消费（{ $overlapped-list }），{ $starved } 个无人消费（{ $starved-list }），尽管每个 clientId 都是唯一的。
lesson-mixed-clients-now = 每个实例的客户端在编辑器最后一栏“{ lesson-views-editor }”中设置。现在 { $instances } 个实例在 { $strategy } 下分 { $queues } 个队列：{ $per-instance }。
lesson-mixed-clients-task = 不删除实例、不改变 { $queues } 个队列、也不把任何实例换成别的客户端，让每个队列都恰好有一个消费者。
lesson-mixed-clients-hint = 哪些策略在 Java 和 Go 客户端里是同样的算法？clientId 都是 ASCII 时，两者对 cidAll 的排序也一样。


## 一次发布的代价：逐秒看一次加入。

lesson-deploy-cost-title = 一次发布的代价
lesson-deploy-cost-summary = 新实例加入：哪些队列暂停、暂停多久、哪些被重复拉取。
lesson-deploy-cost-step-1 = 一次加入，逐秒来看
lesson-deploy-cost-step-2 = 没有通知时
lesson-deploy-cost-step-3 = 轮到你：一次没有重复拉取的发布
lesson-deploy-cost-join =
    一次发布加入了 { $joiner }。Broker 立即通知所有成员，各自重新计算，{ $queues } 个队列中有 { $moved } 个迁移。迁移的队列在旧归属放弃与新归属首次拉取之间暂停：这里最长暂停 { $longest } 秒。{ $doubled ->
        [0] 没有队列被两个成员同时拉取，约 { $duplicates } 条消息被重复投递（旧归属尚未提交的那些）。
       *[other] { $doubled } 个队列被两个成员同时拉取，约 { $duplicates } 条消息被重复投递。
    }
lesson-deploy-cost-watch = 打开下方“深入探索”中的“观察一次重新分配”并选择加入：它按时间播放这次变化，每个队列一条泳道，可拖动游标查看。
lesson-deploy-cost-no-notify =
    如果该组的 notifyConsumerIdsChangedEnable 为 false（mqadmin updateSubGroup -a false），没有人会被告知这次加入：每个成员要到自己 20 秒一次的重新计算才发现。最长暂停从 { $longest-on } 秒增至 { $longest } 秒，{ $doubled ->
        [0] 仍没有队列被重复拉取。
       *[other] { $doubled } 个队列被两个成员共拉取 { $double-secs } 秒，约 { $duplicates } 条重复投递。
    }
lesson-deploy-cost-why-notify = 新成员在首次重新计算时接手队列，而旧归属要到自己的定时才放手，这段窗口就是重复拉取。通知关闭了这个窗口；updateSubGroup 写入的是全新配置，命令里漏掉的开关会回到默认值。
lesson-deploy-cost-now =
    该组运行 { $clients }。现在它的发布：{ $doubled ->
        [0] 没有队列被重复拉取
       *[other] { $doubled } 个队列被两个成员共拉取 { $double-secs } 秒，约 { $duplicates } 条重复投递
    }；最长暂停 { $longest } 秒。
lesson-deploy-cost-task = 在不移除实例、不改变这 { $queues } 个队列的前提下，让这次发布（再加入一个实例）不产生任何重复拉取。
lesson-deploy-cost-hint = Java 4.9 与 Go 接手队列后立即拉取，可能早于旧归属的放弃（谁先谁后在几毫秒内是随机的）。哪种客户端在首次拉取前会等待？客户端在“{ lesson-views-editor }”中设置。
lesson-timeline-unplayable = 时间线只播放由 Java 或 Go 客户端自行重平衡的 CLUSTERING 组；这个组不是，所以这里没有可计时的内容。

## 顺序消费与锁：被杀掉的归属者。

lesson-orderly-locks-title = 顺序消费与锁
lesson-orderly-locks-summary = 被杀掉的归属者仍锁着它的顺序队列：各客户端要等多久。
lesson-orderly-locks-step-1 = 被杀掉的归属者，三种客户端
lesson-orderly-locks-step-2 = 轮到你：一分钟内恢复
lesson-orderly-locks-kill =
    组在顺序消费时 { $killed } 被杀掉。它的 { $moved } 个队列等待新的归属者：同一个组、同样的定时相位下，Java 5.2+ 最长等 { $java5 } 秒，Java 4.9 等 { $java49 } 秒，Go 等 { $go } 秒。
lesson-orderly-locks-why =
    顺序队列只有在持有 Broker 锁时才被拉取。被杀掉的进程不会解锁：它的锁在最后一次续期（每 20 秒一次）后 60 秒过期，即被杀后 40 到 60 秒，在此之前 Broker 拒绝新归属者加锁。之后 Java 5.2+ 在一秒内重试被拒的加锁，Java 4.9 等到下一次 20 秒的重新计算，Go 要等 20 秒的定时器、再等下一次 lockAll 才拉取。
lesson-orderly-locks-now = 该组运行 { $clients }。现在杀掉它的最后一个实例：{ $moved } 个队列等待，最长 { $longest } 秒。
lesson-orderly-locks-task = 在不移除实例、不改变队列的前提下，让被杀实例的每个队列在被杀后 { $secs } 秒内重新被拉取。
lesson-orderly-locks-hint = 锁的 60 秒属于 Broker；之后的等待取决于客户端。哪种客户端最快重试被拒的加锁？客户端在“{ lesson-views-editor }”中设置。


## 重试 Topic：重试有自己的 Topic 和重平衡。

lesson-retry-topic-title = 重试 Topic
lesson-retry-topic-summary = 重试有自己的 Topic，像其他 Topic 一样重平衡：只有部分实例能拿到重试消息。
lesson-retry-topic-step-1 = 重试有自己的 Topic
lesson-retry-topic-step-2 = 轮到你：让每个实例都能消费重试
lesson-retry-topic-now =
    组里的每个 Push 消费者还会订阅 { $topic }，并以相同的策略和 cidAll 把它当作另一个 Topic 重平衡。它在 { $brokers } 个 Broker 上各有 retryQueueNums = { $per-broker } 个队列，共 { $queues } 个（{ $holders }）。{ $idle ->
        [0] { $instances } 个实例各持有一个，每个实例都可能消费重试消息。
       *[other] 因此 { $instances } 个实例中只有 { $holding } 个会消费重试消息；其余实例没有重试队列是设计如此，不是饥饿。
    }
lesson-retry-topic-where = 消费失败的消息回到存储它的 Broker，随机进入其一个重试队列，按级别 3 + reconsumeTimes 延迟 10 秒、30 秒、1 分钟等；超过 maxReconsumeTimes（默认 16）后进入该组的 %DLQ%。持有该重试队列的实例消费它，而不管是哪一个实例失败的。
lesson-retry-topic-none = retryQueueNums 为 { $retry-queue-nums } 时没有可持有的重试队列：发回 Broker 的失败消息被当作 SUCCESS 应答，且不会存储。
lesson-retry-topic-broadcasting = BROADCASTING 组没有重试 Topic：它的客户端不订阅重试 Topic，也不把消息发回。消费失败时由客户端自己丢弃该消息（记一条日志）；Broker 不知道这次失败，消息也不会被重新投递。
lesson-retry-topic-unplayable = 本工具不模拟该组的重试 Topic，因此这里没有可持有的重试队列。
lesson-retry-topic-task = 在不移除实例、不改变 Topic 队列的前提下，让每个实例都持有 { $topic } 的一个队列。
lesson-retry-topic-hint = retryQueueNums 在“Broker 上的消费组配置”中。在真实集群上，事后调大它不会改变已存在的重试 Topic 的队列数（apache/rocketmq#3953）：还要用 mqadmin updateTopic 修改 %RETRY%<group> 的队列数。

## 任务的条件，需要时带上实时数字。

lesson-condition-every-queue-once = 每个队列恰好一个消费者（现在 { $starved } 个无人消费，{ $several } 个多人消费）。
lesson-condition-no-instance-removed = 没有删除实例：至少 { $at-least } 个（现在 { $instances } 个）。
lesson-condition-queues-unchanged = 队列保持不变（开始时 { $start } 个，现在 { $queues } 个）。
lesson-condition-only-line-changed = 只改了第 { $line } 行的 clientId（策略、队列和其他行不变）。
lesson-condition-line-takes-first-queue = 第 { $line } 行消费队列 { $first }（现在是 { $taken }）。
lesson-condition-equal-shares = 每个实例分到的队列数相同（现在 { $fewest } 到 { $most } 个）。
lesson-condition-no-idle = 没有空闲实例（现在 { $idle } 个空闲）。
lesson-condition-only-virtual-nodes-changed = 仍是 CONSISTENT_HASH，实例和队列不变：只改了虚拟节点数。
lesson-condition-shares-as-even-as-avg = 和 AVG 一样均匀：每个实例最多与最少的队列数相差不超过 { $allowed }（现在 { $fewest } 到 { $most } 个）。
lesson-condition-room-served-locally = { $room } 机房的每个队列都有人消费，且只由 { $room } 机房的消费者消费。
lesson-condition-marked-were-unpulled = 你勾选的恰好是本步骤开始时所有无人拉取的队列。
lesson-condition-every-instance-subscribes = 每个实例都订阅了 { $topic }（现在未订阅的有 { $skipping } 个）。
lesson-condition-clients-unchanged = 每个实例仍运行开始时的客户端。
lesson-condition-every-instance-gets-retries = 每个实例都持有一个重试队列（现在 { $instances } 个中有 { $holding } 个）。
lesson-condition-deploy-without-double-pull = 发布不产生重复拉取（现在 { $doubled } 个队列，共 { $secs } 秒）。
lesson-condition-orderly-kill-resumes-within = 被杀实例的每个队列在 { $secs } 秒内重新被拉取（现在最长等 { $longest } 秒）。
lesson-condition-same-as-kafka-round-robin = 每个队列的消费者与 Kafka roundrobin 给对应分区的分配一致。
