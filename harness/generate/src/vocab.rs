//! The raw material the generator draws from: key spellings, separators,
//! pattern pieces and agent names, chosen to hit every oddity listed in
//! `cases/google/` (Google's departures from RFC 9309, each pinned by a test in
//! `reference/tests/google_behaviour/`) and the RFC's matching rules.

/// Ways to write the user-agent key: canonical, case variants, the
/// misspellings Google accepts, prefixed keys it honours, and near misses it
/// does not.
pub(super) const USER_AGENT_KEYS: &[&str] = &[
    "User-agent",
    "User-agent",
    "user-agent",
    "USER-AGENT",
    "User-Agent",
    "useragent",
    "user agent",
    "User-agents",
    "User-agentx",
    "User_agent",
    "Useragent",
    "agent",
];

/// Ways to write the allow key. Google accepts no misspelling of it.
pub(super) const ALLOW_KEYS: &[&str] = &[
    "Allow", "Allow", "allow", "ALLOW", "Allowed", "Allows", "alow", "Allow-x",
];

/// Ways to write the disallow key, with Google's accepted misspellings.
pub(super) const DISALLOW_KEYS: &[&str] = &[
    "Disallow",
    "Disallow",
    "disallow",
    "DISALLOW",
    "Disallowed",
    "dissallow",
    "dissalow",
    "disalow",
    "diasllow",
    "disallaw",
    "Dis-allow",
    "Disallo",
];

/// Keys of other records: sitemaps, well-known extensions and nonsense.
pub(super) const OTHER_KEYS: &[&str] = &[
    "Sitemap",
    "site-map",
    "Crawl-delay",
    "Host",
    "Noindex",
    "Clean-param",
    "Request-rate",
    "X-Unknown",
    "",
];

/// What stands between key and value; the whitespace-only ones exercise the
/// missing-colon leniency.
pub(super) const SEPARATORS: &[&str] = &[
    ": ", ": ", ": ", ":", " : ", ":  ", ":\t", "\t:\t", " ", "\t", "::", ": \x0b", "\x0c: ", "",
];

/// Bytes that break a key from inside or just before it (`User\ragent`,
/// `\0Disallow`, `Dis\tallow`): line ends and NUL, which must end or stay
/// inside the line whatever key they interrupt, and whitespace Google trims.
/// A reader that recognises keys before finding the line's end once read
/// `\tUser\ragent:` as one user-agent line (issue 27).
pub(super) const KEY_BREAKERS: &[u8] = b"\r\n\t\0\x0b\x0c ";

/// Whitespace before a key or after a value.
pub(super) const PADDING: &[&str] = &["", "", "", "", " ", "\t", "  ", "\x0b", "\x0c"];

/// Tails after a value: comments and whitespace.
pub(super) const TAILS: &[&str] = &["", "", "", "", " ", "\t", " # note", "#c", "# a: b", " \x0b"];

/// Pieces that patterns (and URLs) are assembled from.
pub(super) const PATTERN_PIECES: &[&[u8]] = &[
    b"/",
    b"/a",
    b"/b",
    b"/ab",
    b"/foo",
    b"/foo/",
    b"/bar.html",
    b"/index.html",
    b"/index.htm",
    b"/index.html5",
    b"/dir/index.html",
    b"*",
    b"*",
    b"$",
    b"*.php",
    b".php$",
    b"?",
    b"?q=1",
    b"&",
    b"=",
    b";",
    b"%2F",
    b"%2f",
    b"%62",
    b"%41",
    b"%7e",
    b"%7E",
    b"%3F",
    b"%3f",
    b"%zz",
    b"%",
    b"%4",
    b"/%C3%A9",
    b"/%c3%a9",
    "é".as_bytes(),
    "€".as_bytes(),
    b"\xff",
    b"\x00",
    b" ",
    b"a b",
    b"+",
    b"~",
    b".",
    b"..",
    b"//",
    b"/page?id=",
    b"/robots.txt",
    b"/*/",
    b"*$",
    b"b",
    b"x",
];

/// Product tokens the groups name.
pub(super) const NAMES: &[&str] = &[
    "FooBot",
    "foobot",
    "Googlebot",
    "Googlebot-Image",
    "googlebot-news",
    "bar_bot",
    "a",
    "Foo-Bar",
    "BingBot",
    "x-y_z",
];

/// Agents that name no group in any generated file.
pub(super) const STRANGERS: &[&str] = &[
    "UnnamedBot",
    "*",
    "",
    "Foo Bar",
    "Foo\0Bot",
    "Bötbot",
    "Mozilla/5.0",
    "-",
];

/// Suffixes that make an agent almost match a group's name.
pub(super) const AGENT_SUFFIXES: &[&str] = &["-Image", "bot", "/1.0", " extra", "X", "*", "-"];

/// What is appended to a pattern to probe just past its end.
pub(super) const URL_SUFFIXES: &[&[u8]] = &[
    b"",
    b"x",
    b"/",
    b"/x",
    b"index.html",
    b"/index.html",
    b"?",
    b"?a=b",
    b"#frag",
    b"%2F",
    b"$",
    b"*",
    b"\x00z",
];

/// Scheme and authority prefixes (or none) for URLs.
pub(super) const URL_PREFIXES: &[&str] = &[
    "",
    "",
    "",
    "https://example.com",
    "https://example.com",
    "http://example.com:8080",
    "https://user:pw@example.com",
    "//example.com",
    "example.com",
    "HTTP://EXAMPLE.COM",
    "ftp://x",
    "https://example.com?",
];

/// Byte palette for garbage lines and random insertions.
pub(super) const GARBAGE: &[u8] = &[
    b'a', b'b', b':', b' ', b'\t', b'#', b'*', b'$', b'/', b'%', b'?', 0x00, 0xff, 0xef, 0xbb, 0xbf, b'\r', b'\n',
    0x0b, 0x0c, b'D', b'u',
];
