/* buyout_card_text.c — a Buyout card's rules in words, and back:
 * "CARD[, LIMIT]...: ACTION", CARD "3rd card" or "4th card", a LIMIT
 * "points N", "points with it N", "adds N" (N, "N or more", "N or less",
 * "N to M"), "upcard R", "high card R" or "2nd card R" (a rank, "R or
 * higher", "R or lower", "R to R2"), with the hole card seen "dealer N"
 * (the points of his upcard and hole card, 0..22), the ACTION "buy",
 * "refuse" or "fold" (docs/card-format.md). */
#include "buyout_card.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buyout.h"
#include "card_file.h"
#include "cards.h"

static const char *const GROUPS[BUYOUT_CARD_GROUPS] = {"3rd card", "4th card"};
static const char *const ACTIONS[3] = {"fold", "refuse", "buy"}; /* enum buyout_choice */
enum { TOP = BUYOUT_CARD_POINTS - 1 };

static bool in(int x, int lo, int hi) { return x >= lo && x <= hi; }

int buyout_card_match(const struct buyout_card *c, int group, const struct buyout_view *v)
{
    for (int i = 0; i < c->n; i++) {
        const struct buyout_rule *r = &c->rule[i];
        if (r->group == group && in(v->points, r->points_lo, r->points_hi) && in(v->with, r->with_lo, r->with_hi) &&
            in(v->adds, r->adds_lo, r->adds_hi) && in(v->up, r->up_lo, r->up_hi) &&
            in(v->high, r->high_lo, r->high_hi) && in(v->second, r->second_lo, r->second_hi) &&
            (!r->has_dealer || in(v->dealer, r->dealer_lo, r->dealer_hi)))
            return i;
    }
    return -1;
}

int buyout_card_action(const struct buyout_card *c, int group, const struct buyout_view *v, const bool legal[3])
{
    int i = buyout_card_match(c, group, v);
    if (i < 0)
        return -1;
    return legal[c->rule[i].action] ? c->rule[i].action : BUYOUT_FOLD;
}

bool buyout_card_has_dealer(const struct buyout_card *c)
{
    for (int i = 0; i < c->n; i++)
        if (c->rule[i].has_dealer)
            return true;
    return false;
}

int buyout_high_card(const card_t first3[3])
{
    int high = 0;
    for (int i = 0; i < 3; i++)
        high = card_rank(first3[i]) > high ? card_rank(first3[i]) : high;
    return high;
}

int buyout_second_card(const card_t first3[3])
{
    int r0 = card_rank(first3[0]), r1 = card_rank(first3[1]), r2 = card_rank(first3[2]);
    int low = r0 < r1 ? r0 : r1;
    low = r2 < low ? r2 : low;
    return r0 + r1 + r2 - low - buyout_high_card(first3); /* the one between */
}

struct buyout_view buyout_view_of(const card_t *cards, int held, card_t up)
{
    int points = buyout_points(cards, held), with = buyout_points(cards, held + 1);
    return (struct buyout_view){points, with, with - points, card_rank(up), buyout_high_card(cards),
                                buyout_second_card(cards), -1};
}

/* ", NAME RANGE" unless the range is all; words[] names the values. */
static size_t range_text(char *buf, size_t len, size_t used, const char *name, int lo, int hi, int top,
                         bool ranks)
{
    char a[8], b[8];
    if (used >= len || (lo == 0 && hi == top))
        return used;
    snprintf(a, sizeof a, "%s", ranks ? card_rank_word(lo) : "");
    snprintf(b, sizeof b, "%s", ranks ? card_rank_word(hi) : "");
    if (!ranks)
        snprintf(a, sizeof a, "%d", lo), snprintf(b, sizeof b, "%d", hi);
    const char *more = ranks ? "higher" : "more", *less = ranks ? "lower" : "less";
    int n;
    if (lo == hi)
        n = snprintf(buf + used, len - used, ", %s %s", name, a);
    else if (lo == 0)
        n = snprintf(buf + used, len - used, ", %s %s or %s", name, b, less);
    else if (hi == top)
        n = snprintf(buf + used, len - used, ", %s %s or %s", name, a, more);
    else
        n = snprintf(buf + used, len - used, ", %s %s to %s", name, a, b);
    return used + (size_t)n;
}

char *buyout_rule_text(const struct buyout_rule *r, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%s", GROUPS[r->group]);
    if (r->has_dealer)
        used = range_text(buf, len, used, "dealer", r->dealer_lo, r->dealer_hi, BUYOUT_CARD_DEALER - 1, false);
    used = range_text(buf, len, used, "points", r->points_lo, r->points_hi, TOP, false);
    used = range_text(buf, len, used, "points with it", r->with_lo, r->with_hi, TOP, false);
    used = range_text(buf, len, used, "adds", r->adds_lo, r->adds_hi, TOP, false);
    used = range_text(buf, len, used, "upcard", r->up_lo, r->up_hi, NRANKS - 1, true);
    used = range_text(buf, len, used, "high card", r->high_lo, r->high_hi, NRANKS - 1, true);
    used = range_text(buf, len, used, "2nd card", r->second_lo, r->second_hi, NRANKS - 1, true);
    if (used < len)
        snprintf(buf + used, len - used, ": %s", ACTIONS[r->action]);
    return buf;
}

/* ------------------------------------------------------------------ */

/* A value: a number 0..top, or a rank word. */
static int value_of(const char *w, size_t n, bool ranks, int top)
{
    if (ranks)
        return card_rank_of_word(w, n);
    int v = 0;
    if (n == 0 || n > 2)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)w[i]))
            return -1;
        v = 10 * v + (w[i] - '0');
    }
    return v <= top ? v : -1;
}

static int parse_range(const char *s, bool ranks, int top, uint8_t *lo, uint8_t *hi)
{
    size_t n = strcspn(s, " ");
    int a = value_of(s, n, ranks, top);
    const char *rest = s + n, *more = ranks ? " or higher" : " or more", *less = ranks ? " or lower" : " or less";
    if (a < 0)
        return -1;
    if (!*rest)
        return *lo = *hi = (uint8_t)a, 0;
    if (!strcasecmp(rest, more))
        return *lo = (uint8_t)a, *hi = (uint8_t)top, 0;
    if (!strcasecmp(rest, less))
        return *lo = 0, *hi = (uint8_t)a, 0;
    if (!strncasecmp(rest, " to ", 4)) {
        int b = value_of(rest + 4, strlen(rest + 4), ranks, top);
        if (b < a)
            return -1;
        return *lo = (uint8_t)a, *hi = (uint8_t)b, 0;
    }
    return -1;
}

enum { NCONDITIONS = 7 };

static int parse_atom(const char *atom, struct buyout_rule *r, bool seen[NCONDITIONS], char *err, size_t errlen)
{
    if (!strncasecmp(atom, "dealer ", 7)) { /* the hole-carder's limit */
        if (seen[6])
            return snprintf(err, errlen, "'dealer' is limited twice"), -1;
        seen[6] = true;
        if (parse_range(atom + 7, false, BUYOUT_CARD_DEALER - 1, &r->dealer_lo, &r->dealer_hi) != 0)
            return snprintf(err, errlen, "bad range '%s' (the dealer's points: a number 0-22; 'N or more', "
                                         "'N or less', 'N to M')", atom + 7), -1;
        /* every total ("dealer 0 to 22") is no limit: the rule matches without the hole card too */
        r->has_dealer = r->dealer_lo > 0 || r->dealer_hi < BUYOUT_CARD_DEALER - 1;
        if (!r->has_dealer)
            r->dealer_lo = r->dealer_hi = 0;
        return 0;
    }
    /* the longer name first; the last three are ranks */
    static const char *const NAMES[NCONDITIONS - 1] = {"points with it ", "points ", "adds ",
                                                       "upcard ",         "high card ", "2nd card "};
    uint8_t *lo[NCONDITIONS - 1] = {&r->with_lo, &r->points_lo, &r->adds_lo, &r->up_lo, &r->high_lo, &r->second_lo},
            *hi[NCONDITIONS - 1] = {&r->with_hi, &r->points_hi, &r->adds_hi, &r->up_hi, &r->high_hi, &r->second_hi};
    for (int k = 0; k < NCONDITIONS - 1; k++) {
        size_t n = strlen(NAMES[k]);
        if (strncasecmp(atom, NAMES[k], n) != 0)
            continue;
        if (seen[k])
            return snprintf(err, errlen, "'%.*s' is limited twice", (int)n - 1, NAMES[k]), -1;
        seen[k] = true;
        bool rank = k >= 3;
        if (parse_range(atom + n, rank, rank ? NRANKS - 1 : TOP, lo[k], hi[k]) != 0)
            return snprintf(err, errlen, "bad range '%s' (%s)", atom + n,
                            rank ? "a rank 2-10, J, Q, K, A; 'R or higher', 'R or lower', 'R to R'"
                                 : "a number 0-44; 'N or more', 'N or less', 'N to M'"), -1;
        return 0;
    }
    return snprintf(err, errlen, "unknown condition '%s' (points, points with it, adds, upcard, high card, 2nd card, dealer)", atom),
           -1;
}

/* Copies text with runs of blanks made one, trimmed, a final stop dropped. */
static void normalise(const char *text, char *out, size_t len)
{
    size_t n = 0;
    for (const char *s = text; *s && n + 1 < len; s++)
        if (!isspace((unsigned char)*s) || (n > 0 && out[n - 1] != ' '))
            out[n++] = isspace((unsigned char)*s) ? ' ' : *s;
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '.'))
        n--;
    out[n] = '\0';
}

int buyout_rule_parse(const char *text, struct buyout_rule *r, char *err, size_t errlen)
{
    char line[512];
    if (strlen(text) >= sizeof line)
        return snprintf(err, errlen, "rule longer than %zu characters", sizeof line - 1), -1;
    normalise(text, line, sizeof line);
    char *colon = strstr(line, ": ");
    if (!colon)
        return snprintf(err, errlen, "a rule is 'CARD, LIMITS: ACTION' ('3rd card, points 0: fold')"), -1;
    *colon = '\0';
    *r = (struct buyout_rule){
        .points_hi = TOP, .with_hi = TOP, .adds_hi = TOP, .up_hi = NRANKS - 1, .high_hi = NRANKS - 1,
        .second_hi = NRANKS - 1};
    char *save = NULL, *atom = strtok_r(line, ",", &save);
    int group = -1;
    for (int g = 0; atom && g < BUYOUT_CARD_GROUPS; g++)
        if (!strcasecmp(atom, GROUPS[g]))
            group = g;
    if (group < 0)
        return snprintf(err, errlen, "a rule starts with its card: '3rd card' or '4th card'"), -1;
    r->group = (uint8_t)group;
    bool seen[NCONDITIONS] = {false};
    while ((atom = strtok_r(NULL, ",", &save)) != NULL) {
        while (*atom == ' ')
            atom++;
        if (parse_atom(atom, r, seen, err, errlen) != 0)
            return -1;
    }
    for (int a = 0; a < 3; a++)
        if (!strcasecmp(colon + 2, ACTIONS[a]))
            return r->action = (uint8_t)a, 0;
    return snprintf(err, errlen, "unknown action '%s' (buy, refuse or fold)", colon + 2), -1;
}

static int take_rule(void *ctx, int index, const char *text, char *why, size_t len)
{
    return buyout_rule_parse(text, &((struct buyout_card *)ctx)->rule[index], why, len);
}

int buyout_card_load_seen(const char *path, struct buyout_card *c, char *err, size_t errlen)
{
    int n = card_file_read(path, BUYOUT_CARD_MAX_RULES, take_rule, c, err, errlen);
    c->n = n > 0 ? n : 0;
    return n > 0 ? 0 : -1;
}

int buyout_card_load(const char *path, struct buyout_card *c, char *err, size_t errlen)
{
    if (buyout_card_load_seen(path, c, err, errlen) != 0)
        return -1;
    if (buyout_card_has_dealer(c))
        return snprintf(err, errlen, "%s: a 'dealer' limit needs the hole card seen ('fourcard protect buyout "
                                     "--seen 1 --card %s --card-rules 0' prices it)", path, path), -1;
    return 0;
}
