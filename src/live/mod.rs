//! Reading a live RocketMQ cluster: the remoting wire ([`remoting`]), the admin tool's reads of one group
//! turned into the same texts the import reads from a paste ([`read`]), reads over time ([`watch`]) and
//! served as Prometheus metrics ([`exporter`]). Native only: a page cannot open TCP sockets, and none of
//! this is in the wasm.

pub mod remoting;
