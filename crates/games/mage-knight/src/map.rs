//! Battlefields: a map file's size, terrain features and objective tokens, and the terrain
//! geometry the rules ask about (occupying, overlapping, crossing).
//!
//! The map file format is in `docs/formats.md` ("Mage Knight maps"):
//!
//! ```toml
//! name = "Two Woods"
//! width = 36                     # inches
//! height = 36
//! objectives = ["18, 18", "18, 6", "18, 30"]
//! [[terrain]]
//! name = "Old Wood"              # optional
//! kind = "hindering"             # clear | hindering | concealing | blocking | chasm |
//!                                # shallow_water | deep_water
//! at = "9, 18"                   # the feature's centre
//! width = 6                      # a rectangle (width and height) ...
//! height = 4
//! # radius = 3                   # ... or a circle
//! elevated = false               # optional
//! ```
//!
//! Reading a file ([`MapFile::parse`], [`MapFile::read`]) fails with [`MapError`]s, each with its
//! line and column: malformed TOML, unknown keys, wrong types, a size or dimension outside
//! [`MIN_SIZE`] to [`MAX_SIZE`] inches, a feature with no shape or two, a feature or objective
//! not entirely on the battlefield, more than [`MAX_FEATURES`] features or
//! [`MAX_OBJECTIVES`] objectives. What terrain does to movement and lines of fire is in
//! `rules::terrain`.

use std::path::Path;

use grimoire_engine::board::{distance_to_segment, planar_length};
use grimoire_engine::{Board, OpenTable, TablePoint};
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// The smallest battlefield side and terrain dimension in inches: a tenth of an inch.
pub const MIN_SIZE: f64 = 0.1;
/// The largest battlefield side and terrain dimension in inches: 240 (20 feet). The rules'
/// battlefield is 3' by 3' "or another size players agree on"; twenty feet is more than any
/// table (docs/decisions.md, "Mage Knight: battlefields").
pub const MAX_SIZE: f64 = 240.0;
/// The most terrain features a map may hold: 100 (the rules place up to four per player).
pub const MAX_FEATURES: usize = 100;
/// The most objective tokens a map may hold: 20 (the rules use three).
pub const MAX_OBJECTIVES: usize = 20;

/// The type of a terrain feature (rules p.18-19, "Terrain").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TerrainKind {
    /// No effect on play (a hill's flat top when elevated).
    Clear,
    /// Stops a move that enters it from clear terrain, halves the speed of a move that starts
    /// in it, and gives +1 defense against lines of fire through it.
    Hindering,
    /// Clear for movement, hindering for lines of fire (tall grass).
    Concealing,
    /// Cannot be entered, crossed or overlapped; blocks lines of fire.
    Blocking,
    /// Blocking for movement, clear for lines of fire (a canyon).
    Chasm,
    /// Hindering for movement, clear for lines of fire (streams, fords, ponds).
    ShallowWater,
    /// Blocking for movement, clear for lines of fire (rivers, lakes).
    DeepWater,
}

impl TerrainKind {
    /// The name a map file writes.
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::Clear => "clear",
            TerrainKind::Hindering => "hindering",
            TerrainKind::Concealing => "concealing",
            TerrainKind::Blocking => "blocking",
            TerrainKind::Chasm => "chasm",
            TerrainKind::ShallowWater => "shallow water",
            TerrainKind::DeepWater => "deep water",
        }
    }

    /// Every kind, in the order above.
    pub const ALL: [TerrainKind; 7] = [
        TerrainKind::Clear,
        TerrainKind::Hindering,
        TerrainKind::Concealing,
        TerrainKind::Blocking,
        TerrainKind::Chasm,
        TerrainKind::ShallowWater,
        TerrainKind::DeepWater,
    ];

    /// Whether movement treats it as blocking (blocking terrain, chasms, deep water).
    pub fn blocks_movement(self) -> bool {
        matches!(
            self,
            TerrainKind::Blocking | TerrainKind::Chasm | TerrainKind::DeepWater
        )
    }

    /// Whether movement treats it as hindering (hindering terrain, shallow water).
    pub fn hinders_movement(self) -> bool {
        matches!(self, TerrainKind::Hindering | TerrainKind::ShallowWater)
    }

    /// Whether lines of fire treat it as hindering (hindering and concealing terrain).
    pub fn hinders_fire(self) -> bool {
        matches!(self, TerrainKind::Hindering | TerrainKind::Concealing)
    }

    /// Whether it blocks every line of fire crossing it.
    pub fn blocks_fire(self) -> bool {
        self == TerrainKind::Blocking
    }
}

/// The outline of a terrain feature, centred on its `at`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// An axis-aligned rectangle: half its width and half its height.
    Rectangle { half_width: f64, half_height: f64 },
    /// A circle of this radius.
    Circle { radius: f64 },
}

/// One terrain feature on the battlefield.
#[derive(Debug, Clone, PartialEq)]
pub struct Terrain {
    /// Its name, if the map gives one.
    pub name: Option<String>,
    /// Its type.
    pub kind: TerrainKind,
    /// Its centre (the facing is unused).
    pub at: TablePoint,
    /// Its outline.
    pub shape: Shape,
    /// Whether it is elevated (a hill): all its points are at the one elevated level.
    pub elevated: bool,
}

/// Slack of the terrain comparisons (inches): touching an edge is not overlapping it.
const SLACK: f64 = 0.01;

impl Terrain {
    /// How far `p` is outside the feature (0 inside).
    pub fn distance_to(&self, p: &TablePoint) -> f64 {
        let (dx, dy) = (p.x - self.at.x, p.y - self.at.y);
        match self.shape {
            Shape::Rectangle {
                half_width,
                half_height,
            } => planar_length(
                (dx.abs() - half_width).max(0.0),
                (dy.abs() - half_height).max(0.0),
            ),
            Shape::Circle { radius } => (planar_length(dx, dy) - radius).max(0.0),
        }
    }

    /// Whether a centre dot at `p` occupies the feature.
    pub fn occupied_by(&self, p: &TablePoint) -> bool {
        self.distance_to(p) <= 0.0
    }

    /// Whether a base of `radius` at `p` overlaps the feature (touching its edge does not).
    pub fn overlaps_base(&self, p: &TablePoint, radius: f64) -> bool {
        self.distance_to(p) < radius - SLACK
    }

    /// Whether a base of `radius` at `p` lies completely inside the feature.
    pub fn contains_base(&self, p: &TablePoint, radius: f64) -> bool {
        let (dx, dy) = (p.x - self.at.x, p.y - self.at.y);
        match self.shape {
            Shape::Rectangle {
                half_width,
                half_height,
            } => {
                dx.abs() + radius <= half_width + SLACK && dy.abs() + radius <= half_height + SLACK
            }
            Shape::Circle { radius: r } => planar_length(dx, dy) + radius <= r + SLACK,
        }
    }

    /// Whether the segment `a`-`b` passes through the feature's inside (running along or
    /// touching its edge does not).
    pub fn crossed_by(&self, a: &TablePoint, b: &TablePoint) -> bool {
        match self.shape {
            Shape::Circle { radius } => distance_to_segment(&self.at, a, b) < radius - SLACK,
            Shape::Rectangle {
                half_width,
                half_height,
            } => {
                // Liang-Barsky clipping against the rectangle shrunk by the slack.
                let (hw, hh) = (half_width - SLACK, half_height - SLACK);
                if hw <= 0.0 || hh <= 0.0 {
                    return false;
                }
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let (ox, oy) = (a.x - self.at.x, a.y - self.at.y);
                let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
                for (p, q) in [(-dx, ox + hw), (dx, hw - ox), (-dy, oy + hh), (dy, hh - oy)] {
                    if p == 0.0 {
                        if q < 0.0 {
                            return false;
                        }
                    } else {
                        let r = q / p;
                        if p < 0.0 {
                            t0 = t0.max(r);
                        } else {
                            t1 = t1.min(r);
                        }
                    }
                }
                t0 < t1 || (t0 <= t1 && self.occupied_by(a))
            }
        }
    }

    /// Whether every point of the feature is inside a `width` by `height` battlefield whose
    /// corner is `0, 0`.
    fn on_battlefield(&self, width: f64, height: f64) -> bool {
        let (hw, hh) = match self.shape {
            Shape::Rectangle {
                half_width,
                half_height,
            } => (half_width, half_height),
            Shape::Circle { radius } => (radius, radius),
        };
        self.at.x - hw >= 0.0
            && self.at.y - hh >= 0.0
            && self.at.x + hw <= width
            && self.at.y + hh <= height
    }
}

/// A readable map: the battlefield's size, its terrain and its objective tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct MapFile {
    /// The map's name, if it gives one.
    pub name: Option<String>,
    /// Width in inches (x runs from 0 to it).
    pub width: f64,
    /// Height in inches (y runs from 0 to it).
    pub height: f64,
    /// Terrain features in file order.
    pub terrain: Vec<Terrain>,
    /// Objective tokens' centres in file order.
    pub objectives: Vec<TablePoint>,
}

/// One unreadable part of a map file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// A map file as written (the source of `schemas/mage-knight.map.schema.json`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    title = "Mage Knight map",
    description = "A battlefield: its size, terrain features and objective tokens (docs/formats.md)."
)]
pub struct MapKeys {
    /// `"mage-knight"` (optional).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub game: Option<Spanned<String>>,
    /// The map's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Width of the battlefield in inches (the rules' standard is 36).
    #[schemars(with = "f64", range(min = 0.1, max = 240.0))]
    pub width: Spanned<f64>,
    /// Height of the battlefield in inches (the rules' standard is 36).
    #[schemars(with = "f64", range(min = 0.1, max = 240.0))]
    pub height: Spanned<f64>,
    /// Objective tokens' centres, `"x, y"` in inches from the corner.
    #[serde(default)]
    #[schemars(with = "Vec<String>", length(max = 20))]
    pub objectives: Vec<Spanned<String>>,
    /// Terrain features.
    #[serde(default)]
    #[schemars(with = "Vec<TerrainKeys>", length(max = 100))]
    pub terrain: Vec<Spanned<TerrainKeys>>,
}

/// One `[[terrain]]` of a map file: a rectangle (`width`, `height`) or a circle (`radius`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainKeys {
    /// The feature's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Its type.
    pub kind: TerrainKind,
    /// Its centre, `"x, y"` in inches from the corner.
    #[schemars(with = "String")]
    pub at: Spanned<String>,
    /// A rectangle's width in inches (with `height`).
    #[serde(default)]
    #[schemars(with = "Option<f64>", range(min = 0.1, max = 240.0))]
    pub width: Option<Spanned<f64>>,
    /// A rectangle's height in inches (with `width`).
    #[serde(default)]
    #[schemars(with = "Option<f64>", range(min = 0.1, max = 240.0))]
    pub height: Option<Spanned<f64>>,
    /// A circle's radius in inches.
    #[serde(default)]
    #[schemars(with = "Option<f64>", range(min = 0.1, max = 240.0))]
    pub radius: Option<Spanned<f64>>,
    /// Whether it is elevated (a hill).
    #[serde(default)]
    pub elevated: bool,
}

/// A dimension within [`MIN_SIZE`]..=[`MAX_SIZE`], or the message saying it is not.
pub fn check_size(what: &str, value: f64) -> Result<f64, String> {
    if value.is_finite() && (MIN_SIZE..=MAX_SIZE).contains(&value) {
        Ok(value)
    } else {
        let found = if value.abs() < 1e6 {
            value.to_string()
        } else {
            format!("{value:e}")
        };
        Err(format!(
            "{what} must be {MIN_SIZE} to {MAX_SIZE} inches, found {found}"
        ))
    }
}

/// The shape `width`/`height` or `radius` give, or the message saying why they give none.
pub fn shape_of(
    width: Option<f64>,
    height: Option<f64>,
    radius: Option<f64>,
) -> Result<Shape, String> {
    match (width, height, radius) {
        (Some(w), Some(h), None) => Ok(Shape::Rectangle {
            half_width: check_size("width", w)? / 2.0,
            half_height: check_size("height", h)? / 2.0,
        }),
        (None, None, Some(r)) => Ok(Shape::Circle {
            radius: check_size("radius", r)?,
        }),
        (None, None, None) => {
            Err("a terrain feature needs a shape: `width` and `height`, or `radius`".into())
        }
        (_, _, Some(_)) => Err(
            "a terrain feature is a rectangle (`width`, `height`) or a circle (`radius`), not both"
                .into(),
        ),
        _ => Err("a rectangle needs both `width` and `height`".into()),
    }
}

impl MapFile {
    /// Reads and parses the map file at `path` (through `grimoire-input`); the error is the
    /// file's problem with its location, or the reading error.
    pub fn read(path: &Path) -> Result<Self, String> {
        let text = grimoire_input::read_text(path).map_err(|e| e.to_string())?;
        Self::parse(&text).map_err(|errors| {
            errors
                .iter()
                .map(|e| format!("{}:{e}", path.display()))
                .collect::<Vec<_>>()
                .join("\n")
        })
    }

    /// Parses a map file; every problem found, each with its line and column.
    pub fn parse(text: &str) -> Result<Self, Vec<MapError>> {
        let raw: MapKeys = toml::from_str(text).map_err(|error| {
            let at = grimoire_input::Location::of_offset(
                text,
                error.span().map_or(0, |span| span.start),
            );
            vec![MapError {
                line: at.line,
                column: at.column,
                message: error.message().trim().to_owned(),
            }]
        })?;
        let lines = grimoire_input::LineIndex::new(text);
        let mut errors = Vec::new();
        let mut error = |span: std::ops::Range<usize>, message: String| {
            let at = lines.location(span.start);
            errors.push(MapError {
                line: at.line,
                column: at.column,
                message,
            });
        };
        if let Some(game) = &raw.game {
            if game.get_ref() != crate::generated::GAME_NAME {
                error(
                    game.span(),
                    format!(
                        "this is a {} map; expected `game = \"{}\"` (or no `game`)",
                        game.get_ref(),
                        crate::generated::GAME_NAME
                    ),
                );
            }
        }
        let mut size = |value: &Spanned<f64>, what: &str| match check_size(what, *value.get_ref()) {
            Ok(v) => Some(v),
            Err(message) => {
                error(value.span(), message);
                None
            }
        };
        // Features and objectives are checked against the battlefield only when its size reads.
        let width = size(&raw.width, "width");
        let height = size(&raw.height, "height");
        let size = width.zip(height);
        if raw.terrain.len() > MAX_FEATURES {
            error(
                raw.terrain[MAX_FEATURES].span(),
                format!("a map holds at most {MAX_FEATURES} terrain features"),
            );
        }
        if raw.objectives.len() > MAX_OBJECTIVES {
            error(
                raw.objectives[MAX_OBJECTIVES].span(),
                format!("a map holds at most {MAX_OBJECTIVES} objective tokens"),
            );
        }
        let point = |text: &Spanned<String>| {
            OpenTable
                .parse_position(text.get_ref())
                .map_err(|e| e.to_string())
        };
        let mut terrain = Vec::new();
        for feature in raw.terrain.iter().take(MAX_FEATURES) {
            let keys = feature.get_ref();
            let at = match point(&keys.at) {
                Ok(at) => at,
                Err(message) => {
                    error(keys.at.span(), message);
                    continue;
                }
            };
            let value = |v: &Option<Spanned<f64>>| v.as_ref().map(|v| *v.get_ref());
            let shape = match shape_of(value(&keys.width), value(&keys.height), value(&keys.radius))
            {
                Ok(shape) => shape,
                Err(message) => {
                    let span = [&keys.width, &keys.height, &keys.radius]
                        .into_iter()
                        .flatten()
                        .find(|v| check_size("", *v.get_ref()).is_err())
                        .map_or(feature.span(), |v| v.span());
                    error(span, message);
                    continue;
                }
            };
            let t = Terrain {
                name: keys.name.clone(),
                kind: keys.kind,
                at,
                shape,
                elevated: keys.elevated,
            };
            if let Some((width, height)) = size.filter(|(w, h)| !t.on_battlefield(*w, *h)) {
                error(
                    keys.at.span(),
                    format!(
                        "the terrain feature must lie entirely on the {width} by {height} inch battlefield"
                    ),
                );
                continue;
            }
            terrain.push(t);
        }
        let mut objectives = Vec::new();
        for objective in raw.objectives.iter().take(MAX_OBJECTIVES) {
            match point(objective) {
                Ok(at)
                    if size.is_none_or(|(w, h)| {
                        (0.0..=w).contains(&at.x) && (0.0..=h).contains(&at.y)
                    }) =>
                {
                    objectives.push(at);
                }
                Ok(_) => error(
                    objective.span(),
                    format!(
                        "the objective token must be on the {} by {} inch battlefield",
                        raw.width.get_ref(),
                        raw.height.get_ref()
                    ),
                ),
                Err(message) => error(objective.span(), message),
            }
        }
        if errors.is_empty() {
            let (width, height) = size.unwrap_or((MAX_SIZE, MAX_SIZE));
            Ok(MapFile {
                name: raw.name,
                width,
                height,
                terrain,
                objectives,
            })
        } else {
            Err(errors)
        }
    }

    /// The JSON Schema of map files (`schemas/mage-knight.map.schema.json`).
    pub fn schema() -> serde_json::Value {
        serde_json::to_value(schemars::schema_for!(MapKeys)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64) -> TablePoint {
        TablePoint { x, y, facing: 0.0 }
    }

    fn rect(x: f64, y: f64, w: f64, h: f64) -> Terrain {
        Terrain {
            name: None,
            kind: TerrainKind::Blocking,
            at: at(x, y),
            shape: Shape::Rectangle {
                half_width: w / 2.0,
                half_height: h / 2.0,
            },
            elevated: false,
        }
    }

    #[test]
    fn rectangles_are_crossed_occupied_and_overlapped() {
        let wall = rect(5.0, 5.0, 2.0, 4.0);
        assert!(wall.crossed_by(&at(0.0, 5.0), &at(10.0, 5.0)));
        assert!(!wall.crossed_by(&at(0.0, 8.0), &at(10.0, 8.0)));
        assert!(!wall.crossed_by(&at(0.0, 5.0), &at(3.9, 5.0)));
        // Along the edge is not through it.
        assert!(!wall.crossed_by(&at(4.0, 0.0), &at(4.0, 10.0)));
        assert!(wall.occupied_by(&at(5.5, 6.0)));
        assert!(wall.overlaps_base(&at(3.5, 5.0), 0.625));
        assert!(!wall.overlaps_base(&at(3.375, 5.0), 0.625));
        assert!(wall.contains_base(&at(5.0, 5.0), 0.625));
        assert!(!wall.contains_base(&at(5.5, 5.0), 0.625));
    }

    #[test]
    fn circles_are_crossed_and_contain_bases() {
        let wood = Terrain {
            shape: Shape::Circle { radius: 3.0 },
            ..rect(10.0, 10.0, 1.0, 1.0)
        };
        assert!(wood.crossed_by(&at(0.0, 10.0), &at(20.0, 11.0)));
        assert!(!wood.crossed_by(&at(0.0, 13.5), &at(20.0, 13.5)));
        assert!(wood.contains_base(&at(11.0, 10.0), 1.0));
        assert!(!wood.contains_base(&at(12.5, 10.0), 1.0));
    }

    #[test]
    fn a_good_map_reads() {
        let map = MapFile::parse(
            "name = \"T\"\nwidth = 36\nheight = 24\nobjectives = [\"18, 12\"]\n\
             [[terrain]]\nkind = \"hindering\"\nat = \"6, 6\"\nradius = 3\n\
             [[terrain]]\nkind = \"blocking\"\nat = \"30, 12\"\nwidth = 2\nheight = 6\nelevated = true\n",
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(map.terrain.len(), 2);
        assert_eq!(map.terrain[1].kind, TerrainKind::Blocking);
        assert!(map.terrain[1].elevated);
        assert_eq!(map.objectives, [at(18.0, 12.0)]);
    }

    fn errors(text: &str) -> Vec<(usize, usize, String)> {
        match MapFile::parse(text) {
            Ok(_) => Vec::new(),
            Err(errors) => errors
                .into_iter()
                .map(|e| (e.line, e.column, e.message))
                .collect(),
        }
    }

    #[test]
    fn bad_maps_are_located_errors() {
        let found = errors(
            "width = 36\nheight = 24\nobjectives = [\"40, 2\"]\n\
             [[terrain]]\nkind = \"hindering\"\nat = \"35, 6\"\nradius = 3\n\
             [[terrain]]\nkind = \"blocking\"\nat = \"10, 10\"\nwidth = 2\n\
             [[terrain]]\nkind = \"clear\"\nat = \"10, 10\"\nradius = 1e300\n",
        );
        let places: Vec<(usize, usize)> = found.iter().map(|e| (e.0, e.1)).collect();
        assert_eq!(places, [(6, 6), (8, 1), (15, 10), (3, 15)], "{found:?}");
        assert!(found[0].2.contains("entirely on the 36 by 24"));
        assert!(found[1].2.contains("needs both `width` and `height`"));
        assert!(found[2]
            .2
            .contains("radius must be 0.1 to 240 inches, found 1e300"));
        assert!(found[3].2.contains("objective token must be on"));
        let size = errors("width = 36\nheight = 0\nobjectives = [\"40, 2\"]\n");
        assert_eq!(size.len(), 1, "{size:?}");
        assert_eq!((size[0].0, size[0].1), (2, 10));
        assert!(size[0].2.contains("height must be 0.1 to 240"));
        let unknown = errors(
            "width = 36\nheight = 36\n[[terrain]]\nkind = \"lava\"\nat = \"1, 1\"\nradius = 1\n",
        );
        assert_eq!(unknown.len(), 1);
        assert_eq!((unknown[0].0, unknown[0].1), (4, 8));
        let key = errors("width = 36\nheight = 36\nwidht = 3\n");
        assert_eq!((key[0].0, key[0].1), (3, 1));
    }
}
