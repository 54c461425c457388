## 各部分共用的词语。

list-separator = 、
list-last-separator = 、
list-and-more = { $list } 等另外 { $count } 个
