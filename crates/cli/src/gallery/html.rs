//! File names and the page shell shared by every gallery page. Escaping is Grimoire's one set
//! of helpers, [`grimoire_report::escape`]: content text through [`text`], attribute values
//! through [`attr`], JSON inside a page through [`json`].

use std::fmt::Write as _;

pub use grimoire_report::escape::{attr, json, text};

/// A lower-case file name made of letters, digits and dashes (`"A'dal"` → `"a-dal"`).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// A whole page: `root` is the relative path back to the site root (`""`, `"../"`, ...),
/// `crumbs` the breadcrumb links before the title (label, href), `body` ready-made HTML.
pub fn page(title: &str, root: &str, crumbs: &[(String, String)], body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · Grimoire gallery</title>\
         <link rel=\"stylesheet\" href=\"{root}assets/gallery.css\">\
         <script src=\"{root}assets/gallery.js\" defer></script></head>\n<body>\
         <nav class=\"crumbs\" aria-label=\"Breadcrumb\">",
        title = text(title),
        root = attr(root),
    );
    for (label, href) in crumbs {
        let _ = write!(out, "<a href=\"{}\">{}</a> › ", attr(href), text(label));
    }
    let _ = write!(
        out,
        "<span aria-current=\"page\">{}</span></nav>\n<main>\n{body}\n</main>\n</body></html>\n",
        text(title)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_letters_digits_and_dashes() {
        assert_eq!(slug("A'dal"), "a-dal");
        assert_eq!(slug("Barber-Surgeon (Standard)"), "barber-surgeon-standard");
        assert_eq!(slug("!!"), "x");
    }
}
