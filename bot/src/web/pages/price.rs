//! The price calculator and a design's diagram.

use super::{no_store, Failed};
use crate::core::{capitalised, Core, CoreError, Given, PricePage, Value};
use crate::web::html::{self, segment, Priced};
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

/// The ruleset asked for (classic when none is), read as /price's option: a name that is
/// none of them is an error naming the choices, never classic.
fn ruleset_of(query: &HashMap<String, String>) -> Result<Ruleset, String> {
    let Some(name) = ruleset_named(query) else {
        return Ok(Ruleset::default());
    };
    let not_one = |why: String| capitalised(&why);
    match crate::core::parse_option("price", "ruleset", Given::Text(name)) {
        Ok(Value::Word(word)) => word.parse().map_err(|e| not_one(format!("{e}"))),
        Ok(_) => Err(not_one(format!("'{name}' is not a ruleset"))),
        Err(e) => Err(not_one(e.to_string())),
    }
}

/// A page of the calculator, with its status.
fn calculator(
    status: StatusCode,
    title: &str,
    typed: &str,
    ruleset: Ruleset,
    result: Option<Result<Priced, String>>,
) -> Response {
    let body = html::price(typed, ruleset, result);
    (status, no_store(), Html(html::page(title, None, body))).into_response()
}

/// The calculator; a design typed in its form goes to the design's own address, once its
/// ruleset is one.
pub(in crate::web) async fn price_form(Query(query): Query<HashMap<String, String>>) -> Response {
    let typed = query.get("design").map(|d| d.trim()).unwrap_or("");
    match ruleset_of(&query) {
        Err(problem) => calculator(
            StatusCode::BAD_REQUEST,
            "Price a design",
            typed,
            Ruleset::default(),
            Some(Err(problem)),
        ),
        Ok(ruleset) if typed.is_empty() => {
            calculator(StatusCode::OK, "Price a design", "", ruleset, None)
        }
        Ok(ruleset) => Redirect::to(&format!(
            "/price/{}?ruleset={}",
            segment(typed),
            ruleset.name()
        ))
        .into_response(),
    }
}

/// A design's price, at an address of its own; its diagram's size is laid out, not drawn.
pub(in crate::web) async fn price(
    Path(design): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let chosen = ruleset_of(&query).unwrap_or_default();
    let page = match priced(&design, &query) {
        Ok(page) => page,
        Err(problem) => {
            let failed = Some(Err(problem));
            let title = "Price a design";
            return Ok(calculator(
                StatusCode::BAD_REQUEST,
                title,
                &design,
                chosen,
                failed,
            ));
        }
    };
    let diagram = render::design_size(
        &page.design,
        &Ok(page.price.clone()),
        &render::Style::default(),
    );
    let title = page.design.to_string();
    let priced = Priced {
        page: &page,
        diagram,
    };
    Ok(calculator(
        StatusCode::OK,
        &title,
        &design,
        chosen,
        Some(Ok(priced)),
    ))
}

/// A design's price, or what is wrong with it: the address's design and ruleset are read as
/// /price's options, within the same bounds.
fn priced(design: &str, query: &HashMap<String, String>) -> Result<PricePage, String> {
    let mut given = vec![("design", Given::Text(design))];
    given.extend(ruleset_named(query).map(|r| ("ruleset", Given::Text(r))));
    Core::price_page(&given).map_err(|e| capitalised(&e.to_string()))
}

/// A priced design's movement diagram (PNG), drawn by the core's painters.
async fn diagram_of(core: &Core, page: &PricePage) -> Result<Vec<u8>, Failed> {
    core.painters()
        .encode(crate::core::Picture::Design {
            design: page.design.clone(),
            price: Box::new(page.price.clone()),
        })
        .await
        .map_err(|e| Failed::Broken(CoreError::Picture(e)))
}

/// A design's movement diagram (PNG).
pub(in crate::web) async fn diagram(
    State(web): State<Web>,
    Path(design): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let page = priced(&design, &query).map_err(|why| Failed::Bad(why.into()))?;
    let png = diagram_of(&web.core, &page).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        png,
    )
        .into_response())
}
