//! Just enough HTTP/1.1 for the fake REST API: keep-alive, Content-Length or chunked bodies,
//! JSON and multipart (payload_json plus files) payloads, extra headers, and answers that come
//! late or never (a stalled connection).

use super::Upload;
use serde_json::Value;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::watch;

pub struct Request {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The JSON body, and any files (multipart requests carry the JSON as `payload_json`).
    pub fn payload(&self) -> (Value, Vec<Upload>) {
        let kind = self.header("content-type").unwrap_or("");
        let Some(boundary) = kind.split("boundary=").nth(1) else {
            return (
                serde_json::from_slice(&self.body).unwrap_or(Value::Null),
                Vec::new(),
            );
        };
        let boundary = format!("--{}", boundary.trim_matches('"'));
        let mut json = Value::Null;
        let mut files = Vec::new();
        for part in split(&self.body, boundary.as_bytes()).into_iter().skip(1) {
            let Some(end) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..end]).to_string();
            let disposition = head
                .lines()
                .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
                .unwrap_or("")
                .to_string();
            let mut content = &part[end + 4..];
            if content.ends_with(b"\r\n") {
                content = &content[..content.len() - 2];
            }
            let field = |key: &str| {
                disposition
                    .split(';')
                    .map(str::trim)
                    .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
                    .map(|v| v.trim_matches('"').to_string())
            };
            match (field("name"), field("filename")) {
                (Some(name), _) if name == "payload_json" => {
                    json = serde_json::from_slice(content).unwrap_or(Value::Null);
                }
                (_, Some(filename)) => files.push(Upload {
                    name: filename,
                    bytes: content.to_vec(),
                    description: None,
                }),
                _ => {}
            }
        }
        // Each file's entry in `attachments` (a callback's is under `data`), by name.
        let listed = json["attachments"]
            .as_array()
            .or_else(|| json["data"]["attachments"].as_array())
            .cloned()
            .unwrap_or_default();
        let mut entries = listed.iter().filter(|a| a.get("filename").is_some());
        for file in &mut files {
            let entry = entries.find(|a| a["filename"] == file.name.as_str());
            file.description = entry.and_then(|a| a["description"].as_str().map(str::to_string));
        }
        (json, files)
    }
}

/// When (and whether) an answer is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Delivery {
    Now,
    /// Written after this long: the request took effect, the answer is slow.
    After(Duration),
    /// Nothing for this long, then the connection is closed without an answer.
    DropAfter(Duration),
    /// Nothing until the client gives up or the fake stops.
    Never,
}

pub struct Response {
    pub status: u16,
    content_type: &'static str,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    pub delivery: Delivery,
}

impl Response {
    pub fn json(status: u16, value: Value) -> Response {
        Response {
            status,
            content_type: "application/json",
            headers: Vec::new(),
            body: value.to_string().into_bytes(),
            delivery: Delivery::Now,
        }
    }

    pub fn empty(status: u16) -> Response {
        Response {
            body: Vec::new(),
            ..Response::json(status, Value::Null)
        }
    }

    /// A body that is not JSON, as Discord's edge proxies answer some 5xx.
    pub fn text(status: u16, content_type: &'static str, body: &str) -> Response {
        Response {
            content_type,
            body: body.as_bytes().to_vec(),
            ..Response::json(status, Value::Null)
        }
    }

    pub fn header(mut self, name: &'static str, value: impl ToString) -> Response {
        self.headers.push((name, value.to_string()));
        self
    }

    pub fn deliver(mut self, delivery: Delivery) -> Response {
        self.delivery = delivery;
        self
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        302 => "Found",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Unknown",
    }
}

/// Wait until the fake is stopped.
async fn stopped(stop: &mut watch::Receiver<bool>) {
    // An error means the fake is gone: stop too.
    let _ = stop.wait_for(|stopped| *stopped).await;
}

/// Hold a connection without answering: until `limit` passes (None: forever), the client
/// closes it, or the fake stops. Returns whether `limit` passed with the client still there.
async fn hold(
    reader: &mut (impl AsyncRead + Unpin),
    limit: Option<Duration>,
    stop: &mut watch::Receiver<bool>,
) -> bool {
    let timer = async {
        match limit {
            Some(limit) => tokio::time::sleep(limit).await,
            None => std::future::pending().await,
        }
    };
    // A client waiting for an answer sends nothing more, so a read returns only at EOF (it
    // gave up) or with a pipelined request we'd ignore anyway.
    let mut byte = [0u8; 1];
    tokio::select! {
        () = timer => true,
        _ = reader.read(&mut byte) => false,
        () = stopped(stop) => false,
    }
}

/// Where `needle` (not empty) first starts in `haystack`. A multipart body is mostly PNG bytes:
/// candidates are found by their first byte, and only those compared whole (comparing every
/// window cost a millisecond per picture).
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let last_start = haystack.len().checked_sub(needle.len())?;
    let mut from = 0;
    while let Some(at) = haystack[from..=last_start].iter().position(|&b| b == first) {
        let start = from + at;
        if haystack[start + 1..start + needle.len()] == *rest {
            return Some(start);
        }
        from = start + 1;
    }
    None
}

/// `find` and `split` on the edge cases of a multipart body: a boundary at either end, none,
/// a body shorter than the boundary, near misses that share its first bytes.
pub(super) fn check_split() {
    assert_eq!(find(b"--ab", b"--ab"), Some(0));
    assert_eq!(find(b"x--ab", b"--ab"), Some(1));
    assert_eq!(find(b"---a---ab-", b"--ab"), Some(5));
    assert_eq!(find(b"--a", b"--ab"), None);
    assert_eq!(find(b"", b"--ab"), None);
    assert_eq!(find(b"abc", b""), None);
    let body = b"--b\r\nhead\r\n\r\n-\x89PNG--\r\n--b--";
    let parts = split(body, b"--b");
    assert_eq!(parts.len(), 3, "{parts:?}");
    assert_eq!(parts[1], b"\r\nhead\r\n\r\n-\x89PNG--\r\n");
    assert_eq!(parts[2], b"--");
}

fn split<'a>(mut data: &'a [u8], separator: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find(data, separator) {
        parts.push(&data[..at]);
        data = &data[at + separator.len()..];
    }
    parts.push(data);
    parts
}

/// Serve requests on one connection until it closes or the fake stops.
pub async fn serve(
    stream: TcpStream,
    mut stop: watch::Receiver<bool>,
    answer: impl Fn(Request) -> Response,
) {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    loop {
        let mut line = String::new();
        // An idle keep-alive connection ends when the fake stops, so nothing outlives it.
        tokio::select! {
            read = reader.read_line(&mut line) => match read {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            },
            () = stopped(&mut stop) => return,
        }
        let mut words = line.split_whitespace();
        let (Some(method), Some(path)) = (words.next(), words.next()) else {
            return;
        };
        let (method, path) = (method.to_string(), path.to_string());
        let mut headers = Vec::new();
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).await.unwrap_or(0) == 0 {
                return;
            }
            let header = header.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                headers.push((name.trim().to_string(), value.trim().to_string()));
            }
        }
        let mut request = Request {
            method,
            path,
            headers,
            body: Vec::new(),
        };
        if request
            .header("transfer-encoding")
            .is_some_and(|v| v.eq_ignore_ascii_case("chunked"))
        {
            loop {
                let mut size = String::new();
                if reader.read_line(&mut size).await.unwrap_or(0) == 0 {
                    return;
                }
                let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
                let mut chunk = vec![0; size + 2];
                if reader.read_exact(&mut chunk).await.is_err() {
                    return;
                }
                if size == 0 {
                    break;
                }
                request.body.extend_from_slice(&chunk[..size]);
            }
        } else if let Some(length) = request.header("content-length") {
            let mut body = vec![0; length.parse().unwrap_or(0)];
            if reader.read_exact(&mut body).await.is_err() {
                return;
            }
            request.body = body;
        }
        let response = answer(request);
        match response.delivery {
            Delivery::Now => {}
            Delivery::After(delay) => {
                if !hold(&mut reader, Some(delay), &mut stop).await {
                    return;
                }
            }
            Delivery::DropAfter(delay) => {
                hold(&mut reader, Some(delay), &mut stop).await;
                return;
            }
            Delivery::Never => {
                hold(&mut reader, None, &mut stop).await;
                return;
            }
        }
        let mut out = format!(
            "HTTP/1.1 {} {}\r\n",
            response.status,
            reason(response.status)
        );
        if response.status != 204 {
            out.push_str(&format!(
                "content-type: {}\r\ncontent-length: {}\r\n",
                response.content_type,
                response.body.len()
            ));
        }
        for (name, value) in &response.headers {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str("\r\n");
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&response.body);
        if write.write_all(&bytes).await.is_err() {
            return;
        }
    }
}
