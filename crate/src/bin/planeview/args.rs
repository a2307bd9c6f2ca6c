//! Command-line options shared by every command: one `FILE` (or several, for the commands
//! that take them) plus `--flag` and `--key VALUE`
//! options, each command stating which it accepts.

use crate::Failure;

/// The parsed `FILE` and options of one command.
#[derive(Debug)]
pub struct Options<'a> {
    pub file: &'a str,
    flags: Vec<&'a str>,
    values: Vec<(&'a str, &'a str)>,
}

/// What a command accepts: flags without a value and options that take one.
#[derive(Debug)]
pub struct Accepts<'s> {
    pub flags: &'s [&'s str],
    pub values: &'s [&'s str],
}

impl<'a> Options<'a> {
    /// Parses `args` (after the command name). Unknown options, a missing `FILE`, a second
    /// `FILE` or an option without its value are usage errors.
    pub fn parse(args: &'a [String], accepts: &Accepts) -> Result<Self, Failure> {
        let (opts, more) = Self::parse_many(args, accepts)?;
        match more.first() {
            Some(extra) => Err(Failure::Usage(format!("unexpected argument {extra:?}"))),
            None => Ok(opts),
        }
    }

    /// Like [`Options::parse`] for a command that takes one or more files: `FILE` is the
    /// first, the others come back in order.
    pub fn parse_many(
        args: &'a [String],
        accepts: &Accepts,
    ) -> Result<(Self, Vec<&'a str>), Failure> {
        let mut file = None;
        let mut more = Vec::new();
        let mut flags = Vec::new();
        let mut values = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let a = a.as_str();
            if accepts.flags.contains(&a) {
                flags.push(a);
            } else if accepts.values.contains(&a) {
                let v = it
                    .next()
                    .ok_or_else(|| Failure::Usage(format!("{a} takes a value")))?;
                values.push((a, v.as_str()));
            } else if a.starts_with("--") {
                return Err(Failure::Usage(format!("unknown option {a}")));
            } else if file.is_none() {
                file = Some(a);
            } else {
                more.push(a);
            }
        }
        let file = file.ok_or_else(|| Failure::Usage("missing FILE".into()))?;
        Ok((
            Options {
                file,
                flags,
                values,
            },
            more,
        ))
    }

    /// Whether `flag` was given.
    pub fn has(&self, flag: &str) -> bool {
        self.flags.contains(&flag)
    }

    /// The value of option `key`, if given (the last one wins).
    pub fn value(&self, key: &str) -> Option<&'a str> {
        self.values
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    /// Every value given for option `key`, in the order given.
    pub fn values_of<'k>(&'k self, key: &'k str) -> impl Iterator<Item = &'a str> + 'k {
        self.values
            .iter()
            .filter(move |(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    /// The value of option `key` parsed as a number.
    pub fn number(&self, key: &str) -> Result<Option<usize>, Failure> {
        self.value(key)
            .map(|v| {
                v.parse()
                    .map_err(|_| Failure::Usage(format!("{key} takes a number, not {v:?}")))
            })
            .transpose()
    }
}
