//! A server's page.

use super::{no_store, opened, Failed};
use crate::core::page_path;
use crate::store::LinkKind;
use crate::web::{html, Web};
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};

pub(in crate::web) async fn server(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Server).await?;
    let page = web.core.server_page(link.guild).await?;
    let body = html::server(&page, &page_path(LinkKind::Server, token));
    let title = page.name.as_deref().unwrap_or("This server");
    Ok((no_store(), Html(html::page(title, None, body))).into_response())
}
