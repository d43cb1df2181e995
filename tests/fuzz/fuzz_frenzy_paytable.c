/* fuzz_frenzy_paytable.c — libFuzzer harness for the Four Card Frenzy
 * paytable reader (frenzy_paytable_load, solver/frenzy/frenzy_rules.h).
 * The input is the file.  It loads, or fails with one line
 * "FILE:LINE: message" / "FILE: message" (no control character) and
 * leaves *out untouched; a loaded paytable has 1..4 tables in kind order,
 * each with den >= 1. */
#include "frenzy_rules.h"
#include "paytable_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("frenzy", data, size);
    struct frenzy_paytable pt, before;
    memset(&pt, 0xa5, sizeof pt);
    before = pt;
    char err[1024];
    memset(err, 'x', sizeof err);
    if (frenzy_paytable_load(path, &pt, err, sizeof err) != 0) {
        fuzz_check_error(path, err, sizeof err);
        if (memcmp(&pt, &before, sizeof pt) != 0)
            __builtin_trap(); /* "on error *out is untouched" */
        return 0;
    }
    if (pt.ntables < 1 || pt.ntables > FT_NKINDS || memchr(pt.name, '\0', sizeof pt.name) == NULL)
        __builtin_trap();
    for (int i = 0; i < pt.ntables; i++) {
        if (pt.tables[i].den < 1 || (int)pt.tables[i].kind < 0 || pt.tables[i].kind >= FT_NKINDS)
            __builtin_trap();
        if (i > 0 && pt.tables[i].kind <= pt.tables[i - 1].kind)
            __builtin_trap();
    }
    frenzy_paytable_load(path, &pt, NULL, 0); /* err may be NULL when errlen is 0 */
    return 0;
}
