//! The attacker's sockets and requests: from addresses of its own
//! (127.0.0.2 and up), with the JSON answers read whatever their status.

use crate::failure::{Failure, Result};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};

/// Any one request of an attack may take this long: a hang is a finding,
/// not a stuck run.
pub const REQUEST: Duration = Duration::from_secs(15);

pub type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// The attacker's `n`th source address: 127.0.0.2, 127.0.0.3, …
pub fn attacker(n: usize) -> IpAddr {
    let n = 2 + n % 250;
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, n as u8))
}

/// A TCP connection to `to` from `from`.
pub async fn connect_from(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    tokio::time::timeout(REQUEST, socket.connect(to))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "connect timed out"))?
}

/// A WebSocket to `path` (with its query) from `from`.
pub async fn ws_from(from: IpAddr, to: SocketAddr, path: &str) -> std::result::Result<Ws, String> {
    let tcp = connect_from(from, to).await.map_err(|e| e.to_string())?;
    let url = format!("ws://{to}{path}");
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4 * 1024);
    let handshake = tokio_tungstenite::client_async_with_config(url, tcp, Some(config));
    match tokio::time::timeout(REQUEST, handshake).await {
        Ok(Ok((ws, _))) => Ok(ws),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("the handshake timed out".into()),
    }
}

/// An HTTP client whose connections come from `from`.
pub fn client(from: IpAddr) -> Result<reqwest::Client> {
    reqwest::Client::builder()
        .no_proxy()
        .local_address(from)
        .timeout(REQUEST)
        .build()
        .map_err(|e| Failure::io(format!("cannot make an HTTP client: {e}")))
}

/// A request's status and JSON body (`Null` if the body is not JSON); a
/// request that failed to complete is `None`.
pub async fn send(request: reqwest::RequestBuilder) -> Option<(u16, Value)> {
    let answer = request.send().await.ok()?;
    let status = answer.status().as_u16();
    let body = answer.bytes().await.ok()?;
    Some((status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
}

/// A table created by the attacker: its id and the tokens of its seats
/// taken at creation.
pub struct Table {
    pub id: String,
    pub tokens: Vec<String>,
}

/// Creates a table of `game` with `seats` (seat specs as the API takes
/// them) from `http`'s address.
pub async fn create(http: &reqwest::Client, base: &str, game: &str, seats: Value) -> Result<Table> {
    let url = format!("{base}/api/tables");
    let body = json!({"game": game, "seats": seats});
    let Some((status, answer)) = send(http.post(&url).json(&body)).await else {
        return Err(Failure::io(format!("POST {url}: no answer")));
    };
    if status != 201 {
        return Err(Failure::io(format!("POST {url}: {status} {answer}")));
    }
    let id = answer["id"].as_str().unwrap_or_default().to_string();
    let tokens = answer["tokens"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["token"].as_str().map(str::to_string))
        .collect();
    Ok(Table { id, tokens })
}

/// A Card Joust table with both seats taken by the attacker.
pub async fn joust(http: &reqwest::Client, base: &str) -> Result<Table> {
    let person = |name: &str| json!({"kind": "person", "name": name});
    create(
        http,
        base,
        "joust",
        json!([person("Mallory"), person("Trudy")]),
    )
    .await
}

/// A frame as a client sends it, built by hand so it can break the rules:
/// `masked` false breaks the protocol (clients must mask), any opcode may
/// be given, and the payload need not be UTF-8.
pub fn raw_frame(opcode: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    let mut frame = vec![0x80 | opcode];
    let mask_bit = if masked { 0x80 } else { 0 };
    match payload.len() {
        n if n < 126 => frame.push(mask_bit | n as u8),
        n if n <= 0xffff => {
            frame.push(mask_bit | 126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            frame.push(mask_bit | 127);
            frame.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    if masked {
        let key = [0x37, 0xfa, 0x21, 0x3d];
        frame.extend_from_slice(&key);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ key[i % 4]));
    } else {
        frame.extend_from_slice(payload);
    }
    frame
}

/// A token that is no one's: 64 hex digits, as real ones are.
pub fn made_up_token(n: u64) -> String {
    format!("{:016x}", n.wrapping_mul(0x9e37_79b9_7f4a_7c15)).repeat(4)
}
