/* buyout_rules.c — see buyout_rules.h. */
#include "buyout_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct buyout_rules buyout_rules_default(void)
{
    return (struct buyout_rules){.decks = 6, .nranks = NRANKS, .dealer_five = BUYOUT_FIVE_BEST4};
}

/* The checks that do not depend on the shoe. */
static int play_check(const struct buyout_rules *r, char *err, size_t errlen)
{
    if (r->dealer_five != BUYOUT_FIVE_BEST4 && r->dealer_five != BUYOUT_FIVE_ALL)
        return snprintf(err, errlen, "unknown dealer five-card reading %d", (int)r->dealer_five), -1;
    if (r->bonus_table < 0 || r->bonus_table > BUYOUT_TABLE_FILE)
        return snprintf(err, errlen, "Bonus table must be 1 to %d (or 0 for none), not %d", BUYOUT_NTABLES,
                        r->bonus_table), -1;
    if (r->bonus_alone && r->bonus_table == 0)
        return snprintf(err, errlen, "a Bonus alone needs a Bonus table"), -1;
    /* up to 10^6 over 10^6 keeps every sum of the round inside 128 bits */
    if (r->bonus_table && !r->bonus_alone &&
        (r->bonus_num <= 0 || r->bonus_den <= 0 || r->bonus_num > 1000000 || r->bonus_den > 1000000))
        return snprintf(err, errlen, "the Bonus units per First-bet unit must be a positive fraction p/q with p, q "
                                     "at most 1000000"), -1;
    return 0;
}

/* A given shoe: 0 to 6 copies of each card (the dealer tables' counters
 * are sized for the six-deck shoe and its depletions), 9 cards at least. */
static int shoe_check(const struct buyout_rules *r, char *err, size_t errlen)
{
    int total = 0;
    for (int c = 0; c < NCARDS; c++) {
        char name[3];
        card_format((card_t)c, name);
        if (r->shoe[c] < 0)
            return snprintf(err, errlen, "the shoe holds a negative count of %s (%d)", name, r->shoe[c]), -1;
        if (r->shoe[c] > BUYOUT_MAX_DECKS)
            return snprintf(err, errlen, "the shoe holds %d copies of %s; at most %d (six decks)", r->shoe[c], name,
                            BUYOUT_MAX_DECKS), -1;
        total += r->shoe[c];
    }
    if (total < 9)
        return snprintf(err, errlen, "a shoe of %d cards is too small for a round (9 at least)", total), -1;
    return play_check(r, err, errlen);
}

int buyout_rules_check(const struct buyout_rules *r, char *err, size_t errlen)
{
    if (r->shoe_given)
        return shoe_check(r, err, errlen);
    if (r->decks < 1 || r->decks > BUYOUT_MAX_DECKS)
        return snprintf(err, errlen, "decks must be 1 to %d, not %d", BUYOUT_MAX_DECKS, r->decks), -1;
    if (r->nranks < 1 || r->nranks > NRANKS)
        return snprintf(err, errlen, "nranks must be 1 to %d, not %d", NRANKS, r->nranks), -1;
    if (play_check(r, err, errlen) != 0)
        return -1;
    /* the player's 2 cards, the upcard, the 3rd and 4th cards, and the
     * dealer's 3 more cards and a possible 5th must all exist */
    int shoe = r->decks * r->nranks * NSUITS;
    if (shoe < 9)
        return snprintf(err, errlen, "a shoe of %d cards is too small for a round (9 at least)", shoe), -1;
    return 0;
}

const char *buyout_choice_name(enum buyout_choice c)
{
    return c == BUYOUT_BUY ? "buy" : c == BUYOUT_REFUSE ? "refuse" : "fold";
}

int buyout_shoe_counts(const struct buyout_rules *r, int count[NCARDS])
{
    int total = 0;
    for (int c = 0; c < NCARDS; c++) {
        if (r->shoe_given) {
            total += count[c] = r->shoe[c];
            continue;
        }
        count[c] = card_rank((card_t)c) >= NRANKS - r->nranks ? r->decks : 0;
        total += count[c];
    }
    return total;
}

int buyout_fast_points(const card_t *c, int n, enum buyout_five_reading reading)
{
    int sum[NSUITS] = {0}, cnt[NSUITS] = {0}, low[NSUITS] = {99, 99, 99, 99};
    int kind = 0; /* the biggest group of equal ranks, in points */
    for (int i = 0; i < n; i++) {
        int s = card_suit(c[i]), v = buyout_card_value(c[i]), same = 0;
        sum[s] += v;
        cnt[s]++;
        if (v < low[s])
            low[s] = v;
        for (int j = 0; j < n; j++)
            same += card_rank(c[j]) == card_rank(c[i]);
        /* best 4 of 5 counts a group of five as four */
        if (n == 5 && reading == BUYOUT_FIVE_BEST4 && same > 4)
            same = 4;
        int pts = buyout_group_points(card_rank(c[i]), same);
        if (pts > kind)
            kind = pts;
    }
    int best = kind;
    for (int s = 0; s < NSUITS; s++) {
        if (cnt[s] < 2)
            continue;
        /* best 4 of 5 with all five in one suit drops the lowest card */
        int pts = n == 5 && reading == BUYOUT_FIVE_BEST4 && cnt[s] == 5 ? sum[s] - low[s] : sum[s];
        if (pts > best)
            best = pts;
    }
    return best;
}

void buyout_points_keep(struct buyout_points_kept *p, const card_t *c, int n, enum buyout_five_reading reading)
{
    memset(p, 0, sizeof *p);
    p->reading = reading;
    for (int s = 0; s < NSUITS; s++)
        p->low[s] = 99;
    for (int i = 0; i < n; i++) {
        int r = card_rank(c[i]), s = card_suit(c[i]), v = buyout_card_value(c[i]);
        p->same[r]++;
        p->cnt[s]++;
        p->sum[s] = (int16_t)(p->sum[s] + v);
        if (v < p->low[s])
            p->low[s] = (int16_t)v;
    }
    p->best = 0; /* the groups and suits of the kept cards only */
    for (int i = 0; i < n; i++) {
        int r = card_rank(c[i]), s = card_suit(c[i]);
        if (buyout_group_points(r, p->same[r]) > p->best)
            p->best = (int16_t)buyout_group_points(r, p->same[r]);
        if (p->cnt[s] >= 2 && p->sum[s] > p->best)
            p->best = p->sum[s];
    }
}

void buyout_points_with_each(const struct buyout_points_kept *p, int8_t out[NCARDS])
{
    int joins[NSUITS]; /* a suit's sum; where none holds it, so low that no card's value lifts it above 0 */
    for (int u = 0; u < NSUITS; u++)
        joins[u] = p->cnt[u] ? p->sum[u] : -BUYOUT_MAXP;
    for (int r = 0; r < NRANKS; r++) {
        int group = buyout_group_points(r, p->same[r] + 1);
        int best = group > p->best ? group : p->best, v = buyout_card_value(card_make(r, 0));
        for (int u = 0; u < NSUITS; u++)
            out[card_make(r, u)] = (int8_t)(joins[u] + v > best ? joins[u] + v : best);
    }
}

/* Pays to 1 by points 21..44, per table (the rules page). */
static int table_pay(int table, int p)
{
    if (p >= 44) return 250;
    if (p == 43) return 100;
    if (p == 42) return 75;
    if (p == 41) return 50;
    if (p == 40) return 40;
    if (p == 39) return 35;
    if (p == 38) return 30;
    if (p >= 35) return 25;
    if (p >= 32) return 20;
    if (p >= 30) return table == 2 ? 7 : 5;
    if (p >= 27) return table == 1 ? 3 : 4;
    return table == 1 ? 2 : 3; /* 21-26 */
}

int buyout_bonus_result(int table, int p)
{
    return p >= BUYOUT_BONUS_MIN ? table_pay(table, p) : -1;
}

int buyout_rules_bonus(const struct buyout_rules *r, int p)
{
    if (r->bonus_table == BUYOUT_TABLE_FILE)
        return p >= 0 && p <= BUYOUT_MAXP ? r->bonus_pays.pay[p] : -1;
    return buyout_bonus_result(r->bonus_table, p);
}

const char *buyout_bonus_label(const struct buyout_rules *r, char *buf, size_t len)
{
    if (r->bonus_table == BUYOUT_TABLE_FILE)
        snprintf(buf, len, "Bonus paytable %s", r->bonus_pays.name);
    else
        snprintf(buf, len, "Bonus table %d", r->bonus_table);
    return buf;
}

/* Appends to buf (length len, *at used so far; cut where it is full). */
static void append(char *buf, size_t len, int *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t used = (size_t)*at < len ? (size_t)*at : len;
    *at += vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

int buyout_rules_text(const struct buyout_rules *r, char *buf, size_t len)
{
    int at = 0;
    append(buf, len, &at, "decks %d, ranks %d, dealer five %d, bonus table %d, %lld/%lld, alone %d, shoe", r->decks,
           r->nranks, (int)r->dealer_five, r->bonus_table, (long long)r->bonus_num, (long long)r->bonus_den,
           (int)r->bonus_alone);
    for (int c = 0; r->shoe_given && c < NCARDS; c++)
        append(buf, len, &at, " %d", r->shoe[c]);
    append(buf, len, &at, ", bonus pays %s", r->bonus_table == BUYOUT_TABLE_FILE ? r->bonus_pays.name : "-");
    for (int p = 0; r->bonus_table == BUYOUT_TABLE_FILE && p < BUYOUT_NPOINTS; p++)
        append(buf, len, &at, " %d", r->bonus_pays.pay[p]);
    return at;
}

double buyout_initial_units(const struct buyout_rules *r)
{
    return (r->bonus_alone ? 0 : 1) + (r->bonus_table ? (double)r->bonus_num / (double)r->bonus_den : 0);
}
