//! `grimoire gallery` end to end: the site is generated once into a temporary folder, its
//! files are checked (a page per card of the pool, no page over 3 MB), then headless Chromium
//! opens the indexes and a sample of card and codex pages in one browser session over the
//! DevTools protocol: no console error, the index counts match the pool, search and filters
//! change what is shown, a Mage Knight dial turns, every SVG and image has a text
//! alternative, and the WoW TCG index's filter latency after a keystroke is measured. A sample
//! simulation report ([`grimoire_report`]) is checked in the same session.
//! Screenshots of a few cards go to `target/gallery-screenshots/` (not committed).
//!
//! Without Chromium the browser part is skipped with a message, except under `CI=true`, where
//! it fails (`.ci/run` installs the `chromium` package).

use std::collections::BTreeMap;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value as Json};
use tungstenite::{Message, WebSocket};

use crate::support::{grimoire_in, repository, summary};

const GAMES: [&str; 4] = ["mage-wars", "summoner-wars", "wow-tcg", "mage-knight"];

/// The number of cards `grimoire cards list` finds for `game`: the pool the gallery must cover.
fn pool(game: &str) -> usize {
    let output = grimoire_in(&repository(), &["cards", "list", "--game", game, "--json"]);
    let (code, stdout, stderr) = summary(&output);
    assert_eq!(code, Some(0), "{stderr}");
    stdout.lines().count()
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        if entry.path().is_dir() {
            files_under(&entry.path(), out);
        } else {
            out.push(entry.path());
        }
    }
}

fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A headless Chromium with one page, driven over the DevTools protocol.
struct Browser {
    child: Child,
    socket: WebSocket<TcpStream>,
    session: String,
    next_id: u64,
    /// Console errors, exceptions and failed loads seen since the last [`Browser::take_errors`].
    errors: Vec<String>,
    loaded: bool,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    fn launch(binary: &Path) -> Browser {
        let profile = tempfile::tempdir().expect("profile dir");
        let child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1100,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        let port_file = profile.path().join("DevToolsActivePort");
        let deadline = Instant::now() + Duration::from_secs(60);
        let (port, path) = loop {
            if let Ok(found) = std::fs::read_to_string(&port_file) {
                let mut lines = found.lines();
                if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                    break (port.to_string(), path.to_string());
                }
            }
            assert!(
                Instant::now() < deadline,
                "chromium wrote no {}",
                port_file.display()
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        let stream = TcpStream::connect(format!("127.0.0.1:{port}")).expect("devtools port");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        let (socket, _) = tungstenite::client(format!("ws://127.0.0.1:{port}{path}"), stream)
            .expect("devtools websocket");
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            errors: Vec::new(),
            loaded: false,
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("session id")
            .to_string();
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            browser.call(domain, json!({}));
        }
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser
    }

    fn send(&mut self, method: &str, params: Json) -> u64 {
        self.next_id += 1;
        let mut message = json!({"id": self.next_id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .expect("send to chromium");
        self.next_id
    }

    /// Reads one message, recording errors and load events; the result when it answers `id`.
    fn pump(&mut self, id: Option<u64>) -> Option<Json> {
        let message = match self.socket.read().expect("read from chromium") {
            Message::Text(text) => serde_json::from_str::<Json>(text.as_str()).expect("json"),
            _ => return None,
        };
        if let Some(answered) = message.get("id").and_then(Json::as_u64) {
            if Some(answered) == id {
                if let Some(error) = message.get("error") {
                    panic!("chromium refused a command: {error}");
                }
                return Some(message["result"].clone());
            }
            return None;
        }
        let params = &message["params"];
        match message["method"].as_str().unwrap_or("") {
            "Page.loadEventFired" => self.loaded = true,
            "Runtime.exceptionThrown" => self
                .errors
                .push(format!("exception: {}", params["exceptionDetails"])),
            "Runtime.consoleAPICalled" if params["type"] == "error" => self
                .errors
                .push(format!("console.error: {}", params["args"])),
            "Log.entryAdded" if params["entry"]["level"] == "error" => self
                .errors
                .push(format!("log: {}", params["entry"]["text"])),
            _ => {}
        }
        None
    }

    fn call(&mut self, method: &str, params: Json) -> Json {
        let id = self.send(method, params);
        loop {
            if let Some(result) = self.pump(Some(id)) {
                return result;
            }
        }
    }

    /// Opens `file` and waits for its load event.
    fn open(&mut self, file: &Path) {
        self.loaded = false;
        self.call(
            "Page.navigate",
            json!({"url": format!("file://{}", file.display())}),
        );
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.loaded {
            assert!(Instant::now() < deadline, "{} did not load", file.display());
            self.pump(None);
        }
    }

    /// The value of a JavaScript expression (promises are awaited).
    fn eval(&mut self, expression: &str) -> Json {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(details) = result.get("exceptionDetails") {
            panic!("{expression} threw: {details}");
        }
        result["result"]["value"].clone()
    }

    fn take_errors(&mut self) -> Vec<String> {
        std::mem::take(&mut self.errors)
    }

    fn screenshot(&mut self, to: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("png data"))
            .expect("base64");
        std::fs::write(to, bytes).expect("write screenshot");
    }
}

/// Every SVG has a `<title>` or `aria-label`, every image an `alt`: the elements that fail.
const TEXT_ALTERNATIVES: &str = r#"(() => {
  const bad = [];
  document.querySelectorAll('svg').forEach((svg, i) => {
    const title = svg.querySelector(':scope > title');
    const label = svg.getAttribute('aria-label');
    if (!((title && title.textContent.trim()) || (label && label.trim()))) bad.push('svg #' + i);
  });
  document.querySelectorAll('img').forEach((img, i) => { if (!img.hasAttribute('alt')) bad.push('img #' + i); });
  return bad;
})()"#;

/// Sets the index filter `id` to `value` as a user would and returns how many cards show.
fn shown_after(browser: &mut Browser, id: &str, value: &str) -> u64 {
    browser
        .eval(&format!(
            "(() => {{ const f = document.getElementById({id:?}); f.value = {value:?};
               f.dispatchEvent(new Event('input', {{bubbles: true}}));
               return Number(document.getElementById('cards').getAttribute('data-shown')); }})()"
        ))
        .as_u64()
        .expect("a count")
}

#[test]
fn the_gallery_draws_every_card_and_works_in_a_browser() {
    let dir = tempfile::tempdir().expect("temp dir");
    let site = dir.path().join("site");
    let site_arg = site.to_string_lossy().into_owned();
    let output = grimoire_in(&repository(), &["gallery", "--out", &site_arg]);
    let (code, _, stderr) = summary(&output);
    assert_eq!(code, Some(0), "{stderr}");

    // Files: a page per card of the pool, none over 3 MB.
    let mut pools = BTreeMap::new();
    for game in GAMES {
        let count = pool(game);
        let mut pages = Vec::new();
        files_under(&site.join(game).join("cards"), &mut pages);
        assert_eq!(pages.len(), count, "{game}: a page per card");
        pools.insert(game, count);
    }
    let mut all = Vec::new();
    files_under(&site, &mut all);
    let largest = all
        .iter()
        .map(|path| (std::fs::metadata(path).expect("size").len(), path))
        .max()
        .expect("files");
    assert!(largest.0 <= 3 * 1024 * 1024, "{largest:?} is over 3 MB");
    eprintln!(
        "gallery: {} files, largest {} ({} KiB)",
        all.len(),
        largest.1.strip_prefix(&site).unwrap_or(largest.1).display(),
        largest.0 / 1024
    );

    let Some(binary) = chromium() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "chromium is missing; .ci/run installs it (apt-get install chromium)"
        );
        eprintln!("skipping the browser checks: no chromium (apt-get install chromium)");
        return;
    };
    let mut browser = Browser::launch(&binary);
    let shots = Path::new(env!("CARGO_BIN_EXE_grimoire"))
        .parent()
        .and_then(Path::parent)
        .expect("target dir")
        .join("gallery-screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot dir");

    // The indexes: counts, search and filters.
    browser.open(&site.join("index.html"));
    assert_eq!(
        browser.eval("document.querySelectorAll('.games li').length"),
        json!(4)
    );
    for game in GAMES {
        browser.open(&site.join(game).join("index.html"));
        let total = pools[game] as u64;
        assert_eq!(
            browser.eval("[document.getElementById('count').textContent, JSON.parse(document.getElementById('gallery-data').textContent).length]"),
            json!([format!("{total} cards"), total]),
            "{game}: the index counts the pool"
        );
        let listed = browser.eval(
            "(() => { const all = document.getElementById('all'); if (!all.hidden) all.click();
               return document.querySelectorAll('#cards li').length; })()",
        );
        assert_eq!(listed, json!(total), "{game}: the index lists the pool");
        assert_eq!(shown_after(&mut browser, "q", ""), total);
        let first =
            browser.eval("JSON.parse(document.getElementById('gallery-data').textContent)[0].n");
        let first = first.as_str().expect("a name").to_lowercase();
        let found = shown_after(&mut browser, "q", &first);
        assert!(
            found >= 1 && found < total,
            "{game}: searching {first:?} shows {found} of {total}"
        );
        assert_eq!(shown_after(&mut browser, "q", "zzzz-no-such-card"), 0);
        assert_eq!(shown_after(&mut browser, "q", ""), total);
        for filter in ["f-kind", "f-group", "f-ref", "f-set"] {
            let options = browser.eval(&format!(
                "[...document.getElementById({filter:?}).options].map(o => o.value).filter(Boolean)"
            ));
            let options: Vec<&str> = options
                .as_array()
                .expect("options")
                .iter()
                .filter_map(Json::as_str)
                .collect();
            if options.len() < 2 {
                continue;
            }
            let counts: Vec<u64> = options
                .iter()
                .take(3)
                .map(|value| shown_after(&mut browser, filter, value))
                .collect();
            assert!(
                counts.iter().all(|&n| n < total) && counts.iter().any(|&n| n > 0),
                "{game}: {filter} changes what is shown ({counts:?} of {total})"
            );
            shown_after(&mut browser, filter, "");
        }
        // The coverage filter splits the pool as `cards coverage` counts it.
        let coverage = summary(&grimoire_in(
            &repository(),
            &["cards", "coverage", game, "--json"],
        ))
        .1;
        let report: Json = serde_json::from_str(coverage.lines().next().unwrap_or("{}"))
            .expect("a coverage report");
        let covered = report["total"]["covered"].as_u64().expect("covered count");
        assert_eq!(shown_after(&mut browser, "f-cov", "yes"), covered, "{game}");
        assert_eq!(
            shown_after(&mut browser, "f-cov", "no"),
            total - covered,
            "{game}"
        );
        shown_after(&mut browser, "f-cov", "");
        let cheap = shown_after(&mut browser, "f-cmax", "1");
        assert!(
            cheap < total,
            "{game}: the cost filter changes what is shown"
        );
        shown_after(&mut browser, "f-cmax", "");
        assert_eq!(browser.take_errors(), Vec::<String>::new(), "{game} index");
    }

    // Filter latency on the largest index, keystroke by keystroke.
    browser.open(&site.join("wow-tcg").join("index.html"));
    browser.eval(
        "window.latencies = []; document.addEventListener('input', e => {
           const start = e.timeStamp;
           requestAnimationFrame(() => latencies.push(performance.now() - start));
         }, true); document.getElementById('q').focus(); true",
    );
    for (n, key) in "dragon".chars().enumerate() {
        browser.call("Input.insertText", json!({"text": key.to_string()}));
        browser.eval(&format!(
            "new Promise(done => {{ const wait = () => latencies.length > {n} ? done(true) : setTimeout(wait, 5); wait(); }})"
        ));
    }
    let latencies: Vec<f64> = browser
        .eval("latencies")
        .as_array()
        .expect("latencies")
        .iter()
        .filter_map(Json::as_f64)
        .collect();
    let mut sorted = latencies.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    eprintln!(
        "wow-tcg index filter latency per keystroke (ms, to the next frame): {:?}, median {median:.1}",
        latencies.iter().map(|l| (l * 10.0).round() / 10.0).collect::<Vec<_>>()
    );
    assert!(
        median <= 100.0,
        "the WoW TCG index filters in {median:.1} ms"
    );
    let shown = browser.eval("Number(document.getElementById('cards').getAttribute('data-shown'))");
    assert!(shown.as_u64().expect("count") < pools["wow-tcg"] as u64);
    assert_eq!(
        browser.take_errors(),
        Vec::<String>::new(),
        "wow-tcg typing"
    );

    // A sample of card pages of every game (first, middle, last, every card with errata) and
    // the codex pages they link to first.
    let mut sample = Vec::new();
    for game in GAMES {
        let mut pages = Vec::new();
        files_under(&site.join(game).join("cards"), &mut pages);
        pages.sort();
        let picks = [0, pages.len() / 2, pages.len() - 1];
        sample.extend(picks.map(|i| pages[i].clone()));
        sample.extend(pages.into_iter().filter(|page| {
            std::fs::read_to_string(page)
                .expect("page")
                .contains("class=\"errata\"")
        }));
    }
    sample.dedup();
    let mut codex_pages = 0;
    for page in &sample {
        browser.open(page);
        let faces = browser.eval("document.querySelectorAll('svg.face').length");
        assert!(faces.as_u64() >= Some(1), "{}: a card face", page.display());
        assert_eq!(
            browser.eval(TEXT_ALTERNATIVES),
            json!([]),
            "{}",
            page.display()
        );
        assert_eq!(
            browser.take_errors(),
            Vec::<String>::new(),
            "{}",
            page.display()
        );
        let codex = browser.eval(
            "(() => { const a = document.querySelector('a.chip, dl.rules a');
               return a ? new URL(a.getAttribute('href'), location.href).href : ''; })()",
        );
        if let Some(url) = codex.as_str().and_then(|u| u.strip_prefix("file://")) {
            browser.open(Path::new(url));
            assert!(
                browser
                    .eval("document.body.textContent.includes('Cards that use it')")
                    .as_bool()
                    .unwrap_or(false),
                "{url}"
            );
            assert_eq!(browser.eval(TEXT_ALTERNATIVES), json!([]), "{url}");
            assert_eq!(browser.take_errors(), Vec::<String>::new(), "{url}");
            codex_pages += 1;
        }
    }
    assert!(codex_pages >= 4, "codex pages were checked");
    eprintln!(
        "checked {} card pages and {codex_pages} codex pages in the browser",
        sample.len()
    );

    // Tooltips: focusing a chip shows the codex summary.
    let errata_page = sample
        .iter()
        .find(|page| {
            page.starts_with(site.join("mage-wars"))
                && std::fs::read_to_string(page).is_ok_and(|p| p.contains("class=\"errata\""))
        })
        .expect("a Mage Wars card with errata")
        .clone();
    browser.open(&errata_page);
    let tip = browser.eval(
        "(() => { const chip = document.querySelector('[data-tip]'); chip.focus();
           const tip = document.getElementById('tip');
           return !tip.hidden && tip.textContent === chip.getAttribute('data-tip'); })()",
    );
    assert_eq!(
        tip,
        json!(true),
        "focusing a codex reference shows its summary"
    );
    browser.screenshot(&shots.join("mage-wars-errata.png"));

    // A Mage Knight dial turns click by click.
    let mut figures = Vec::new();
    files_under(&site.join("mage-knight").join("cards"), &mut figures);
    figures.sort();
    browser.open(&figures[0]);
    let before = browser.eval("document.querySelector('[data-stat=speed]').textContent + '|' + document.querySelector('svg[data-dial]').getAttribute('data-click')");
    browser.eval("document.querySelector('[data-turn=\"1\"]').click(); true");
    let after = browser.eval("document.querySelector('svg[data-dial]').getAttribute('data-click')");
    assert_eq!(
        after,
        json!("1"),
        "the dial turned one click (was {before})"
    );
    let line = browser.eval("[...document.querySelectorAll('svg[data-dial] text.line')].map(t => t.textContent).join(' / ')");
    assert!(line.as_str().unwrap_or("").contains("Click 2 of"), "{line}");
    browser.eval("document.querySelector('[data-turn=\"-1\"]').click(); true");
    assert_eq!(
        browser.eval("document.querySelector('svg[data-dial]').getAttribute('data-click')"),
        json!("0")
    );
    browser.eval("document.querySelector('[data-turn=\"1\"]').click(); true");
    browser.screenshot(&shots.join("mage-knight-dial.png"));
    assert_eq!(browser.take_errors(), Vec::<String>::new(), "dial");

    for (game, name) in [("wow-tcg", "wow-tcg"), ("summoner-wars", "summoner-wars")] {
        let mut pages = Vec::new();
        files_under(&site.join(game).join("cards"), &mut pages);
        pages.sort();
        browser.open(&pages[pages.len() / 2]);
        browser.screenshot(&shots.join(format!("{name}.png")));
    }
    browser.open(&site.join("wow-tcg").join("index.html"));
    browser.screenshot(&shots.join("wow-tcg-index.png"));

    // A simulation report page, as `simulate --report` writes it.
    let report = dir.path().join("report.html");
    grimoire_report::write(&sample_report(), &report).expect("report written");
    browser.open(&report);
    assert_eq!(browser.eval(TEXT_ALTERNATIVES), json!([]), "report");
    assert_eq!(
        browser.eval("document.querySelectorAll('svg.heat-map g.cell').length"),
        json!(6),
        "a cell per pairing of three sides"
    );
    let first_card = "document.querySelector('table.sortable tbody tr td').textContent";
    browser.eval("document.querySelectorAll('table.sortable th button')[1].click(); true");
    assert_eq!(
        browser.eval(first_card),
        json!("Bear"),
        "lowest win rate first"
    );
    browser.eval("document.querySelectorAll('table.sortable th button')[1].click(); true");
    assert_eq!(
        browser.eval(first_card),
        json!("Wolf"),
        "then highest first"
    );
    assert_eq!(browser.take_errors(), Vec::<String>::new(), "report");
    browser.screenshot(&shots.join("report.png"));

    // The page `grimoire simulate --report` itself writes.
    let simulated = dir.path().join("simulated.html");
    let (status, _, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "simulate",
            "mage-knight",
            "--games",
            "4",
            "--report",
            simulated.to_str().expect("a UTF-8 temp path"),
        ],
    ));
    assert_eq!(status, Some(0), "{stderr}");
    browser.open(&simulated);
    assert_eq!(
        browser.eval(TEXT_ALTERNATIVES),
        json!([]),
        "simulate report"
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('svg.heat-map g.cell').length"),
        json!(2),
        "a cell per pairing of the two seats"
    );
    assert!(
        browser
            .eval("document.querySelectorAll('table.sortable tbody tr').length")
            .as_u64()
            .is_some_and(|rows| rows > 5),
        "a row per warrior that acted"
    );
    assert_eq!(
        browser.take_errors(),
        Vec::<String>::new(),
        "simulate report"
    );
    browser.screenshot(&shots.join("simulate-report.png"));
    eprintln!("screenshots in {}", shots.display());
}

/// A report with three sides, a histogram and a per-card table.
fn sample_report() -> grimoire_report::Report {
    use grimoire_report::{Cell, Histogram, Report, Table, WinMatrix};
    let number = |value: f64| Cell::Number { value, decimals: 2 };
    Report {
        title: "Sample matchups".into(),
        summary: "300 games between three spellbooks, seed 7.".into(),
        matchups: Some(WinMatrix {
            labels: vec!["Warlock".into(), "Beastmaster".into(), "Priestess".into()],
            wins: vec![vec![0, 31, 12], vec![19, 0, 27], vec![38, 23, 0]],
            games: vec![vec![0, 50, 50], vec![50, 0, 50], vec![50, 50, 0]],
        }),
        histograms: vec![Histogram {
            label: "Game length (rounds)".into(),
            values: vec![6, 7, 7, 8, 8, 8, 9, 11, 12],
        }],
        tables: vec![Table {
            title: "Cards".into(),
            columns: vec!["Card".into(), "Win rate when cast".into()],
            rows: vec![
                vec![Cell::Text("Owl".into()), number(0.52)],
                vec![Cell::Text("Bear".into()), number(0.41)],
                vec![Cell::Text("Wolf".into()), number(0.63)],
            ],
        }],
    }
}
