//! Tests of `remembered`.
use super::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Allows every URL but `/raise` (an error the library raised), `/hang` (no
/// answer in time) and `/crash` (the adapter died), counting what it is asked.
struct Counting {
    asked: Arc<AtomicUsize>,
}

struct CountingBody {
    asked: Arc<AtomicUsize>,
}

impl Implementation for Counting {
    fn name(&self) -> &str {
        "counting parser"
    }

    fn claims(&self) -> ProfileId {
        ProfileId::Rfc
    }

    fn load(&self, _robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(CountingBody {
            asked: self.asked.clone(),
        })
    }
}

impl Loaded for CountingBody {
    fn check(&self, _agents: &[&[u8]], url: &[u8]) -> Answer {
        self.asked.fetch_add(1, Ordering::SeqCst);
        match url {
            b"/raise" => Err(ImplError::Failed(format!(
                "{RAISED_BY_LIBRARY}ValueError: bad\tinput\n"
            ))),
            b"/hang" => Err(ImplError::Failed(format!(
                "{NO_ANSWER} 5s, nor within 20s {ASKED_AGAIN}; the adapter was stopped"
            ))),
            b"/hang-once" => Err(ImplError::Failed(format!("{NO_ANSWER} 5s; the adapter was stopped"))),
            b"/crash" => Err(ImplError::Failed("the adapter exited (signal 11)".into())),
            _ => Ok(Outcome {
                allowed: true,
                line: DecidingLine::At(3),
                detail: Some(Detail::Text("matched «Allow: /» \\ here".into())),
            }),
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rep-remembered-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn wrapped(dir: &Path, asked: &Arc<AtomicUsize>, version: &[u8]) -> Remembered {
    let inner = Box::new(Counting { asked: asked.clone() });
    Remembered::new(inner, dir, &[b"counting parser", version])
}

fn ask(implementation: &dyn Implementation, body: &[u8], url: &[u8]) -> Answer {
    implementation.load(body).check(&[b"FooBot"], url)
}

#[test]
fn a_second_run_answers_from_the_file_and_gives_the_same_answers() {
    let dir = scratch("second-run");
    let asked = Arc::new(AtomicUsize::new(0));
    let first = wrapped(&dir, &asked, b"1.0");
    let urls = [&b"/a"[..], b"/raise", b"/hang", b"/crash"];
    let answers: Vec<Answer> = urls.iter().map(|url| ask(&first, b"User-agent: *\n", url)).collect();
    assert_eq!(asked.load(Ordering::SeqCst), 4);
    drop(first);

    let second = wrapped(&dir, &asked, b"1.0");
    assert_eq!(
        second.remembered(),
        3,
        "the crash is a fault of the transport, never kept"
    );
    for (url, answer) in urls[..3].iter().zip(&answers) {
        assert_eq!(&ask(&second, b"User-agent: *\n", url), answer);
    }
    assert_eq!(
        asked.load(Ordering::SeqCst),
        4,
        "the three kept answers came from the file"
    );
    assert_eq!(ask(&second, b"User-agent: *\n", b"/crash"), answers[3]);
    assert_eq!(ask(&second, b"User-agent: FooBot\n", b"/a"), answers[0]);
    assert_eq!(
        asked.load(Ordering::SeqCst),
        6,
        "the crash and another body are asked again"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hang_kept_by_a_run_that_asked_it_once_is_asked_again() {
    let dir = scratch("hang-once");
    let asked = Arc::new(AtomicUsize::new(0));
    let first = wrapped(&dir, &asked, b"1.0");
    assert!(ask(&first, b"x", b"/hang-once").is_err());
    drop(first);
    let second = wrapped(&dir, &asked, b"1.0");
    assert_eq!(second.remembered(), 1, "the file holds it");
    assert!(ask(&second, b"x", b"/hang-once").is_err());
    assert_eq!(
        asked.load(Ordering::SeqCst),
        2,
        "asked afresh, not answered from the file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn another_version_or_adapter_is_another_file() {
    let dir = scratch("fingerprint");
    let asked = Arc::new(AtomicUsize::new(0));
    let first = wrapped(&dir, &asked, b"1.0");
    assert!(ask(&first, b"x", b"/a").is_ok());
    drop(first);
    let other = wrapped(&dir, &asked, b"1.1");
    assert_eq!(other.remembered(), 0);
    assert!(ask(&other, b"x", b"/a").is_ok());
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_file_costs_only_asking_again() {
    let dir = scratch("damaged");
    let asked = Arc::new(AtomicUsize::new(0));
    let first = wrapped(&dir, &asked, b"1.0");
    assert!(ask(&first, b"x", b"/a").is_ok());
    let file = first.file().to_path_buf();
    drop(first);
    let kept = std::fs::read_to_string(&file).unwrap();
    let key = kept.split('\t').next().unwrap();
    std::fs::write(&file, format!("garbage\nzz\tq\n{key}\tx9\n{key}\ta12z\n")).unwrap();
    let again = wrapped(&dir, &asked, b"1.0");
    assert_eq!(again.remembered(), 0, "no line of the damaged file is an answer");
    assert!(ask(&again, b"x", b"/a").is_ok());
    assert_eq!(asked.load(Ordering::SeqCst), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_kind_of_answer_survives_the_file() {
    let answers = [
        Ok(Outcome::new(true, DecidingLine::NoRule)),
        Ok(Outcome::new(false, DecidingLine::NotReported)),
        Ok(Outcome {
            allowed: false,
            line: DecidingLine::At(12),
            detail: Some(Detail::Text("tab\there, newline\n, é and \\u{41}".into())),
        }),
        Err(ImplError::Unsupported("several agents".into())),
        Err(ImplError::Failed(format!(
            "{RAISED_BY_LIBRARY}TypeError: \u{1F600}\r\n"
        ))),
    ];
    for answer in answers {
        let line = format!("{}\t{}", hex(&[7; 16]), encode(&answer));
        assert!(!line.contains('\n') && line.matches('\t').count() == 1, "{line}");
        let kept = Kept { answer, slow: false };
        assert_eq!(parse_line(&line), Some(([7; 16], kept.clone())));
        let slow = Kept { slow: true, ..kept };
        assert_eq!(parse_line(&format!("{line}\tslow")), Some(([7; 16], slow)));
    }
}

/// Answers after `pause`, always allowed.
struct Slow {
    pause: Duration,
}

impl Implementation for Slow {
    fn name(&self) -> &str {
        "slow parser"
    }

    fn claims(&self) -> ProfileId {
        ProfileId::Rfc
    }

    fn load(&self, _robots: &[u8]) -> Box<dyn Loaded + '_> {
        Box::new(SlowBody(self.pause))
    }
}

struct SlowBody(Duration);

impl Loaded for SlowBody {
    fn check(&self, _agents: &[&[u8]], _url: &[u8]) -> Answer {
        std::thread::sleep(self.0);
        Ok(Outcome::new(true, DecidingLine::NoRule))
    }
}

#[test]
fn a_slow_answer_is_given_back_slowly_so_a_timed_caller_decides_as_before() {
    let dir = scratch("slow");
    let pause = SLOW_ANSWER + Duration::from_millis(100);
    let first = Remembered::new(Box::new(Slow { pause }), &dir, &[b"slow"]);
    assert!(ask(&first, b"x", b"/slow").is_ok());
    drop(first);
    let again = Remembered::new(Box::new(Slow { pause: Duration::ZERO }), &dir, &[b"slow"]);
    let started = Instant::now();
    assert!(ask(&again, b"x", b"/slow").is_ok());
    assert!(
        started.elapsed() > SLOW_ANSWER,
        "the remembered answer came back at once"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
