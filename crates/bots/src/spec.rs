//! Bot specs as typed on the command line: `random`, `greedy`, `ismcts`,
//! `ismcts:2000`, `ismcts:200ms`, `ismcts:2s:c=0.5:depth=40`,
//! `ismcts:2000:leaf=playout`, `ismcts:2000:sees-all` (cheats: for measuring
//! luck only).

use crate::greedy::GREEDY_DETERMINIZATIONS;
use crate::{Bot, Budget, GreedyBot, Ismcts, IsmctsConfig, Leaf, Observers, RandomBot};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use tourney_core::Evaluate;

/// Which bot to build, with its settings.
///
/// Grammar: a name, then parameters separated by `:`.
///
/// - `random`: no parameters.
/// - `greedy[:N]`: `N` determinizations averaged per decision (default 8).
/// - `ismcts[:BUDGET][:c=F][:leaf=eval|playout][:depth=N][:observers=…][:habits=…][:eval=…][:prior=N][:sees-all]`: `BUDGET` is a
///   number of iterations (`2000`, default 2000) or a time (`200ms`, `2s`);
///   `c` the exploration constant (default 0.4); `leaf` how a new leaf is
///   scored: `eval` (default) by the game's evaluation at once, `playout` by
///   a random playout to the end; `depth` (implies `leaf=playout`) cuts
///   playouts off after `N` steps and scores them with the evaluation;
///   `observers=single|multiple` keeps one tree or one per seat;
///   `habits=on|off` (default on) draws a rival's secret choice by its open
///   record where the game keeps one ([`Evaluate::habit`]); `eval=full|plain`
///   (default full) scores leaves with the game's evaluation or its
///   short-sighted one ([`Evaluate::evaluate_plain`]); `prior=N` starts
///   the root children at `greedy`'s score with `N` visits;
///   `sees-all` makes the search read the true hidden state: a cheat, there
///   to measure what perfect knowledge is worth, never a fair opponent.
///
/// `Display` writes the canonical spec, which parses back to the same value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BotSpec {
    /// `random`: a [`RandomBot`], the baseline every other bot must beat.
    Random,
    /// `greedy[:N]`: a [`GreedyBot`].
    Greedy {
        /// Re-deals of the hidden information averaged per decision
        /// (1 to [`MOST_DETERMINIZATIONS`]).
        determinizations: u32,
    },
    /// `ismcts[:…]`: an [`Ismcts`] search with these settings.
    Ismcts(IsmctsConfig),
}

/// Why a bot spec was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The spec was empty (or only spaces).
    #[error("no bot given: expected random, greedy or ismcts")]
    Empty,
    /// The name before the first `:` is not a bot kind; holds that name.
    #[error("unknown bot `{0}`: expected random, greedy or ismcts")]
    UnknownBot(String),
    /// A parameter this kind of bot does not take.
    #[error("`{bot}` takes {accepts}, not `{param}`")]
    UnexpectedParameter {
        /// The bot kind the parameter was given to.
        bot: &'static str,
        /// The parameter as typed.
        param: String,
        /// What the bot takes instead, in words, for the message.
        accepts: &'static str,
    },
    /// An ISMCTS budget that is neither a whole number of iterations nor
    /// a whole number of `ms` or `s`; holds the text.
    #[error(
        "bad budget `{0}`: expected a number of iterations (`ismcts:2000`) or a time (`ismcts:200ms`, `ismcts:2s`)"
    )]
    BadBudget(String),
    /// A budget of zero iterations or zero time; holds the text.
    #[error("the budget `{0}` is zero: a bot needs at least one iteration or millisecond")]
    ZeroBudget(String),
    /// A budget above [`MOST_ITERATIONS`] or [`MOST_TIME`].
    #[error("the budget `{text}` is too large: at most {most}")]
    BudgetTooLarge {
        /// The budget as typed.
        text: String,
        /// The largest budget of that kind, in words, for the message.
        most: &'static str,
    },
    /// A parameter with a value that does not parse or is out of range.
    #[error("bad value `{value}` for `{key}`: {reason}")]
    BadValue {
        /// The parameter the value belongs to (`c`, `depth`, …; for
        /// `greedy:N`, `determinizations`).
        key: &'static str,
        /// The value as typed.
        value: String,
        /// What was expected instead, for the message.
        reason: &'static str,
    },
    /// A parameter given twice (the budget counts as `budget`); holds its
    /// key, since which of the two was meant is anyone's guess.
    #[error("`{0}` is given more than once")]
    Repeated(&'static str),
}

/// The largest iteration budget accepted.
pub const MOST_ITERATIONS: u32 = 10_000_000;
/// The largest time budget accepted.
pub const MOST_TIME: Duration = Duration::from_secs(600);
/// The most determinizations a greedy bot averages.
pub const MOST_DETERMINIZATIONS: u32 = 1000;
/// The most virtual visits a root prior may hold.
pub const MOST_PRIOR: u32 = 100_000;
/// The largest playout depth accepted.
pub const MOST_DEPTH: u32 = 1_000_000;

impl BotSpec {
    /// Parses a spec such as `ismcts:200ms` (surrounding spaces and letter
    /// case are ignored).
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim().to_ascii_lowercase();
        let mut parts = text.split(':').map(str::trim);
        let name = parts.next().unwrap_or("");
        match name {
            "" => Err(SpecError::Empty),
            "random" => match parts.next() {
                None => Ok(BotSpec::Random),
                Some(param) => Err(SpecError::UnexpectedParameter {
                    bot: "random",
                    param: param.to_string(),
                    accepts: "no parameter",
                }),
            },
            "greedy" => parse_greedy(parts),
            "ismcts" => parse_ismcts(parts),
            _ => Err(SpecError::UnknownBot(name.to_string())),
        }
    }

    /// The bot's kind: `random`, `greedy` or `ismcts`.
    pub fn name(&self) -> &'static str {
        match self {
            BotSpec::Random => "random",
            BotSpec::Greedy { .. } => "greedy",
            BotSpec::Ismcts(_) => "ismcts",
        }
    }

    /// Whether the bot's moves depend only on its seed and the game (false
    /// for a time budget, which depends on the machine's speed).
    pub fn is_reproducible(&self) -> bool {
        !matches!(
            self,
            BotSpec::Ismcts(IsmctsConfig {
                budget: Budget::Time(_),
                ..
            })
        )
    }

    /// A bot of this kind seeded with `seed`.
    pub fn build<G: Evaluate>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match *self {
            BotSpec::Random => Box::new(RandomBot::<G>::new(seed)),
            BotSpec::Greedy { determinizations } => {
                Box::new(GreedyBot::<G>::new(seed, determinizations))
            }
            BotSpec::Ismcts(config) => Box::new(Ismcts::<G>::new(config, seed)),
        }
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotSpec::parse(s)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy { determinizations } => {
                f.write_str("greedy")?;
                if *determinizations != GREEDY_DETERMINIZATIONS {
                    write!(f, ":{determinizations}")?;
                }
                Ok(())
            }
            BotSpec::Ismcts(config) => {
                f.write_str("ismcts:")?;
                match config.budget {
                    Budget::Iterations(n) => write!(f, "{n}")?,
                    Budget::Time(t) => {
                        let ms = t.as_millis();
                        if ms % 1000 == 0 {
                            write!(f, "{}s", ms / 1000)?;
                        } else {
                            write!(f, "{ms}ms")?;
                        }
                    }
                }
                if config.exploration != IsmctsConfig::DEFAULT_EXPLORATION {
                    write!(f, ":c={}", config.exploration)?;
                }
                match (config.leaf, config.playout_depth) {
                    // A depth implies playouts.
                    (Leaf::Playout, Some(depth)) => write!(f, ":depth={depth}")?,
                    (Leaf::Playout, None) => f.write_str(":leaf=playout")?,
                    (Leaf::Evaluate, _) => {}
                }
                if config.observers != IsmctsConfig::default().observers {
                    f.write_str(match config.observers {
                        Observers::Single => ":observers=single",
                        Observers::Multiple => ":observers=multiple",
                    })?;
                }
                if config.habits != IsmctsConfig::default().habits {
                    f.write_str(if config.habits {
                        ":habits=on"
                    } else {
                        ":habits=off"
                    })?;
                }
                if config.plain {
                    f.write_str(":eval=plain")?;
                }
                if config.prior != IsmctsConfig::default().prior {
                    write!(f, ":prior={}", config.prior)?;
                }
                if config.sees_all {
                    f.write_str(":sees-all")?;
                }
                Ok(())
            }
        }
    }
}

fn parse_greedy<'a>(mut parts: impl Iterator<Item = &'a str>) -> Result<BotSpec, SpecError> {
    let determinizations = match parts.next() {
        None => GREEDY_DETERMINIZATIONS,
        Some(param) => {
            let n: u32 = param.parse().map_err(|_| SpecError::BadValue {
                key: "determinizations",
                value: param.to_string(),
                reason: "expected a whole number, as in `greedy:8`",
            })?;
            if !(1..=MOST_DETERMINIZATIONS).contains(&n) {
                return Err(SpecError::BadValue {
                    key: "determinizations",
                    value: param.to_string(),
                    reason: "must be 1 to 1000",
                });
            }
            n
        }
    };
    if let Some(param) = parts.next() {
        return Err(SpecError::UnexpectedParameter {
            bot: "greedy",
            param: param.to_string(),
            accepts: "at most one parameter, the number of determinizations",
        });
    }
    Ok(BotSpec::Greedy { determinizations })
}

fn parse_ismcts<'a>(parts: impl Iterator<Item = &'a str>) -> Result<BotSpec, SpecError> {
    let mut config = IsmctsConfig::default();
    // Parameters seen so far, to refuse one given twice.
    let mut seen: Vec<&'static str> = Vec::new();
    let mut once = |key: &'static str| {
        if seen.contains(&key) {
            Err(SpecError::Repeated(key))
        } else {
            seen.push(key);
            Ok(())
        }
    };
    let mut leaf_given = false;
    for param in parts {
        let (key, value) = param.split_once('=').unwrap_or((param, ""));
        let bad = |reason: &'static str, key: &'static str| SpecError::BadValue {
            key,
            value: value.to_string(),
            reason,
        };
        let value = value.trim();
        match key.trim() {
            "sees-all" if value.is_empty() && !param.contains('=') => {
                once("sees-all")?;
                config.sees_all = true;
            }
            "observers" => {
                once("observers")?;
                config.observers = match value {
                    "single" => Observers::Single,
                    "multiple" => Observers::Multiple,
                    _ => Err(bad(
                        "expected `observers=single` or `observers=multiple`",
                        "observers",
                    ))?,
                };
            }
            "habits" => {
                once("habits")?;
                config.habits = match value {
                    "on" => true,
                    "off" => false,
                    _ => Err(bad("expected `habits=on` or `habits=off`", "habits"))?,
                };
            }
            "eval" => {
                once("eval")?;
                config.plain = match value {
                    "full" => false,
                    "plain" => true,
                    _ => Err(bad("expected `eval=full` or `eval=plain`", "eval"))?,
                };
            }
            "prior" => {
                once("prior")?;
                config.prior = match value.parse::<u32>() {
                    Ok(n) if n <= MOST_PRIOR => n,
                    _ => Err(bad(
                        "expected a whole number of visits from 0 to 100000, as in `prior=50`",
                        "prior",
                    ))?,
                };
            }
            "c" => {
                once("c")?;
                config.exploration = match value.parse::<f64>() {
                    Ok(x) if x.is_finite() && (0.0..=100.0).contains(&x) => x,
                    _ => Err(bad("expected a number from 0 to 100, as in `c=0.7`", "c"))?,
                };
            }
            "depth" => {
                once("depth")?;
                config.playout_depth = match value.parse::<u32>() {
                    Ok(n) if (1..=MOST_DEPTH).contains(&n) => Some(n),
                    _ => Err(bad(
                        "expected a whole number of steps from 1 to 1000000, as in `depth=40`",
                        "depth",
                    ))?,
                };
            }
            "leaf" => {
                once("leaf")?;
                leaf_given = true;
                config.leaf = match value {
                    "eval" => Leaf::Evaluate,
                    "playout" => Leaf::Playout,
                    _ => Err(bad("expected `leaf=eval` or `leaf=playout`", "leaf"))?,
                };
            }
            _ if param.starts_with(|ch: char| ch.is_ascii_digit()) => {
                once("budget")?;
                config.budget = parse_budget(param)?;
            }
            _ => {
                return Err(SpecError::UnexpectedParameter {
                    bot: "ismcts",
                    param: param.to_string(),
                    accepts: "a budget (`2000`, `200ms`, `2s`), `c=F`, `leaf=eval|playout`, `depth=N`, `observers=single|multiple`, `habits=on|off`, `eval=full|plain`, `prior=N` and `sees-all`",
                });
            }
        }
    }
    if config.playout_depth.is_some() {
        // A depth cuts playouts off: it implies them, and means nothing
        // when the leaf is scored at once.
        if leaf_given && config.leaf == Leaf::Evaluate {
            return Err(SpecError::BadValue {
                key: "depth",
                value: param_depth(&config),
                reason: "a depth cuts playouts off, so it goes with `leaf=playout`, not `leaf=eval`",
            });
        }
        config.leaf = Leaf::Playout;
    }
    Ok(BotSpec::Ismcts(config))
}

fn param_depth(config: &IsmctsConfig) -> String {
    config
        .playout_depth
        .map(|d| d.to_string())
        .unwrap_or_default()
}

fn parse_budget(text: &str) -> Result<Budget, SpecError> {
    let bad = || SpecError::BadBudget(text.to_string());
    let (digits, unit_ms) = if let Some(d) = text.strip_suffix("ms") {
        (d, Some(1))
    } else if let Some(d) = text.strip_suffix('s') {
        (d, Some(1000))
    } else {
        (text, None)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    // Digits only, so a parse failure means the number is too large.
    let value: u64 = digits.parse().unwrap_or(u64::MAX);
    if value == 0 {
        return Err(SpecError::ZeroBudget(text.to_string()));
    }
    match unit_ms {
        None => match u32::try_from(value) {
            Ok(n) if n <= MOST_ITERATIONS => Ok(Budget::Iterations(n)),
            _ => Err(SpecError::BudgetTooLarge {
                text: text.to_string(),
                most: "10000000 iterations",
            }),
        },
        Some(scale) => {
            let ms = value.saturating_mul(scale);
            let time = Duration::from_millis(ms);
            if time > MOST_TIME {
                return Err(SpecError::BudgetTooLarge {
                    text: text.to_string(),
                    most: "600s",
                });
            }
            Ok(Budget::Time(time))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ismcts(budget: Budget) -> BotSpec {
        BotSpec::Ismcts(IsmctsConfig::with_budget(budget))
    }

    #[test]
    fn parses_the_documented_specs() {
        assert_eq!(BotSpec::parse("random"), Ok(BotSpec::Random));
        assert_eq!(
            BotSpec::parse("greedy"),
            Ok(BotSpec::Greedy {
                determinizations: GREEDY_DETERMINIZATIONS
            })
        );
        assert_eq!(
            BotSpec::parse("greedy:3"),
            Ok(BotSpec::Greedy {
                determinizations: 3
            })
        );
        assert_eq!(
            BotSpec::parse("ismcts"),
            Ok(ismcts(Budget::Iterations(IsmctsConfig::DEFAULT_ITERATIONS)))
        );
        assert_eq!(
            BotSpec::parse("ismcts:2000"),
            Ok(ismcts(Budget::Iterations(2000)))
        );
        assert_eq!(
            BotSpec::parse("ismcts:200ms"),
            Ok(ismcts(Budget::Time(Duration::from_millis(200))))
        );
        assert_eq!(
            BotSpec::parse("ismcts:2s"),
            Ok(ismcts(Budget::Time(Duration::from_secs(2))))
        );
        assert_eq!(
            BotSpec::parse("  ISMCTS:500 "),
            Ok(ismcts(Budget::Iterations(500)))
        );
        let tuned = BotSpec::parse("ismcts:c=0.5:depth=40:100").expect("valid");
        assert_eq!(
            tuned,
            BotSpec::Ismcts(IsmctsConfig {
                budget: Budget::Iterations(100),
                exploration: 0.5,
                playout_depth: Some(40),
                leaf: Leaf::Playout,
                sees_all: false,
                prior: 0,
                observers: Observers::Single,
                habits: true,
                plain: false,
            })
        );
        let forgetful = BotSpec::parse("ismcts:habits=off").expect("valid");
        assert_eq!(
            forgetful,
            BotSpec::Ismcts(IsmctsConfig {
                habits: false,
                ..IsmctsConfig::default()
            })
        );
        let playout = BotSpec::parse("ismcts:leaf=playout").expect("valid");
        assert_eq!(
            playout,
            BotSpec::Ismcts(IsmctsConfig {
                leaf: Leaf::Playout,
                ..IsmctsConfig::default()
            })
        );
        assert_eq!(
            BotSpec::parse("ismcts:leaf=eval"),
            Ok(ismcts(Budget::Iterations(IsmctsConfig::DEFAULT_ITERATIONS)))
        );
        assert_eq!(IsmctsConfig::default().leaf, Leaf::Evaluate);
    }

    #[test]
    fn display_is_canonical_and_parses_back() {
        for (text, canonical) in [
            ("random", "random"),
            ("greedy", "greedy"),
            ("greedy:8", "greedy"),
            ("greedy:2", "greedy:2"),
            ("ismcts", "ismcts:2000"),
            ("ismcts:2000", "ismcts:2000"),
            ("ismcts:200ms", "ismcts:200ms"),
            ("ismcts:3000ms", "ismcts:3s"),
            ("ismcts:1s", "ismcts:1s"),
            ("ismcts:50:c=1.5:depth=20", "ismcts:50:c=1.5:depth=20"),
            ("ismcts:depth=20:c=0.4", "ismcts:2000:depth=20"),
            ("ismcts:depth=20:c=0.7", "ismcts:2000:c=0.7:depth=20"),
            (
                "ismcts:leaf=playout:c=0.7",
                "ismcts:2000:c=0.7:leaf=playout",
            ),
            ("ismcts:leaf=playout:depth=5", "ismcts:2000:depth=5"),
            ("ismcts:leaf=eval:300", "ismcts:300"),
            ("ismcts:sees-all:500", "ismcts:500:sees-all"),
            ("ismcts:habits=on", "ismcts:2000"),
            ("ismcts:eval=full", "ismcts:2000"),
            ("ismcts:eval=plain:300", "ismcts:300:eval=plain"),
            (
                "ismcts:habits=off:observers=multiple",
                "ismcts:2000:observers=multiple:habits=off",
            ),
        ] {
            let spec = BotSpec::parse(text).expect(text);
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(BotSpec::parse(canonical), Ok(spec), "{canonical}");
        }
    }

    #[test]
    fn refuses_bad_specs_with_reasons() {
        use SpecError::*;
        let err = |t: &str| BotSpec::parse(t).expect_err(t);
        assert_eq!(err(""), Empty);
        assert_eq!(err("  "), Empty);
        assert_eq!(err("mcts"), UnknownBot("mcts".into()));
        assert_eq!(err(":2000"), Empty);
        assert!(matches!(
            err("random:5"),
            UnexpectedParameter { bot: "random", .. }
        ));
        assert!(matches!(
            err("greedy:x"),
            BadValue {
                key: "determinizations",
                ..
            }
        ));
        assert!(matches!(
            err("greedy:0"),
            BadValue {
                key: "determinizations",
                ..
            }
        ));
        assert!(matches!(
            err("greedy:2:3"),
            UnexpectedParameter { bot: "greedy", .. }
        ));
        assert_eq!(err("ismcts:0"), ZeroBudget("0".into()));
        assert_eq!(err("ismcts:0ms"), ZeroBudget("0ms".into()));
        assert_eq!(err("ismcts:2k"), BadBudget("2k".into()));
        assert_eq!(err("ismcts:200m"), BadBudget("200m".into()));
        assert_eq!(err("ismcts:1.5s"), BadBudget("1.5s".into()));
        assert_eq!(err("ismcts:2e3"), BadBudget("2e3".into()));
        assert!(matches!(err("ismcts:20000000"), BudgetTooLarge { .. }));
        assert!(matches!(
            err("ismcts:99999999999999999999999"),
            BudgetTooLarge { .. }
        ));
        assert!(matches!(err("ismcts:601s"), BudgetTooLarge { .. }));
        assert!(matches!(
            err("ismcts:99999999999999999999s"),
            BudgetTooLarge { .. }
        ));
        assert_eq!(err("ismcts:100:200ms"), Repeated("budget"));
        assert_eq!(err("ismcts:c=1:c=2"), Repeated("c"));
        assert!(matches!(err("ismcts:c=-1"), BadValue { key: "c", .. }));
        assert!(matches!(err("ismcts:c=nan"), BadValue { key: "c", .. }));
        assert!(matches!(
            err("ismcts:depth=0"),
            BadValue { key: "depth", .. }
        ));
        assert!(matches!(
            err("ismcts:leaf=tree"),
            BadValue { key: "leaf", .. }
        ));
        assert_eq!(err("ismcts:leaf=eval:leaf=playout"), Repeated("leaf"));
        assert_eq!(err("ismcts:sees-all:sees-all"), Repeated("sees-all"));
        assert_eq!(err("ismcts:habits=on:habits=off"), Repeated("habits"));
        assert_eq!(err("ismcts:eval=plain:eval=full"), Repeated("eval"));
        assert!(matches!(
            err("ismcts:eval=deep"),
            BadValue { key: "eval", .. }
        ));
        assert!(matches!(
            err("ismcts:habits=yes"),
            BadValue { key: "habits", .. }
        ));
        assert!(matches!(
            err("ismcts:leaf=eval:depth=5"),
            BadValue { key: "depth", .. }
        ));
        assert!(matches!(
            err("ismcts:fast"),
            UnexpectedParameter { bot: "ismcts", .. }
        ));
        assert!(matches!(
            err("ismcts:"),
            UnexpectedParameter { bot: "ismcts", .. }
        ));
    }

    #[test]
    fn errors_read_well() {
        assert_eq!(
            BotSpec::parse("mcts").unwrap_err().to_string(),
            "unknown bot `mcts`: expected random, greedy or ismcts"
        );
        assert_eq!(
            BotSpec::parse("ismcts:2k").unwrap_err().to_string(),
            "bad budget `2k`: expected a number of iterations (`ismcts:2000`) or a time (`ismcts:200ms`, `ismcts:2s`)"
        );
        assert_eq!(
            BotSpec::parse("ismcts:0").unwrap_err().to_string(),
            "the budget `0` is zero: a bot needs at least one iteration or millisecond"
        );
    }

    #[test]
    fn only_time_budgets_depend_on_the_clock() {
        assert!(BotSpec::parse("random").unwrap().is_reproducible());
        assert!(BotSpec::parse("greedy").unwrap().is_reproducible());
        assert!(BotSpec::parse("ismcts:10").unwrap().is_reproducible());
        assert!(!BotSpec::parse("ismcts:10ms").unwrap().is_reproducible());
        assert_eq!(BotSpec::parse("ismcts:10ms").unwrap().name(), "ismcts");
    }
}
