//! A tournament's page and its TRF file.

use super::{download, no_store, opened, Failed};
use crate::core::{page_path, CoreError};
use crate::store::LinkKind;
use crate::web::{html, Web};
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};

pub(in crate::web) async fn tournament(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Tournament).await?;
    let page = web.core.tournament_page(link).await?;
    let base = page_path(LinkKind::Tournament, token);
    let events = format!("{base}/events");
    let body = maud::html! { div #live { (html::tournament(&page)) } };
    Ok((
        no_store(),
        Html(html::page(&page.name, Some(&events), body)),
    )
        .into_response())
}

pub(in crate::web) async fn trf(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Tournament).await?;
    let file = web.core.tournament_trf(link).await.map_err(|e| match e {
        CoreError::TournamentState { .. } => Failed::Bad(e.content()),
        e => e.into(),
    })?;
    Ok(download(
        &file.name,
        "text/plain; charset=utf-8",
        file.bytes,
    ))
}
