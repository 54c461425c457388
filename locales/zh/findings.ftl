## 发现（group::findings）：分配图说明了什么。所有数字和名字都来自实时模拟。
## 中文没有复数形式：只为与英文保持相同变量的地方写 { $count -> *[other] … }。

finding-took-none = 都分不到队列
finding-took = { $count ->
       *[other] 都消费队列 { $queues }
    }
finding-no-queue = 没有队列
finding-shared-index = { $copies } 个实例共用 clientId { $id }：它们在 cidAll 中算出同一个下标 { $slot }，{ $took }。
finding-shared-room-index = { $copies } 个实例共用 clientId { $id }：它们在本机房的消费者列表中算出同一个下标，{ $took }。
finding-shared-java-ring = { $copies } 个实例共用 clientId { $id }：每个副本都为它再加 { $nodes } 个虚拟节点，编号接着已有的往下排（{ $id }-0 到 { $id }-{ $last }），于是 { $id } 占了{ $ring ->
        [room] MACHINE_ROOM_NEARBY 为它们构建的每个哈希环
       *[topic] 哈希环
    }上更大的一部分，这些副本{ $took }。
finding-shared-go-ring = { $copies } 个实例共用 clientId { $id }：Go 客户端的哈希环上每个副本的虚拟节点完全相同，这些副本{ $took }。
finding-shared-config = { $copies } 个实例共用 clientId { $id }。CONFIG 从不读取 cidAll：每个副本取自己配置的列表（第一个副本：{ $first }）。
finding-shared-no-answer = { $copies } 个实例共用 clientId { $id }；对这个策略 Broker 一个也不回答，所以在这里没有影响。
finding-shared-whole-brokers = { $copies } 个实例共用 clientId { $id }；这里每个消费者都从整个 Broker pop 全部 { $total } 个队列，所以没有影响。
finding-shared-many-first = { $id }（{ $copies } 个实例）
finding-shared-many-next = { $id }（{ $copies }）
finding-shared-many = { $count } 个 clientId 各被多个实例共用，共 { $instances } 个实例；按副本数从多到少：{ $shown }。第一个：{ $worst }
finding-shared-all = 全部 { $count } 个共用的 clientId
finding-shared-more = …… 等另外 { $count } 个。

finding-starved = { $count ->
       *[other] 队列 { $queues } 没有任何消费者：消息会一直堆积。
    }
finding-overlapped = { $count ->
       *[other] 队列 { $queues } 被多个实例同时消费：消息会被重复消费。
    }
finding-healthy = { $queues } 个队列中每个都恰好有一个消费者（共 { $instances } 个实例）。
finding-idle = { $instances } 个实例对应 { $queues } 个队列：有 { $idle } 个实例分不到队列，处于空闲。
finding-error = 分配策略对 { $instances } 个实例抛出异常："{ $message }"。真实客户端只记录日志，保持原来的队列不变。
finding-no-broker-answer = Broker 端只支持 AVG 和 AVG_BY_CIRCLE；对 { $strategy } 返回 null，客户端保持原有分配。
finding-ring-collisions = 哈希环上有 { $count } 个虚拟节点发生碰撞：后加入的节点覆盖了先前的节点。
finding-config-is-manual = CONFIG 策略直接返回每个进程自己配置的队列列表，不做任何校验：重叠与遗漏完全取决于配置。
finding-broadcasting = 广播模式：每个实例消费所有队列，这是设计如此。
finding-pop-shares = POP 模式：多个实例共同 pop 同一批队列，由 Broker 把每条消息只交给其中一个，因此共享不会造成重复消费。
finding-no-readable-queue = Topic 没有可读队列：没有可分配的内容。
finding-no-instance = 消费组里没有实例：所有队列都无人消费。

finding-stale-missing = { $count ->
       *[other] 还看不到 { $ids }
    }
finding-stale-extra = { $count ->
       *[other] 仍然看到已不在组内的 { $ids }
    }
finding-stale-route = { $count ->
       *[other] 路由中有 { $seen } 个队列，而 Topic 实际有 { $truth } 个
    }
finding-stale-route-without = { $count ->
       *[other] 路由中有 { $seen } 个队列，而 Topic 实际有 { $truth } 个（缺少 { $brokers }）
    }
finding-clause-separator = ；
finding-stale-overlapped = { $count ->
       *[other] 队列 { $queues } 被重复消费
    }
finding-stale-starved = { $count ->
       *[other] 队列 { $queues } 无人消费
    }
finding-effect-separator = ，
finding-stale-no-effect = 在这里没有造成影响。
finding-stale-effect = 因此{ $effects }。
finding-stale-view = { $count ->
       *[other] { $instances } 使用的是过期视图：{ $parts }。{ $effect }
    }
finding-skips-none = { $count ->
       *[other] 这里没有 { $topic } 的队列分给它们
    }
finding-skips-dealt = { $count ->
       *[other] { $queue-count ->
           *[other] 队列 { $queues } 分给了它们却永远无人拉取
        }
    }
finding-skips-topic = { $count ->
       *[other] { $instances } 属于该消费组但没有订阅 { $topic }：其他实例的 cidAll 里仍然算上它们，因此{ $dealt }。
    }
finding-skips-every = 该消费组的 { $count } 个实例都没有订阅 { $topic }：它的队列无人拉取，堆积只会增长。

finding-side = { $instances }（{ $what }）
finding-side-strategy = { $client }，{ $strategy }
finding-sides-separator = {"与 "}
finding-sides-last-separator = {"与 "}
finding-mixed-rings = { $sides }构建的哈希环不同（Go：对 “<i><clientId>” 取 CRC32，归属哈希值严格大于队列哈希的节点；Java：对 “<clientId>-<i>” 取 MD5，归属大于或等于它的节点）
finding-mixed-strategies = { $sides }使用的策略不同
finding-mixed-cpp-only-avg = { $sides }：C++ 客户端只有 AVG，所以它按 AVG 计算，而消费组的策略是 { $strategy }
finding-mixed-nearby-is-avg = { $sides }对 MACHINE_ROOM_NEARBY 的理解不同：Go 客户端里它就是对全部队列的 AVG，不看机房
finding-mixed-sort = { $sides }对 cidAll 的排序不同（Go 和 C++ 按 UTF-8 字节，Java 按 UTF-16 码元）
finding-mixed-sort-example = { $sides }对 cidAll 的排序不同（Go 和 C++ 按 UTF-8 字节，Java 按 UTF-16 码元）：{ $id } 按字节排在第 { $go } 位，按 Java 排在第 { $java } 位
finding-mixed-code = { $sides }使用不同的客户端代码计算
finding-mixed-overlapped = { $count ->
       *[other] 队列 { $queues } 被不止一个实例消费
    }
finding-mixed-starved = { $count ->
       *[other] 队列 { $queues } 无人消费
    }
finding-mixed-effect-separator = ；
finding-mixed = { $cause }：{ $effects }。
finding-room-bug-starved = { $count ->
       *[other] 所服务机房的队列 { $queues } 没有消费者
    }
finding-room-bug-unserved = { $count ->
       *[other] 无人服务的机房的队列 { $queues } 反而被消费
    }
finding-room-bug-separator = ，而
finding-machine-room-bug = { $count ->
       *[other] { $instances }（{ $client }）的 MACHINE_ROOM 从整个 mqAll 而不是所服务机房的队列中取分块，这是 Go 客户端（以及 4.8.0 之前的 Java 客户端）的缺陷：{ $parts }。
    }
finding-go-panic = { $count ->
       *[other] { $instances }（Go）每次重新分配都会 panic（{ $message }）：未设置 PanicHandler 时进程直接退出；设置了则其重新分配从此停止。这里它们不消费任何队列。
    }
finding-proxy = { $count ->
       *[other] { $instances }（gRPC）自己不做分配：Proxy 让它 pop { $brokers } 的所有队列。
    }
finding-proxy-counted = { $count ->
       *[other] 客户端分配的实例仍把它算在 cidAll 里
    }
finding-proxy-first-separator = ：
finding-proxy-next-separator = ；
finding-proxy-left = { $count ->
       *[other] { $queue-count ->
           *[other] 留给它的队列 { $queues } 只被它 pop
        }
    }
finding-proxy-both = { $queue-count ->
       *[other] 它们自己拉取的队列 { $queues } 也被它 pop，消息会被重复消费
    }
finding-proxy-end = 。

## The group's config on the brokers.
finding-consume-disabled = 消费组 { $group } 的消费已被禁用（consumeEnable=false）：每次拉取都返回 NO_PERMISSION（错误码 16，"subscription group no permission"），因此全部 { $count } 个队列暂停消费，而队列的归属保持不变。#Diff 持续增长，#LastTime 停止更新；客户端每 3 秒重试一次。
# 只有部分 Broker 上该组配置的副本为 consumeEnable=false（TIMING.md E0）；$brokers：这些 Broker 的名字，$count：它们的队列数。
finding-consume-disabled-brokers = 消费组 { $group } 仅在 { $brokers } 上被禁用消费（该 Broker 上的组配置为 consumeEnable=false）：对其 { $count } 个队列的每次拉取都返回 NO_PERMISSION（错误码 16），因此这些队列暂停消费，归属保持不变；其他 Broker 的队列照常消费。客户端每 3 秒重试一次。
finding-grpc-fifo = 这个顺序（FIFO）消费组（consumeMessageOrderly=true）中的 { $count } 个 gRPC 实例，无论 clientId 如何，都由 Proxy 分到 { $brokers } 的全部队列。每个 gRPC 客户端持有全部队列是设计如此，并非重叠：Broker 按顺序把每个队列的消息一次只交给一个 pop 者。
finding-retry-slots = { $instances } 个实例中最多只有 { $slots } 个能分到重试消息：重试主题共有 { $brokers } 个 Broker × retryQueueNums { $per-broker } = { $slots } 个队列。其余实例分不到重试队列是设计如此，并非饥饿。
# 各 Broker 的配置不同：$each 列出每个 Broker 及其 retryQueueNums；$slots 为总和。
finding-retry-slots-each = { $instances } 个实例中最多只有 { $slots } 个能分到重试消息：每个 Broker 各有自己的重试队列（{ $each }），共 { $slots } 个队列。其余实例分不到重试队列是设计如此，并非饥饿。
finding-retry-stores-nothing = retryQueueNums 为 { $retry-queue-nums }：消费失败的消息会直接返回 SUCCESS 且不被存储，因此永远不会重试，也不会进入死信队列。
finding-holdings-unexplained-tried = { $count ->
       *[other] { $instances }
    } 实际持有的队列，不是 AVG、AVG_BY_CIRCLE 或 CONSISTENT_HASH（所试的任一虚拟节点数）在其 cidAll 位置上算出的结果
finding-holdings-unexplained-given = { $count ->
       *[other] { $instances }
    } 实际持有的队列，不是给定的策略在其 cidAll 位置上算出的结果
finding-holdings-told = 下面的队列按每个实例报告的持有情况来说，而不是按计算结果
finding-holdings-told-partial = 下面的队列，报告了的实例按其报告的持有情况来说，其余实例按计算结果来说
finding-holdings-unexplained = { $head }：{ $told }。

finding-fix-shared = 让每个进程的 clientId 唯一：设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime）。
finding-fix-shared-unread = 仍应让每个进程的 clientId 唯一：这里的策略不读取它，但任何按 cidAll 分配的策略都会让这些副本分到同样的队列。设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或把客户端升级到 4.9.0 及以上（会在 PID 后追加 #nanoTime）。
finding-fix-same-view = 确保所有实例看到相同的 clientId 列表和队列列表：clientId 唯一、订阅关系一致。
finding-fix-idle = 增加 Topic 的读队列数，或减少实例数：同一消费组内一个队列最多只由一个实例消费。
finding-fix-ring-collisions = 碰撞很少见，不影响正确性，但会让负载不均；增加虚拟节点数可以让哈希环更均匀。
finding-fix-no-broker-answer = Broker 端负载均衡请使用 AVG 或 AVG_BY_CIRCLE，或改回客户端负载均衡。
finding-fix-stale-view = 通常是暂时的：成员加入或离开时 Broker 会通知消费组，且每个客户端每 20 秒重新分配一次，视图几秒内就会一致。如果持续存在，请检查每个实例的心跳是否到达所有 Broker，以及从 NameServer 获取的路由是否最新。
finding-fix-skips-topic = 同一消费组内所有实例的订阅关系必须一致：把订阅不同 Topic 的实例放到单独的消费组。
finding-fix-skips-every = 在应当消费该 Topic 的消费者中重新订阅它；如果这个组不再需要消费它，它的堆积只是该组停止消费时留下的。
finding-fix-cpp-only-avg = 整个消费组改用 AVG（C++ 客户端唯一的策略），或把 C++ 实例放到单独的消费组。
finding-fix-strategies = 让消费组内所有实例使用同一个分配策略：完成滚动发布，或者回滚。
finding-fix-sort = clientId 不要包含 U+E000 及以上的字符（instanceName 使用纯 ASCII），让所有客户端排序一致；或者一个消费组只用一种客户端。
finding-fix-mixed = 一个消费组只用一种客户端；或者使用 AVG 或 AVG_BY_CIRCLE，在 clientId 为 ASCII 时 Java、Go、C++ 的计算结果一致。
finding-fix-unserved-room = 这些队列所在的机房没有消费者服务：把这些机房加入消费者的机房列表（MACHINE_ROOM 的列表），或运行服务这些机房的消费者。
finding-fix-machine-room-bug = Go 客户端（以及 4.8.0 之前的 Java 客户端）不要使用 MACHINE_ROOM：改用 AVG 或 AVG_BY_CIRCLE，或让所服务机房的 Broker 在 mqAll 排序中排在最前。
finding-fix-go-panic = 给 CONSISTENT_HASH 设置正数的虚拟节点数（Go 客户端在这里没有默认值），或设置 primitive.PanicHandler 记录日志而不是退出。
finding-fix-proxy = 不要在同一消费组中混用 5.x gRPC 客户端和客户端分配的客户端：把其中一种放到单独的消费组，或把 Remoting 客户端改为 POP。
finding-fix-consume-disabled = 重新开启消费：mqadmin updateSubGroup -c <cluster> -g <group> -s true。updateSubGroup 会写入一份全新的配置，未给出的字段都会恢复默认值（除非给出 -d true 和 -m true，consumeBroadcastEnable 与 consumeFromMinEnable 会变为 false）：请把之前改过的值（-q、-r、-o、-a …）一并再给一次。
finding-fix-holdings-unexplained = 检查这些实例运行的是什么：各自的 allocateMessageQueueStrategy（是否自定义类？）、各自看到的 cidAll 与路由（重平衡是否仍在进行、客户端是否连不上某个 Broker）。在所有实例算法一致之前，无人持有的队列不会被消费，被两个实例持有的队列会被重复消费。
finding-fix-retry-stores-nothing = 为消费组在每个 Broker 上至少保留一个重试队列：mqadmin updateSubGroup -c <cluster> -g <group> -q 1（这会写入全新配置：请把之前改过的其他值一并再给一次）。
