/* fuzz_cards.c — libFuzzer harness for the card parser (kernels/cards.h).
 *
 * Any input either parses or fails with a one-line message (non-empty, no
 * line break inside); when it parses, formatting the cards and parsing the
 * text again gives the same cards, and cards_parse_exact agrees.  The
 * first byte picks the parser's max (1..64), the rest is the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"

enum { MAXCARDS = 64 };

/* A line break inside a message breaks the one-line promise. */
static int has_line_break(const char *s)
{
    return strpbrk(s, "\n\r\v\f") != NULL;
}

/* The message the parser wrote: non-empty, NUL-terminated in the buffer,
 * one line. */
static void check_error(const char *err, size_t errlen)
{
    if (memchr(err, '\0', errlen) == NULL || err[0] == '\0')
        __builtin_trap();
    if (has_line_break(err))
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int max = 1 + data[0] % MAXCARDS;
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0'; /* the parser reads up to the first NUL */

    card_t cards[MAXCARDS], again[MAXCARDS];
    char err[256];
    memset(err, 'x', sizeof err);
    int n = cards_parse(text, cards, max, err, sizeof err);
    if (n < 0) {
        if (n != -1)
            __builtin_trap();
        check_error(err, sizeof err);
        free(text);
        return 0;
    }
    if (n > max)
        __builtin_trap();
    for (int i = 0; i < n; i++)
        if (cards[i] >= NCARDS)
            __builtin_trap();

    /* Round trip: "As Kd ..." parses back to the same ids. */
    char buf[3 * MAXCARDS + 1];
    cards_format(cards, n, buf, sizeof buf);
    if (strlen(buf) != (size_t)(n ? 3 * n - 1 : 0))
        __builtin_trap();
    char err2[256];
    int m = cards_parse(buf, again, MAXCARDS, err2, sizeof err2);
    if (m != n || memcmp(cards, again, (size_t)n) != 0)
        __builtin_trap();

    /* cards_parse_exact: accepts exactly n distinct cards, else one line. */
    if (n > 0) {
        memset(err, 'x', sizeof err);
        int rc = cards_parse_exact(text, again, n, err, sizeof err);
        cardmask_t mask = cards_to_mask(cards, n);
        int distinct = mask_count(mask) == n;
        if (rc == 0 && (!distinct || memcmp(cards, again, (size_t)n) != 0))
            __builtin_trap();
        if (rc != 0) {
            if (rc != -1 || distinct)
                __builtin_trap();
            check_error(err, sizeof err);
        }
    }
    free(text);
    return 0;
}
