//! The GitHub Action (`action.yml`) without GitHub: its steps are the scripts
//! under `.github/action/`, run here with the inputs set as the Action sets
//! them (`INPUT_*`, a scratch `GITHUB_STEP_SUMMARY` and `GITHUB_OUTPUT`):
//! (a) the run step against this build's `reptest` and a scripted adapter:
//!     green on known misses, red on a planted new miss or a stale entry, with
//!     the summary, the outputs and both reports written;
//! (b) inputs it cannot use stop it with a message naming them;
//! (c) the install step: a release binary is installed only when its checksum
//!     matches, and without one it builds from the tag with `cargo install`;
//! (d) `action.yml` sets every input the scripts read, pins the actions it
//!     uses and installs the suite version this checkout carries.
//!
//! Needs bash and python3, as the README's prerequisites do.

use serde_yaml::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One case of three checks resting on RFC 9309 §2.2.2, MUST.
const CASES: &str = r#"source: action test
cases:
  - name: private-paths
    why: >-
      A rule matches the paths it is a prefix of (RFC 9309 §2.2.2): /archive and /drafts are
      closed to every agent, /news is open.
    clause: "2.2.2"
    level: must
    robots: "User-agent: *\nDisallow: /archive\nDisallow: /drafts\n"
    checks:
      - name: archive
        agent: FooBot
        url: https://example.com/archive
        expect: disallowed
      - name: news
        agent: FooBot
        url: https://example.com/news
        expect: allowed
      - name: drafts
        agent: FooBot
        url: https://example.com/drafts
        expect: disallowed
"#;

/// A workspace as a caller's repository looks to the Action: its cases, its
/// adapter's answers and its expected-failures file.
struct Caller {
    dir: tempfile::TempDir,
}

impl Caller {
    fn new() -> Caller {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("paths.yaml"), CASES).unwrap();
        Caller { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The scripted adapter's verdicts for the next run (a path not named is allowed).
    fn answers(&self, verdicts: &str) {
        std::fs::write(self.path("answers.json"), verdicts).unwrap();
    }

    fn adapter(&self) -> String {
        format!(
            "python3 {} {}",
            root().join("harness/tests/fixtures/scripted_adapter.py").display(),
            self.path("answers.json").display()
        )
    }

    /// Runs the Action's run step with `inputs` (name → value, as in action.yml)
    /// on top of this build's reptest and the case file; the summary and the
    /// outputs files start empty.
    fn run_step(&self, inputs: &[(&str, &str)]) -> Output {
        std::fs::write(self.path("summary.md"), "").unwrap();
        std::fs::write(self.path("outputs.txt"), "").unwrap();
        let mut command = Command::new("bash");
        command
            .arg(root().join(".github/action/run.sh"))
            .current_dir(self.dir.path())
            .env("INPUT_REPTEST_PATH", env!("CARGO_BIN_EXE_reptest"))
            .env("INPUT_CASES", self.path("paths.yaml"))
            .env("INPUT_PROFILE", "rfc")
            .env("GITHUB_STEP_SUMMARY", self.path("summary.md"))
            .env("GITHUB_OUTPUT", self.path("outputs.txt"));
        for (name, value) in inputs {
            command.env(input_variable(name), value);
        }
        command.output().expect("bash runs .github/action/run.sh")
    }

    fn summary(&self) -> String {
        read(&self.path("summary.md"))
    }

    /// The step outputs written, as name → value.
    fn outputs(&self) -> BTreeMap<String, String> {
        read(&self.path("outputs.txt"))
            .lines()
            .map(|line| {
                let (name, value) = line.split_once('=').unwrap_or_else(|| panic!("output line {line:?}"));
                (name.to_string(), value.to_string())
            })
            .collect()
    }
}

/// The environment variable GitHub's convention gives an input: `INPUT_` and
/// the name in capitals with `-` as `_` (action.yml sets them by hand, the
/// same way).
fn input_variable(name: &str) -> String {
    format!("INPUT_{}", name.to_uppercase().replace('-', "_"))
}

#[test]
fn the_run_step_passes_on_known_misses_and_fails_on_a_new_miss_or_a_stale_entry() {
    let caller = Caller::new();
    // The parser allows everything: it misses /archive and /drafts, which its list names.
    caller.answers("{}");
    std::fs::write(
        caller.path("expected-failures.txt"),
        "# known misses\npaths/private-paths/archive\npaths/private-paths/drafts\n",
    )
    .unwrap();
    let adapter = caller.adapter();
    let inputs = [
        ("adapter", adapter.as_str()),
        ("expected-failures", "expected-failures.txt"),
        ("junit", "out/junit.xml"),
        ("json", "out/results.json"),
    ];
    std::fs::create_dir(caller.path("out")).unwrap();
    let green = caller.run_step(&inputs);
    assert_eq!(
        green.status.code(),
        Some(0),
        "{}{}",
        text(&green.stdout),
        text(&green.stderr)
    );
    let outputs = caller.outputs();
    assert_eq!(outputs["passed"], "true", "{outputs:?}");
    assert_eq!(outputs["new-misses"], "0", "{outputs:?}");
    assert_eq!(outputs["junit"], "out/junit.xml");
    let summary = caller.summary();
    assert!(summary.contains("claims rfc: passed"), "{summary}");
    assert!(!summary.contains("new miss(es), in"), "{summary}");
    let junit = read(&caller.path("out/junit.xml"));
    assert!(
        junit.starts_with("<?xml") && junit.contains(r#"failures="0""#),
        "{junit}"
    );
    let results: serde_json::Value = serde_json::from_str(&read(&caller.path("out/results.json"))).unwrap();
    assert_eq!(results["passed"], true);
    // The table went to the log, in the same run.
    assert!(
        text(&green.stdout).contains("OK: 2 expected failure(s) still fail"),
        "{}",
        text(&green.stdout)
    );

    // A planted regression: /news is now disallowed.
    caller.answers(r#"{"/news": "disallowed"}"#);
    let red = caller.run_step(&inputs);
    assert_eq!(red.status.code(), Some(1), "{}{}", text(&red.stdout), text(&red.stderr));
    let outputs = caller.outputs();
    assert_eq!(outputs["passed"], "false", "{outputs:?}");
    assert_eq!(outputs["new-misses"], "1", "{outputs:?}");
    let summary = caller.summary();
    assert!(summary.contains("claims rfc: FAILED"), "{summary}");
    assert!(summary.contains("### 1 new miss(es), in 1 group(s)"), "{summary}");
    assert!(summary.contains("#### RFC 9309 §2.2.2 MUST: 1 check(s)"), "{summary}");
    assert!(
        summary.contains(
            "- `paths/private-paths/news`: agent `FooBot`, URL `https://example.com/news`; expected `allowed`, \
             answered `disallowed`. Reproduce: `reptest show paths/private-paths/news`"
        ),
        "{summary}"
    );
    assert!(
        !summary.contains("`paths/private-paths/archive`"),
        "an expected miss is not a new one:\n{summary}"
    );
    let junit = read(&caller.path("out/junit.xml"));
    assert!(junit.contains(r#"failures="1""#), "{junit}");

    // /archive is fixed: its entry is stale, and the run fails naming it.
    caller.answers(r#"{"/archive": "disallowed"}"#);
    let stale = caller.run_step(&inputs);
    assert_eq!(stale.status.code(), Some(1));
    assert_eq!(caller.outputs()["stale"], "1");
    let summary = caller.summary();
    assert!(
        summary.contains("### 1 entr(ies) listed but passing again: remove them from `expected-failures.txt`"),
        "{summary}"
    );
    assert!(summary.contains("- `paths/private-paths/archive`"), "{summary}");
}

#[test]
fn without_a_list_every_miss_fails_and_the_reports_go_to_their_default_paths() {
    let caller = Caller::new();
    caller.answers("{}");
    let adapter = caller.adapter();
    let red = caller.run_step(&[("adapter", adapter.as_str())]);
    assert_eq!(red.status.code(), Some(1), "{}", text(&red.stderr));
    let summary = caller.summary();
    assert!(summary.contains("### 2 new miss(es), in 1 group(s)"), "{summary}");
    assert!(summary.contains("#### RFC 9309 §2.2.2 MUST: 2 check(s)"), "{summary}");
    assert!(
        summary.contains("Reproduce: `reptest show paths/private-paths/archive`"),
        "{summary}"
    );
    assert!(
        summary.contains("Reproduce: `reptest show paths/private-paths/drafts`"),
        "{summary}"
    );
    // The default report paths, in the caller's directory.
    assert!(caller.path("reptest-junit.xml").is_file());
    assert!(caller.path("reptest-results.json").is_file());
}

#[test]
fn the_run_step_refuses_inputs_it_cannot_use_and_says_which() {
    let caller = Caller::new();
    caller.answers("{}");
    let adapter = caller.adapter();

    let both = caller.run_step(&[
        ("adapter", adapter.as_str()),
        ("command", "parser %robots% %url% %user-agent%"),
    ]);
    assert_eq!(both.status.code(), Some(2));
    assert!(text(&both.stderr).contains("give the input adapter or the input command, not both"));

    let neither = caller.run_step(&[]);
    assert_eq!(neither.status.code(), Some(2));
    assert!(
        text(&neither.stderr).contains("give the input adapter"),
        "{}",
        text(&neither.stderr)
    );

    let no_list = caller.run_step(&[("adapter", adapter.as_str()), ("expected-failures", "missing.txt")]);
    assert_eq!(no_list.status.code(), Some(2));
    assert!(text(&no_list.stderr).contains("expected-failures file missing.txt does not exist"));

    let bad_env = caller.run_step(&[
        ("adapter", adapter.as_str()),
        ("adapter-env", "PYTHONPATH=src\nnot a setting"),
    ]);
    assert_eq!(bad_env.status.code(), Some(2));
    assert!(text(&bad_env.stderr).contains("adapter-env line 'not a setting' is not NAME=VALUE"));

    // A parser that cannot start: reptest runs nothing, and the summary says so.
    let absent = caller.run_step(&[("adapter", "/nonexistent/parser --serve")]);
    assert_eq!(absent.status.code(), Some(2), "{}", text(&absent.stderr));
    assert!(
        text(&absent.stderr).contains("cannot start `/nonexistent/parser --serve`"),
        "{}",
        text(&absent.stderr)
    );
    assert!(
        caller.summary().contains("## robots.txt conformance: not run"),
        "{}",
        caller.summary()
    );
    assert_eq!(caller.outputs()["passed"], "false");
}

/// A scratch release directory, a fake `curl` that serves it from disk and a
/// fake `cargo` that records how it was called, for the install step.
struct Release {
    dir: tempfile::TempDir,
}

const FAKE_REPTEST: &str = "#!/usr/bin/env bash\necho 'reptest 4.0.0, suite 4.0.0 built in'\n";

impl Release {
    fn new() -> Release {
        let release = Release {
            dir: tempfile::tempdir().unwrap(),
        };
        let bin = release.path("fake-bin");
        std::fs::create_dir_all(&bin).unwrap();
        // curl -fsSL --retry 3 -o FILE URL, with URL file://PATH: copies PATH,
        // or fails as curl -f does on a missing file.
        write_executable(
            &bin.join("curl"),
            "#!/usr/bin/env bash\nwhile (($# > 1)); do [[ $1 == -o ]] && out=$2; shift; done\n\
             cp \"${1#file://}\" \"$out\" 2>/dev/null || exit 22\n",
        );
        // cargo install ... --root DIR: records its arguments, installs the fake binary.
        write_executable(
            &bin.join("cargo"),
            &format!(
                "#!/usr/bin/env bash\nprintf '%s\\n' \"$*\" > \"{}\"\n\
                 while (($#)); do [[ $1 == --root ]] && root=$2; shift; done\n\
                 mkdir -p \"$root/bin\" && printf '%s' \"$FAKE_REPTEST\" > \"$root/bin/reptest\" && chmod +x \"$root/bin/reptest\"\n",
                release.path("cargo-args").display()
            ),
        );
        std::fs::create_dir_all(release.path("releases/v4.0.0")).unwrap();
        release
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Publishes the Linux x86_64 archive holding the fake binary, and a
    /// SHA256SUMS that says `sum` for it (None: its true sum).
    fn publish(&self, sum: Option<&str>) {
        let staging = self.path("staging/reptest-4.0.0-x86_64-unknown-linux-gnu");
        std::fs::create_dir_all(&staging).unwrap();
        write_executable(&staging.join("reptest"), FAKE_REPTEST);
        let archive = self.path("releases/v4.0.0/reptest-4.0.0-x86_64-unknown-linux-gnu.tar.gz");
        let tar = Command::new("tar")
            .arg("-czf")
            .arg(&archive)
            .arg("-C")
            .arg(self.path("staging"))
            .arg("reptest-4.0.0-x86_64-unknown-linux-gnu")
            .status()
            .unwrap();
        assert!(tar.success());
        let true_sum = Command::new("sha256sum").arg(&archive).output().unwrap();
        let true_sum = text(&true_sum.stdout).split(' ').next().unwrap().to_string();
        std::fs::write(
            self.path("releases/v4.0.0/SHA256SUMS"),
            format!(
                "{}  reptest-4.0.0-x86_64-unknown-linux-gnu.tar.gz\n",
                sum.unwrap_or(&true_sum)
            ),
        )
        .unwrap();
    }

    fn install(&self, extra: &[(&str, &str)]) -> Output {
        std::fs::write(self.path("outputs.txt"), "").unwrap();
        let path = format!("{}:{}", self.path("fake-bin").display(), std::env::var("PATH").unwrap());
        let mut command = Command::new("bash");
        command
            .arg(root().join(".github/action/install.sh"))
            .env("PATH", path)
            .env("FAKE_REPTEST", FAKE_REPTEST)
            .env("INPUT_VERSION", "4.0.0")
            .env_remove("INPUT_REPTEST_PATH")
            .env_remove("GITHUB_ACTION_PATH")
            .env("REPTEST_INSTALL_DIR", self.path("tool-cache"))
            .env(
                "REPTEST_RELEASES_URL",
                format!("file://{}", self.path("releases").display()),
            )
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("GITHUB_OUTPUT", self.path("outputs.txt"));
        for (name, value) in extra {
            command.env(name, value);
        }
        command.output().expect("bash runs .github/action/install.sh")
    }

    fn installed(&self) -> PathBuf {
        self.path("tool-cache/bin/reptest")
    }
}

fn write_executable(path: &Path, content: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, content).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn the_install_step_uses_a_release_binary_only_when_its_checksum_matches() {
    let release = Release::new();
    release.publish(Some(&"0".repeat(64)));
    let tampered = release.install(&[("REPTEST_REPOSITORY", "acme/rep")]);
    assert_eq!(tampered.status.code(), Some(1));
    let stderr = text(&tampered.stderr);
    assert!(stderr.contains("but SHA256SUMS of v4.0.0 says 0000"), "{stderr}");
    assert!(
        !release.installed().exists(),
        "a binary whose checksum differs was installed"
    );
    assert!(
        !release.path("cargo-args").exists(),
        "a bad checksum fell back to building"
    );

    release.publish(None);
    let good = release.install(&[("REPTEST_REPOSITORY", "acme/rep")]);
    assert_eq!(good.status.code(), Some(0), "{}", text(&good.stderr));
    assert!(release.installed().is_file());
    assert_eq!(
        read(&release.path("outputs.txt")),
        format!("reptest={}\n", release.installed().display())
    );
    assert!(!release.path("cargo-args").exists());

    // The next job restores the directory from the cache: nothing is fetched.
    std::fs::remove_dir_all(release.path("releases")).unwrap();
    let cached = release.install(&[("REPTEST_REPOSITORY", "acme/rep")]);
    assert_eq!(cached.status.code(), Some(0), "{}", text(&cached.stderr));
    assert!(text(&cached.stdout).contains("already installed (restored from the cache)"));
}

#[test]
fn without_a_release_binary_the_install_step_builds_the_tag_of_the_actions_repository() {
    let release = Release::new();
    // No SHA256SUMS published; the repository is read from the Action's path.
    let built = release.install(&[("GITHUB_ACTION_PATH", "/home/runner/work/_actions/acme/rep/v4.0.0")]);
    assert_eq!(built.status.code(), Some(0), "{}", text(&built.stderr));
    assert_eq!(
        read(&release.path("cargo-args")).trim_end(),
        format!(
            "install --git https://github.com/acme/rep --tag v4.0.0 rep-harness --no-default-features --root {}",
            release.path("tool-cache").display()
        )
    );
    assert!(release.installed().is_file());

    // A runner no binary is built for goes the same way.
    let release = Release::new();
    release.publish(None);
    let other = release.install(&[("REPTEST_REPOSITORY", "acme/rep"), ("RUNNER_ARCH", "RISCV64")]);
    assert_eq!(other.status.code(), Some(0), "{}", text(&other.stderr));
    assert!(text(&other.stdout).contains("no release binary is built for Linux/RISCV64"));
    assert!(release.path("cargo-args").exists());

    let release = Release::new();
    let unknown = release.install(&[("REPTEST_REPOSITORY", "")]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(text(&unknown.stderr).contains("cannot tell which repository reptest comes from"));

    let given = release.install(&[("INPUT_REPTEST_PATH", env!("CARGO_BIN_EXE_reptest"))]);
    assert_eq!(given.status.code(), Some(0), "{}", text(&given.stderr));
    assert_eq!(
        read(&release.path("outputs.txt")),
        format!("reptest={}\n", env!("CARGO_BIN_EXE_reptest"))
    );
}

fn yaml(path: &str) -> Value {
    serde_yaml::from_str(&read(&root().join(path))).unwrap_or_else(|error| panic!("{path} is not YAML: {error}"))
}

/// Every `INPUT_*` variable a script reads.
fn variables_read(script: &str) -> BTreeSet<String> {
    let text = read(&root().join(script));
    let mut found = BTreeSet::new();
    for (start, _) in text.match_indices("INPUT_") {
        let name: String = text[start..]
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
            .collect();
        found.insert(name);
    }
    found
}

#[test]
fn action_yml_gives_the_scripts_every_input_and_pins_what_it_uses() {
    let action = yaml("action.yml");
    let inputs: BTreeSet<String> = action["inputs"]
        .as_mapping()
        .expect("action.yml has inputs")
        .keys()
        .map(|key| key.as_str().unwrap().to_string())
        .collect();
    let steps = action["runs"]["steps"].as_sequence().expect("action.yml has steps");
    let mut set = BTreeSet::new();
    let mut wrong = Vec::new();
    for uses in unpinned(steps) {
        wrong.push(format!("{uses} is not pinned to a version"));
    }
    for step in steps {
        for (name, value) in step["env"].as_mapping().into_iter().flatten() {
            let (name, value) = (name.as_str().unwrap(), value.as_str().unwrap_or(""));
            if let Some(input) = value.strip_prefix("${{ inputs.").and_then(|v| v.strip_suffix(" }}")) {
                if !inputs.contains(input) {
                    wrong.push(format!(
                        "{name} is set from inputs.{input}, which action.yml does not declare"
                    ));
                } else if name != input_variable(input) {
                    wrong.push(format!(
                        "{name} is set from inputs.{input}; the convention names it {}",
                        input_variable(input)
                    ));
                }
            }
            set.insert(name.to_string());
        }
    }
    for script in [".github/action/install.sh", ".github/action/run.sh"] {
        for variable in variables_read(script) {
            if !set.contains(&variable) {
                wrong.push(format!("{script} reads {variable}, which no step of action.yml sets"));
            }
        }
    }
    for input in &inputs {
        if !set.contains(&input_variable(input))
            && !read(&root().join("action.yml")).contains(&format!("inputs.{input} "))
        {
            wrong.push(format!("the input {input} is used by no step"));
        }
    }
    // The release it installs by default is the suite this checkout carries.
    let export: serde_json::Value = serde_json::from_str(&read(&root().join("cases/export/rep-suite.json"))).unwrap();
    let suite_version = export["suite_version"].as_str().unwrap();
    if action["inputs"]["version"]["default"].as_str() != Some(suite_version) {
        wrong.push(format!(
            "inputs.version defaults to {:?}, not the suite version {suite_version}",
            action["inputs"]["version"]["default"]
        ));
    }
    assert!(wrong.is_empty(), "action.yml:\n{}", wrong.join("\n"));
}

/// The `uses:` of every step of every job in a workflow that is not pinned to
/// a version tag (`@v4`, `@v4.1.0`).
fn unpinned(steps: &[Value]) -> Vec<String> {
    steps
        .iter()
        .filter_map(|step| step["uses"].as_str())
        .filter(|uses| {
            let version = uses.split_once('@').map(|(_, version)| version).unwrap_or("");
            !(version.starts_with('v') && version[1..].starts_with(|c: char| c.is_ascii_digit()))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn the_release_builds_an_archive_for_every_runner_the_install_step_knows() {
    let release = yaml(".github/workflows/release.yml");
    let jobs = release["jobs"].as_mapping().expect("release.yml has jobs");
    let mut wrong = Vec::new();
    for (name, job) in jobs {
        for uses in unpinned(job["steps"].as_sequence().map(Vec::as_slice).unwrap_or(&[])) {
            wrong.push(format!(
                "job {}: {uses} is not pinned to a version",
                name.as_str().unwrap()
            ));
        }
    }
    let built: BTreeSet<String> = release["jobs"]["binaries"]["strategy"]["matrix"]["include"]
        .as_sequence()
        .expect("the binaries job has a matrix of targets")
        .iter()
        .map(|entry| entry["target"].as_str().unwrap().to_string())
        .collect();
    let install = read(&root().join(".github/action/install.sh"));
    let known: BTreeSet<String> = install
        .match_indices(") target=")
        .map(|(start, _)| {
            install[start + ") target=".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect::<String>()
        })
        .filter(|target| !target.is_empty())
        .collect();
    assert!(known.len() >= 5, "install.sh maps too few runners: {known:?}");
    if built != known {
        wrong.push(format!("release.yml builds {built:?}; install.sh downloads {known:?}"));
    }
    // The archive and checksum names the install step downloads.
    let workflow = read(&root().join(".github/workflows/release.yml"));
    for (written, downloaded) in [
        (
            r#"name="reptest-$VERSION-${{ matrix.target }}""#,
            r#"archive="reptest-$version-$target.$archive_kind""#,
        ),
        (
            "sha256sum -- * > SHA256SUMS",
            r#"sums_url="$releases/v$version/SHA256SUMS""#,
        ),
        (r#"tar -czf "$name.tar.gz" "$name""#, "archive_kind=tar.gz"),
        (r#"7z a -tzip "$name.zip" "$name""#, "archive_kind=zip"),
    ] {
        if !workflow.contains(written) || !install.contains(downloaded) {
            wrong.push(format!(
                "release.yml writes `{written}` and install.sh reads `{downloaded}`: one is gone"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
