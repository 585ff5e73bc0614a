//! The crates are the layers, read from their manifests and sources: each
//! uses only crates below it, the engine and the solver use no crate that
//! reads, writes, draws or parses a command line, and no crate's
//! top-level modules import each other in a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The layers, lowest first. A crate may use those of lower layers only.
const LAYERS: &[&[&str]] = &[
    // Nothing of ours: untrusted text made printable; what every way out
    // of the program puts back.
    &["minesweeper-visible", "minesweeper-signals"],
    // The rules, free of I/O; pages drawn from plain data; the jail a
    // checked program runs in, which knows programs, not games.
    &[
        "minesweeper-engine",
        "minesweeper-pages",
        "minesweeper-sandbox",
    ],
    &["minesweeper-solver"],
    // The records know the engine, not the solver: a no-guess board is
    // made by whoever deals it.
    &["minesweeper-records"],
    &["minesweeper-console"],
    // Front ends: neither uses the other.
    &["minesweeper-grader", "minesweeper-screen"],
    // What a check tells, read from the values the grader returns.
    &["minesweeper-reports"],
    // The binary wires them.
    &["minesweeper-proj3"],
];

/// Crates that read, write, draw, spawn or parse a command line: none is
/// the engine's or the solver's, whose rules must stay plain values.
const IO_CRATES: &[&str] = &[
    "clap",
    "crossterm",
    "etcetera",
    "indicatif",
    "jiff",
    "libc",
    "mimalloc",
    "owo-colors",
    "process-wrap",
    "ratatui",
    "rayon",
    "serde_json",
    "signal-hook",
    "tempfile",
    "tracing",
];

/// `cargo metadata` of the workspace: its packages, without resolving
/// anything from the network.
fn packages() -> Vec<Value> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).unwrap();
    metadata["packages"].as_array().unwrap().clone()
}

fn layer_of(name: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&name))
}

fn dependencies(package: &Value) -> impl Iterator<Item = &str> {
    package["dependencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
}

#[test]
fn every_crate_uses_only_the_layers_below_it() {
    let packages = packages();
    let mut wrong = Vec::new();
    for package in &packages {
        let name = package["name"].as_str().unwrap();
        let layer = layer_of(name).unwrap_or_else(|| panic!("{name} is in no layer"));
        for used in dependencies(package).filter(|d| d.starts_with("minesweeper")) {
            match layer_of(used) {
                Some(below) if below < layer => {}
                _ if used == name => {}
                _ => wrong.push(format!("{name} uses {used}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:?}");
    let listed: usize = LAYERS.iter().map(|layer| layer.len()).sum();
    assert_eq!(listed, packages.len(), "a layer names a crate that is gone");
}

#[test]
fn the_rules_use_no_crate_that_does_io() {
    for package in packages() {
        let name = package["name"].as_str().unwrap();
        if !["minesweeper-engine", "minesweeper-solver"].contains(&name) {
            continue;
        }
        let doing_io: Vec<&str> = package["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"].is_null())
            .map(|d| d["name"].as_str().unwrap())
            .filter(|d| IO_CRATES.contains(d))
            .collect();
        assert!(doing_io.is_empty(), "{name} uses {doing_io:?}");
    }
}

#[test]
fn no_crate_imports_its_own_modules_in_a_circle() {
    for package in packages() {
        let manifest = PathBuf::from(package["manifest_path"].as_str().unwrap());
        let source = manifest.parent().unwrap().join("src");
        let imports = imports_between_modules(&source);
        if let Some(circle) = a_circle(&imports) {
            panic!("{}: {}", package["name"], circle.join(" -> "));
        }
    }
}

/// Each top-level module of the crate in `source` and the top-level
/// modules it names: `crate::name`, each name of a grouped
/// `crate::{a, b::c}` (and `pub use` alike), `super::name` from a file
/// directly under the crate's root and `super::super::name` from one a
/// folder down; every test module and test item left out, wherever it
/// stands in the file, and comments too.
fn imports_between_modules(source: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(source) {
        let relative = file.strip_prefix(source).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_string_lossy().trim_end_matches(".rs").to_owned();
        if module == "lib" || module == "main" {
            continue;
        }
        // `super` from `a.rs` or `a/mod.rs` is the crate; from `a/b.rs`,
        // `super::super`.
        let depth = relative.components().count()
            - usize::from(relative.file_name().is_some_and(|name| name == "mod.rs"));
        let root = vec!["super"; depth].join("::") + "::";
        let text = std::fs::read_to_string(&file).unwrap();
        let code = without_tests(&without_comments(&text));
        for prefix in ["crate::", root.as_str()] {
            for name in names_after(&code, prefix) {
                if name != module && name != "self" && name != "super" {
                    imports.entry(module.clone()).or_default().insert(name);
                }
            }
        }
    }
    imports
}

/// The first module named after each `prefix` in `code`: the one name,
/// or each first name of a `{…}` group.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        // `super::super::` is not `super::` followed by a module.
        let before = &code[..at];
        if before.ends_with("::") || before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            names.extend(group_heads(group));
        } else {
            names.push(identifier(rest));
        }
    }
    names.retain(|name| !name.is_empty() && name != "super");
    names
}

/// The first name of each item of a group `a, b::{c, d}, e}` (its `{`
/// already read), to the brace that closes it.
fn group_heads(group: &str) -> Vec<String> {
    let mut heads = vec![identifier(group.trim_start())];
    let mut depth = 0;
    for (at, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => heads.push(identifier(group[at + 1..].trim_start())),
            _ => {}
        }
    }
    heads
}

fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// `text` without its `//` comments (doc comments name modules in prose).
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `code` without each item marked `#[cfg(test)]`: a module or a function
/// to the brace that closes it, a `mod tests;` to its semicolon; what
/// follows it is kept.
fn without_tests(code: &str) -> String {
    let mut kept = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let item = &rest[at..];
        let open = item.find('{');
        let semicolon = item.find(';');
        let end = match (open, semicolon) {
            (Some(open), Some(semicolon)) if semicolon < open => semicolon + 1,
            (Some(open), _) => open + closing_brace(&item[open + 1..]) + 2,
            (None, Some(semicolon)) => semicolon + 1,
            (None, None) => item.len(),
        };
        rest = &item[end.min(item.len())..];
    }
    kept.push_str(rest);
    kept
}

/// Where the brace that closes a block stands in `block` (its `{`
/// already read).
fn closing_brace(block: &str) -> usize {
    let mut depth = 0;
    for (at, c) in block.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return at,
            '}' => depth -= 1,
            _ => {}
        }
    }
    block.len()
}

fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// A circle of imports, if there is one: modules in the order they name
/// each other, the first again at the end.
fn a_circle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut circle = path[start..].to_vec();
            circle.push(module.to_owned());
            return Some(circle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_owned());
        for next in imports.get(module).into_iter().flatten() {
            if let Some(circle) = visit(next, imports, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

#[test]
fn a_circle_is_found_and_a_chain_is_not() {
    let of = |pairs: &[(&str, &str)]| {
        let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            imports
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned());
        }
        imports
    };
    assert_eq!(a_circle(&of(&[("a", "b"), ("b", "c")])), None);
    assert_eq!(
        a_circle(&of(&[("a", "b"), ("b", "c"), ("c", "b")])),
        Some(vec!["b".to_owned(), "c".to_owned(), "b".to_owned()])
    );
}

/// Grouped imports and `pub use` are read, and so is code after a test
/// module; the test module's own imports and comments are not.
#[test]
fn every_import_is_read_and_no_test_s() {
    let code = without_tests(&without_comments(
        "use crate::{judge::Kind, html, report::{self, a}};\n\
         // crate::comment\n\
         #[cfg(test)]\nmod tests {\n    use crate::testing;\n    fn f() { {} }\n}\n\
         pub use crate::after;\n\
         fn g() { super::super::deep(); super::near(); }\n",
    ));
    let names = names_after(&code, "crate::");
    assert_eq!(names, ["judge", "html", "report", "after"]);
    assert_eq!(names_after(&code, "super::"), ["near"]);
    assert_eq!(names_after(&code, "super::super::"), ["deep"]);
}

/// Every crate's folder is named where a reader looks for it: README's
/// list of the layers and design.md's table of crates.
#[test]
fn every_crate_is_named_in_readme_and_design() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let design = std::fs::read_to_string(root.join("design.md")).unwrap();
    let crates = std::fs::read_dir(root.join("crates")).unwrap();
    let mut names: Vec<String> = crates
        .flatten()
        .filter(|entry| entry.path().join("Cargo.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(!names.is_empty());
    for name in names {
        assert!(
            readme.contains(&format!("`crates/{name}`")),
            "README.md does not name crates/{name}"
        );
        assert!(
            design.contains(&format!("\n| `{name}` |")),
            "design.md's table has no row for {name}"
        );
    }
}

/// What the terminal shows is asked once, by the binary, through
/// `console::terminal`: no other source file reads the environment's word
/// on colours, so the depth the binary hands down is the one every layer
/// draws with.
#[test]
fn the_terminal_s_colours_are_asked_in_one_place() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut asking: Vec<String> = Vec::new();
    for folder in [root.join("src"), root.join("crates")] {
        for file in rust_files(&folder) {
            let text = std::fs::read_to_string(&file).unwrap();
            if text.contains("supports_color::") {
                asking.push(file.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    assert_eq!(asking, ["crates/console/src/terminal.rs"]);
}

/// Messages are the binary's to allow: a printer that says anything is
/// made only in `src/`, from the command line, and handed down; below it a
/// crate may make one only to say nothing (`Printer::quiet`, a class's
/// students), so `--quiet` reaches every warning and every bar.
#[test]
fn only_the_binary_makes_a_printer_that_speaks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut making = Vec::new();
    for file in rust_files(&root.join("crates")) {
        let code = without_tests(&without_comments(&std::fs::read_to_string(&file).unwrap()));
        let shown = file.strip_prefix(root).unwrap().display().to_string();
        if shown.contains("/tests/") || shown == "crates/console/src/messages.rs" {
            continue;
        }
        if ["Printer::default()", "Printer::new(", "Printer {"]
            .iter()
            .any(|made| code.contains(made))
        {
            making.push(shown);
        }
    }
    assert_eq!(making, Vec::<String>::new());
}
