//! Self-contained HTML report pages with inline SVG pictures, for `grimoire simulate
//! --report`: a win-rate matrix as a heat map with 95% confidence intervals, a histogram
//! (game length) and sortable tables. A page loads nothing from the network and opens from
//! `file://`; every picture has a text alternative and its numbers also as a table.
//!
//! [`escape`] is the HTML escaping every page of Grimoire uses (the gallery too).

pub mod escape;

use std::fmt::Write as _;
use std::path::Path;

use escape::{attr, text};

/// A report page.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Page title.
    pub title: String,
    /// What was run, in a sentence or two (games, seed, decks).
    pub summary: String,
    /// Win rates of each side against each other side.
    pub matchups: Option<WinMatrix>,
    /// Histograms, such as game length in turns.
    pub histograms: Vec<Histogram>,
    /// Tables the reader can sort by any column, such as per-card figures.
    pub tables: Vec<Table>,
}

/// Wins of each row side against each column side.
#[derive(Debug, Clone, Default)]
pub struct WinMatrix {
    /// The sides (decks, spellbooks, armies), in row and column order.
    pub labels: Vec<String>,
    /// `wins[row][column]`: games the row side won against the column side.
    pub wins: Vec<Vec<u32>>,
    /// `games[row][column]`: games played between them (0 leaves the cell empty).
    pub games: Vec<Vec<u32>>,
}

/// Counts of whole-number values, such as the number of turns each game lasted.
#[derive(Debug, Clone, Default)]
pub struct Histogram {
    /// Heading and axis name (`Game length (turns)`).
    pub label: String,
    /// One value per observation.
    pub values: Vec<u32>,
}

/// A table of rows; numeric cells sort as numbers.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// Heading.
    pub title: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// Rows of cells, one per column.
    pub rows: Vec<Vec<Cell>>,
}

/// One table cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Text, sorted alphabetically.
    Text(String),
    /// A number, sorted numerically, shown with `decimals` places.
    Number {
        /// The value.
        value: f64,
        /// Places after the point when shown.
        decimals: usize,
    },
}

/// The Wilson score interval at 95% for `wins` of `games`: (low, high) as fractions (the
/// engine's [`grimoire_engine::Rate::wilson`], the one computation of it).
pub fn wilson_interval(wins: u32, games: u32) -> (f64, f64) {
    let rate = grimoire_engine::Rate::wilson(u64::from(wins), u64::from(games));
    (rate.low, rate.high)
}

const STYLE: &str = "body{font:15px/1.45 system-ui,sans-serif;color:#222;background:#fdfcf9;max-width:1000px;margin:0 auto;padding:0 1rem 3rem}\
table{border-collapse:collapse;margin:.5rem 0}th,td{padding:.2rem .6rem;border-bottom:1px solid #e4e0d6;text-align:left}\
td.num{text-align:right;font-variant-numeric:tabular-nums}th button{font:inherit;font-weight:bold;background:none;border:0;cursor:pointer;padding:0}\
svg text{font:11px system-ui,sans-serif}svg .bar{fill:#6b3fa0}";

const SCRIPT: &str = r#""use strict";
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("th button").forEach(function (button, column) {
    button.addEventListener("click", function () {
      var ascending = button.getAttribute("data-order") !== "ascending";
      table.querySelectorAll("th button").forEach(function (b) { b.removeAttribute("data-order"); b.parentNode.removeAttribute("aria-sort"); });
      button.setAttribute("data-order", ascending ? "ascending" : "descending");
      button.parentNode.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[column], y = b.cells[column];
        var nx = x.getAttribute("data-value"), ny = y.getAttribute("data-value");
        var order = nx !== null && ny !== null ? Number(nx) - Number(ny) : x.textContent.localeCompare(y.textContent);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
"#;

/// The report as one self-contained HTML page.
pub fn html(report: &Report) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head>\n<body><main>\n<h1>{}</h1>\n<p>{}</p>\n",
        text(&report.title),
        text(&report.title),
        text(&report.summary)
    );
    if let Some(matrix) = &report.matchups {
        out += &heat_map(matrix);
    }
    for (n, histogram) in report.histograms.iter().enumerate() {
        out += &histogram_svg(histogram, n);
    }
    for table in &report.tables {
        out += &table_html(table);
    }
    let _ = write!(out, "</main>\n<script>{SCRIPT}</script>\n</body></html>\n");
    out
}

/// Writes the page to `path` all or nothing (a temporary file beside it, then a rename).
pub fn write(report: &Report, path: &Path) -> Result<(), String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?
        .to_string_lossy();
    let staged = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    std::fs::write(&staged, html(report))
        .map_err(|e| format!("cannot write {}: {e}", staged.display()))?;
    std::fs::rename(&staged, path).map_err(|e| {
        let _ = std::fs::remove_file(&staged);
        format!("cannot write {}: {e}", path.display())
    })
}

fn percent(fraction: f64) -> String {
    format!("{:.0}%", fraction * 100.0)
}

/// Red (0%) through white (50%) to blue (100%).
fn heat(fraction: f64) -> String {
    let strength = ((fraction - 0.5).abs() * 2.0).clamp(0.0, 1.0);
    let fade = |full: f64| (255.0 - (255.0 - full) * strength).round() as u8;
    if fraction < 0.5 {
        format!("rgb({},{},{})", fade(205.0), fade(60.0), fade(50.0))
    } else {
        format!("rgb({},{},{})", fade(45.0), fade(95.0), fade(190.0))
    }
}

fn heat_map(matrix: &WinMatrix) -> String {
    let size = matrix.labels.len();
    let (label_width, cell, top) = (150.0, 64.0, 30.0);
    let width = label_width + cell * size as f64 + 10.0;
    let height = top + cell * size as f64 + 10.0;
    let mut cells = String::new();
    let mut rows = String::new();
    for (r, row_label) in matrix.labels.iter().enumerate() {
        let _ = write!(
            cells,
            "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"end\">{}</text>",
            label_width - 6.0,
            top + cell * r as f64 + cell / 2.0 + 4.0,
            text(row_label)
        );
        let _ = write!(rows, "<tr><th scope=\"row\">{}</th>", text(row_label));
        for c in 0..size {
            let wins = matrix
                .wins
                .get(r)
                .and_then(|row| row.get(c))
                .copied()
                .unwrap_or(0);
            let games = matrix
                .games
                .get(r)
                .and_then(|row| row.get(c))
                .copied()
                .unwrap_or(0);
            let (x, y) = (label_width + cell * c as f64, top + cell * r as f64);
            if games == 0 {
                let _ = write!(
                    cells,
                    "<rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{cell}\" height=\"{cell}\" fill=\"#eee\" stroke=\"#fff\"/>"
                );
                rows.push_str("<td>—</td>");
                continue;
            }
            let rate = f64::from(wins) / f64::from(games);
            let (low, high) = wilson_interval(wins, games);
            let words = format!(
                "{} against {}: {wins} of {games} won, {} (95% interval {}–{})",
                matrix.labels[r],
                matrix.labels[c],
                percent(rate),
                percent(low),
                percent(high)
            );
            let _ = write!(
                cells,
                "<g class=\"cell\"><title>{}</title><rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\" stroke=\"#fff\"/>\
                 <text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text>\
                 <text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" font-size=\"9\">{}–{}</text></g>",
                text(&words),
                heat(rate),
                x + cell / 2.0,
                y + cell / 2.0,
                percent(rate),
                x + cell / 2.0,
                y + cell / 2.0 + 14.0,
                percent(low),
                percent(high)
            );
            let _ = write!(
                rows,
                "<td class=\"num\" data-value=\"{rate:.4}\">{} ({}–{}, {games} games)</td>",
                percent(rate),
                percent(low),
                percent(high)
            );
        }
        rows.push_str("</tr>");
    }
    let mut header = String::new();
    for (c, label) in matrix.labels.iter().enumerate() {
        let _ = write!(
            cells,
            "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text>",
            label_width + cell * c as f64 + cell / 2.0,
            top - 10.0,
            text(label)
        );
        let _ = write!(header, "<th scope=\"col\">{}</th>", text(label));
    }
    format!(
        "<section><h2>Win rates</h2><p>Each cell: how often the row side beat the column side, with its 95% Wilson interval.</p>\
         <svg xmlns=\"http://www.w3.org/2000/svg\" class=\"heat-map\" role=\"img\" aria-labelledby=\"heat-title\" viewBox=\"0 0 {width:.0} {height:.0}\" width=\"{width:.0}\" height=\"{height:.0}\">\
         <title id=\"heat-title\">Win-rate matrix of {size} sides; the same numbers are in the table below.</title>{cells}</svg>\
         <details><summary>The numbers</summary><table><thead><tr><th></th>{header}</tr></thead><tbody>{rows}</tbody></table></details></section>\n"
    )
}

fn histogram_svg(histogram: &Histogram, n: usize) -> String {
    let (Some(&low), Some(&high)) = (histogram.values.iter().min(), histogram.values.iter().max())
    else {
        return format!(
            "<section><h2>{}</h2><p>No values.</p></section>\n",
            text(&histogram.label)
        );
    };
    let mut counts = vec![0u32; (high - low + 1) as usize];
    for &value in &histogram.values {
        counts[(value - low) as usize] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1);
    let (width, height, left, bottom) = (640.0, 240.0, 40.0, 30.0);
    let bar = (width - left - 10.0) / counts.len() as f64;
    let mut sorted = histogram.values.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    let mut bars = String::new();
    let mut rows = String::new();
    for (i, &count) in counts.iter().enumerate() {
        let value = low + i as u32;
        let h = (height - bottom - 10.0) * f64::from(count) / f64::from(most);
        let x = left + bar * i as f64;
        let _ = write!(
            bars,
            "<g><title>{value}: {count}</title><rect class=\"bar\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\"/>\
             <text x=\"{:.1}\" y=\"{:.0}\" text-anchor=\"middle\">{value}</text></g>",
            x + 1.0,
            height - bottom - h,
            (bar - 2.0).max(1.0),
            x + bar / 2.0,
            height - bottom + 14.0
        );
        let _ = write!(
            rows,
            "<tr><td class=\"num\">{value}</td><td class=\"num\">{count}</td></tr>"
        );
    }
    let label = text(&histogram.label);
    format!(
        "<section><h2>{label}</h2>\
         <svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" role=\"img\" aria-labelledby=\"hist-{n}\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\">\
         <title id=\"hist-{n}\">{label}: {} values from {low} to {high}, median {median}, most often {most} times.</title>\
         <text x=\"4\" y=\"14\">{most}</text><line x1=\"{left}\" y1=\"{:.0}\" x2=\"{:.0}\" y2=\"{:.0}\" stroke=\"#555\"/>{bars}</svg>\
         <details><summary>The numbers</summary><table><thead><tr><th scope=\"col\">Value</th><th scope=\"col\">Count</th></tr></thead><tbody>{rows}</tbody></table></details></section>\n",
        histogram.values.len(),
        height - bottom,
        width - 10.0,
        height - bottom,
    )
}

fn table_html(table: &Table) -> String {
    let mut out = format!(
        "<section><h2>{}</h2><table class=\"sortable\"><thead><tr>",
        text(&table.title)
    );
    for column in &table.columns {
        let _ = write!(
            out,
            "<th scope=\"col\"><button type=\"button\">{}</button></th>",
            text(column)
        );
    }
    out.push_str("</tr></thead><tbody>");
    for row in &table.rows {
        out.push_str("<tr>");
        for cell in row {
            match cell {
                Cell::Text(value) => {
                    let _ = write!(out, "<td>{}</td>", text(value));
                }
                Cell::Number { value, decimals } => {
                    let _ = write!(
                        out,
                        "<td class=\"num\" data-value=\"{}\">{value:.decimals$}</td>",
                        attr(&value.to_string())
                    );
                }
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></section>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small report with every part, as the browser test also opens.
    fn sample() -> Report {
        Report {
            title: "Warlock <vs> Beastmaster".into(),
            summary: "200 games.".into(),
            matchups: Some(WinMatrix {
                labels: vec!["Warlock".into(), "Beastmaster".into()],
                wins: vec![vec![0, 62], vec![38, 0]],
                games: vec![vec![0, 100], vec![100, 0]],
            }),
            histograms: vec![Histogram {
                label: "Game length (turns)".into(),
                values: vec![5, 6, 6, 7, 9],
            }],
            tables: vec![Table {
                title: "Cards".into(),
                columns: vec!["Card".into(), "Win rate".into()],
                rows: vec![vec![
                    Cell::Text("Bear".into()),
                    Cell::Number {
                        value: 0.5,
                        decimals: 2,
                    },
                ]],
            }],
        }
    }

    #[test]
    fn the_wilson_interval_matches_known_values() {
        let (low, high) = wilson_interval(62, 100);
        assert!(
            (low - 0.5220).abs() < 1e-3 && (high - 0.7090).abs() < 1e-3,
            "{low} {high}"
        );
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        let (low, high) = wilson_interval(10, 10);
        assert!(low > 0.72 && (high - 1.0).abs() < 1e-9, "{low} {high}");
    }

    #[test]
    fn the_page_escapes_text_and_describes_every_picture() {
        let page = html(&sample());
        assert!(page.contains("Warlock &lt;vs&gt; Beastmaster"));
        assert!(!page.contains("<vs>"));
        assert!(
            page.contains("Warlock against Beastmaster: 62 of 100 won, 62% (95% interval 52%–71%)")
        );
        assert!(page.contains("Game length (turns): 5 values from 5 to 9, median 6"));
        assert!(page.contains("data-value=\"0.5\">0.50</td>"));
        assert!(
            !page.contains("src=") && !page.contains("href="),
            "loads nothing"
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("report.html");
        write(&sample(), &path).expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), page);
        assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1);
    }
}
