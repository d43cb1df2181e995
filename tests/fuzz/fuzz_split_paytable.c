/* fuzz_split_paytable.c — libFuzzer harness for the 4 Card Split paytable
 * reader (split_paytable_load, solver/split/split_rules.h).  The input is
 * the file.  It loads, or fails with one line "FILE:LINE: message" /
 * "FILE: message" (no control character) and leaves *out untouched; a
 * loaded paytable has den >= 1 and its rules in range. */
#include "paytable_common.h"
#include "split_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("split", data, size);
    struct split_paytable pt, before;
    memset(&pt, 0xa5, sizeof pt);
    before = pt;
    char err[1024];
    memset(err, 'x', sizeof err);
    if (split_paytable_load(path, &pt, err, sizeof err) != 0) {
        fuzz_check_error(path, err, sizeof err);
        if (memcmp(&pt, &before, sizeof pt) != 0)
            __builtin_trap(); /* "on error *out is left untouched" */
        return 0;
    }
    if (pt.den < 1 || memchr(pt.name, '\0', sizeof pt.name) == NULL ||
        memchr(pt.version, '\0', sizeof pt.version) == NULL)
        __builtin_trap();
    if (pt.rules.dealer != SPLIT_DEALER_BEST3OF4 && pt.rules.dealer != SPLIT_DEALER_UP_BEST2OF3)
        __builtin_trap();
    /* err may be NULL when errlen is 0 */
    split_paytable_load(path, &pt, NULL, 0);
    return 0;
}
