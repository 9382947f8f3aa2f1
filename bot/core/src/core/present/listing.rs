//! A long list shown a page at a time: a listing never floods a channel with messages.

use crate::core::{code, Content, CoreError};
use crate::words;

/// How many entries one page of a listing shows.
pub(crate) const PAGE: usize = 10;

/// The entries of page `page` (from 1; none is the first) and the line that follows them,
/// which says how many more there are and how to see them: `/{command} page:N`.
pub(crate) fn page_of<T>(
    entries: Vec<T>,
    page: Option<u32>,
    command: &str,
) -> Result<(Vec<T>, Content), CoreError> {
    let pages = entries.len().div_ceil(PAGE).max(1);
    let page = page.unwrap_or(1).max(1) as usize;
    if page > pages {
        return Err(CoreError::NoSuchPage { pages });
    }
    let total = entries.len();
    let shown: Vec<T> = entries
        .into_iter()
        .skip((page - 1) * PAGE)
        .take(PAGE)
        .collect();
    let after = total - ((page - 1) * PAGE + shown.len());
    let footer = match (after, pages) {
        (0, 1) => Content::default(),
        (0, _) => words![format!("Page {page} of {pages}.")],
        (more, _) => words![
            format!("Page {page} of {pages}, and {more} more: "),
            code(format!("/{command} page:{}", page + 1)),
            ".",
        ],
    };
    Ok((shown, footer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_at_a_time_with_what_follows() {
        let (shown, footer) = page_of((1..=23).collect(), None, "games").unwrap();
        assert_eq!(shown, (1..=10).collect::<Vec<_>>());
        assert_eq!(footer.shown(), "Page 1 of 3, and 13 more: `/games page:2`.");
        let (shown, footer) = page_of((1..=23).collect(), Some(3), "games").unwrap();
        assert_eq!(shown, vec![21, 22, 23]);
        assert_eq!(footer.shown(), "Page 3 of 3.");
        let (shown, footer) = page_of((1..=4).collect(), Some(1), "games").unwrap();
        assert_eq!(shown.len(), 4);
        assert!(footer.is_empty());
        let refused = page_of((1..=23).collect::<Vec<u32>>(), Some(4), "games").unwrap_err();
        assert_eq!(
            refused.sentence().shown(),
            "Page: there are only 3 pages of these: ask for page 1 to 3."
        );
        let empty = page_of(Vec::<u32>::new(), Some(2), "games").unwrap_err();
        assert!(empty.to_string().contains("only 1 page of"), "{empty}");
    }
}
