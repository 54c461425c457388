## 网格图片（group::export）：页面的导出与 `rebalance allocate --svg` 画出同一张图。

export-footer = 无人消费：{ $starved } · 重复消费：{ $overlapped }
export-copy-label = { $client-id }（第 { $ordinal } 个，共 { $copies } 个）
export-describe = 队列分配图，{ $title }：{ $queues } 个队列，{ $instances } 个实例；{ $counts }
