//! The clientId a RocketMQ client reports (`ClientConfig.buildMQClientId`), per version: the local IP it
//! picks, the instance name it rewrites, and the suffixes it adds.
//!
//! This is where the Docker host-network incident starts: up to 4.8.x a container on the host network picks
//! docker0's `172.17.0.1` and names itself after its PID, which is the same small number in every container,
//! so every instance reports `172.17.0.1@9`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A RocketMQ release, compared numerically (`4.9.4 < 4.10.0 < 5.0.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Version {
    pub major: u16,
    pub minor: u16,
    pub patch: u16,
}

impl Version {
    pub const fn new(major: u16, minor: u16, patch: u16) -> Self {
        Version { major, minor, patch }
    }
    /// The releases the playground offers, one per distinct behaviour of §6.
    pub const PRESETS: [Version; 7] = [
        Version::new(4, 7, 1),
        Version::new(4, 9, 3),
        Version::new(4, 9, 7),
        Version::new(5, 1, 0),
        Version::new(5, 1, 4),
        Version::new(5, 3, 0),
        Version::new(5, 3, 3),
    ];
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

impl FromStr for Version {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut parts = s.trim().trim_start_matches("rocketmq-all-").split('.');
        let mut next = |name: &str| -> Result<u16, String> {
            match parts.next() {
                None => Ok(0),
                Some(p) => p.parse().map_err(|_| format!("version {s:?}: {name} {p:?} is not a number")),
            }
        };
        let v = Version::new(next("major")?, next("minor")?, next("patch")?);
        if parts.next().is_some() {
            return Err(format!("version {s:?} has more than three parts"));
        }
        Ok(v)
    }
}

/// One network interface as `NetworkInterface.getNetworkInterfaces()` would list it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct NetInterface {
    pub name: String,
    /// Textual IPv4 (`a.b.c.d`) or IPv6 addresses.
    pub addresses: Vec<String>,
    /// `/sys/class/net/<name>/bridge` exists (docker0 does).
    #[serde(default)]
    pub bridge: bool,
    #[serde(default)]
    pub virtual_: bool,
    #[serde(default)]
    pub point_to_point: bool,
    #[serde(default = "yes")]
    pub up: bool,
}

fn yes() -> bool {
    true
}

impl NetInterface {
    pub fn new(name: &str, address: &str) -> Self {
        NetInterface {
            name: name.into(),
            addresses: vec![address.into()],
            bridge: false,
            virtual_: false,
            point_to_point: false,
            up: true,
        }
    }
    pub fn bridge(name: &str, address: &str) -> Self {
        NetInterface { bridge: true, ..NetInterface::new(name, address) }
    }
}

fn ipv4(a: &str) -> Option<[u8; 4]> {
    a.parse::<std::net::Ipv4Addr>().ok().map(|ip| ip.octets())
}

/// An IPv4 address in 127/8, or `::1`.
pub(crate) fn is_loopback(a: &str) -> bool {
    match ipv4(a) {
        Some(o) => o[0] == 127,
        None => a.parse::<std::net::Ipv6Addr>().map(|ip| ip.is_loopback()).unwrap_or(false),
    }
}

/// 10/8, 172.16/12, 192.168/16, 127/8: what 5.3.1+ treats as internal.
fn internal_v4(o: [u8; 4]) -> bool {
    o[0] == 10 || (o[0] == 172 && (16..32).contains(&o[1])) || (o[0] == 192 && o[1] == 168) || o[0] == 127
}

fn internal_v6(a: &str) -> bool {
    match a.parse::<std::net::Ipv6Addr>() {
        Ok(ip) => {
            let s = ip.segments()[0];
            ip.is_unspecified() || ip.is_loopback() || (s & 0xffc0) == 0xfe80 || (s & 0xffc0) == 0xfec0
        }
        Err(_) => true,
    }
}

/// `RemotingUtil/NetworkUtil.getLocalAddress()` for `version`, or `None` when it would fall back to
/// `InetAddress.getLocalHost()`.
pub fn local_address(version: Version, interfaces: &[NetInterface]) -> Option<String> {
    let skip = |i: &NetInterface| {
        (version >= Version::new(4, 9, 0) && i.bridge)
            || (version >= Version::new(5, 1, 0) && (i.virtual_ || i.point_to_point || !i.up))
    };
    let addresses: Vec<&str> = interfaces
        .iter()
        .filter(|i| !skip(i))
        .flat_map(|i| i.addresses.iter().map(String::as_str))
        .filter(|a| !is_loopback(a))
        .collect();
    let v4: Vec<&str> = addresses.iter().copied().filter(|a| ipv4(a).is_some()).collect();
    let v6: Vec<&str> = addresses.iter().copied().filter(|a| ipv4(a).is_none()).collect();
    if !v4.is_empty() {
        let preferred = |a: &&&str| -> bool {
            if version >= Version::new(5, 3, 1) {
                !internal_v4(ipv4(a).unwrap_or([127, 0, 0, 1]))
            } else {
                let zero = version >= Version::new(5, 1, 1) && a.starts_with("0.");
                !(a.starts_with("127.0") || a.starts_with("192.168") || zero)
            }
        };
        let pick = v4.iter().find(preferred).or(v4.last()).copied();
        return pick.map(str::to_string);
    }
    let pick =
        if version >= Version::new(5, 3, 1) { v6.iter().find(|a| !internal_v6(a)).or(v6.first()) } else { v6.first() };
    pick.map(|a| format!("[{a}]"))
}

/// Everything `buildMQClientId` reads, as one client process would have it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct ClientSpec {
    pub version: Version,
    /// `setClientIP(...)`; `None` means the client picks one from `interfaces`.
    pub client_ip: Option<String>,
    pub interfaces: Vec<NetInterface>,
    /// What `getLocalHost()` would give when no interface has an address.
    pub fallback_ip: String,
    /// `setInstanceName(...)` or `-Drocketmq.client.name`; `None` is the default `"DEFAULT"`.
    pub instance_name: Option<String>,
    pub pid: i64,
    /// `System.nanoTime()` when the client started (4.9.0+ append it).
    pub nano_time: u64,
    pub unit_name: Option<String>,
    /// `enableStreamRequestType` (the `@STREAM` suffix exists from 4.9.4).
    pub stream: bool,
    /// BROADCASTING consumers keep the instance name `"DEFAULT"`.
    pub broadcasting: bool,
}

impl ClientSpec {
    /// A consumer in a Docker container. On the host network it sees docker0 (`172.17.0.1`, listed first)
    /// and the host's own interface; on a bridge network only its own `container_ip`.
    pub fn docker(version: Version, host_network: bool, host_ip: &str, container_ip: &str, pid: i64) -> Self {
        let interfaces = if host_network {
            vec![
                NetInterface::new("lo", "127.0.0.1"),
                NetInterface::bridge("docker0", "172.17.0.1"),
                NetInterface::new("eth0", host_ip),
            ]
        } else {
            vec![NetInterface::new("lo", "127.0.0.1"), NetInterface::new("eth0", container_ip)]
        };
        ClientSpec {
            version,
            client_ip: None,
            interfaces,
            fallback_ip: "127.0.1.1".into(),
            instance_name: None,
            pid,
            nano_time: 0,
            unit_name: None,
            stream: false,
            broadcasting: false,
        }
    }

    /// The IP part of the clientId.
    pub fn ip(&self) -> String {
        match &self.client_ip {
            Some(ip) => ip.clone(),
            None => local_address(self.version, &self.interfaces).unwrap_or_else(|| self.fallback_ip.clone()),
        }
    }

    /// The instance name after `changeInstanceNameToPID()`, which only rewrites `"DEFAULT"` and only for
    /// CLUSTERING consumers.
    pub fn instance_name(&self) -> String {
        let name = self.instance_name.clone().unwrap_or_else(|| "DEFAULT".into());
        if name != "DEFAULT" || self.broadcasting {
            return name;
        }
        if self.version >= Version::new(4, 9, 0) {
            format!("{}#{}", self.pid, self.nano_time)
        } else {
            self.pid.to_string()
        }
    }

    /// `buildMQClientId()`.
    pub fn client_id(&self) -> String {
        let mut id = format!("{}@{}", self.ip(), self.instance_name());
        if let Some(unit) = self.unit_name.as_deref().filter(|u| !u.trim().is_empty()) {
            id.push('@');
            id.push_str(unit);
        }
        if self.stream && self.version >= Version::new(4, 9, 4) {
            id.push_str("@STREAM");
        }
        id
    }
}

/// A test's version, written as releases are (`4.9.7`).
#[cfg(test)]
pub(crate) fn v(s: &str) -> Version {
    s.parse().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docker_host_network_on_4_7_1_reports_docker0_and_pid() {
        let c = ClientSpec::docker(v("4.7.1"), true, "10.0.0.12", "", 9);
        assert_eq!(c.client_id(), "172.17.0.1@9");
    }

    #[test]
    fn from_4_9_0_the_bridge_is_skipped_and_nanotime_appended() {
        let mut c = ClientSpec::docker(v("4.9.0"), true, "10.0.0.12", "", 9);
        c.nano_time = 2346123456789;
        assert_eq!(c.client_id(), "10.0.0.12@9#2346123456789");
    }

    #[test]
    fn explicit_instance_name_brings_the_duplicate_back_on_5_x() {
        let mut c = ClientSpec::docker(v("5.3.3"), true, "10.0.0.12", "", 9);
        c.instance_name = Some("orders".into());
        assert_eq!(c.client_id(), "10.0.0.12@orders");
    }

    #[test]
    fn ipv4_preference_per_version() {
        let ifs = [NetInterface::new("eth0", "192.168.1.5"), NetInterface::new("eth1", "0.0.0.7")];
        assert_eq!(local_address(v("5.1.0"), &ifs).as_deref(), Some("0.0.0.7"));
        assert_eq!(local_address(v("5.1.1"), &ifs).as_deref(), Some("0.0.0.7"), "no preferred: last IPv4");
        let ifs = [NetInterface::new("eth0", "10.1.1.1"), NetInterface::new("eth1", "8.8.4.4")];
        assert_eq!(local_address(v("5.3.0"), &ifs).as_deref(), Some("10.1.1.1"));
        assert_eq!(local_address(v("5.3.1"), &ifs).as_deref(), Some("8.8.4.4"));
        let ifs = [NetInterface::new("eth0", "10.1.1.1"), NetInterface::new("eth1", "172.20.0.3")];
        assert_eq!(local_address(v("5.3.3"), &ifs).as_deref(), Some("172.20.0.3"), "all internal: last");
    }

    #[test]
    fn ipv6_only_is_bracketed_and_none_falls_back() {
        let ifs = [NetInterface::new("eth0", "fe80::1"), NetInterface::new("eth1", "2001:db8::5")];
        assert_eq!(local_address(v("4.7.1"), &ifs).as_deref(), Some("[fe80::1]"));
        assert_eq!(local_address(v("5.3.3"), &ifs).as_deref(), Some("[2001:db8::5]"));
        assert_eq!(local_address(v("5.3.3"), &[NetInterface::new("lo", "127.0.0.1")]), None);
    }

    #[test]
    fn unit_name_stream_and_broadcasting() {
        let mut c = ClientSpec::docker(v("4.9.4"), false, "", "172.17.0.3", 1);
        c.unit_name = Some("unitA".into());
        c.stream = true;
        c.broadcasting = true;
        assert_eq!(c.client_id(), "172.17.0.3@DEFAULT@unitA@STREAM");
        c.version = v("4.9.3");
        assert_eq!(c.client_id(), "172.17.0.3@DEFAULT@unitA");
    }

    #[test]
    fn version_parsing() {
        assert_eq!(v("rocketmq-all-5.3.3"), Version::new(5, 3, 3));
        assert_eq!(v("4.9"), Version::new(4, 9, 0));
        assert!("4.x".parse::<Version>().is_err());
        assert!(v("4.10.0") > v("4.9.7"));
    }
}
