/* A stand-in for Windows' bcryptprimitives.dll, for running the Windows
   wheel's program under a Wine that lacks it (Debian 12's Wine 8.0): Rust's
   standard library takes its random bytes from ProcessPrng there since Rust
   1.78. These are the same bytes from RtlGenRandom (advapi32's
   SystemFunction036), which every Wine has. scripts/wheel.sh builds it with
   zig into its own Wine prefix; it is never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
