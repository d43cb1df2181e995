/* card_file.h — the file of a strategy card (docs/card-format.md): its
 * numbered lines "N. RULE" are the rules, in order from 1; every other
 * line is commentary.  Each game reads a rule's text its own way. */
#ifndef FOURCARD_CARD_FILE_H
#define FOURCARD_CARD_FILE_H

#include <stddef.h>

/* Reads path and hands each rule's text, in order, to take(ctx, index,
 * text, why, whylen), which returns 0, or -1 with the problem in why.
 * At most max rules.  Returns the number of rules (>= 1), or -1 with one
 * line "FILE:LINE: problem" or "FILE: problem" in err (no control
 * character from the file reaches it). */
int card_file_read(const char *path, int max, int (*take)(void *ctx, int index, const char *text, char *why, size_t len),
                   void *ctx, char *err, size_t errlen);

#endif
