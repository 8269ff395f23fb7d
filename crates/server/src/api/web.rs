//! The browser client: the files of `web/`, compiled into the binary so an
//! installed `tourney` serves them with nothing beside it. Pages (`/`,
//! `/t/<id>`) all answer `index.html`; the client reads the path itself.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// In a release build every file is embedded; a debug build reads them
/// from the source tree at each request, so an edit shows on reload.
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

/// Scripts may come only from this server; no inline script, no eval.
/// `connect-src 'self'` covers the same-origin WebSocket.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// `GET /` and `GET /t/{id}`: the client's one page; it reads the table's
/// id from the path itself.
pub async fn page(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

/// `GET /web/{*path}`: a script, a style sheet or an icon.
pub async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    serve(&path, &headers)
}

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Assets::get(path) else {
        return crate::error::ApiError::not_found("no such file in the web client").into_response();
    };
    // Files change only with the binary (or an edit in a debug build), so
    // the content hash is the validator and every load revalidates.
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..12]));
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == etag.as_bytes());
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (StatusCode::OK, file.data.into_owned()).into_response()
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    response
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
