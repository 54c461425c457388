//! The group beside something else: every strategy side by side ([`strategies`]), Kafka's assignors and
//! Pulsar's failover ([`contrast`]), the group before and after one change ([`diff`]), and what the picture
//! costs over time ([`backlog`]).

pub mod backlog;
pub mod contrast;
pub mod diff;
pub mod strategies;
