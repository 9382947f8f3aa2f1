//! What can go wrong on Discord's side: the kinds of request a fault can be aimed at, the faults
//! themselves, and the error answers Discord gives (status, JSON code and message as Discord
//! sends them), for injected faults and for rules the bot breaks.

use super::http::{Delivery, Response};
use super::Upload;
use serde_json::{json, Value};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A kind of REST request, by method and path (all under /api/v10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// Matches every request (only as a fault's target).
    Any,
    /// `POST /interactions/{id}/{token}/callback`: the first answer to an interaction.
    Callback,
    /// `POST /webhooks/{app}/{token}`: a follow-up message.
    Followup,
    /// `GET /webhooks/{app}/{token}/messages/@original`.
    GetOriginal,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `DELETE /webhooks/{app}/{token}/messages/@original`.
    DeleteOriginal,
    /// `GET /webhooks/{app}/{token}/messages/{id}` of a follow-up.
    GetFollowup,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}` of a follow-up.
    EditFollowup,
    /// `DELETE /webhooks/{app}/{token}/messages/{id}` of a follow-up.
    DeleteFollowup,
    /// `POST /channels/{id}/messages`: the bot posting on its own (channel, thread or DM).
    ChannelMessage,
    /// `GET /channels/{id}/messages/{message}`.
    GetMessage,
    /// `PATCH /channels/{id}/messages/{message}`.
    EditMessage,
    /// `DELETE /channels/{id}/messages/{message}`.
    DeleteMessage,
    /// `POST /channels/{id}/threads` or `POST /channels/{id}/messages/{message}/threads`.
    CreateThread,
    /// `PUT /channels/{thread}/thread-members/{user or @me}`.
    ThreadMember,
    /// `GET /channels/{id}`.
    GetChannel,
    /// `PATCH /channels/{id}` (a channel or a thread, e.g. `{"archived": false}`).
    EditChannel,
    /// `POST /users/@me/channels`: opening a DM channel.
    CreateDm,
    /// `GET /gateway` or `GET /gateway/bot`.
    Gateway,
    /// `GET /oauth2/applications/@me`.
    Application,
    /// `PUT /applications/{app}/commands` or `/applications/{app}/guilds/{g}/commands`.
    RegisterCommands,
    /// Anything the fake doesn't serve (answered 404 and listed in `unexpected()`).
    Unknown,
}

impl Route {
    /// Whether a fault aimed at `self` applies to a request of kind `request`.
    pub fn matches(self, request: Route) -> bool {
        self == Route::Any || self == request
    }

    /// Routes about one channel or thread (the id in the path; a thread's parent when
    /// creating one).
    pub fn concerns_channel(self) -> bool {
        matches!(
            self,
            Route::ChannelMessage
                | Route::GetMessage
                | Route::EditMessage
                | Route::DeleteMessage
                | Route::CreateThread
                | Route::ThreadMember
                | Route::GetChannel
                | Route::EditChannel
        )
    }

    /// Routes that carry an interaction token: those end with 10062/10015 once it expires.
    pub fn uses_token(self) -> bool {
        matches!(
            self,
            Route::Callback
                | Route::Followup
                | Route::GetOriginal
                | Route::EditOriginal
                | Route::DeleteOriginal
                | Route::GetFollowup
                | Route::EditFollowup
                | Route::DeleteFollowup
        )
    }
}

/// What Discord does to a request instead of serving it.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// A server error, which serenity never retries. 500 and 503 answer Discord's JSON
    /// (`{"message": "500: Internal Server Error", "code": 0}`); 502 answers an HTML page, as
    /// Discord's edge proxy does, so the bot meets an error body that isn't JSON.
    Status(u16),
    /// HTTP 429 with Discord's headers and body.
    RateLimited { retry_after_secs: f64, global: bool },
    /// Nothing for this long, then the connection closes with no answer; the request had no
    /// effect. The connection also ends early if the bot gives up or the fake stops.
    Stall(Duration),
    /// Nothing at all until the bot gives up (its own timeout) or the fake stops; no effect.
    Hang,
    /// The request takes effect at once (members see it) but the answer comes this late: the
    /// bot can't tell whether it worked if it stops waiting first.
    Slow(Duration),
    /// The interaction token is no longer valid: 404 with 10062 "Unknown interaction" for a
    /// callback, 10015 "Unknown Webhook" for follow-ups and edits (after 15 minutes).
    TokenExpired,
    /// Any other Discord error, e.g. [`Fault::missing_permissions`].
    Discord {
        status: u16,
        code: u32,
        message: &'static str,
    },
}

impl Fault {
    /// 403, 50013: the bot lacks a permission (e.g. to create threads or attach files).
    pub fn missing_permissions() -> Fault {
        Fault::Discord {
            status: 403,
            code: 50013,
            message: "Missing Permissions",
        }
    }

    /// 403, 50001: the bot can't see the channel.
    pub fn missing_access() -> Fault {
        Fault::Discord {
            status: 403,
            code: 50001,
            message: "Missing Access",
        }
    }

    /// 404, 10003: the channel (or thread) was deleted.
    pub fn unknown_channel() -> Fault {
        Fault::Discord {
            status: 404,
            code: 10003,
            message: "Unknown Channel",
        }
    }

    /// 404, 10008: the message was deleted.
    pub fn unknown_message() -> Fault {
        Fault::Discord {
            status: 404,
            code: 10008,
            message: "Unknown Message",
        }
    }

    /// 403, 50007: the member doesn't accept DMs from the bot.
    pub fn cannot_dm() -> Fault {
        Fault::Discord {
            status: 403,
            code: 50007,
            message: "Cannot send messages to this user",
        }
    }

    /// Whether the request still takes effect (only [`Fault::Slow`]).
    pub fn takes_effect(&self) -> bool {
        matches!(self, Fault::Slow(_))
    }

    /// Discord's answer to a request of kind `route` under this fault.
    pub(crate) fn response(&self, route: Route) -> Response {
        match *self {
            Fault::Status(502) => Response::text(
                502,
                "text/html",
                "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n\
                 <center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n\
                 </body>\r\n</html>\r\n",
            ),
            Fault::Status(status) => Response::json(
                status,
                json!({"message": format!("{status}: {}", status_text(status)), "code": 0}),
            ),
            Fault::RateLimited {
                retry_after_secs,
                global,
            } => rate_limited(route, retry_after_secs, global),
            Fault::Stall(time) => Response::empty(0).deliver(Delivery::DropAfter(time)),
            Fault::Hang => Response::empty(0).deliver(Delivery::Never),
            // Only the delivery matters: the request is served normally.
            Fault::Slow(time) => Response::empty(0).deliver(Delivery::After(time)),
            Fault::TokenExpired if route == Route::Callback => {
                error(404, 10062, "Unknown interaction")
            }
            Fault::TokenExpired => error(404, 10015, "Unknown Webhook"),
            Fault::Discord {
                status,
                code,
                message,
            } => error(status, code, message),
        }
    }
}

fn status_text(status: u16) -> &'static str {
    match status {
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Server Error",
    }
}

/// A Discord JSON error: `{"message": ..., "code": ...}`.
pub(crate) fn error(status: u16, code: u32, message: &str) -> Response {
    Response::json(status, error_body(code, message))
}

pub(crate) fn error_body(code: u32, message: &str) -> Value {
    json!({"message": message, "code": code})
}

/// 400, 50035 "Invalid Form Body", with the per-field detail Discord nests under the field's
/// path (e.g. `data.content` in a callback).
pub(crate) fn invalid_form_body(field: &str, code: &str, message: &str) -> Value {
    let mut detail = json!({"_errors": [{"code": code, "message": message}]});
    for key in field.rsplit('.') {
        detail = json!({ key: detail });
    }
    json!({"message": "Invalid Form Body", "code": 50035, "errors": detail})
}

/// HTTP 429 as Discord sends it. The bucket is named after the route, so each kind of
/// request has its own, as on Discord.
fn rate_limited(route: Route, retry_after: f64, global: bool) -> Response {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64();
    let scope = if global { "global" } else { "user" };
    let body = json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": global});
    let response = Response::json(429, body)
        .header("Retry-After", retry_after)
        .header("X-RateLimit-Limit", 5)
        .header("X-RateLimit-Remaining", 0)
        .header("X-RateLimit-Reset", format!("{:.3}", now + retry_after))
        .header("X-RateLimit-Reset-After", format!("{retry_after:.3}"))
        .header(
            "X-RateLimit-Bucket",
            format!("fake{:?}", route).to_lowercase(),
        )
        .header("X-RateLimit-Scope", scope);
    // serenity's rate limiter takes the mere presence of this header to mean "global".
    if global {
        response.header("X-RateLimit-Global", "true")
    } else {
        response
    }
}

/// A fault armed by `fail_next`: it hits the next `left` requests that match.
#[derive(Clone, Debug)]
pub(crate) struct Armed {
    pub route: Route,
    /// The interaction token, channel id or DM recipient the request must concern, if any.
    pub key: Option<String>,
    pub fault: Fault,
    pub left: usize,
}

/// A request that did not take effect because of a fault (injected or an expired token).
#[derive(Clone, Debug)]
pub struct Failed {
    pub route: Route,
    /// "POST /api/v10/...".
    pub request: String,
    /// The interaction token, channel id or DM recipient the request concerned.
    pub key: Option<String>,
    pub fault: Fault,
    /// What the bot tried to send.
    pub body: Value,
    pub files: Vec<Upload>,
    pub at: Instant,
}

/// A rule of Discord's the bot broke; Discord refused the request.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// 400, 50035: message content over 2000 characters (counted in Unicode code points).
    ContentTooLong { chars: usize },
    /// 400, 50035: another limit of a message or autocomplete answer: more than 25 choices,
    /// a choice name over 100 characters, more than 5 rows of components or 5 buttons in a
    /// row, a custom id over 100 characters, a button label over 80, more than 10 files.
    InvalidForm { field: String },
    /// 400, 50006: a new message with no content, embed, file or component.
    EmptyMessage,
    /// 400, 40060: a second callback for the same interaction.
    AlreadyAcknowledged,
    /// 404, 10062: a callback later than the enforced window (see
    /// `enforce_callback_window`), as Discord refuses after 3 s.
    LateCallback { after: Duration },
    /// 404, 10062/10015: a token the fake never dispatched.
    UnknownInteraction,
    /// 400, 50083: posting in an archived and locked thread.
    ThreadLocked,
    /// 400, 50024: a thread created in a thread or a DM.
    WrongChannelType,
    /// 400, 160004: a second thread started from the same message.
    ThreadExists,
    /// 400, 50240: a bulk overwrite of the commands of an application with Activities on
    /// that leaves out its entry point command (type 4).
    NoEntryPoint,
    /// 400, 50035: an entry point command (type 4) for an application without Activities, or
    /// without its handler.
    EntryPointWithoutActivity,
    /// 400, 50035: `LAUNCH_ACTIVITY` (callback 12) for an application without Activities.
    LaunchWithoutActivity,
}

impl Rule {
    /// Discord's answer to the broken rule.
    pub(crate) fn response(&self, route: Route, field_prefix: &str) -> Response {
        match self {
            Rule::ContentTooLong { .. } => Response::json(
                400,
                invalid_form_body(
                    &format!("{field_prefix}content"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 2000 or fewer in length.",
                ),
            ),
            Rule::InvalidForm { field } => Response::json(
                400,
                invalid_form_body(
                    &format!("{field_prefix}{field}"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be within the allowed length.",
                ),
            ),
            Rule::EmptyMessage => error(400, 50006, "Cannot send an empty message"),
            Rule::AlreadyAcknowledged => {
                error(400, 40060, "Interaction has already been acknowledged.")
            }
            Rule::LateCallback { .. } => error(404, 10062, "Unknown interaction"),
            Rule::UnknownInteraction if route == Route::Callback => {
                error(404, 10062, "Unknown interaction")
            }
            Rule::UnknownInteraction => error(404, 10015, "Unknown Webhook"),
            Rule::ThreadLocked => error(400, 50083, "Thread is archived"),
            Rule::WrongChannelType => {
                error(400, 50024, "Cannot execute action on this channel type")
            }
            Rule::NoEntryPoint => error(
                400,
                50240,
                "You cannot remove this app's Entry Point command in a bulk update operation.",
            ),
            Rule::EntryPointWithoutActivity => Response::json(
                400,
                invalid_form_body(
                    "type",
                    "APPLICATION_COMMAND_INVALID_TYPE",
                    "Entry point commands need the app's Activities, and a handler.",
                ),
            ),
            Rule::LaunchWithoutActivity => Response::json(
                400,
                invalid_form_body(
                    "type",
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    "This application has no Activity to launch.",
                ),
            ),
            Rule::ThreadExists => error(
                400,
                160004,
                "A thread has already been created for this message",
            ),
        }
    }
}

/// A request Discord refused because the bot broke one of its rules.
#[derive(Clone, Debug)]
pub struct Violation {
    pub route: Route,
    pub rule: Rule,
    /// The interaction token, channel id or DM recipient the request concerned.
    pub key: Option<String>,
    pub body: Value,
    pub at: Instant,
}

/// Discord's limits on one message (a callback's `data`, a follow-up, a channel post, an
/// edit). `new` is whether it creates a message (an edit may leave everything out).
pub(crate) fn check_message(message: &Value, uploads: &[Upload], new: bool) -> Option<Rule> {
    let chars = message["content"].as_str().map_or(0, |c| c.chars().count());
    if chars > 2000 {
        return Some(Rule::ContentTooLong { chars });
    }
    let invalid = |field: String| Some(Rule::InvalidForm { field });
    // Discord takes a nonce of at most 25 characters (or an integer).
    if message["nonce"]
        .as_str()
        .is_some_and(|n| n.chars().count() > 25)
    {
        return invalid("nonce".into());
    }
    let files = uploads.len();
    if files > 10 {
        return invalid("files".into());
    }
    if let Some(i) = uploads.iter().position(|u| {
        u.description
            .as_deref()
            .is_some_and(|d| d.chars().count() > 1024)
    }) {
        return invalid(format!("attachments.{i}.description"));
    }
    let rows = message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if rows.len() > 5 {
        return invalid("components".into());
    }
    for (r, row) in rows.iter().enumerate() {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        if items.len() > 5 {
            return invalid(format!("components.{r}.components"));
        }
        for (i, item) in items.iter().enumerate() {
            let too_long =
                |key: &str, max: usize| item[key].as_str().is_some_and(|v| v.chars().count() > max);
            if too_long("custom_id", 100) {
                return invalid(format!("components.{r}.components.{i}.custom_id"));
            }
            if too_long("label", 80) {
                return invalid(format!("components.{r}.components.{i}.label"));
            }
        }
    }
    let present = |key: &str| match &message[key] {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        _ => true,
    };
    let empty = !["content", "embeds", "components", "sticker_ids", "poll"]
        .iter()
        .any(|key| present(key));
    if new && empty && files == 0 {
        return Some(Rule::EmptyMessage);
    }
    None
}

/// Discord's limits on an autocomplete answer (callback type 8).
pub(crate) fn check_choices(data: &Value) -> Option<Rule> {
    let choices = data["choices"].as_array().cloned().unwrap_or_default();
    if choices.len() > 25 {
        return Some(Rule::InvalidForm {
            field: "choices".into(),
        });
    }
    choices.iter().enumerate().find_map(|(i, choice)| {
        let name = choice["name"].as_str().unwrap_or("").chars().count();
        (name == 0 || name > 100).then(|| Rule::InvalidForm {
            field: format!("choices.{i}.name"),
        })
    })
}
