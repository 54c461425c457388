## The grid as a picture (group::export): the page's Export and `rebalance allocate --svg` draw the same one.

# The line under the grid.
export-footer = starved: { $starved } · overlapped: { $overlapped }
# A row whose clientId several instances share: copy $ordinal of $copies.
export-copy-label = { $client-id } (#{ $ordinal } of { $copies })
# The picture in words, for an <img alt>: $title names the scenario, $counts is export-footer.
export-describe =
    Who consumes which queue, { $title }: { $queues } { $queues ->
        [one] queue
       *[other] queues
    }, { $instances } { $instances ->
        [one] instance
       *[other] instances
    }; { $counts }
