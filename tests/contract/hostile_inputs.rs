//! The inputs of the hostile-input sweep (hostile.rs): bodies, query
//! strings and seeded mutations.

/// Bodies that are not what any operation takes.
pub fn bad_bodies() -> Vec<(&'static str, Vec<u8>)> {
    let deep_array = "[".repeat(100_000).into_bytes();
    let deep_object = r#"{"a":"#.repeat(20_000).into_bytes();
    let deep_text = format!(r#"[{{"Text":{}"x"{}}}]"#, "[".repeat(5_000), "]".repeat(5_000));
    let huge = format!(r#"[{{"Text":"{}"}}]"#, "a".repeat(3 << 20)).into_bytes();
    vec![
        ("empty", Vec::new()),
        ("open brace", b"{".to_vec()),
        ("open bracket", b"[".to_vec()),
        ("truncated element", br#"[{"Text":"#.to_vec()),
        ("truncated string", br#"[{"Text":"abc"#.to_vec()),
        ("trailing garbage", br#"[{"Text":"a"}] trailing"#.to_vec()),
        ("two documents", br#"[{"Text":"a"}][{"Text":"b"}]"#.to_vec()),
        ("null", b"null".to_vec()),
        ("a number", b"42".to_vec()),
        ("a string", br#""Text""#.to_vec()),
        ("an object", br#"{"Text":"a"}"#.to_vec()),
        ("numbers", b"[1,2,3]".to_vec()),
        ("strings", br#"["a","b"]"#.to_vec()),
        ("Text a number", br#"[{"Text":1}]"#.to_vec()),
        ("Text null", br#"[{"Text":null}]"#.to_vec()),
        ("Text an array", br#"[{"Text":["a"]}]"#.to_vec()),
        ("Text an object", br#"[{"Text":{"a":1}}]"#.to_vec()),
        ("single quotes", b"[{'Text':'a'}]".to_vec()),
        ("lone high surrogate", br#"[{"Text":"\ud800"}]"#.to_vec()),
        ("lone low surrogate", br#"[{"Text":"a\udc00b"}]"#.to_vec()),
        ("reversed pair", br#"[{"Text":"\udc00\ud800"}]"#.to_vec()),
        ("bad escape", br#"[{"Text":"\x41"}]"#.to_vec()),
        ("invalid UTF-8", b"[{\"Text\":\"\xff\xfe\xfd\"}]".to_vec()),
        ("overlong UTF-8", b"[{\"Text\":\"\xc0\xaf\"}]".to_vec()),
        ("CESU surrogate bytes", b"[{\"Text\":\"\xed\xa0\x80\"}]".to_vec()),
        ("raw control in string", b"[{\"Text\":\"a\x01\nb\"}]".to_vec()),
        ("NaN", b"[{\"Text\":NaN}]".to_vec()),
        ("deep array", deep_array),
        ("deep object", deep_object),
        ("deep Text", deep_text.into_bytes()),
        ("huge body", huge),
    ]
}

/// Query strings that are not what the operation takes (translator routes).
pub fn bad_queries(path: &str) -> Vec<(&'static str, String)> {
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    let without = |name: &str| {
        query
            .split('&')
            .filter(|kv| !kv.starts_with(name))
            .collect::<Vec<_>>()
            .join("&")
    };
    vec![
        ("no api-version", format!("{route}?{}", without("api-version"))),
        (
            "api-version 2.0",
            format!("{route}?{}&api-version=2.0", without("api-version")),
        ),
        ("api-version twice, differing", format!("{path}&api-version=9")),
        ("bad escape", format!("{path}&%ZZ=%G1")),
        ("a surrogate in an escape", format!("{path}&to=%ED%A0%80")),
        ("invalid UTF-8 escape", format!("{path}&from=%FF%FE")),
        ("an unknown language", format!("{path}&to=xx-Nope&from=zz")),
        ("an empty to", format!("{path}&to=")),
        ("a huge value", format!("{path}&to={}", "fi,".repeat(20_000))),
        ("many parameters", format!("{path}{}", "&to=fi".repeat(2_000))),
        ("a bad textType", format!("{path}&textType=pdf")),
        ("a bad category", format!("{path}&category=..%2F..%2Fetc")),
        (
            "a bad boolean",
            format!("{path}&includeAlignment=maybe&includeSentenceLength=2"),
        ),
        ("a NUL", format!("{path}&to=f%00i")),
    ]
}

/// Query strings Data Share's list refuses (its `$filter` goes through the
/// OData parser).
pub fn bad_list_queries(path: &str) -> Vec<(&'static str, String)> {
    let route = path.split_once('?').map_or(path, |(r, _)| r);
    let v = "api-version=2021-08-01";
    vec![
        ("no api-version", route.to_owned()),
        (
            "an unknown api-version",
            format!("{route}?api-version=1999-01-01"),
        ),
        ("a filter not UTF-8", format!("{route}?{v}&$filter=%FF")),
        ("an unfinished filter", format!("{route}?{v}&$filter=status%20eq")),
        (
            "an unknown property",
            format!("{route}?{v}&$filter=nope%20eq%20'x'"),
        ),
        (
            "unbalanced parentheses",
            format!("{route}?{v}&$filter=((status%20eq%20'Failed'"),
        ),
        (
            "an unterminated string",
            format!("{route}?{v}&$filter=status%20eq%20'Fail"),
        ),
        (
            "a deep filter",
            format!(
                "{route}?{v}&$filter={}status%20eq%20'x'{}",
                "(".repeat(5_000),
                ")".repeat(5_000)
            ),
        ),
        ("a bad orderby", format!("{route}?{v}&$orderby=status%20sideways")),
        ("an unknown orderby", format!("{route}?{v}&$orderby=nope")),
        ("a forged skipToken", format!("{route}?{v}&$skipToken=AAAA")),
        ("a skipToken not base64", format!("{route}?{v}&$skipToken=%%%")),
    ]
}

/// xorshift64*: the mutations are the same at every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A valid body with a few random bytes changed, cut or inserted.
pub fn mutate(body: &str, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = body.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(4) {
            0 if at < bytes.len() => bytes[at] = rng.next() as u8,
            1 => bytes.truncate(at),
            2 => bytes.insert(at.min(bytes.len()), {
                let set = b"\"[]{}:,\\\x00\xff";
                set[rng.below(set.len())]
            }),
            _ => bytes.splice(at..at, b"\\ud800".iter().copied()).for_each(drop),
        }
    }
    bytes
}
