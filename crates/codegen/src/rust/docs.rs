//! Doc-comment attributes for generated items.

use proc_macro2::TokenStream;
use quote::quote;

/// A `#[doc]` attribute with `summary`, or `fallback` when there is none.
pub(crate) fn or(summary: Option<&str>, fallback: &str) -> TokenStream {
    text(summary.unwrap_or(fallback))
}

/// A `#[doc]` attribute with `text` (a leading space so it renders as `/// text`).
pub(crate) fn text(text: &str) -> TokenStream {
    let lines = text.lines().map(|line| format!(" {line}"));
    quote!(#(#[doc = #lines])*)
}
