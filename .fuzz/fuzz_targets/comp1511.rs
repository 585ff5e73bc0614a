//! Any bytes as the COMP1511 game's integer commands: it must end without a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use console::comp1511;

fuzz_target!(|bytes: &[u8]| {
    comp1511::play(bytes, &mut std::io::sink()).unwrap();
});
