#include "cards.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

const char RANK_CHARS[NRANKS + 1] = "23456789TJQKA";

static const char *const RANK_WORDS[NRANKS] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};

const char *card_rank_word(int rank) { return RANK_WORDS[rank]; }

int card_rank_of_word(const char *w, size_t n)
{
    for (int r = 0; r < NRANKS; r++)
        if (strlen(RANK_WORDS[r]) == n && !strncasecmp(w, RANK_WORDS[r], n))
            return r;
    return n == 1 && (w[0] == 'T' || w[0] == 't') ? RANK_TEN : -1;
}
const char SUIT_CHARS[NSUITS + 1] = "cdhs";

cardmask_t cards_to_mask(const card_t *cards, int n)
{
    cardmask_t m = 0;
    for (int i = 0; i < n; i++)
        m |= card_bit(cards[i]);
    return m;
}

int mask_to_cards(cardmask_t m, card_t *out)
{
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (m & card_bit((card_t)c))
            out[n++] = (card_t)c;
    return n;
}

void cards_rank_counts(const card_t *cards, int n, int counts[NRANKS])
{
    memset(counts, 0, NRANKS * sizeof counts[0]);
    for (int i = 0; i < n; i++)
        counts[card_rank(cards[i])]++;
}

void cards_suit_counts(const card_t *cards, int n, int counts[NSUITS])
{
    memset(counts, 0, NSUITS * sizeof counts[0]);
    for (int i = 0; i < n; i++)
        counts[card_suit(cards[i])]++;
}

static int rank_of_char(int ch)
{
    const char *p = strchr(RANK_CHARS, toupper(ch));
    return (ch && p) ? (int)(p - RANK_CHARS) : -1;
}

static int suit_of_char(int ch)
{
    const char *p = strchr(SUIT_CHARS, tolower(ch));
    return (ch && p) ? (int)(p - SUIT_CHARS) : -1;
}

/* Reads one card token starting at *s (no separators); advances *s. */
static int parse_token(const char **s, card_t *out)
{
    const char *p = *s;
    int rank;
    if (p[0] == '1' && p[1] == '0') {
        rank = RANK_TEN;
        p += 2;
    } else {
        rank = rank_of_char((unsigned char)p[0]);
        if (rank < 0)
            return -1;
        p += 1;
    }
    int suit = suit_of_char((unsigned char)*p);
    if (suit < 0)
        return -1;
    p++;
    if (*p && !isspace((unsigned char)*p) && *p != ',')
        return -1;
    *out = card_make(rank, suit);
    *s = p;
    return 0;
}

/* The text as a message quotes it: on one line, every blank (the
 * separators include line breaks) a space, at most 64 characters (other
 * control characters stay: cli_error escapes them). */
static const char *quoted(const char *text, char buf[72])
{
    size_t n = 0;
    for (; text[n] && n < 64; n++) {
        unsigned char c = (unsigned char)text[n];
        buf[n] = isspace(c) ? ' ' : (char)c;
    }
    snprintf(buf + n, 72 - n, "%s", text[n] ? "..." : "");
    return buf;
}

int cards_parse(const char *text, card_t *out, int max, char *err, size_t errlen)
{
    char q[72];
    int n = 0;
    const char *s = text;
    for (;;) {
        while (*s && (isspace((unsigned char)*s) || *s == ','))
            s++;
        if (!*s)
            return n;
        const char *start = s;
        card_t c;
        if (parse_token(&s, &c) != 0) {
            size_t len = 0; /* the token: up to a blank or a comma */
            while (start[len] && !isspace((unsigned char)start[len]) && start[len] != ',' && len < 16)
                len++;
            char token[17];
            snprintf(token, sizeof token, "%.*s", (int)len, start);
            snprintf(err, errlen, "bad card '%s' (expected rank 2-9/T/10/J/Q/K/A and suit c/d/h/s, e.g. 'As')",
                     quoted(token, q));
            return -1;
        }
        if (n == max) {
            snprintf(err, errlen, "too many cards in '%s' (at most %d)", quoted(text, q), max);
            return -1;
        }
        out[n++] = c;
    }
}

int cards_parse_exact(const char *text, card_t *out, int n, char *err, size_t errlen)
{
    char q[72];
    int got = cards_parse(text, out, n, err, errlen);
    if (got < 0)
        return -1;
    if (got != n) {
        snprintf(err, errlen, "expected %d cards in '%s', got %d", n, quoted(text, q), got);
        return -1;
    }
    cardmask_t seen = 0;
    for (int i = 0; i < n; i++) {
        if (seen & card_bit(out[i])) {
            char c[3];
            card_format(out[i], c);
            snprintf(err, errlen, "duplicate card %s in '%s'", c, quoted(text, q));
            return -1;
        }
        seen |= card_bit(out[i]);
    }
    return 0;
}

void card_format(card_t c, char buf[3])
{
    buf[0] = RANK_CHARS[card_rank(c)];
    buf[1] = SUIT_CHARS[card_suit(c)];
    buf[2] = 0;
}

char *cards_format(const card_t *cards, int n, char *buf, size_t len)
{
    size_t at = 0;
    if (len)
        buf[0] = 0;
    for (int i = 0; i < n && at + 3 < len; i++) {
        if (i)
            buf[at++] = ' ';
        card_format(cards[i], buf + at);
        at += 2;
    }
    return buf;
}
