"""scripts/foreign_binary.py on executables made byte by byte: what it must
pass (what the wheels hold) and each thing it must refuse."""

import struct
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("foreign_binary.py")


def check(tmp_path, system, data):
    file = tmp_path / "program"
    file.write_bytes(data)
    return subprocess.run(
        [sys.executable, str(SCRIPT), system, str(file)],
        capture_output=True,
        text=True,
    )


def pe(dlls, magic=0x20B, machine=0x8664, subsystem=3):
    """A PE file whose import table names `dlls`."""
    optional_size = 240
    optional = 0x40 + 24
    table = optional + optional_size
    image = bytearray(0x400 + 32 * (len(dlls) + 1))
    image[:2] = b"MZ"
    struct.pack_into("<I", image, 0x3C, 0x40)
    image[0x40:0x44] = b"PE\0\0"
    struct.pack_into("<HH", image, 0x44, machine, 1)
    struct.pack_into("<H", image, 0x40 + 20, optional_size)
    struct.pack_into("<H", image, optional, magic)
    struct.pack_into("<H", image, optional + 68, subsystem)
    # The import directory at address 0x1000, in the one section, which
    # maps 0x1000.. to the file's 0x200..
    struct.pack_into("<II", image, optional + 112 + 8, 0x1000, 20 * (len(dlls) + 1))
    struct.pack_into("<III", image, table + 8, 0x1000, 0x1000, 0)
    struct.pack_into("<I", image, table + 20, 0x200)
    names = 0x200 + 20 * (len(dlls) + 1)
    for n, dll in enumerate(dlls):
        at = names + 32 * n
        image[at : at + len(dll)] = dll.encode()
        struct.pack_into("<I", image, 0x200 + 20 * n + 12, 0x1000 + at - 0x200)
    return bytes(image)


def macho_slice(cpu, minos, libraries, signed):
    commands = [struct.pack("<IIIIII", 0x32, 24, 1, minos, minos, 0)]
    for library in libraries:
        name = library.encode() + b"\0"
        name += b"\0" * (-len(name) % 8)
        commands.append(struct.pack("<IIIIII", 0xC, 24 + len(name), 24, 0, 0, 0) + name)
    if signed:
        commands.append(struct.pack("<IIII", 0x1D, 16, 0, 0))
    body = b"".join(commands)
    header = struct.pack("<IIIIIIII", 0xFEEDFACF, cpu, 0, 2, len(commands), len(body), 0, 0)
    return header + body


def fat(*slices):
    header = struct.pack(">II", 0xCAFEBABE, len(slices))
    at = 4096
    entries, bodies = b"", b""
    for cpu, body in slices:
        entries += struct.pack(">5I", cpu, 0, at + len(bodies), len(body), 12)
        bodies += body + b"\0" * (-len(body) % 4096)
    return header + entries + b"\0" * (at - len(header) - len(entries)) + bodies


X86_64, ARM64 = 0x01000007, 0x0100000C
SYSTEM = ["/usr/lib/libSystem.B.dylib", "/usr/lib/libiconv.2.dylib"]


def mac(arm_minos=0x0B0000, arm_libraries=SYSTEM, arm_signed=True, x86=True):
    slices = [(ARM64, macho_slice(ARM64, arm_minos, arm_libraries, arm_signed))]
    if x86:
        slices.append((X86_64, macho_slice(X86_64, 0x0A0C00, SYSTEM, False)))
    return fat(*slices)


def test_a_program_loading_windows_own_dlls_passes(tmp_path):
    result = check(tmp_path, "windows", pe(["KERNEL32.dll", "api-ms-win-crt-heap-l1-1-0.dll"]))
    assert result.returncode == 0, result.stderr
    assert "loads: api-ms-win-crt-heap-l1-1-0.dll, kernel32.dll" in result.stdout


@pytest.mark.parametrize(
    "data, why",
    [
        (pe(["KERNEL32.dll", "libgcc_s_seh-1.dll"]), "Windows does not have: libgcc_s_seh-1.dll"),
        (pe(["KERNEL32.dll"], magic=0x10B), "not PE32+"),
        (pe(["KERNEL32.dll"], machine=0xAA64), "not for x86-64"),
        (pe(["KERNEL32.dll"], subsystem=2), "not a console program"),
        (b"\x7fELF" + bytes(60), "not a Windows executable"),
        (b"MZ", "error:"),
    ],
)
def test_what_windows_would_not_start_is_refused(tmp_path, data, why):
    result = check(tmp_path, "windows", data)
    assert result.returncode == 1
    assert why in result.stderr


def test_a_universal_binary_of_the_system_s_libraries_passes(tmp_path):
    result = check(tmp_path, "macos", mac())
    assert result.returncode == 0, result.stderr
    assert "arm64: needs macOS 11.0, signed" in result.stdout
    assert "x86_64: needs macOS 10.12, unsigned" in result.stdout


@pytest.mark.parametrize(
    "data, why",
    [
        (mac(arm_signed=False), "not signed"),
        (mac(arm_minos=0x0C0000), "needs macOS 12.0, newer than 11.0"),
        (mac(arm_libraries=["/opt/homebrew/lib/libgmp.10.dylib"]), "macOS lacks"),
        (mac(x86=False), "not x86_64 and arm64"),
        (macho_slice(ARM64, 0x0B0000, SYSTEM, True), "not a universal"),
    ],
)
def test_what_a_mac_would_not_start_is_refused(tmp_path, data, why):
    result = check(tmp_path, "macos", data)
    assert result.returncode == 1
    assert why in result.stderr
