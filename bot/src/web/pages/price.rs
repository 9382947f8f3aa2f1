//! The price calculator and a design's diagram.

use super::{no_store, Failed};
use crate::core::{capitalised, Core, CoreError, Given, Value};
use crate::web::html::{self, segment};
use crate::web::Web;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use engine::Ruleset;
use std::collections::HashMap;

/// The ruleset the address names, if it names one.
fn ruleset_named(query: &HashMap<String, String>) -> Option<&str> {
    query
        .get("ruleset")
        .map(|r| r.trim())
        .filter(|r| !r.is_empty())
}

/// The ruleset asked for (classic when none is), read as /price's option.
fn ruleset_of(query: &HashMap<String, String>) -> Result<Ruleset, String> {
    let Some(name) = ruleset_named(query) else {
        return Ok(Ruleset::default());
    };
    match crate::core::parse_option("price", "ruleset", Given::Text(name)) {
        Ok(Value::Word(word)) => word.parse().map_err(|e| capitalised(&format!("{e}"))),
        Ok(_) => Ok(Ruleset::default()),
        Err(e) => Err(capitalised(&e.to_string())),
    }
}

/// The calculator; a design typed in its form goes to the design's own address.
pub(in crate::web) async fn price_form(Query(query): Query<HashMap<String, String>>) -> Response {
    let typed = query.get("design").map(|d| d.trim()).unwrap_or("");
    let ruleset = ruleset_of(&query);
    if typed.is_empty() {
        let problem = ruleset.as_ref().err().map(|e| Err(e.clone()));
        let body = html::price("", ruleset.unwrap_or_default(), problem);
        return (
            no_store(),
            Html(html::page("Price a design", None, body)),
        )
            .into_response();
    }
    let ruleset = ruleset.map(|r| r.name()).unwrap_or("");
    Redirect::to(&format!("/price/{}?ruleset={ruleset}", segment(typed))).into_response()
}

/// A design's price, at an address of its own.
pub(in crate::web) async fn price(
    Path(design): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let chosen = ruleset_of(&query).unwrap_or_default();
    let result = priced(&design, &query);
    let (status, title) = match &result {
        Ok(page) => (StatusCode::OK, page.design.to_string()),
        Err(_) => (StatusCode::BAD_REQUEST, "Price a design".to_string()),
    };
    let body = html::price(&design, chosen, Some(result.as_ref().map_err(Clone::clone)));
    (
        status,
        no_store(),
        Html(html::page(&title, None, body)),
    )
        .into_response()
}

/// A design's price, or what is wrong with it: the address's design and ruleset are read as
/// /price's options, within the same bounds.
fn priced(design: &str, query: &HashMap<String, String>) -> Result<crate::core::PricePage, String> {
    let mut given = vec![("design", Given::Text(design))];
    given.extend(ruleset_named(query).map(|r| ("ruleset", Given::Text(r))));
    Core::price_page(&given).map_err(|e| capitalised(&e.to_string()))
}

/// A design's movement diagram (PNG).
pub(in crate::web) async fn diagram(
    State(web): State<Web>,
    Path(design): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let page = priced(&design, &query).map_err(|why| Failed::Bad(why.into()))?;
    let png = web
        .core
        .painters()
        .encode(crate::core::Picture::Design {
            design: page.design,
            price: Box::new(page.price),
        })
        .await
        .map_err(|e| Failed::Broken(CoreError::Picture(e)))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        png,
    )
        .into_response())
}
