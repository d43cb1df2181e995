/* paytable_checks.h — the checks every paytable loader of a game must pass
 * on bad input (shared by test_split_paytable.c and test_frenzy_rules.c):
 * a bad file is refused with one line naming the file, the marked line
 * and the problem, and the output is left untouched; an unreadable path
 * says why; a short or missing error buffer is allowed. */
#ifndef FOURCARD_PAYTABLE_CHECKS_H
#define FOURCARD_PAYTABLE_CHECKS_H

#include <stddef.h>

/* A game's loader: 0, or -1 with a message in err (err may be NULL). */
struct paytable_loader {
    int (*load)(const char *path, void *out, char *err, size_t errlen);
    size_t out_size; /* the size of its output struct */
};

/* A bad file in the test data, with the marker "<- error" on the line the
 * message must name (or "v error below" on the line above it). */
struct bad_case {
    const char *file;
    int has_line; /* the message names the marked line */
    const char *needles[3];
};

void paytable_check_bad_file(const struct paytable_loader *l, const char *dir, const struct bad_case *c);
void paytable_expect_unreadable(const struct paytable_loader *l, const char *path, int errnum);
/* bad: a file refused with a long message; missing: a path that is not there. */
void paytable_check_small_buffer(const struct paytable_loader *l, const char *bad, const char *missing);

#endif
