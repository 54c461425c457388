//! The clientId each client library reports, from the same description of one process: Java by release
//! ([`crate::rocketmq::client_id`], `docs/spec/rocketmq/SPEC.md` §6), rocketmq-client-go v2, the C++ client (and the
//! Python client built on it) and the 5.x gRPC clients (`docs/spec/rocketmq-go/SPEC.md` §3, §4).
//!
//! The libraries disagree on where the IP comes from and on what makes two processes different:
//! - **Go v2**: `ClientIP@PID` (or `ClientIP@InstanceName`), then `@UnitName`. The IP is the first IPv4
//!   of the first interface that is up and not loopback, in the order the system lists them, so on a Docker
//!   host network it is docker0's `172.17.0.1` when docker0 is listed first; with no IPv4 at all it is `""`
//!   and the id starts with `@`. `ChangeInstanceNameToPID` never takes effect, so there is no `#nanoTime`:
//!   containers with the same PID share a clientId even on current Go clients.
//! - **C++**: `IP@PID#InstanceName` (`10.0.0.5@1234#DEFAULT`), the IP from resolving the host name.
//! - **5.x gRPC**: `hostname@pid@index@<System.nanoTime() in base 36>`: unique per process start.

use super::Client;
use crate::rocketmq::client_id::{is_loopback, ClientSpec, NetInterface, Version};

/// A client library as precisely as its clientId depends on it: Java by release (its IP choice changed in
/// 4.9.0, 5.1.0, 5.1.1 and 5.3.1), the others as one rule each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sdk {
    Java(Version),
    Go,
    Cpp,
    Grpc,
}

impl Sdk {
    /// The release that stands for each Java client of the simulation (the newest of its line).
    pub fn of(client: Client) -> Sdk {
        match client {
            Client::Java5 => Sdk::Java(Version::new(5, 3, 3)),
            Client::Java49 => Sdk::Java(Version::new(4, 9, 7)),
            Client::Java47 => Sdk::Java(Version::new(4, 7, 1)),
            Client::Go => Sdk::Go,
            Client::Cpp => Sdk::Cpp,
            Client::Grpc => Sdk::Grpc,
        }
    }

    /// The client an instance of this library runs in the simulation: Java before 4.8.0 has 4.7's
    /// MACHINE_ROOM (fixed in 4.8.0), 4.8 and 4.9 allocate as 5.x without broker-side assignment.
    pub fn client(self) -> Client {
        match self {
            Sdk::Java(v) if v < Version::new(4, 8, 0) => Client::Java47,
            Sdk::Java(v) if v < Version::new(5, 0, 0) => Client::Java49,
            Sdk::Java(_) => Client::Java5,
            Sdk::Go => Client::Go,
            Sdk::Cpp => Client::Cpp,
            Sdk::Grpc => Client::Grpc,
        }
    }
}

/// How a container sees the network, as the clientId rules need it: which interfaces, in which order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Network {
    /// `--network host`: the host's interfaces, docker0 (`172.17.0.1`, a bridge) listed before eth0.
    HostDocker0First,
    /// `--network host`, eth0 listed before docker0.
    HostDocker0Last,
    /// The default bridge network: the container's own eth0 only.
    Bridge,
    /// No IPv4 interface besides loopback: eth0 has only an IPv6 address.
    Ipv6Only,
}

impl Network {
    pub const ALL: [Network; 4] =
        [Network::HostDocker0First, Network::HostDocker0Last, Network::Bridge, Network::Ipv6Only];

    /// A short stable name (the builder's select values).
    pub fn code(self) -> &'static str {
        match self {
            Network::HostDocker0First => "host-docker0-first",
            Network::HostDocker0Last => "host-eth0-first",
            Network::Bridge => "bridge",
            Network::Ipv6Only => "ipv6-only",
        }
    }

    pub fn from_code(code: &str) -> Option<Network> {
        Network::ALL.into_iter().find(|n| n.code() == code)
    }

    /// The interfaces the system lists, in its order. `own_ip` is eth0's address: the host's on the host
    /// network, the container's on a bridge, an IPv6 address for [`Network::Ipv6Only`].
    pub fn interfaces(self, own_ip: &str) -> Vec<NetInterface> {
        let lo = NetInterface::new("lo", "127.0.0.1");
        let docker0 = NetInterface::bridge("docker0", "172.17.0.1");
        let eth0 = NetInterface::new("eth0", own_ip);
        match self {
            Network::HostDocker0First => vec![lo, docker0, eth0],
            Network::HostDocker0Last => vec![lo, eth0, docker0],
            Network::Bridge => vec![lo, eth0],
            Network::Ipv6Only => vec![NetInterface { addresses: vec!["127.0.0.1".into(), "::1".into()], ..lo }, eth0],
        }
    }
}

/// One process as every clientId rule sees it: its machine (names, interfaces) and its client's settings.
/// Each library reads only its part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Process {
    /// The host name: gRPC clients report it, C++ resolves it to [`Process::resolved_ip`].
    pub hostname: String,
    /// The interfaces in the order the system lists them (Java and Go pick their IP from these).
    pub interfaces: Vec<NetInterface>,
    /// What resolving the host name gives (IPv4 or IPv6): the C++ client's IP, Java's `getLocalHost()`.
    pub resolved_ip: String,
    /// Java's `setClientIP(...)`; `None`: the client picks one.
    pub client_ip: Option<String>,
    /// `setInstanceName` / `-Drocketmq.client.name` (Java), `WithInstanceName` (Go), `setInstanceName`
    /// (C++); `None` is the default `"DEFAULT"`.
    pub instance_name: Option<String>,
    /// Java's and Go's unit name; blank is none.
    pub unit_name: Option<String>,
    pub pid: i64,
    /// `System.nanoTime()` when the client started: Java 4.9.0+ append it, gRPC clients in base 36.
    pub nano_time: u64,
    /// gRPC: the client's index in its process (0 for its first client).
    pub index: u64,
    /// Java's `enableStreamRequestType` (`@STREAM`, 4.9.4+).
    pub stream: bool,
    /// A BROADCASTING Java consumer keeps the instance name `"DEFAULT"`.
    pub broadcasting: bool,
}

impl Process {
    /// A consumer in a Docker container on `network`, eth0 holding `own_ip`, which is also what its host
    /// name resolves to.
    pub fn docker(network: Network, own_ip: &str, hostname: &str, pid: i64) -> Process {
        Process {
            hostname: hostname.into(),
            interfaces: network.interfaces(own_ip),
            resolved_ip: own_ip.into(),
            client_ip: None,
            instance_name: None,
            unit_name: None,
            pid,
            nano_time: 0,
            index: 0,
            stream: false,
            broadcasting: false,
        }
    }

    /// The same process as the Java client's [`ClientSpec`] of `version`.
    pub fn java(&self, version: Version) -> ClientSpec {
        ClientSpec {
            version,
            client_ip: self.client_ip.clone(),
            interfaces: self.interfaces.clone(),
            fallback_ip: self.resolved_ip.clone(),
            instance_name: self.instance_name.clone(),
            pid: self.pid,
            nano_time: self.nano_time,
            unit_name: self.unit_name.clone(),
            stream: self.stream,
            broadcasting: self.broadcasting,
        }
    }

    /// The instance name as set, `"DEFAULT"` when not.
    fn instance_name_or_default(&self) -> &str {
        self.instance_name.as_deref().unwrap_or("DEFAULT")
    }

    fn unit_name(&self) -> Option<&str> {
        self.unit_name.as_deref().filter(|u| !u.trim().is_empty())
    }
}

/// The clientId a process running `sdk` reports.
pub fn client_id(sdk: Sdk, p: &Process) -> String {
    match sdk {
        Sdk::Java(version) => p.java(version).client_id(),
        Sdk::Go => go_client_id(p),
        Sdk::Cpp => format!("{}@{}#{}", p.resolved_ip, p.pid, p.instance_name_or_default()),
        Sdk::Grpc => format!("{}@{}@{}@{}", p.hostname, p.pid, p.index, base36(p.nano_time)),
    }
}

/// Go v2's `ClientID()`: `ClientIP@PID` for the instance name `"DEFAULT"`, else `ClientIP@InstanceName`,
/// then `@UnitName` if one is set. Never `#nanoTime`.
pub fn go_client_id(p: &Process) -> String {
    let name = p.instance_name_or_default();
    let mut id = format!("{}@", go_local_ip(&p.interfaces));
    if name == "DEFAULT" {
        id.push_str(&p.pid.to_string());
    } else {
        id.push_str(name);
    }
    if let Some(unit) = p.unit_name() {
        id.push('@');
        id.push_str(unit);
    }
    id
}

/// Go's client IP: the first IPv4 address of the first interface that is up and not loopback, in the
/// order given; `""` when there is none. Bridges count like any interface (docker0 included).
pub fn go_local_ip(interfaces: &[NetInterface]) -> String {
    // An interface holding a loopback address is the loopback interface (Linux flags `lo` so).
    let loopback = |i: &NetInterface| i.addresses.iter().any(|a| is_loopback(a));
    interfaces
        .iter()
        .filter(|i| i.up && !loopback(i))
        .flat_map(|i| i.addresses.iter())
        .find(|a| a.parse::<std::net::Ipv4Addr>().is_ok())
        .cloned()
        .unwrap_or_default()
}

/// `Long.toString(n, 36)` for a non-negative `n`: lowercase digits, no leading zeros.
pub fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = vec![];
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rocketmq::client_id::v;

    /// Three containers with PID 9, one per host (10.0.0.12, .13, .14), each started at its own nanoTime.
    fn containers(network: Network) -> Vec<Process> {
        (0..3u64)
            .map(|i| {
                let mut p = Process::docker(network, &format!("10.0.0.{}", 12 + i), "consumer", 9);
                p.nano_time = 2_346_123_456_789 + i * 7_919_003;
                p
            })
            .collect()
    }

    fn ids(sdk: Sdk, ps: &[Process]) -> Vec<String> {
        ps.iter().map(|p| client_id(sdk, p)).collect()
    }

    #[test]
    fn go_on_the_host_network_with_docker0_first_reports_docker0_and_the_pid_in_every_container() {
        let ps = containers(Network::HostDocker0First);
        assert_eq!(ids(Sdk::Go, &ps), ["172.17.0.1@9"; 3]);
    }

    #[test]
    fn java_4_9_and_later_give_the_same_containers_unique_ids() {
        let ps = containers(Network::HostDocker0First);
        for version in ["4.9.0", "4.9.7", "5.1.0", "5.3.3"] {
            let got = ids(Sdk::Java(v(version)), &ps);
            assert_eq!(got[0], "10.0.0.12@9#2346123456789", "{version}");
            assert_eq!(got[1], "10.0.0.13@9#2346131375792", "{version}");
            assert!(got[0] != got[1] && got[1] != got[2], "{version}: {got:?}");
        }
        assert_eq!(ids(Sdk::Java(v("4.7.1")), &ps), ["172.17.0.1@9"; 3], "4.7.1 shares them like Go");
    }

    #[test]
    fn go_with_eth0_listed_first_takes_the_host_ip_but_still_no_nanotime() {
        let ps = containers(Network::HostDocker0Last);
        assert_eq!(ids(Sdk::Go, &ps), ["10.0.0.12@9", "10.0.0.13@9", "10.0.0.14@9"]);
        assert_eq!(client_id(Sdk::Java(v("4.7.1")), &ps[0]), "10.0.0.12@9", "Java 4.7 reads the order too");
    }

    #[test]
    fn go_on_bridge_networks_with_the_same_container_ip_and_pid_collides() {
        // Every host's first container gets 172.17.0.2 on its own docker0 bridge.
        let a = Process::docker(Network::Bridge, "172.17.0.2", "a1b2c3", 1);
        let b = Process::docker(Network::Bridge, "172.17.0.2", "d4e5f6", 1);
        assert_eq!(client_id(Sdk::Go, &a), "172.17.0.2@1");
        assert_eq!(client_id(Sdk::Go, &a), client_id(Sdk::Go, &b));
    }

    #[test]
    fn go_with_no_ipv4_interface_reports_an_empty_ip() {
        let p = Process::docker(Network::Ipv6Only, "2001:db8::12", "consumer", 9);
        assert_eq!(client_id(Sdk::Go, &p), "@9");
        assert_eq!(client_id(Sdk::Go, &Process { interfaces: vec![], ..p.clone() }), "@9", "no interface at all");
        assert_eq!(client_id(Sdk::Java(v("5.3.3")), &p), "[2001:db8::12]@9#0", "Java brackets the IPv6");
    }

    #[test]
    fn go_skips_interfaces_that_are_down_or_loopback_but_not_bridges() {
        let down = NetInterface { up: false, ..NetInterface::new("eth1", "10.9.9.9") };
        let ifs = [NetInterface::new("lo", "127.0.0.1"), down, NetInterface::bridge("docker0", "172.17.0.1")];
        assert_eq!(go_local_ip(&ifs), "172.17.0.1");
        let v6_first = [NetInterface::new("eth0", "fe80::1"), NetInterface::new("eth1", "192.168.1.7")];
        assert_eq!(go_local_ip(&v6_first), "192.168.1.7", "the first IPv4, past an IPv6-only interface");
        let lo_only =
            [NetInterface { addresses: vec!["127.0.0.1".into(), "10.1.1.1".into()], ..NetInterface::new("lo", "") }];
        assert_eq!(go_local_ip(&lo_only), "", "addresses of the loopback interface never count");
    }

    #[test]
    fn go_instance_name_and_unit_name() {
        let mut p = containers(Network::HostDocker0First).remove(0);
        p.instance_name = Some("DEFAULT".into());
        assert_eq!(client_id(Sdk::Go, &p), "172.17.0.1@9", "DEFAULT is the PID");
        p.instance_name = Some("orders".into());
        p.unit_name = Some("unitA".into());
        assert_eq!(client_id(Sdk::Go, &p), "172.17.0.1@orders@unitA");
        p.unit_name = Some("  ".into());
        assert_eq!(client_id(Sdk::Go, &p), "172.17.0.1@orders");
    }

    #[test]
    fn cpp_default_is_ip_at_pid_hash_default() {
        let p = Process::docker(Network::Bridge, "10.0.0.5", "consumer", 1234);
        assert_eq!(client_id(Sdk::Cpp, &p), "10.0.0.5@1234#DEFAULT");
    }

    #[test]
    fn cpp_reports_what_the_host_name_resolves_to_ipv6_included_and_its_instance_name() {
        let mut p = Process::docker(Network::HostDocker0First, "10.0.0.12", "node-1", 9);
        assert_eq!(client_id(Sdk::Cpp, &p), "10.0.0.12@9#DEFAULT", "resolving, not docker0");
        p.resolved_ip = "2001:db8::5".into();
        p.instance_name = Some("orders".into());
        p.unit_name = Some("unitA".into());
        assert_eq!(client_id(Sdk::Cpp, &p), "2001:db8::5@9#orders", "no brackets, no unit name");
    }

    #[test]
    fn cpp_containers_whose_host_name_resolves_alike_with_the_same_pid_collide() {
        let ps: Vec<Process> = (0..2).map(|_| Process::docker(Network::Bridge, "172.17.0.2", "app", 1)).collect();
        assert_eq!(ids(Sdk::Cpp, &ps), ["172.17.0.2@1#DEFAULT"; 2]);
    }

    #[test]
    fn grpc_is_hostname_pid_index_and_nanotime_in_base_36() {
        let mut p = Process::docker(Network::HostDocker0First, "10.0.0.12", "consumer", 9);
        p.nano_time = 2_346_123_456_789;
        assert_eq!(client_id(Sdk::Grpc, &p), "consumer@9@0@txslbx1x");
        p.index = 3;
        assert_eq!(client_id(Sdk::Grpc, &p), "consumer@9@3@txslbx1x");
        let ps = containers(Network::HostDocker0First);
        let got = ids(Sdk::Grpc, &ps);
        assert!(got.iter().all(|id| id.starts_with("consumer@9@0@")), "{got:?}");
        assert!(got[0] != got[1] && got[1] != got[2], "the nanoTime keeps them apart: {got:?}");
    }

    #[test]
    fn base36_is_javas_long_to_string_radix_36() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
        assert_eq!(base36(i64::MAX as u64), "1y2p0ij32e8e7");
        assert_eq!(base36(u64::MAX), "3w5e11264sgsf");
    }

    #[test]
    fn java_rules_are_unchanged_through_process() {
        let p = containers(Network::HostDocker0First).remove(0);
        for version in Version::PRESETS {
            let old = ClientSpec { nano_time: p.nano_time, ..ClientSpec::docker(version, true, "10.0.0.12", "", 9) };
            assert_eq!(client_id(Sdk::Java(version), &p), old.client_id(), "{version}");
        }
        let bridge = Process::docker(Network::Bridge, "172.17.0.3", "x", 1);
        let old = ClientSpec::docker(v("4.7.1"), false, "", "172.17.0.3", 1);
        assert_eq!(client_id(Sdk::Java(v("4.7.1")), &bridge), old.client_id());
    }

    #[test]
    fn sdk_and_client_map_both_ways() {
        for c in Client::ALL {
            assert_eq!(Sdk::of(c).client(), c, "{c:?}");
        }
        assert_eq!(Sdk::Java(v("4.8.0")).client(), Client::Java49);
        assert_eq!(Sdk::Java(v("4.7.9")).client(), Client::Java47);
        assert_eq!(Sdk::Java(v("5.0.0")).client(), Client::Java5);
    }

    #[test]
    fn network_codes_round_trip() {
        for n in Network::ALL {
            assert_eq!(Network::from_code(n.code()), Some(n));
        }
        assert_eq!(Network::from_code("host"), None);
    }
}
