//! A table whose columns sort.

use maud::{Markup, html};

/// One cell: what it shows, and the number it sorts by (text sorts as
/// text where there is none).
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// What the cell shows.
    pub text: String,
    /// The cell as a number, for sorting.
    pub number: Option<f64>,
    /// Where the cell leads, if it is a link (a page beside this one).
    pub link: Option<String>,
}

impl Cell {
    /// A cell of text.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            number: None,
            link: None,
        }
    }

    /// A cell showing `text` that sorts as `number`.
    pub fn number(text: impl Into<String>, number: f64) -> Cell {
        Cell {
            number: Some(number),
            ..Cell::text(text)
        }
    }

    /// A link to `href` showing `text`.
    pub fn link(text: impl Into<String>, href: impl Into<String>) -> Cell {
        Cell {
            link: Some(href.into()),
            ..Cell::text(text)
        }
    }
}

/// The script that sorts a table by the column whose header button is
/// pressed, numbers by their `data-sort`, the rest as text; pressed again,
/// the other way. `#sort=HEADER` in the address (`-down` after it: the
/// other way) opens the page sorted so. Its hash is in the page's policy.
pub(crate) const SORT_SCRIPT: &str = r#"
for (const table of document.querySelectorAll("table.sortable")) {
  const heads = Array.from(table.tHead.rows[0].cells);
  heads.forEach((th, column) => {
    const button = th.querySelector("button");
    if (!button) return;
    button.addEventListener("click", () => {
      const down = th.getAttribute("aria-sort") === "ascending";
      heads.forEach((other) => other.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", down ? "descending" : "ascending");
      const key = (row) => {
        const cell = row.cells[column];
        const n = cell.dataset.sort;
        return n === undefined ? cell.textContent.trim().toLowerCase() : parseFloat(n);
      };
      const rows = Array.from(table.tBodies[0].rows);
      rows.sort((a, b) => {
        const x = key(a), y = key(b);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return down ? -order : order;
      });
      for (const row of rows) table.tBodies[0].appendChild(row);
    });
  });
}
const sorted = location.hash.match(/^#sort=([^&]+?)(-down)?$/);
if (sorted) {
  for (const button of document.querySelectorAll("table.sortable th button")) {
    if (button.textContent.trim() !== decodeURIComponent(sorted[1])) continue;
    button.click();
    if (sorted[2]) button.click();
    break;
  }
}
"#;

/// A table of `rows` under `headers`, each header a button that sorts by
/// its column (numbers right-aligned). Without the script, it reads as it
/// stands.
pub fn table(caption: &str, headers: &[&str], rows: &[Vec<Cell>]) -> Markup {
    let numeric: Vec<bool> = (0..headers.len())
        .map(|c| {
            !rows.is_empty()
                && rows
                    .iter()
                    .all(|row| row.get(c).is_some_and(|cell| cell.number.is_some()))
        })
        .collect();
    html! {
        table.sortable {
            caption { (caption) }
            thead {
                tr {
                    @for (c, header) in headers.iter().enumerate() {
                        th scope="col" class=[numeric[c].then_some("number")] { button type="button" { (header) } }
                    }
                }
            }
            tbody {
                @for row in rows {
                    tr {
                        @for (c, cell) in row.iter().enumerate() {
                            td class=[(numeric.get(c) == Some(&true)).then_some("number")] data-sort=[cell.number] {
                                @match &cell.link {
                                    Some(href) => a href=(href) { (visible::without_controls(&cell.text)) },
                                    None => (visible::without_controls(&cell.text)),
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_carry_their_sort_key_and_text_is_escaped() {
        let rows = vec![vec![
            Cell::link("<b>ada</b>", "ada/index.html"),
            Cell::number("57.7", 57.7),
        ]];
        let html = table("Students", &["name", "score"], &rows).into_string();
        assert!(html.contains(r#"<td class="number" data-sort="57.7">57.7</td>"#));
        assert!(html.contains(r#"<a href="ada/index.html">&lt;b&gt;ada&lt;/b&gt;</a>"#));
        assert!(html.contains(r#"<th scope="col" class="number">"#));
        assert!(html.contains(r#"<th scope="col"><button"#));
    }
}
