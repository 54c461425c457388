## Words every part shares.

# Lists (words::list): the first few items joined, then how many more.
list-separator = {", "}
list-last-separator = {" and "}
# $list: the items shown, joined; $count: how many are left out.
list-and-more = { $list } and { $count } more
