## 计算过程面板：某个实例的分配策略一步步如何算出它的队列，带真实数字（group::explain::words）。

explain-none = 无
explain-result = 结果：{ $queues }。

## 按它自己的视图计算时，列表从哪里来。

explain-own-view = 该实例按自己的视图计算，而不是消费组的真实视图：下面的列表是它得到的。
explain-view-cid-all =
    它询问的 Broker 返回的 cidAll = [{ $cid-all }]。{ $missing-count ->
        [0] {""}
       *[other] 它还看不到 { $missing }（心跳尚未到达该 Broker）。
    }{ $extra-count ->
        [0] {""}
       *[other] 它仍然看到已不在组内的 { $extra }。
    }
explain-stale-route = 它的路由已过期：{ $route }。
explain-no-broker = 没有 Broker

## 两个列表，以及该实例在其中的位置。

explain-sorted = 每个实例先把两个列表排序：mqAll 有 M = { $m } 个队列，cidAll 有 N = { $n } 项。
explain-sorted-by-bytes = 该 { $client } 客户端按 UTF-8 字节给两个列表排序（Java 客户端按 UTF-16 码元）：mqAll 有 M = { $m } 个队列，cidAll 有 N = { $n } 项。
explain-index = k = cidAll.indexOf("{ $client-id }") = { $slot }。
explain-index-copies = k = cidAll.indexOf("{ $client-id }") = { $slot }。indexOf 总是找到 { $copies } 个副本中的第一个，所以每个副本都算出同一个 k。

## 不运行分配策略时。

explain-broadcasting = 广播模式：不运行分配策略；该实例消费全部 { $m } 个队列。
explain-error = 分配策略抛出异常“{ $message }”；真实客户端只记录日志并保留原来的队列。
explain-no-answer = Broker 端只支持 AVG 与 AVG_BY_CIRCLE；它没有返回结果，客户端保持原有队列。
explain-proxy = 5.x gRPC 客户端自己不分配：Proxy 为每个 Broker 返回一个 queueId 为 -1 的分配（“从整个 Broker pop”），对所有 gRPC 客户端都一样：{ $brokers }。
explain-pop-whole = Broker 以 POP 模式回答，popShareQueueNum = { $share }，≤ 0 或 ≥ N − 1 = { $last-slot }：不运行分配策略，每个消费者都被告知从整个 Broker pop（queueId 为 -1）：{ $brokers }，所以它和其他消费者一样消费全部 { $m } 个队列。
explain-pop-one-each = Broker 以 POP 模式回答，popShareQueueNum = { $share }，且消费者多于队列（N = { $n } > M = { $m }）：不运行分配策略，每个消费者分到一个队列 mqAll[k mod M] = mqAll[{ $k } mod { $m }] = mqAll[{ $position }]。

## AVG。

explain-nearby-as-avg = 在 Go 客户端里，MACHINE_ROOM_NEARBY 就是对全部队列的 AVG（函数体只有 TODO）：机房、内部策略和分隔符都被忽略。
explain-avg-remainder = M mod N = { $m } mod { $n } = { $rem }：前 { $rem } 个位置各多分一个队列。
explain-avg-size-one = M ≤ N，所以块大小为 1。
explain-avg-size-plus-one = k = { $k } < { $rem }，所以块大小 = M / N + 1 = { $m } / { $n } + 1 = { $size }。
explain-avg-size = k = { $k } ≥ { $rem }，所以块大小 = M / N = { $m } / { $n } = { $size }。
explain-avg-start = 起点 = k × size = { $k } × { $size } = { $start }。
explain-avg-start-after-longer = 起点 = k × size + (M mod N) = { $k } × { $size } + { $rem } = { $start }。
explain-avg-nothing = 起点 { $start } ≥ M = { $m }：该位置分不到队列。
explain-avg-range = 区间 = [{ $start }, { $end }) 即 mqAll 的第 { $start }..{ $end } 个：{ $queues }。

## AVG_BY_CIRCLE。

explain-circle = 第 i 个队列归位置 i mod N = i mod { $n }；位置 { $k } 取 i = { $k }、{ $k } + { $n }、{ $k } + 2×{ $n } …（小于 M = { $m }）：{ $queues }。

## CONSISTENT_HASH：Java 的哈希环（MD5）与 Go 客户端的（CRC32）。

explain-hash-java = cidAll 的每一项在 MD5 哈希环上放 { $virtual-nodes } 个虚拟节点（key 为 "<clientId>-<i>"，哈希取 MD5 前 4 字节）；环上共 { $ring-size } 个节点，其中 { $owned } 个属于该 clientId（见下表）。
explain-hash-java-owner = 每个队列对其 toString 求哈希，归属顺时针遇到的第一个节点（越过末尾则回到环首）。
explain-hash-go = Go 客户端每次调用都新建一个 CRC32 哈希环：cidAll 的每一项按顺序放 { $virtual-nodes } 个虚拟节点，位置为 CRC32("<i><clientId>")（数字在前，无分隔符）；后来的项会覆盖已被占用的位置。环上共 { $ring-size } 个位置，其中 { $owned } 个属于该 clientId（见下表）。
explain-hash-go-owner = 每个队列对其 toString 求 CRC32，归属顺时针遇到的第一个严格更大的节点（Java 取大于或等于的第一个），越过末尾则回到环首。
explain-node-key = 虚拟节点 key
explain-node-hash = 哈希
explain-column-queue = 队列
explain-column-queue-hash = 队列哈希
explain-column-queue-crc = 队列 CRC32
explain-column-node-java = 顺时针遇到的第一个节点（含相等）
explain-column-node-go = 顺时针遇到的第一个更大节点
explain-column-node-hash = 节点哈希
explain-column-owner = 所属实例

## MACHINE_ROOM。

explain-room-served = 本组服务的队列（brokerName 为 <机房>@<broker> 且机房在 [{ $idcs }] 中）：{ $queues }（共 { $count } 个）。
explain-room-block = 块大小 = { $served } / { $n } = { $block }，余数 = { $served } mod { $n } = { $rem }。
explain-room-bug = Go 客户端（以及 4.8.0 之前的 Java）的缺陷：分块按这些位置从 mqAll 中取，而不是从所服务的队列中取；只有尾部队列取自所服务的队列。
explain-room-slot = 位置 { $k } 取 { $block } = { $queues }，若 { $k } < { $rem } 再取尾部队列 { $tail-at }：{ $tail }。

## MACHINE_ROOM_NEARBY。

explain-nearby-room = 机房取 "{ $separator }" 之前的部分：该实例位于机房“{ $room }”。
explain-nearby-no-local = 机房“{ $room }”没有自己的队列。
explain-nearby-local = 本机房的队列 { $queues } 由 { $strategy } 在本机房的 { $count } 个消费者（{ $consumers }）之间分配。
explain-nearby-orphan = 机房“{ $room }”没有消费者：它的队列 { $queues } 由 { $strategy } 在全部 { $n } 个实例之间分配。

## 它自己的视图、CONFIG，以及代它计算的 Broker。

explain-not-subscribed = 它没有订阅 { $topic }，因此从不为它做负载均衡，也不拉取它的任何队列。其他实例的 cidAll 中仍有它（位置 { $slot }），分给该位置的队列永远无人拉取。
explain-not-in-cid-all = 它自己的 cidAll 里没有 "{ $client-id }"：分配策略记录 "[BUG] ... not in cidAll" 并返回空列表。
explain-config = CONFIG 原样返回该进程配置的列表，不做校验。
explain-config-none = CONFIG 未配置列表时返回 null：客户端保持原有队列。
explain-broker-pull = 这一计算由 Broker 代客户端完成（QUERY_ASSIGNMENT，PULL）。
explain-broker-pop = POP 模式，popShareQueueNum = { $share }：该实例还会服务 cidAll 中后面 { $share } 个位置的队列，所以结果是它自己的那份加上它们的。
