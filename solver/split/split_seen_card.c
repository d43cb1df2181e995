/* split_seen_card.c — the hole-carder's card: the sums gathered per seen
 * set, then the best thresholds of each row (split_seen_card.h). */
#include "split_seen_card.h"

#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "eval3.h"
#include "split_decision.h"
#include "split_price.h"

enum { N3 = 741, FIRST2 = 13, FIRST3 = 13 + 169 };

/* The 3-card hands' places (every distinct eval3 rank, in order), and each
 * strength's kind and place in its kind's list, made once. */
static int16_t place3[1 << 15];
static uint16_t rank3[N3];
static int8_t kind_of[SPLIT_STRENGTHS];
static int16_t place_of[SPLIT_STRENGTHS];
static int16_t list_of[SC_NKINDS][N3]; /* the strengths of each kind, weakest first */
static const int16_t LENGTH[SC_NKINDS] = {13, 13, 78, 78, N3};
static once_flag made_once = ONCE_FLAG_INIT;

static void put(int kind, int place, int strength)
{
    list_of[kind][place] = (int16_t)strength;
    kind_of[strength] = (int8_t)kind;
    place_of[strength] = (int16_t)place;
}

static void make_tables(void)
{
    static uint8_t is_rank[1 << 15];
    for (int a = 0; a < NCARDS; a++)
        for (int b = a + 1; b < NCARDS; b++)
            for (int c = b + 1; c < NCARDS; c++)
                is_rank[eval3_rank((card_t[3]){(card_t)a, (card_t)b, (card_t)c})] = 1;
    for (int r = 0, n = 0; r < 1 << 15; r++) {
        place3[r] = is_rank[r] ? (int16_t)n : -1;
        if (is_rank[r] && n < N3)
            rank3[n] = (uint16_t)r;
        n += is_rank[r];
    }
    for (int k = 0; k < N3; k++)
        put(SC_THREE, k, FIRST3 + k);
    for (int r = 0; r < NRANKS; r++) {
        put(SC_SINGLE, r, r);
        put(SC_PAIR, r, FIRST2 + r * 13 + r);
    }
    for (int hi = 1, k = 0; hi < NRANKS; hi++)
        for (int lo = 0; lo < hi; lo++, k++) {
            put(SC_SUITED, k, FIRST2 + hi * 13 + lo);
            put(SC_OFFSUIT, k, FIRST2 + lo * 13 + hi);
        }
}

static void tables(void) { call_once(&made_once, make_tables); }

int split_hand_strength(const card_t P[4], int mask)
{
    card_t h[3];
    int n = 0;
    for (int j = 0; j < 4; j++)
        if (mask >> j & 1)
            h[n++] = P[j];
    if (n == 1)
        return card_rank(h[0]);
    if (n == 2) {
        int x = card_rank(h[0]), y = card_rank(h[1]), hi = x > y ? x : y, lo = x > y ? y : x;
        return FIRST2 + (card_suit(h[0]) == card_suit(h[1]) ? hi * 13 + lo : lo * 13 + hi);
    }
    tables();
    return FIRST3 + place3[eval3_rank(h)];
}

/* ---- gathering ---- */

void split_seen_card_hands(const struct cards_info *ci, const card_t P[4], const struct split_decision *set,
                           struct split_card_hands *h)
{
    h->n = 0;
    h->instant_cat = -1;
    if (set->choice == SPLIT_INSTANT)
        is_instant(ci, set->hand_a, &h->instant_cat);
    else
        h->mask[h->n++] = set->hand_a;
    h->mask[h->n++] = set->hand_b;
    for (int i = 0; i < h->n; i++)
        h->strength[i] = (int16_t)split_hand_strength(P, h->mask[i]);
}

void split_seen_card_add(const struct split_paytable *pt, int64_t L, const struct cards_info *ci,
                         const struct split_card_hands *h, const struct hand_weights *hw, int64_t w,
                         wide_t gain[SPLIT_STRENGTHS], wide_t *folded)
{
    wide_t fold = -(wide_t)pt->den * L, v = (wide_t)pt->blind[ci->blind_cat] * L + h->n * fold;
    if (h->instant_cat >= 0)
        v += (wide_t)pt->ante_instant[h->instant_cat] * L;
    *folded += w * v;
    for (int i = 0; i < h->n; i++)
        gain[h->strength[i]] += w * (hand_value(pt, &hw[h->mask[i]]) - fold);
}

/* ---- the card ---- */

/* The best threshold of each kind for a row's gains; returns their sum. */
static wide_t best_row(const wide_t g[SPLIT_STRENGTHS], struct split_seen_card_row *row)
{
    wide_t total = 0;
    for (int k = 0; k < SC_NKINDS; k++) {
        wide_t run = 0, best = 0; /* play none: 0; ties play fewer hands */
        row->from[k] = LENGTH[k];
        for (int p = LENGTH[k] - 1; p >= 0; p--) {
            run += g[list_of[k][p]];
            if (run > best)
                best = run, row->from[k] = (int16_t)p;
        }
        total += best;
    }
    return total;
}

/* sum = the gains of the seen rank over the upcards lo..hi but skip (-1:
 * none); returns how many upcards that is. */
static int band_sum(const struct split_seen_card_sums *s, int seen, int lo, int hi, int skip, wide_t *sum)
{
    int n = 0;
    memset(sum, 0, sizeof(wide_t) * SPLIT_STRENGTHS);
    for (int u = lo; u <= hi; u++) {
        if (u == skip)
            continue;
        n++;
        for (int i = 0; i < SPLIT_STRENGTHS; i++)
            sum[i] += s->gain[u][seen][i];
    }
    return n;
}

/* A row of the seen rank for upcards lo..hi; a band's ends are drawn in
 * past the seen rank (its upcard has a row of its own). */
static struct split_seen_card_row row_of(int seen, int lo, int hi)
{
    if (lo < hi && lo == seen)
        lo++;
    if (lo < hi && hi == seen)
        hi--;
    return (struct split_seen_card_row){(int8_t)seen, (int8_t)lo, (int8_t)hi, {0}};
}

/* Seen rank s's rows: the upcard of its rank, then the other upcards in
 * one band or cut in two at the rank that earns most (ties: fewer rows,
 * then the lower cut).  Returns their value. */
static wide_t seen_rows(const struct split_seen_card_sums *s, int seen, struct split_seen_card *c)
{
    wide_t lo_g[SPLIT_STRENGTHS], hi_g[SPLIT_STRENGTHS];
    struct split_seen_card_row pair = row_of(seen, seen, seen), lo_row, hi_row, best_lo = {0}, best_hi = {0};
    band_sum(s, seen, seen, seen, -1, hi_g);
    wide_t total = best_row(hi_g, &pair), best = 0;
    int best_cut = -1;
    for (int cut = 0; cut < NRANKS; cut++) {
        int nlo = band_sum(s, seen, 0, cut - 1, seen, lo_g), nhi = band_sum(s, seen, cut, NRANKS - 1, seen, hi_g);
        if (cut > 0 && (nlo == 0 || nhi == 0))
            continue; /* one band: cut 0 */
        lo_row = row_of(seen, 0, cut - 1), hi_row = row_of(seen, cut, NRANKS - 1);
        wide_t v = best_row(hi_g, &hi_row) + (nlo ? best_row(lo_g, &lo_row) : 0);
        if (best_cut < 0 || v > best)
            best = v, best_cut = cut, best_lo = lo_row, best_hi = hi_row;
    }
    c->rows[c->nrows++] = pair;
    c->rows[c->nrows++] = best_hi;
    if (best_cut > 0)
        c->rows[c->nrows++] = best_lo;
    return total + best;
}

void split_seen_card_make(const struct split_seen_card_sums *s, struct split_seen_card *c)
{
    wide_t g[SPLIT_STRENGTHS];
    tables();
    memset(c, 0, sizeof *c);
    c->ev = c->up_ev = s->folded;
    for (int seen = NRANKS - 1; seen >= 0; seen--)
        c->ev += seen_rows(s, seen, c);
    for (int u = NRANKS - 1; u >= 0; u--) {
        memset(g, 0, sizeof g);
        for (int seen = 0; seen < NRANKS; seen++)
            for (int i = 0; i < SPLIT_STRENGTHS; i++)
                g[i] += s->gain[u][seen][i];
        c->up_rows[NRANKS - 1 - u] = row_of(-1, u, u);
        c->up_ev += best_row(g, &c->up_rows[NRANKS - 1 - u]);
    }
}

const struct split_seen_card_row *split_seen_card_row_of(const struct split_seen_card *c, int seen, int up)
{
    if (seen < 0)
        return &c->up_rows[NRANKS - 1 - up];
    for (int i = 0; i < c->nrows; i++) {
        const struct split_seen_card_row *r = &c->rows[i];
        bool pair_row = r->up_lo == r->seen && r->up_hi == r->seen;
        if (r->seen == seen && (up == seen ? pair_row : !pair_row && r->up_lo <= up && up <= r->up_hi))
            return r;
    }
    return NULL;
}

bool split_seen_card_plays(const struct split_seen_card_row *row, const card_t P[4], int mask)
{
    int st = split_hand_strength(P, mask);
    return place_of[st] >= row->from[kind_of[st]];
}

/* ---- words ---- */

static const char *const KIND_NAMES[SC_NKINDS] = {"single", "pair", "suited", "offsuit", "three"};

const char *split_card_kind_name(enum split_card_kind k) { return k >= 0 && k < SC_NKINDS ? KIND_NAMES[k] : "?"; }

int split_card_kind_length(enum split_card_kind k) { return k >= 0 && k < SC_NKINDS ? LENGTH[k] : 0; }

/* A 3-card hand from its eval3 rank: its cards high to low, "flush" or
 * "suited" where the suits matter. */
static void three_words(uint16_t rank, char *buf, size_t len)
{
    int cat = eval3_category_of(rank), k0 = rank >> 8 & 15, k1 = rank >> 4 & 15, k2 = rank & 15;
    const char *a = card_rank_word(k0), *b = card_rank_word(k1), *c = card_rank_word(k2);
    int top = k0, mid = top == 1 ? 0 : top - 1, low = top == 1 ? RANK_ACE : top - 2; /* straights: A-2-3 tops at 3 */
    const char *sa = card_rank_word(top), *sb = card_rank_word(mid), *sc = card_rank_word(low);
    if (cat == E3_TRIPS)
        snprintf(buf, len, "%s-%s-%s", a, a, a);
    else if (cat == E3_PAIR)
        snprintf(buf, len, "%s-%s-%s", a, a, b);
    else if (cat == E3_STRAIGHT)
        snprintf(buf, len, "straight %s-%s-%s", sa, sb, sc);
    else if (cat == E3_STRAIGHT_FLUSH || cat == E3_ROYAL)
        snprintf(buf, len, "straight flush %s-%s-%s", sa, sb, sc);
    else
        snprintf(buf, len, "%s%s-%s-%s", cat == E3_FLUSH ? "flush " : "", a, b, c);
}

const char *split_card_kind_hand(enum split_card_kind k, int place, char *buf, size_t len)
{
    tables();
    if (k < 0 || k >= SC_NKINDS || place < 0 || place >= LENGTH[k]) {
        snprintf(buf, len, "-");
        return buf;
    }
    int st = list_of[k][place];
    if (k == SC_SINGLE)
        snprintf(buf, len, "%s", card_rank_word(st));
    else if (k == SC_THREE)
        three_words(rank3[place], buf, len);
    else {
        int g = st - FIRST2, x = g / 13, y = g % 13, hi = x > y ? x : y, lo = x > y ? y : x;
        snprintf(buf, len, "%s-%s", card_rank_word(hi), card_rank_word(lo));
    }
    return buf;
}
