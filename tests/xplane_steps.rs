//! An XSpace imported in steps (`Incoming::finish_in_steps`, the page's engine) gives the
//! model of the import at once, byte for byte, whatever the steps' sizes and with previews
//! taken between them: the dump, the diagnostics and their examples, the string table,
//! errors included. On every XSpace sample and corpus file, and on damaged and cut copies.

mod common;

use common::{files_containing, model_fingerprint as fingerprint, unpacked};
use planeview::ImportError;
use planeview::api::Session;
use planeview::import::{ImportOptions, Imported, Incoming, import_bytes_with};

/// The import of `data` pushed in 1 MiB chunks and finished in steps of `events`, with a
/// preview every `preview_every` steps (0: none). Checks that each preview holds at most the
/// events placed so far and that progress only moves forward.
fn in_steps(data: &[u8], events: u64, preview_every: usize) -> Result<Imported, ImportError> {
    let mut incoming = Incoming::new(ImportOptions::default());
    incoming.expect(data.len() as u64)?;
    for chunk in data.chunks(1 << 20) {
        incoming.push(chunk)?;
    }
    let mut finishing = incoming.finish_in_steps()?;
    let mut steps = 0;
    let mut last = (0, 0);
    while !finishing.step(events) {
        steps += 1;
        let progress = finishing.progress();
        assert!(
            progress.0 >= last.0 && progress.0 <= progress.1,
            "{progress:?} after {last:?}"
        );
        last = progress;
        if preview_every > 0 && steps % preview_every == 0 {
            let placed = finishing.events_placed();
            let preview = finishing
                .snapshot()
                .expect("a preview while steps are left");
            assert!(preview.trace.slices.len() as u64 <= placed);
        }
    }
    finishing.finish()
}

#[test]
fn every_xspace_file_in_steps_gives_the_model_of_the_import_at_once() {
    let mut files = 0;
    for path in files_containing("xplane", ".xplane.pb") {
        let data = unpacked(&path);
        let name = path.display();
        let once = fingerprint(import_bytes_with(&data, &ImportOptions::default()));
        assert!(!once.starts_with("error:"), "{name}: {once}");
        // Big files: two settings (one run a step, with previews; long steps); small: more.
        let settings: &[(u64, usize)] = if data.len() > 16 << 20 {
            &[(1, 40), (200_000, 0)]
        } else {
            &[(1, 3), (7, 0), (1000, 1), (u64::MAX, 0)]
        };
        for &(events, previews) in settings {
            let stepped = fingerprint(in_steps(&data, events, previews));
            assert_eq!(stepped, once, "{name}: steps of {events} events");
        }
        files += 1;
    }
    if common::corpus_dir().is_some() {
        assert!(files >= 7, "only {files} XSpace files");
    }
}

/// Cut and damaged copies keep what the import at once keeps, with the same diagnostics
/// (their examples name byte offsets, so a record counted out of order would show) and the
/// same errors.
#[test]
fn damaged_xspace_in_steps_gives_the_model_of_the_import_at_once() {
    let data = common::xspace::generated();
    let (mut partial, mut errors) = (0, 0);
    for (k, input) in common::xspace::cut_and_damaged(&data).iter().enumerate() {
        let once = fingerprint(import_bytes_with(input, &ImportOptions::default()));
        partial += usize::from(!once.starts_with("error:"));
        errors += usize::from(once.starts_with("error:"));
        for (events, previews) in [(1, 1), (5, 0), (300, 2)] {
            let stepped = fingerprint(in_steps(input, events, previews));
            assert_eq!(stepped, once, "input {k}: steps of {events} events");
        }
    }
    assert!(
        partial >= 20 && errors >= 1,
        "{partial} partial, {errors} errors"
    );
}

/// Other formats are imported at the first step, as `finish` would.
#[test]
fn other_formats_are_done_at_the_first_step() {
    for path in files_containing("chrome_json", ".json").into_iter().take(3) {
        let data = unpacked(&path);
        let once = fingerprint(import_bytes_with(&data, &ImportOptions::default()));
        let mut incoming = Incoming::new(ImportOptions::default());
        incoming.push(&data).unwrap();
        let mut finishing = incoming.finish_in_steps().unwrap();
        assert!(finishing.step(1), "{}", path.display());
        assert!(finishing.snapshot().is_none());
        assert_eq!(fingerprint(finishing.finish()), once, "{}", path.display());
    }
}

/// The session answers calls from the preview between steps, and the last step gives the
/// overview `finish` gives.
#[test]
fn a_session_answers_from_the_preview_between_steps() {
    let data = common::xspace::generated();
    let load = |s: &mut Session| {
        for chunk in data.chunks(100) {
            s.push(chunk).unwrap();
        }
    };
    let mut once = Session::new();
    load(&mut once);
    let want = serde_json::to_value(once.finish().unwrap()).unwrap();

    let mut s = Session::new();
    load(&mut s);
    assert!(s.import_progress().is_none());
    // The first steps begin the first plane (its header, the survey of its lines).
    let mut placed = 0;
    while placed == 0 {
        assert!(s.finish_step(200).unwrap().is_none());
        placed = s.import_progress().expect("an import under way").2;
    }
    let (done, total, placed) = s.import_progress().expect("an import under way");
    assert!(
        done < total && placed > 0,
        "{done} of {total}, {placed} events"
    );
    let preview = serde_json::to_value(s.preview().expect("a preview")).unwrap();
    let events = preview["summary"]["events"].as_u64().unwrap();
    assert!(
        events > 0 && events <= placed,
        "{events} events in the preview"
    );
    let details = s
        .handle_json(r#"{"method":"sliceDetails","args":[0]}"#)
        .unwrap();
    assert!(details.contains("\"name\""), "{details}");
    let mut got = None;
    for _ in 0..10_000 {
        got = s.finish_step(200).unwrap();
        if got.is_some() {
            break;
        }
    }
    let got = serde_json::to_value(got.expect("done within the steps")).unwrap();
    assert_eq!(got, want);
    assert!(s.import_progress().is_none());
}
