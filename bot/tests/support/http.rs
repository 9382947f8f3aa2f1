//! Just enough HTTP/1.1 for the fake REST API: keep-alive, Content-Length or chunked bodies,
//! JSON and multipart (payload_json plus files) payloads.

use super::Upload;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

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
                }),
                _ => {}
            }
        }
        (json, files)
    }
}

pub struct Response {
    status: u16,
    body: Vec<u8>,
}

impl Response {
    pub fn json(status: u16, value: Value) -> Response {
        Response {
            status,
            body: value.to_string().into_bytes(),
        }
    }

    pub fn empty(status: u16) -> Response {
        Response {
            status,
            body: Vec::new(),
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
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

/// Serve requests on one connection until it closes.
pub async fn serve(stream: TcpStream, answer: impl Fn(Request) -> Response) {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
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
        let reason = match response.status {
            200 => "OK",
            204 => "No Content",
            _ => "Not Found",
        };
        let mut out = format!("HTTP/1.1 {} {reason}\r\n", response.status);
        if response.status != 204 {
            out.push_str(&format!(
                "content-type: application/json\r\ncontent-length: {}\r\n",
                response.body.len()
            ));
        }
        out.push_str("\r\n");
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&response.body);
        if write.write_all(&bytes).await.is_err() {
            return;
        }
    }
}
