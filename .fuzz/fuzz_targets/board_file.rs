//! Any bytes as a board file: either a board that writes back to the same
//! board, or an error that points inside the file.

#![no_main]

use libfuzzer_sys::fuzz_target;
use engine::{parse_board, to_board_file};
use console::render::{Paint, write_solution};

fuzz_target!(|bytes: &[u8]| {
    match parse_board(bytes) {
        Ok(board) => {
            let again =
                parse_board(to_board_file(&board).as_bytes()).expect("a written board reads back");
            assert_eq!(again.mines(), board.mines());
            write_solution(&mut std::io::sink(), &board, Paint::Colour).unwrap();
        }
        Err(error) => {
            let lines = bytes.split(|&b| b == b'\n').count();
            assert!(error.line >= 1 && error.line <= lines + 1, "{error:?}");
            assert!(error.column >= 1);
        }
    }
});
