//! Escaping for HTML and SVG: every piece of content text goes through [`text`] (element
//! content) or [`attr`] (attribute values, always written in double quotes); JSON put inside a
//! page goes through [`json`].

/// `value` escaped for HTML or SVG element content.
pub fn text(value: &str) -> String {
    escape(value, false)
}

/// `value` escaped for a double-quoted HTML or SVG attribute.
pub fn attr(value: &str) -> String {
    escape(value, true)
}

fn escape(value: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// A JSON value written so that it can sit inside a `<script>` element or an attribute:
/// `<`, `>` and `&` (which only occur inside JSON strings) become `\u003c`-style escapes, so no
/// `</script>` or entity can end or change the data.
pub fn json(value: &serde_json::Value) -> String {
    let raw = value.to_string();
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_cannot_break_out_of_text_attributes_or_scripts() {
        assert_eq!(text("<b>&\"'"), "&lt;b&gt;&amp;\"'");
        assert_eq!(attr("a\"b'c<"), "a&quot;b&#39;c&lt;");
        let data = json(&serde_json::json!({"n": "</script><!-- & \u{2028}"}));
        assert!(!data.contains('<') && !data.contains('&'), "{data}");
        let back: serde_json::Value = serde_json::from_str(&data).expect("still JSON");
        assert_eq!(back["n"], "</script><!-- & \u{2028}");
    }
}
