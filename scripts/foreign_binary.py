"""Checks a Windows or macOS executable built on Linux, from its headers.

    python3 scripts/foreign_binary.py windows FILE
    python3 scripts/foreign_binary.py macos FILE

Prints what the file is (its format, processors and the libraries it loads)
and exits with 1, saying why, when it would not start on the system its
wheel is tagged for:

- windows: a PE32+ console program for x86-64 that loads only Windows' own
  DLLs (the system's, the API sets and the universal C runtime of Windows
  10), never a MinGW runtime that a student's laptop lacks;
- macos: a universal binary with an x86-64 and an arm64 slice, each asking
  for no newer macOS than its wheel tag (10.12 and 11.0) and loading only
  libraries of the system (/usr/lib, /System/Library), the arm64 slice
  signed (Apple silicon refuses to run an unsigned program).

Only the standard library: the readers binutils has for ELF do not read
Mach-O, and the script runs before anything is installed.
"""

import struct
import sys

# The DLLs of Windows itself (lower case). Anything else would have to be
# shipped beside the program.
WINDOWS_OWN = {
    "advapi32.dll",
    "bcrypt.dll",
    "bcryptprimitives.dll",
    "combase.dll",
    "crypt32.dll",
    "kernel32.dll",
    "kernelbase.dll",
    "msvcrt.dll",
    "ntdll.dll",
    "ole32.dll",
    "oleaut32.dll",
    "secur32.dll",
    "shell32.dll",
    "user32.dll",
    "userenv.dll",
    "ws2_32.dll",
}
# API sets (api-ms-win-core-*, api-ms-win-crt-*: the universal C runtime,
# part of Windows from 10 on).
WINDOWS_API_SET = "api-ms-win-"

MACOS_SLICES = {0x01000007: ("x86_64", (10, 12)), 0x0100000C: ("arm64", (11, 0))}
MACOS_SYSTEM = ("/usr/lib/", "/System/Library/")
LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB = 0xC, 0x80000018, 0x8000001F
LC_CODE_SIGNATURE, LC_VERSION_MIN_MACOSX, LC_BUILD_VERSION = 0x1D, 0x24, 0x32


class Refused(Exception):
    """What makes the file unfit, in a sentence."""


def u16(data, at):
    return struct.unpack_from("<H", data, at)[0]


def u32(data, at):
    return struct.unpack_from("<I", data, at)[0]


def c_string(data, at):
    end = data.index(b"\0", at)
    return data[at:end].decode("ascii", "replace")


def windows(data):
    if data[:2] != b"MZ":
        raise Refused("not a Windows executable (no MZ header)")
    pe = u32(data, 0x3C)
    if data[pe : pe + 4] != b"PE\0\0":
        raise Refused("no PE header")
    machine, sections = u16(data, pe + 4), u16(data, pe + 6)
    optional_size = u16(data, pe + 20)
    optional = pe + 24
    if u16(data, optional) != 0x20B:
        raise Refused("not PE32+ (a 64-bit program)")
    if machine != 0x8664:
        raise Refused(f"not for x86-64 (machine {machine:#x})")
    if u16(data, optional + 68) != 3:
        raise Refused("not a console program (its subsystem is not 3)")
    table = optional + optional_size
    spans = [
        (u32(data, s + 12), u32(data, s + 8), u32(data, s + 20))
        for s in range(table, table + 40 * sections, 40)
    ]

    def offset(rva):
        for start, size, raw in spans:
            if start <= rva < start + size:
                return raw + rva - start
        raise Refused(f"address {rva:#x} lies in no section")

    loaded = []
    # The import table (directory 1) and the delay-load one (13).
    for directory, entry_size, name_at in ((1, 20, 12), (13, 32, 4)):
        rva = u32(data, optional + 112 + 8 * directory)
        if rva == 0:
            continue
        at = offset(rva)
        while any(data[at : at + entry_size]):
            loaded.append(c_string(data, offset(u32(data, at + name_at))))
            at += entry_size
    print("PE32+ console program for x86-64")
    names = sorted({name.lower() for name in loaded})
    print("loads:", ", ".join(names))
    foreign = [
        n for n in names if n not in WINDOWS_OWN and not n.startswith(WINDOWS_API_SET)
    ]
    if foreign:
        raise Refused("loads DLLs Windows does not have: " + ", ".join(foreign))


def macos_version(packed):
    return (packed >> 16, (packed >> 8) & 0xFF)


def macos_slice(data, at):
    if u32(data, at) != 0xFEEDFACF:
        raise Refused("a slice is not a 64-bit Mach-O file")
    cpu, commands = u32(data, at + 4), u32(data, at + 16)
    if cpu not in MACOS_SLICES:
        raise Refused(f"a slice for an unknown processor ({cpu:#x})")
    name, newest = MACOS_SLICES[cpu]
    libraries, signed, needs = [], False, None
    command = at + 32
    for _ in range(commands):
        kind, size = u32(data, command), u32(data, command + 4)
        if kind in (LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB):
            libraries.append(c_string(data, command + u32(data, command + 8)))
        elif kind == LC_CODE_SIGNATURE:
            signed = True
        elif kind == LC_VERSION_MIN_MACOSX:
            needs = macos_version(u32(data, command + 8))
        elif kind == LC_BUILD_VERSION:
            needs = macos_version(u32(data, command + 12))
        command += size
    shown = "macOS %d.%d" % needs if needs else "no macOS version said"
    print(f"{name}: needs {shown}, {'signed' if signed else 'unsigned'}")
    print(f"{name} loads:", ", ".join(libraries))
    if needs is None or needs > newest:
        raise Refused(f"the {name} slice needs {shown}, newer than %d.%d" % newest)
    foreign = [lib for lib in libraries if not lib.startswith(MACOS_SYSTEM)]
    if foreign:
        raise Refused(f"the {name} slice loads what macOS lacks: " + ", ".join(foreign))
    if name == "arm64" and not signed:
        raise Refused("the arm64 slice is not signed: Apple silicon would not run it")
    return name


def macos(data):
    if struct.unpack_from(">I", data, 0)[0] != 0xCAFEBABE:
        raise Refused("not a universal (fat) Mach-O file")
    count = struct.unpack_from(">I", data, 4)[0]
    names = []
    for n in range(count):
        _cpu, _sub, at, _size, _align = struct.unpack_from(">5I", data, 8 + 20 * n)
        names.append(macos_slice(data, at))
    if sorted(names) != ["arm64", "x86_64"]:
        raise Refused("slices " + ", ".join(names) + ", not x86_64 and arm64")
    print("universal binary: x86_64 and arm64")


def main(argv):
    if len(argv) != 3 or argv[1] not in ("windows", "macos"):
        print("usage: foreign_binary.py windows|macos FILE", file=sys.stderr)
        return 2
    with open(argv[2], "rb") as file:
        data = file.read()
    try:
        (windows if argv[1] == "windows" else macos)(data)
    except (Refused, struct.error, ValueError, IndexError) as refused:
        print(f"error: {argv[2]}: {refused}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
