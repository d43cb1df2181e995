/* paytable_ini.h — what the paytable file loaders (4 Card Split, Four Card
 * Frenzy) share: reading an INI file through inih with line numbers and
 * the checks inih cannot make, exact decimal payouts, and one-line error
 * messages "FILE:LINE: message".
 *
 * A loader describes its sections and keys (struct paytable_format),
 * embeds a struct paytable_ini in its state and runs paytable_ini_load
 * with its inih handler; the handler finds where a key goes with
 * paytable_ini_key and reads the value.
 */
#ifndef FOURCARD_PAYTABLE_INI_H
#define FOURCARD_PAYTABLE_INI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <ini.h>

#include "decimal.h"

/* Payout limits.  Every denominator divides 10^PAYTABLE_MAX_PLACES, so
 * their lcm does too, and a scaled payout is at most PAYTABLE_MAX_PAYOUT *
 * 10^PAYTABLE_MAX_PLACES = 1e12: int64 arithmetic never overflows. */
enum { PAYTABLE_MAX_PLACES = 6 };
#define PAYTABLE_MAX_PAYOUT INT64_C(1000000)

/* A payout as read: num / den, reduced; den divides 10^PAYTABLE_MAX_PLACES. */
struct paytable_decimal {
    int64_t num, den;
};

/* Parses a payout "D+[.D{1,6}]" up to PAYTABLE_MAX_PAYOUT exactly
 * (decimal.h); *out is set only on success. */
enum decimal_status paytable_parse_decimal(const char *text, struct paytable_decimal *out);
/* Why a status is not a payout, for "bad value" messages (NULL for OK). */
const char *paytable_decimal_why(enum decimal_status status);

/* The least common multiple of two positive denominators. */
int64_t paytable_lcm(int64_t a, int64_t b);

/* The sections and keys of a file format; sections and keys are indexes
 * from 0, found case-insensitively. */
struct paytable_format {
    int nsections;
    const char *(*section_name)(int sec);
    int (*nkeys)(int sec);
    const char *(*key_name)(int sec, int k);
    const char *sections_expected; /* "[a], [b] or [c]", for unknown sections */
};

/* A paytable file has a few dozen lines; one past this many is refused
 * at its line ("FILE:100001: more than 100000 lines").  So the line
 * counts, ours and inih's (ints both), never come near INT_MAX. */
#define PAYTABLE_MAX_LINES 100000

#define PAYTABLE_MAX_SECTIONS 8
#define PAYTABLE_MAX_KEYS 16
/* For a loader's file scope: its format must fit struct paytable_ini. */
#define PAYTABLE_FORMAT_FITS(nsections, max_keys)                                                        \
    _Static_assert((nsections) <= PAYTABLE_MAX_SECTIONS && (max_keys) <= PAYTABLE_MAX_KEYS,               \
                   "more sections or keys than struct paytable_ini holds")

/* The reading state shared by the loaders; 0-initialise it. */
struct paytable_ini {
    const struct paytable_format *format;
    const char *path;
    FILE *file;
    int line;       /* the line inih is working on */
    int read_errno; /* errno of a failed read, 0 when none */
    int section_line[PAYTABLE_MAX_SECTIONS];              /* 0 = not seen yet */
    int key_line[PAYTABLE_MAX_SECTIONS][PAYTABLE_MAX_KEYS]; /* 0 = not given yet */
    int err_line;   /* line of the first error, 0 when none or not line-bound */
    bool failed;
    char *err;
    size_t errlen;
};

/* Opens and parses path, calling on_key(user, ...) per "key = value".
 * Clears err; returns false when an error is recorded there. */
bool paytable_ini_load(struct paytable_ini *ini, const struct paytable_format *format, const char *path,
                       char *err, size_t errlen, ini_handler on_key, void *user);

/* Where a "key = value" of the handler goes: returns its section, with *k
 * the key and its line recorded, or -1 once an error is recorded (a key
 * above any header, a duplicate key).  An unknown key gives *k = -1 and
 * no error: the loader words that message. */
int paytable_ini_key(struct paytable_ini *ini, const char *section, const char *key, int *k);

/* Reads the [game] name into name (size bytes), or records why it is bad. */
int paytable_ini_read_name(struct paytable_ini *ini, const char *value, char *name, size_t size);

/* Records the first error, "FILE:LINE: message" (or "FILE: message" when
 * line is 0); later ones would only be consequences.  Returns 0, the inih
 * handler's "stop" value, so callers can return it. */
__attribute__((format(printf, 3, 4)))
int paytable_fail_at(struct paytable_ini *ini, int line, const char *fmt, ...);

/* An error on the line inih is working on. */
#define paytable_fail(ini, ...) paytable_fail_at((ini), (ini)->line, __VA_ARGS__)

#endif
