/* buyout_shoe.c — see buyout_shoe.h. */
#include "buyout_shoe.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "cards.h"
#include "combo.h"

/* The next integer of text at *p (skipping separators and comments):
 * 1 with *v, 0 at the end, -1 on a word that is not an integer. */
static int next_count(const char **p, long *v)
{
    const char *s = *p;
    for (;;) {
        while (*s == ',' || isspace((unsigned char)*s))
            s++;
        if (*s != '#')
            break;
        while (*s && *s != '\n')
            s++;
    }
    if (!*s)
        return *p = s, 0;
    char *end;
    errno = 0;
    *v = strtol(s, &end, 10);
    if (end == s || errno || (*end && *end != ',' && *end != '#' && !isspace((unsigned char)*end)))
        return *p = s, -1;
    *p = end;
    return 1;
}

int buyout_shoe_parse(const char *text, struct buyout_rules *r, char *err, size_t errlen)
{
    long v[NCARDS + 1];
    int n = 0, got;
    const char *p = text;
    while ((got = next_count(&p, &v[n < NCARDS ? n : NCARDS])) == 1)
        if (++n > NCARDS)
            return snprintf(err, errlen, "the shoe has more than %d counts (13 per rank or 52 per card)", NCARDS), -1;
    if (got < 0)
        return snprintf(err, errlen, "the shoe's count '%.*s' is not an integer", (int)strcspn(p, ", \t\r\n#"), p), -1;
    if (n != NRANKS && n != NCARDS)
        return snprintf(err, errlen, "the shoe has %d counts; give 13 (per rank, 2 to A) or 52 (per card)", n), -1;
    for (int c = 0; c < NCARDS; c++) {
        long k = n == NRANKS ? v[card_rank((card_t)c)] : v[c];
        char name[3];
        card_format((card_t)c, name);
        if (k < 0)
            return snprintf(err, errlen, "the shoe's count of %s is negative (%ld)", n == NRANKS ? card_rank_word(card_rank((card_t)c)) : name, k), -1;
        if (k > BUYOUT_MAX_DECKS)
            return snprintf(err, errlen, "the shoe's count of %s is %ld; at most %d (six decks)",
                            n == NRANKS ? card_rank_word(card_rank((card_t)c)) : name, k, BUYOUT_MAX_DECKS), -1;
        r->shoe[c] = (int8_t)k;
    }
    r->shoe_given = true;
    return 0;
}

void buyout_shoe_full(struct buyout_rules *r)
{
    for (int c = 0; c < NCARDS; c++)
        r->shoe[c] = BUYOUT_MAX_DECKS;
    r->shoe_given = true;
}

void buyout_shoe_less(struct buyout_rules *r, card_t c)
{
    buyout_shoe_full(r);
    r->shoe[c]--;
}

int buyout_shoe_even_suits(const struct buyout_rules *r)
{
    for (int c = 0; c < NCARDS; c++)
        if (r->shoe[c] != r->shoe[card_make(card_rank((card_t)c), 0)])
            return 0;
    return 1;
}

/* Up to this many card types short of six decks are named one by one. */
enum { NAMED_MISSING = 24 };

const char *buyout_shoe_describe(const struct buyout_rules *r, char *buf, size_t len)
{
    int total = 0, missing = 0;
    for (int c = 0; c < NCARDS; c++)
        total += r->shoe[c], missing += r->shoe[c] < BUYOUT_MAX_DECKS;
    size_t at = (size_t)snprintf(buf, len, "a given shoe of %d cards", total);
#define PUT(...) (at += (size_t)snprintf(buf + at, at < len ? len - at : 0, __VA_ARGS__))
    if (buyout_shoe_even_suits(r)) {
        PUT(", in every suit");
        for (int k = 0; k < NRANKS; k++)
            PUT(" %s:%d", card_rank_word(k), r->shoe[card_make(k, 0)]);
    } else if (missing <= NAMED_MISSING) {
        PUT(", six decks less");
        for (int c = 0; c < NCARDS; c++) {
            char name[3];
            card_format((card_t)c, name);
            int less = BUYOUT_MAX_DECKS - r->shoe[c];
            if (less == 1)
                PUT(" %s", name);
            else if (less > 1)
                PUT(" %s x%d", name, less);
        }
    } else {
        PUT(", copies of each card (2c 2d 2h 2s ... As):");
        for (int c = 0; c < NCARDS; c++)
            PUT("%s%d", c % 4 ? "," : " ", r->shoe[c]);
    }
#undef PUT
    return buf;
}

/* ---- 4 cards from a shoe ---- */

/* Every multiset of 4 card types as up to 4 parts (copies m of type t:
 * index m * 52 + t into the weight table, index 0 = weight 1) and its
 * points. */
struct hand4 {
    uint16_t part[4];
    uint8_t points;
};
enum { NHANDS4 = 341055 }; /* C(55, 4) */
static struct hand4 *hands4;

int buyout_hands4_init(void)
{
    int rc = 0;
#pragma omp critical(buyout_hands4)
    if (!hands4) {
        struct hand4 *h = malloc(NHANDS4 * sizeof *h);
        long n = 0;
        for (int d = 0; h && d < NCARDS; d++)
            for (int c = 0; c <= d; c++)
                for (int b = 0; b <= c; b++)
                    for (int a = 0; a <= b; a++) {
                        card_t x[4] = {(card_t)a, (card_t)b, (card_t)c, (card_t)d};
                        struct hand4 *e = &h[n++];
                        int np = 0;
                        for (int i = 0; i < 4; i++) {
                            int m = 1;
                            while (i + 1 < 4 && x[i + 1] == x[i])
                                m++, i++;
                            e->part[np++] = (uint16_t)(m * NCARDS + x[i]);
                        }
                        while (np < 4)
                            e->part[np++] = 0;
                        e->points = (uint8_t)buyout_fast_points(x, 4, BUYOUT_FIVE_BEST4);
                    }
        if (h && n != NHANDS4)
            free(h), h = NULL;
        hands4 = h;
        rc = h ? 0 : -1;
    }
    return rc;
}

wide_t buyout_hands4_points(const int count[NCARDS], wide_t dist[BUYOUT_NPOINTS])
{
    int64_t w[5 * NCARDS];
    int N = 0;
    for (int t = 0; t < NCARDS; t++) {
        N += count[t];
        for (int m = 0; m <= 4; m++)
            w[m * NCARDS + t] = (int64_t)binomial(count[t], m);
    }
    w[0] = 1;
    int64_t by[BUYOUT_NPOINTS] = {0};
    for (long i = 0; i < NHANDS4; i++) {
        const struct hand4 *e = &hands4[i];
        by[e->points] += w[e->part[0]] * w[e->part[1]] * w[e->part[2]] * w[e->part[3]];
    }
    for (int p = 0; p < BUYOUT_NPOINTS; p++)
        dist[p] = by[p];
    return (wide_t)binomial(N, 4);
}
