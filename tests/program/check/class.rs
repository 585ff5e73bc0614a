//! A class checked student by student.

use super::*;

/// A class of three: one right (with a `.git` of 3000 files, left out of
/// the copy), one with a bug, one that handed in nothing. Each gets a row
/// of summary.csv and a folder of its own, and the one with nothing to
/// run scores 0 with the reason, so the class exits 1. A link and a loose
/// file are passed over, each with a line and a row saying why.
#[test]
fn a_class_is_checked_student_by_student_with_one_summary() {
    let class = folder();
    student(class.path(), "ada", None);
    let git = class.path().join("ada/.git/objects");
    std::fs::create_dir_all(&git).unwrap();
    for i in 0..3000 {
        std::fs::write(git.join(i.to_string()), "").unwrap();
    }
    student(class.path(), "bob", Some("lost-goes-on"));
    std::fs::create_dir(class.path().join("cy")).unwrap();
    std::fs::write(class.path().join("notes.txt"), "not a student").unwrap();
    std::os::unix::fs::symlink(class.path().join("ada"), class.path().join("dan")).unwrap();
    let out = folder();
    let run = check(
        &[
            "--games",
            "40",
            "--seed",
            "7",
            "--class",
            class.path().to_str().unwrap(),
        ],
        out.path(),
        &["./proj3"],
    );
    let said = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{said}{}", text(&run.stderr));
    assert!(
        text(&run.stderr).contains(
            "1 of 3 students got no score: not checked, or out of time; 2 entries of the class \
             folder were passed over"
        ),
        "{}",
        text(&run.stderr)
    );
    assert!(
        said.starts_with("Checked 3 students with 40 games each (seed 7"),
        "{said}"
    );
    assert!(
        said.contains("dan                      skipped: a link"),
        "{said}"
    );
    assert!(
        said.contains("notes.txt                skipped: a file"),
        "{said}"
    );
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    let rows: Vec<Vec<&str>> = summary.lines().map(|l| l.split(',').collect()).collect();
    let header = &rows[0];
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (score, agreed, ending, error) = (
        column("score"),
        column("agreed"),
        column("wrong-ending"),
        column("error"),
    );
    let students: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(
        students,
        ["ada", "bob", "cy", "dan", "notes.txt"],
        "{summary}"
    );
    assert!(
        summary.contains("\"skipped: a link, not a folder"),
        "{summary}"
    );
    let ada = std::fs::read_to_string(out.path().join("ada/report.txt")).unwrap();
    assert!(
        ada.contains("Not copied with the program's folder"),
        "{ada}"
    );
    assert!(ada.contains(": .git."), "{ada}");
    assert_eq!(
        (rows[1][score], rows[1][agreed]),
        ("100", "40"),
        "{summary}\n{ada}"
    );
    let bob: f64 = rows[2][score].parse().unwrap();
    assert!(bob > 50.0 && bob < 100.0, "{summary}");
    assert_ne!(rows[2][ending], "0");
    // Nothing to run: not checked, and no score (not a 0 it never earned).
    assert_eq!(rows[3][score], "", "{summary}");
    assert!(rows[3][error].starts_with("not checked:"), "{summary}");
    assert!(rows[3][error].contains("no such program"), "{summary}");
    for name in ["ada", "bob", "cy"] {
        assert!(out.path().join(name).join("report.txt").exists(), "{name}");
    }
    assert!(out.path().join("bob/results.json").exists());
    assert!(out.path().join("bob/wrong-ending/input.txt").exists());
    // The class's folders were only read.
    assert!(!class.path().join("ada/check-failures").exists());
}

/// A student who handed in no file of the name the command gives is not
/// checked, and says so: not "crash" in every game and a 0.
#[test]
fn a_file_not_handed_in_is_said_and_gets_no_score() {
    let class = folder();
    for (name, file) in [("ada", "proj3.sh"), ("eve", "main.sh")] {
        std::fs::create_dir(class.path().join(name)).unwrap();
        std::fs::write(
            class.path().join(name).join(file),
            format!("exec {}\n", ours()),
        )
        .unwrap();
    }
    let out = folder();
    let run = check(
        &two_games(&["--class", class.path().to_str().unwrap()]),
        out.path(),
        &["sh", "proj3.sh"],
    );
    assert_eq!(run.status.code(), Some(1));
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    let eve = summary.lines().find(|l| l.starts_with("eve,")).unwrap();
    assert!(eve.contains(",,100,"), "no score: {summary}");
    assert!(
        eve.contains(
            "not checked: cannot run `sh proj3.sh`: there is no proj3.sh in the program's folder"
        ),
        "{summary}"
    );
    // Alone, the same: refused at once.
    let alone = check(
        &two_games(&["--folder", class.path().join("eve").to_str().unwrap()]),
        out.path(),
        &["sh", "proj3.sh"],
    );
    assert_eq!(alone.status.code(), Some(2));
    assert!(
        text(&alone.stderr).contains("there is no proj3.sh"),
        "{}",
        text(&alone.stderr)
    );
}

/// Every `href` of a page, percent-decoded.
fn links(page: &str) -> Vec<String> {
    page.split("href=\"")
        .skip(1)
        .map(|rest| {
            let href = &rest[..rest.find('"').unwrap()];
            let mut bytes = Vec::new();
            let mut chars = href.bytes();
            while let Some(b) = chars.next() {
                if b == b'%' {
                    let hex: String = [chars.next().unwrap(), chars.next().unwrap()]
                        .iter()
                        .map(|&c| char::from(c))
                        .collect();
                    bytes.push(u8::from_str_radix(&hex, 16).unwrap());
                } else {
                    bytes.push(b);
                }
            }
            String::from_utf8(bytes).unwrap()
        })
        .collect()
}

/// The class's page (`OUT/index.html`) draws the scores and the faults
/// and links each student to a page of their own, which draws each
/// fault's boards. What students wrote, their folder's name, their
/// program's output and its stderr, reaches no page as markup or as a
/// control byte: a page runs its own script alone, and a student's page
/// none.
#[cfg(unix)]
#[test]
fn the_class_and_each_student_have_a_page_that_runs_nothing_a_student_wrote() {
    use std::os::unix::fs::PermissionsExt;
    let class = folder();
    student(class.path(), "ada", None);
    let image = "\"><img src=x onerror=alert(1)>";
    student(class.path(), image, Some("wide-edge"));
    let scripted = "<script>alert(2)<\u{1b}[2J\u{7}";
    let own = class.path().join(scripted);
    std::fs::create_dir(&own).unwrap();
    let proj3 = own.join("proj3");
    std::fs::write(
        &proj3,
        "#!/bin/sh\nprintf '<script>alert(3)</script>\\n\"><img src=x onerror=alert(4)>\\n'\n\
         printf '<script>alert(5)</script>\\033[2J\\a\\n' >&2\nexit 3\n",
    )
    .unwrap();
    std::fs::set_permissions(&proj3, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = folder();
    let class_path = class.path().to_str().unwrap();
    let run = check(
        &[
            "--games",
            "30",
            "--seed",
            "7",
            "--max-size",
            "6",
            "--class",
            class_path,
        ],
        out.path(),
        &["./proj3"],
    );
    assert!(run.status.code().is_some(), "{}", text(&run.stderr));
    let index = std::fs::read_to_string(out.path().join("index.html")).unwrap();
    // Drawn: a bar for each tenth of the scores, the faults, the students.
    assert_eq!(index.matches("<rect").count(), 11, "{index}");
    assert!(index.contains("<td>wrong-board</td>"), "{index}");
    assert!(index.contains("<td>crash</td>"), "{index}");
    assert_eq!(index.matches("<table class=\"sortable\">").count(), 2);
    // Each student's link leads to their own page.
    let linked = links(&index);
    assert_eq!(linked.len(), 3, "{linked:?}");
    let mut pages = vec![index.clone()];
    for link in &linked {
        let page = out.path().join(link);
        pages.push(std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{link}: {e}")));
    }
    let wrong_boards = pages
        .iter()
        .find(|p| p.contains("wrong-board, fault 1"))
        .unwrap();
    assert!(wrong_boards.contains("<mark class=\"square\""));
    assert_eq!(
        wrong_boards.matches("<figure class=\"board\">").count() % 2,
        0
    );
    let crashed = pages
        .iter()
        .find(|p| p.contains("What it wrote on stderr"))
        .unwrap();
    assert!(crashed.contains("&lt;script&gt;alert(5)&lt;/script&gt;\\u{1b}[2J\\u{7}"));
    for (i, page) in pages.iter().enumerate() {
        assert!(
            !page.contains("<script>alert") && !page.contains("<img"),
            "{page}"
        );
        assert!(
            !page.contains('\u{1b}') && !page.contains('\u{7}'),
            "{page}"
        );
        // The class's page carries the script that sorts; no other.
        assert_eq!(
            page.matches("<script>").count(),
            usize::from(i == 0),
            "{page}"
        );
        assert!(page.contains("default-src 'none'"));
    }
}

/// What a student gets of a class check (their folder of reports, page
/// and report.txt) names no folder of the teacher's, and every "Run it
/// again" on their page runs as printed from their own program's folder,
/// once the finding's folder is copied in as the page says, printing
/// what actual.txt holds.
#[test]
fn a_student_runs_every_command_of_their_page_from_their_own_folder() {
    let class = folder();
    student(class.path(), "wide", Some("wide-edge"));
    student(class.path(), "crashy", Some("crash-on-action"));
    student(class.path(), "flags", Some("wrong-flag-wins"));
    let out = folder();
    let class_arg = class.path().to_string_lossy().into_owned();
    let run = check(
        &["--games", "40", "--seed", "5", "--class", &class_arg],
        out.path(),
        &["./proj3"],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let teacher: Vec<String> = [class.path(), out.path()]
        .iter()
        .flat_map(|p| [p.to_path_buf(), p.canonicalize().unwrap()])
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let mut commands = 0;
    for name in ["wide", "crashy", "flags"] {
        // Theirs: the folder of their reports, and their program's own.
        let theirs = folder();
        let reports = theirs.path().join("reports");
        let program = theirs.path().join("program");
        copy_folder(&out.path().join(name), &reports);
        copy_folder(&class.path().join(name), &program);
        for file in walk(&reports) {
            let bytes = std::fs::read(&file).unwrap();
            for path in &teacher {
                assert!(
                    !text(&bytes).contains(path.as_str()),
                    "{name}: {} names {path}",
                    file.display()
                );
            }
        }
        let page = std::fs::read_to_string(reports.join("index.html")).unwrap();
        let report = std::fs::read_to_string(reports.join("report.txt")).unwrap();
        let again = runs_again(&page);
        assert!(!again.is_empty(), "{name}: {page}");
        for (from, command) in again {
            // The page says which folder to copy in.
            let copied = from
                .split("with the folder ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .unwrap_or_else(|| panic!("{name}: {from}"));
            assert!(
                report.contains(&format!("copied into it: {command}\n")),
                "{name}: {command}\n{report}"
            );
            copy_folder(&reports.join(copied), &program.join(copied));
            let ran = Command::new("sh")
                .args(["-c", &command])
                .current_dir(&program)
                .output()
                .unwrap();
            let actual = std::fs::read(reports.join(copied).join("actual.txt")).unwrap();
            assert_eq!(text(&ran.stdout), text(&actual), "{name}: {command}");
            commands += 1;
        }
    }
    assert!(commands >= 3, "{commands}");
}

/// Each "Run it again" of a page: where it says to run it, and the
/// command, as text.
fn runs_again(page: &str) -> Vec<(String, String)> {
    let unescaped = |html: &str| {
        html.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
    };
    page.split("<h3>Run it again</h3>")
        .skip(1)
        .map(|section| {
            let from = section
                .strip_prefix("<p>")
                .and_then(|rest| rest.split("</p>").next())
                .unwrap_or_default();
            let command = section
                .split("<pre><code>")
                .nth(1)
                .and_then(|rest| rest.split("</code>").next())
                .unwrap();
            (unescaped(from), unescaped(command))
        })
        .collect()
}

/// A copy of the folder `from`, files and folders, at `to`.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
