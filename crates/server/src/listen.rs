//! Accepting connections, within bounds a hostile client cannot stretch:
//! how many may be open at once, how many of those one address may hold,
//! and how long a connection may take to send a request's head.
//!
//! `axum::serve` sets none of these: a client that opens sockets and sends
//! nothing (or one header byte a second) keeps them for as long as it
//! likes, and a thousand of them exhaust the process's files so that
//! honest clients are refused. Here every connection holds a [`Slot`] for
//! its whole life, WebSockets included (the slot travels inside the
//! upgraded stream), and hyper closes one whose request head has not
//! arrived within the limit, counted from its opening or from its last
//! answer: the same limit is the keep-alive idle time.

use crate::metrics::Metrics;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::Service;

/// The bounds on connections, from [`crate::Settings`].
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// Most connections open at once; past it new ones are closed at once.
    pub total: usize,
    /// Most of those one client address may hold (0: no share).
    pub per_address: usize,
    /// Longest wait for a request's head, from the connection's opening or
    /// its last answer.
    pub header_timeout: Duration,
}

/// How many connections are open, in all and per address.
#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// One open connection's place in the count, given back when it drops.
struct Slot {
    open: Arc<Mutex<Open>>,
    address: IpAddr,
    metrics: Arc<Metrics>,
}

impl Slot {
    /// A place for a connection from `address`, if the bounds leave one.
    fn claim(
        open: &Arc<Mutex<Open>>,
        address: IpAddr,
        bounds: Bounds,
        metrics: &Arc<Metrics>,
    ) -> Option<Slot> {
        let mut counts = open.lock().ok()?;
        let mine = counts.by_address.get(&address).copied().unwrap_or(0);
        let share_used = bounds.per_address > 0 && mine >= bounds.per_address;
        if counts.total >= bounds.total || share_used {
            return None;
        }
        counts.total += 1;
        *counts.by_address.entry(address).or_insert(0) += 1;
        metrics.connections_open.fetch_add(1, Relaxed);
        Some(Slot {
            open: open.clone(),
            address,
            metrics: metrics.clone(),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.metrics.connections_open.fetch_sub(1, Relaxed);
        let Ok(mut counts) = self.open.lock() else {
            return;
        };
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.by_address.remove(&self.address);
            }
        }
    }
}

/// A TCP stream that holds its connection's slot: dropped when the
/// connection closes, whether it stayed HTTP or became a WebSocket.
struct Counted {
    tcp: TcpStream,
    _slot: Slot,
    /// Until the first byte arrives: when the connection is given up.
    /// hyper's header timer starts only once it knows the protocol, and
    /// it learns that from the first bytes, so a silent client is timed
    /// here.
    first_byte_by: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.tcp).poll_read(cx, buf);
        let Some(deadline) = self.first_byte_by.as_mut() else {
            return read;
        };
        match read {
            Poll::Ready(Ok(())) if buf.filled().len() > before => {
                self.first_byte_by = None;
                Poll::Ready(Ok(()))
            }
            Poll::Pending if deadline.as_mut().poll(cx).is_ready() => {
                Poll::Ready(Err(std::io::ErrorKind::TimedOut.into()))
            }
            other => other,
        }
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` until `stop` turns true, then lets the
/// requests in flight finish (at most `grace`) and returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    bounds: Bounds,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
    grace: Duration,
) {
    let mut make = app.into_make_service_with_connect_info::<SocketAddr>();
    let open = Arc::new(Mutex::new(Open::default()));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(bounds.header_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(Some(bounds.header_timeout))
        .keep_alive_timeout(bounds.header_timeout);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            // The guard `wait_for` returns is dropped at once: it holds a
            // lock, and this future must stay `Send`.
            _ = stop.wait_for(|closing| *closing) => break,
        };
        let (tcp, remote) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                pause_after(&e).await;
                continue;
            }
        };
        let Some(slot) = Slot::claim(&open, remote.ip(), bounds, &metrics) else {
            // Closed at once rather than left in the backlog: the client
            // learns now, and the socket costs nothing from here on.
            metrics.connections_refused.fetch_add(1, Relaxed);
            drop(tcp);
            continue;
        };
        // Acks and steps are small writes in quick succession; without
        // TCP_NODELAY the second waits for the peer's delayed ACK (40 ms).
        let _ = tcp.set_nodelay(true);
        let Ok(service) = make.call(remote).await;
        let io = TokioIo::new(Counted {
            tcp,
            _slot: slot,
            first_byte_by: Some(Box::pin(tokio::time::sleep(bounds.header_timeout))),
        });
        let connection = builder
            .serve_connection_with_upgrades(io, TowerToHyperService::new(service))
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A client that vanishes or breaks the protocol is its own
            // business; nothing here needs to hear of it.
            let _ = connection.await;
        });
    }
    drop(listener);
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("connections still open after {grace:?}; stopping anyway");
    }
}

/// After a failed accept: a client that gave up before it was accepted
/// costs nothing, but out of files (or memory) the loop waits a moment
/// rather than spin, as the connections in hand close.
async fn pause_after(error: &std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        error.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::error!("accepting a connection: {error}");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// How many connections the kernel may hold for us before we accept them.
/// tokio's default (1,024) overflowed when a thousand connections arrived
/// at once (`tourney attack --scale full`): the kernel then drops the
/// client's handshake, which the client sees only as an open connection
/// that nobody serves until its retransmission a second or more later.
/// The kernel caps it at `net.core.somaxconn` (4,096 by default).
const BACKLOG: u32 = 4096;

/// Listens on `addr` (a name such as `localhost:8080` is resolved, and
/// the first address that binds wins), with address reuse as tokio sets
/// it and a backlog of [`BACKLOG`].
pub async fn bind(addr: &str) -> std::io::Result<TcpListener> {
    let mut last = None;
    for candidate in tokio::net::lookup_host(addr).await? {
        let socket = match candidate {
            SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
            SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
        };
        #[cfg(unix)]
        socket.set_reuseaddr(true)?;
        match socket.bind(candidate).and_then(|()| socket.listen(BACKLOG)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the address names no address",
        )
    }))
}

/// The process's limit on open files, raised to the most it may be: each
/// connection is a file, and a default of 1,024 is the first limit an
/// attacker would meet. Returns the limit now in force, if known.
pub fn raise_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read or fill the struct
        // given; RLIMIT_NOFILE is a valid resource on every unix.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        Some(limit.rlim_cur)
    }
    #[cfg(not(unix))]
    None
}

/// The connection bound to use when the settings leave it to the server:
/// the file limit less room for the database, the log and the bots, and
/// never more than a server of this kind serves well.
pub fn default_total(file_limit: Option<u64>) -> usize {
    let files = file_limit.unwrap_or(1024).min(1 << 20);
    let usable = files.saturating_sub(128) * 9 / 10;
    usize::try_from(usable)
        .unwrap_or(usize::MAX)
        .clamp(64, 50_000)
}
