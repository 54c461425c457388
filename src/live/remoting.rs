//! RocketMQ's remoting wire, as an admin tool speaks it: one TCP connection per server, a request, its
//! answer. Read from `docs/spec/rocketmq/REMOTING.md` §1 (Java 5.3.3's `RemotingCommand`, `NettyDecoder`,
//! `RocketMQSerializable`, `AclClientRPCHook`).
//!
//! ```text
//! int32 length = 4 + headerLen + bodyLen                          (big-endian, at most 16 MiB: NettyDecoder)
//! int32 (serializeType << 24) | headerLen                         JSON = 0, ROCKETMQ (binary) = 1
//! header: JSON {code, language, version, opaque, flag, remark, extFields, serializeTypeCurrentRPC}
//!         or ROCKETMQ: code i16, language u8, version i16, opaque i32, flag i32, remark (i32 len + UTF-8),
//!         extFields (i32 total, then per entry i16 keyLen + key, i32 valLen + value)
//! body
//! ```
//!
//! [`decode_frame`] is pure (the fuzz target `remoting` runs it on any bytes); [`Conn`] does the I/O with a
//! connect timeout, a deadline per request, reads bounded by the frame limit, and an error for every bad
//! answer that names the server and the request.

use crate::words::{self, Lang};
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// RocketMQ's own decoder refuses frames longer than this (`NettyDecoder`'s `FRAME_MAX_LENGTH` default).
pub const MAX_FRAME: usize = 16 * 1024 * 1024;

/// `MQVersion.Version.V5_3_3.ordinal()`: servers shape some answers by the requester's version (a name
/// server quotes `brokerAddrs` keys only for V4_9_4 and later), and we ask as mqadmin 5.3.3 asks.
pub const VERSION: i32 = 479;

/// The request codes this client sends (`RequestCode.java`).
pub mod code {
    pub const UPDATE_AND_CREATE_TOPIC: i32 = 17;
    pub const GET_CONSUMER_LIST_BY_GROUP: i32 = 38;
    pub const GET_ROUTEINFO_BY_TOPIC: i32 = 105;
    pub const GET_BROKER_CLUSTER_INFO: i32 = 106;
    pub const GET_CONSUMER_CONNECTION_LIST: i32 = 203;
    pub const GET_ALL_TOPIC_LIST_FROM_NAMESERVER: i32 = 206;
    pub const GET_CONSUME_STATS: i32 = 208;
    pub const QUERY_TOPIC_CONSUME_BY_WHO: i32 = 300;
    pub const GET_CONSUMER_RUNNING_INFO: i32 = 307;
    pub const GET_SUBSCRIPTIONGROUP_CONFIG: i32 = 352;
}

/// Response codes with a meaning here (`ResponseCode.java`).
pub mod response {
    pub const SUCCESS: i32 = 0;
    pub const SYSTEM_ERROR: i32 = 1;
    pub const TOPIC_NOT_EXIST: i32 = 17;
    pub const SUBSCRIPTION_GROUP_NOT_EXIST: i32 = 26;
    pub const CONSUMER_NOT_ONLINE: i32 = 206;
    pub const CONSUME_MSG_TIMEOUT: i32 = 207;
}

/// A request code's name, for messages.
pub fn code_name(code: i32) -> &'static str {
    match code {
        code::UPDATE_AND_CREATE_TOPIC => "UPDATE_AND_CREATE_TOPIC",
        code::GET_CONSUMER_LIST_BY_GROUP => "GET_CONSUMER_LIST_BY_GROUP",
        code::GET_ROUTEINFO_BY_TOPIC => "GET_ROUTEINFO_BY_TOPIC",
        code::GET_BROKER_CLUSTER_INFO => "GET_BROKER_CLUSTER_INFO",
        code::GET_CONSUMER_CONNECTION_LIST => "GET_CONSUMER_CONNECTION_LIST",
        code::GET_ALL_TOPIC_LIST_FROM_NAMESERVER => "GET_ALL_TOPIC_LIST_FROM_NAMESERVER",
        code::GET_CONSUME_STATS => "GET_CONSUME_STATS",
        code::QUERY_TOPIC_CONSUME_BY_WHO => "QUERY_TOPIC_CONSUME_BY_WHO",
        code::GET_CONSUMER_RUNNING_INFO => "GET_CONSUMER_RUNNING_INFO",
        code::GET_SUBSCRIPTIONGROUP_CONFIG => "GET_SUBSCRIPTIONGROUP_CONFIG",
        _ => "request",
    }
}

/// A response code's name, for messages.
pub fn response_name(code: i32) -> String {
    match code {
        response::SUCCESS => "SUCCESS".into(),
        response::SYSTEM_ERROR => "SYSTEM_ERROR".into(),
        response::TOPIC_NOT_EXIST => "TOPIC_NOT_EXIST".into(),
        response::SUBSCRIPTION_GROUP_NOT_EXIST => "SUBSCRIPTION_GROUP_NOT_EXIST".into(),
        response::CONSUMER_NOT_ONLINE => "CONSUMER_NOT_ONLINE".into(),
        response::CONSUME_MSG_TIMEOUT => "CONSUME_MSG_TIMEOUT".into(),
        2 => "SYSTEM_BUSY".into(),
        3 => "REQUEST_CODE_NOT_SUPPORTED".into(),
        16 => "NO_PERMISSION".into(),
        other => format!("code {other}"),
    }
}

/// How a header is written: `serializeType` in the high byte of the header-length word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Serialize {
    Json,
    RocketMq,
}

/// A command's header, either way it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub code: i32,
    pub language: String,
    pub version: i32,
    pub opaque: i32,
    pub flag: i32,
    pub remark: Option<String>,
    pub ext_fields: BTreeMap<String, String>,
    pub serialize: Serialize,
}

impl Header {
    /// `flag` bit 0: this is a response.
    pub fn is_response(&self) -> bool {
        self.flag & 1 == 1
    }
}

/// One decoded frame (without its length word).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub header: Header,
    pub body: Vec<u8>,
}

/// What is wrong with a frame's bytes. Data, said in the reader's language by [`FrameError::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// The length word is below 4 (no room for the header-length word) or past [`MAX_FRAME`].
    BadLength(i64),
    /// The header length points past the frame.
    HeaderPastFrame { header: usize, frame: usize },
    /// A serialize type other than JSON (0) and ROCKETMQ (1).
    UnknownSerialize(u8),
    /// The header is not what it says it is.
    BadHeader(HeaderError),
}

/// What is wrong with a header; `field` is the wire's name of the field (`code`, `remarkLength`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderError {
    NotJson,
    NotAnObject,
    NotANumber {
        field: &'static str,
    },
    Missing {
        field: &'static str,
    },
    /// `length` bytes of `field` run past the header's `size`.
    PastEnd {
        field: &'static str,
        length: usize,
        size: usize,
    },
    NegativeLength {
        field: &'static str,
        length: i64,
    },
    NotUtf8 {
        field: &'static str,
    },
}

impl FrameError {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            FrameError::BadLength(n) => words::live_frame_bad_length(lang, n, MAX_FRAME),
            FrameError::HeaderPastFrame { header, frame } => words::live_frame_header_past_frame(lang, frame, header),
            FrameError::UnknownSerialize(t) => words::live_frame_unknown_serialize(lang, t),
            FrameError::BadHeader(why) => words::live_frame_bad_header(lang, why.text(lang)),
        }
    }
}

impl HeaderError {
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            HeaderError::NotJson => words::live_header_not_json(lang).into(),
            HeaderError::NotAnObject => words::live_header_not_an_object(lang).into(),
            HeaderError::NotANumber { field } => words::live_header_not_a_number(lang, field),
            HeaderError::Missing { field } => words::live_header_missing(lang, field),
            HeaderError::PastEnd { field, length, size } => words::live_header_past_end(lang, field, length, size),
            HeaderError::NegativeLength { field, length } => words::live_header_negative_length(lang, field, length),
            HeaderError::NotUtf8 { field } => words::live_header_not_utf8(lang, field),
        }
    }
}

/// Checks a frame's length word: the bytes that follow it.
pub fn frame_length(word: [u8; 4]) -> Result<usize, FrameError> {
    let n = i32::from_be_bytes(word);
    if n < 4 || n as usize > MAX_FRAME {
        return Err(FrameError::BadLength(i64::from(n)));
    }
    Ok(n as usize)
}

/// Decodes the bytes after the length word: the header-length word, the header, the body.
pub fn decode_frame(bytes: &[u8]) -> Result<Frame, FrameError> {
    if bytes.len() < 4 || bytes.len() > MAX_FRAME {
        return Err(FrameError::BadLength(bytes.len() as i64));
    }
    let word = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let kind = (word >> 24) as u8;
    let header_len = (word & 0x00FF_FFFF) as usize;
    let rest = &bytes[4..];
    if header_len > rest.len() {
        return Err(FrameError::HeaderPastFrame { header: header_len, frame: bytes.len() });
    }
    let (head, body) = rest.split_at(header_len);
    let header = match kind {
        0 => json_header(head)?,
        1 => binary_header(head)?,
        t => return Err(FrameError::UnknownSerialize(t)),
    };
    Ok(Frame { header, body: body.to_vec() })
}

fn json_header(bytes: &[u8]) -> Result<Header, FrameError> {
    let bad = FrameError::BadHeader;
    let v: serde_json::Value = serde_json::from_slice(bytes).map_err(|_| bad(HeaderError::NotJson))?;
    let o = v.as_object().ok_or(bad(HeaderError::NotAnObject))?;
    let number = |k: &'static str, absent: Option<i32>| -> Result<i32, FrameError> {
        match o.get(k) {
            None | Some(serde_json::Value::Null) if absent.is_some() => Ok(absent.unwrap_or_default()),
            Some(n) => n
                .as_i64()
                .or_else(|| n.as_str().and_then(|s| s.parse().ok()))
                .and_then(|n| i32::try_from(n).ok())
                .ok_or(bad(HeaderError::NotANumber { field: k })),
            None => Err(bad(HeaderError::Missing { field: k })),
        }
    };
    // `code` and `opaque` must be there; `version` and `flag` are 0 when left out.
    let (required, optional) = (|k| number(k, None), |k| number(k, Some(0)));
    let mut ext_fields = BTreeMap::new();
    if let Some(fields) = o.get("extFields").and_then(|e| e.as_object()) {
        for (k, v) in fields {
            let text = match v {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Null => continue,
                other => other.to_string(),
            };
            ext_fields.insert(k.clone(), text);
        }
    }
    Ok(Header {
        code: required("code")?,
        language: o.get("language").and_then(|l| l.as_str()).unwrap_or("").to_string(),
        version: optional("version")?,
        opaque: required("opaque")?,
        flag: optional("flag")?,
        remark: o.get("remark").and_then(|r| r.as_str()).map(str::to_string),
        ext_fields,
        serialize: Serialize::Json,
    })
}

/// `LanguageCode`'s order, for the binary header's language byte.
const LANGUAGES: [&str; 14] = [
    "JAVA", "CPP", "DOTNET", "PYTHON", "DELPHI", "ERLANG", "RUBY", "OTHER", "HTTP", "GO", "PHP", "OMS", "RUST",
    "NODE_JS",
];

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8], FrameError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|e| *e <= self.bytes.len())
            .ok_or(FrameError::BadHeader(HeaderError::PastEnd { field, length: n, size: self.bytes.len() }))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn int(&mut self, field: &'static str) -> Result<i32, FrameError> {
        let b = self.take(4, field)?;
        Ok(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn short(&mut self, field: &'static str) -> Result<i16, FrameError> {
        let b = self.take(2, field)?;
        Ok(i16::from_be_bytes([b[0], b[1]]))
    }
    fn len(&mut self, n: i64, field: &'static str) -> Result<usize, FrameError> {
        usize::try_from(n).map_err(|_| FrameError::BadHeader(HeaderError::NegativeLength { field, length: n }))
    }
    fn text(&mut self, n: usize, field: &'static str) -> Result<String, FrameError> {
        let b = self.take(n, field)?;
        String::from_utf8(b.to_vec()).map_err(|_| FrameError::BadHeader(HeaderError::NotUtf8 { field }))
    }
}

fn binary_header(bytes: &[u8]) -> Result<Header, FrameError> {
    let mut c = Cursor { bytes, at: 0 };
    let code = i32::from(c.short("code")?);
    let lang = c.take(1, "language")?[0];
    let version = i32::from(c.short("version")?);
    let opaque = c.int("opaque")?;
    let flag = c.int("flag")?;
    let remark_len = c.int("remarkLength")?;
    let remark = if remark_len > 0 {
        let n = c.len(i64::from(remark_len), "remark")?;
        Some(c.text(n, "remark")?)
    } else {
        None
    };
    let ext_len = c.int("extFieldsLength")?;
    let mut ext_fields = BTreeMap::new();
    if ext_len > 0 {
        let n = c.len(i64::from(ext_len), "extFields")?;
        let mut fields = Cursor { bytes: c.take(n, "extFields")?, at: 0 };
        while fields.at < fields.bytes.len() {
            let k = i64::from(fields.short("keyLength")?);
            let k = fields.len(k, "key")?;
            let key = fields.text(k, "key")?;
            let v = i64::from(fields.int("valueLength")?);
            let v = fields.len(v, "value")?;
            let value = fields.text(v, "value")?;
            ext_fields.insert(key, value);
        }
    }
    Ok(Header {
        code,
        language: LANGUAGES.get(lang as usize).map_or_else(|| format!("language {lang}"), |l| l.to_string()),
        version,
        opaque,
        flag,
        remark,
        ext_fields,
        serialize: Serialize::RocketMq,
    })
}

/// The frame of a request (JSON header, as mqadmin 5.3.3 writes it), length word included. The servers
/// close a connection whose JSON header lacks `serializeTypeCurrentRPC`.
pub fn encode_request(code: i32, opaque: i32, ext_fields: &BTreeMap<String, String>, body: &[u8]) -> Vec<u8> {
    let header = serde_json::json!({
        "code": code,
        "extFields": ext_fields,
        "flag": 0,
        "language": "JAVA",
        "opaque": opaque,
        "serializeTypeCurrentRPC": "JSON",
        "version": VERSION,
    })
    .to_string()
    .into_bytes();
    let mut out = Vec::with_capacity(8 + header.len() + body.len());
    out.extend_from_slice(&((4 + header.len() + body.len()) as i32).to_be_bytes());
    out.extend_from_slice(&(header.len() as i32).to_be_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(body);
    out
}

/// The frame of an answer, for tests and recorded answers: `header` written as its `serialize` says.
pub fn encode_frame(header: &Header, body: &[u8]) -> Vec<u8> {
    let (kind, head): (u32, Vec<u8>) = match header.serialize {
        Serialize::Json => {
            let mut o = serde_json::json!({
                "code": header.code,
                "extFields": header.ext_fields,
                "flag": header.flag,
                "language": header.language,
                "opaque": header.opaque,
                "serializeTypeCurrentRPC": "JSON",
                "version": header.version,
            });
            if let Some(r) = &header.remark {
                o["remark"] = r.clone().into();
            }
            (0, o.to_string().into_bytes())
        }
        Serialize::RocketMq => {
            let mut h = vec![];
            h.extend_from_slice(&(header.code as i16).to_be_bytes());
            h.push(LANGUAGES.iter().position(|l| *l == header.language).unwrap_or(0) as u8);
            h.extend_from_slice(&(header.version as i16).to_be_bytes());
            h.extend_from_slice(&header.opaque.to_be_bytes());
            h.extend_from_slice(&header.flag.to_be_bytes());
            match &header.remark {
                Some(r) => {
                    h.extend_from_slice(&(r.len() as i32).to_be_bytes());
                    h.extend_from_slice(r.as_bytes());
                }
                None => h.extend_from_slice(&0i32.to_be_bytes()),
            }
            let mut ext = vec![];
            for (k, v) in &header.ext_fields {
                ext.extend_from_slice(&(k.len() as i16).to_be_bytes());
                ext.extend_from_slice(k.as_bytes());
                ext.extend_from_slice(&(v.len() as i32).to_be_bytes());
                ext.extend_from_slice(v.as_bytes());
            }
            h.extend_from_slice(&(ext.len() as i32).to_be_bytes());
            h.extend_from_slice(&ext);
            (1, h)
        }
    };
    let mut out = Vec::with_capacity(8 + head.len() + body.len());
    out.extend_from_slice(&((4 + head.len() + body.len()) as i32).to_be_bytes());
    out.extend_from_slice(&((kind << 24) | head.len() as u32).to_be_bytes());
    out.extend_from_slice(&head);
    out.extend_from_slice(body);
    out
}

/// RocketMQ ACL 1.0 credentials (`AclClientRPCHook`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credentials {
    pub access_key: String,
    pub secret_key: String,
    pub security_token: Option<String>,
}

/// Signs a request as `AclClientRPCHook.doBeforeRequest` does: the values of the header's fields plus
/// `AccessKey` (and `SecurityToken`), sorted by key, concatenated, then the body; HmacSHA1 with the secret
/// key, base64. Adds `Signature`, `AccessKey` (and `SecurityToken`) to the fields.
pub fn sign(ext_fields: &mut BTreeMap<String, String>, body: &[u8], c: &Credentials) {
    use hmac::{KeyInit, Mac};
    let mut sorted = ext_fields.clone();
    sorted.insert("AccessKey".into(), c.access_key.clone());
    if let Some(t) = &c.security_token {
        sorted.insert("SecurityToken".into(), t.clone());
    }
    let mut content: Vec<u8> = sorted.iter().filter(|(k, _)| *k != "Signature").flat_map(|(_, v)| v.bytes()).collect();
    content.extend_from_slice(body);
    let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(c.secret_key.as_bytes()).expect("HMAC takes any key");
    mac.update(&content);
    let signature = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, mac.finalize().into_bytes());
    ext_fields.insert("Signature".into(), signature);
    ext_fields.insert("AccessKey".into(), c.access_key.clone());
    if let Some(t) = &c.security_token {
        ext_fields.insert("SecurityToken".into(), t.clone());
    }
}

/// How long to wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    pub connect: Duration,
    /// The whole request, from writing it to the last byte of its answer.
    pub request: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        // mqadmin's default timeoutMillis is 5 s; GET_CONSUMER_RUNNING_INFO waits for the client as well.
        Timeouts { connect: Duration::from_secs(3), request: Duration::from_secs(5) }
    }
}

/// Why the system refused a socket's work, as data: the system's own text is in its language, not the reader's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Io {
    Refused,
    Reset,
    Aborted,
    TimedOut,
    Unreachable,
    Closed,
    InUse,
    NotAvailable,
    /// Any other: the system's error number, else the kind's name.
    Other(String),
}

impl From<&io::Error> for Io {
    fn from(e: &io::Error) -> Io {
        use io::ErrorKind as K;
        match e.kind() {
            K::ConnectionRefused => Io::Refused,
            K::ConnectionReset => Io::Reset,
            K::ConnectionAborted => Io::Aborted,
            K::TimedOut | K::WouldBlock => Io::TimedOut,
            K::HostUnreachable | K::NetworkUnreachable => Io::Unreachable,
            K::AddrInUse => Io::InUse,
            K::AddrNotAvailable => Io::NotAvailable,
            K::BrokenPipe | K::UnexpectedEof | K::NotConnected => Io::Closed,
            k => Io::Other(e.raw_os_error().map_or_else(|| format!("{k:?}"), |n| n.to_string())),
        }
    }
}

impl Io {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Io::Refused => words::live_io_refused(lang).into(),
            Io::Reset => words::live_io_reset(lang).into(),
            Io::Aborted => words::live_io_aborted(lang).into(),
            Io::TimedOut => words::live_io_timed_out(lang).into(),
            Io::Unreachable => words::live_io_unreachable(lang).into(),
            Io::Closed => words::live_io_closed(lang).into(),
            Io::InUse => words::live_io_in_use(lang).into(),
            Io::NotAvailable => words::live_io_not_available(lang).into(),
            Io::Other(code) => words::live_io_other(lang, code),
        }
    }
}

/// What went wrong with one request: data, said in the reader's language by [`Error::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The server's address names no host and port.
    Resolve,
    Connect(Io),
    Send(Io),
    /// No whole answer before the deadline.
    TimedOut {
        got: usize,
        expected: Option<usize>,
    },
    /// The server closed the connection; `got` of `expected` bytes of the frame had come.
    Closed {
        got: usize,
        expected: Option<usize>,
    },
    Read(Io),
    Frame(FrameError),
    /// A response for a request this connection did not send (or no longer waits for).
    OtherOpaque {
        expected: i32,
        got: i32,
    },
    /// The server answered with a code other than SUCCESS.
    Refused {
        code: i32,
        remark: Option<String>,
    },
    /// Only requests from the server (a busy broker's checks), this many, and no answer.
    OnlyRequests(usize),
    /// What an earlier run wrote of a failed request (its English text), read back from a record.
    Recorded(String),
}

/// A failed request: the server, the request (`GET_ROUTEINFO_BY_TOPIC (105) orders`) and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub server: String,
    pub request: String,
    pub problem: Problem,
}

impl Error {
    /// The server answered, with this code.
    pub fn refused_with(&self) -> Option<i32> {
        match self.problem {
            Problem::Refused { code, .. } => Some(code),
            _ => None,
        }
    }
}

impl Error {
    /// What went wrong, in `lang`: "GET_ROUTEINFO_BY_TOPIC (105) orders to 10.0.0.5:9876: cannot connect (...)".
    pub fn text(&self, lang: Lang) -> String {
        match &self.problem {
            // Read back whole: its server and request are in the text.
            Problem::Recorded(text) => text.clone(),
            p => words::live_request_failed(lang, p.text(lang), &self.request, &self.server),
        }
    }
}

impl Problem {
    pub fn text(&self, lang: Lang) -> String {
        let bytes = |got: usize, expected: Option<usize>| match expected {
            Some(n) => words::live_bytes_of(lang, n, got),
            None => words::live_bytes(lang, got),
        };
        match self {
            Problem::Resolve => words::live_problem_resolve(lang).into(),
            Problem::Connect(e) => words::live_problem_connect(lang, e.text(lang)),
            Problem::Send(e) => words::live_problem_send(lang, e.text(lang)),
            Problem::TimedOut { got, expected } => words::live_problem_timed_out(lang, bytes(*got, *expected)),
            Problem::Closed { got, expected } => words::live_problem_closed(lang, bytes(*got, *expected)),
            Problem::Read(e) => words::live_problem_read(lang, e.text(lang)),
            Problem::Frame(e) => words::live_problem_frame(lang, e.text(lang)),
            Problem::OtherOpaque { expected, got } => words::live_problem_other_opaque(lang, expected, got),
            Problem::Refused { code, remark } => {
                match remark.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
                    // The server's own words, as it said them.
                    Some(r) => words::live_problem_refused_remark(
                        lang,
                        response_name(*code),
                        r.chars().take(300).collect::<String>(),
                    ),
                    None => words::live_problem_refused(lang, response_name(*code)),
                }
            }
            Problem::OnlyRequests(n) => words::live_problem_only_requests(lang, *n),
            Problem::Recorded(text) => text.clone(),
        }
    }
}

/// In English, for logs and the JSON outputs (a contract, not a reader's text).
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for Error {}

/// The JSON outputs carry a failed request as its English text, as they always have: a contract for scripts,
/// the same whatever the reader's language.
impl serde::Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A failed request read back from a record (`watch --record`), as the English text it was written as.
impl<'de> serde::Deserialize<'de> for Error {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Ok(Error { server: String::new(), request: String::new(), problem: Problem::Recorded(text) })
    }
}

/// Server-initiated requests skipped while waiting for an answer, at most (a busy broker's checks).
const MAX_SKIPPED: usize = 16;

/// One connection to one server.
pub struct Conn {
    stream: TcpStream,
    server: String,
    timeouts: Timeouts,
    credentials: Option<Credentials>,
    opaque: i32,
}

impl Conn {
    /// Connects to `server` (`host:port`) within the connect timeout (each address it resolves to in turn).
    pub fn open(server: &str, timeouts: Timeouts, credentials: Option<Credentials>) -> Result<Conn, Error> {
        let fail = |problem| Error { server: server.into(), request: "connect".into(), problem };
        let addrs: Vec<SocketAddr> = server.to_socket_addrs().map_err(|_| fail(Problem::Resolve))?.collect();
        let mut last = Problem::Resolve;
        for a in addrs {
            match TcpStream::connect_timeout(&a, timeouts.connect) {
                Ok(stream) => {
                    let _ = stream.set_nodelay(true);
                    return Ok(Conn { stream, server: server.into(), timeouts, credentials, opaque: 0 });
                }
                Err(e) => last = Problem::Connect(Io::from(&e)),
            }
        }
        Err(fail(last))
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    /// Sends one request and waits for its answer; any code but SUCCESS is [`Problem::Refused`].
    pub fn invoke(&mut self, code: i32, ext_fields: &[(&str, &str)], what: &str) -> Result<Frame, Error> {
        let frame = self.call(code, ext_fields, what)?;
        if frame.header.code != response::SUCCESS {
            return Err(self.error(
                code,
                what,
                Problem::Refused { code: frame.header.code, remark: frame.header.remark.clone() },
            ));
        }
        Ok(frame)
    }

    /// Sends one request and returns its answer, whatever its code.
    pub fn call(&mut self, code: i32, ext_fields: &[(&str, &str)], what: &str) -> Result<Frame, Error> {
        self.opaque = self.opaque.wrapping_add(1);
        let opaque = self.opaque;
        let mut fields: BTreeMap<String, String> =
            ext_fields.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        if let Some(c) = &self.credentials {
            sign(&mut fields, &[], c);
        }
        let bytes = encode_request(code, opaque, &fields, &[]);
        let deadline = Instant::now() + self.timeouts.request;
        let _ = self.stream.set_write_timeout(Some(self.timeouts.request));
        self.stream.write_all(&bytes).map_err(|e| self.error(code, what, Problem::Send(Io::from(&e))))?;
        for _ in 0..=MAX_SKIPPED {
            let frame = self.read_frame(deadline).map_err(|p| self.error(code, what, p))?;
            if !frame.header.is_response() {
                // A request from the server (a broker checking on a client): not ours to answer.
                continue;
            }
            if frame.header.opaque != opaque {
                return Err(self.error(
                    code,
                    what,
                    Problem::OtherOpaque { expected: opaque, got: frame.header.opaque },
                ));
            }
            return Ok(frame);
        }
        Err(self.error(code, what, Problem::OnlyRequests(MAX_SKIPPED)))
    }

    fn error(&self, code: i32, what: &str, problem: Problem) -> Error {
        let request = if what.is_empty() {
            format!("{} ({code})", code_name(code))
        } else {
            format!("{} ({code}) {what}", code_name(code))
        };
        Error { server: self.server.clone(), request, problem }
    }

    fn read_frame(&mut self, deadline: Instant) -> Result<Frame, Problem> {
        let mut word = [0u8; 4];
        read_until(&mut self.stream, &mut word, deadline, None)?;
        let n = frame_length(word).map_err(Problem::Frame)?;
        // Grown as bytes come, never ahead of them: a length word of 16 MiB from a server that then sends
        // nothing costs nothing.
        let mut buf = Vec::with_capacity(n.min(64 * 1024));
        let mut chunk = [0u8; 64 * 1024];
        while buf.len() < n {
            let want = (n - buf.len()).min(chunk.len());
            let got = read_some(&mut self.stream, &mut chunk[..want], deadline, buf.len() + 4, Some(n + 4))?;
            buf.extend_from_slice(&chunk[..got]);
        }
        decode_frame(&buf).map_err(Problem::Frame)
    }
}

fn read_until(s: &mut TcpStream, buf: &mut [u8], deadline: Instant, expected: Option<usize>) -> Result<(), Problem> {
    let mut at = 0;
    while at < buf.len() {
        at += read_some(s, &mut buf[at..], deadline, at, expected)?;
    }
    Ok(())
}

/// One read of at least one byte before `deadline`; `got` and `expected` are for the messages.
fn read_some(
    s: &mut TcpStream,
    buf: &mut [u8],
    deadline: Instant,
    got: usize,
    expected: Option<usize>,
) -> Result<usize, Problem> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Problem::TimedOut { got, expected });
        }
        let _ = s.set_read_timeout(Some(left));
        match s.read(buf) {
            Ok(0) => return Err(Problem::Closed { got, expected }),
            Ok(n) => return Ok(n),
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                return Err(Problem::TimedOut { got, expected })
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Problem::Read(Io::from(&e))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(serialize: Serialize) -> Header {
        Header {
            code: 0,
            language: "JAVA".into(),
            version: VERSION,
            opaque: 7,
            flag: 1,
            remark: Some("ok".into()),
            ext_fields: [("topic".to_string(), "T".to_string())].into_iter().collect(),
            serialize,
        }
    }

    #[test]
    fn both_header_kinds_read_back() {
        for s in [Serialize::Json, Serialize::RocketMq] {
            let h = header(s);
            let bytes = encode_frame(&h, b"{\"a\":1}");
            let n = frame_length(bytes[..4].try_into().unwrap()).unwrap();
            assert_eq!(n, bytes.len() - 4);
            let f = decode_frame(&bytes[4..]).unwrap();
            assert_eq!(f.header, h);
            assert_eq!(f.body, b"{\"a\":1}");
        }
    }

    #[test]
    fn a_request_is_what_mqadmin_sends() {
        let fields = [("topic".to_string(), "T".to_string())].into_iter().collect();
        let bytes = encode_request(105, 3, &fields, &[]);
        let f = decode_frame(&bytes[4..]).unwrap();
        assert_eq!((f.header.code, f.header.opaque, f.header.flag), (105, 3, 0));
        let text = std::str::from_utf8(&bytes[8..]).unwrap();
        assert!(text.contains("\"serializeTypeCurrentRPC\":\"JSON\""), "{text}");
        assert!(text.contains("\"extFields\":{\"topic\":\"T\"}"), "{text}");
    }

    #[test]
    fn bad_frames_are_named() {
        assert_eq!(
            frame_length((MAX_FRAME as i32 + 1).to_be_bytes()),
            Err(FrameError::BadLength(MAX_FRAME as i64 + 1))
        );
        assert_eq!(frame_length(3i32.to_be_bytes()), Err(FrameError::BadLength(3)));
        assert_eq!(frame_length((-1i32).to_be_bytes()), Err(FrameError::BadLength(-1)));
        // A header of 100 bytes in a frame of 10.
        let mut b = 100u32.to_be_bytes().to_vec();
        b.extend_from_slice(b"{\"co\"");
        assert!(matches!(decode_frame(&b), Err(FrameError::HeaderPastFrame { header: 100, .. })));
        // Serialize type 2.
        let mut b = ((2u32 << 24) | 2).to_be_bytes().to_vec();
        b.extend_from_slice(b"{}");
        assert_eq!(decode_frame(&b), Err(FrameError::UnknownSerialize(2)));
        // JSON that is no header.
        let mut b = 2u32.to_be_bytes().to_vec();
        b.extend_from_slice(b"[]");
        assert!(matches!(decode_frame(&b), Err(FrameError::BadHeader(_))));
        // A binary header whose remark runs past it.
        let mut h = vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        h.extend_from_slice(&1000i32.to_be_bytes());
        let mut b = ((1u32 << 24) | h.len() as u32).to_be_bytes().to_vec();
        b.extend_from_slice(&h);
        let e = decode_frame(&b).unwrap_err();
        assert_eq!(e, FrameError::BadHeader(HeaderError::PastEnd { field: "remark", length: 1000, size: 17 }));
        assert_eq!(
            e.text(Lang::En),
            "a header that cannot be read: remark (1000 bytes) runs past the header's 17 bytes"
        );
    }

    #[test]
    fn acl_signature_is_the_java_clients() {
        // The vector rocketmq-client-rust 1.0.0 checks its AclClientRPCHook against "like the Java client"
        // (common/acl_client_rpc_hook.rs): fields z=last and a=first, body "body", ak / secret / token.
        let mut fields: BTreeMap<String, String> =
            [("z", "last"), ("a", "first")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let c =
            Credentials { access_key: "ak".into(), secret_key: "secret".into(), security_token: Some("token".into()) };
        sign(&mut fields, b"body", &c);
        assert_eq!(fields["Signature"], "wuJkFDNRMKY6aFXTDwT/vg0UC8M=");
        assert_eq!((fields["AccessKey"].as_str(), fields["SecurityToken"].as_str()), ("ak", "token"));
        // Signing again leaves the old signature out of what is signed.
        sign(&mut fields, b"body", &c);
        assert_eq!(fields["Signature"], "wuJkFDNRMKY6aFXTDwT/vg0UC8M=");
    }
}
