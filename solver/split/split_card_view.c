/* split_card_view.c — what a card's rules see of a situation and of a
 * hand, and the option a card takes.
 *
 * A setting rule names the cards in a fixed order per shape, so that a
 * setting reads the same in every situation it matches:
 *   no pair   the highest, 2nd, 3rd and lowest card;
 *   one pair  the two pair cards (the first one sharing a suit with the
 *             higher odd card, or else the second one sharing a suit with
 *             the lower), the higher odd card, the lower odd card;
 *   two pair  a high pair card and a low pair card of the same suit where
 *             there are such, then the other high and the other low card.
 * Settings: 0 folds both hands; 1..4 are 3+1 with the card in position s
 * alone, 5..7 are 2+2 with the first card beside the card in position
 * s - 3; 8 (no pair only) is the 2+2 that keeps each two suited cards
 * together, and the two highest together where no two are suited (a
 * player reads the suits before the ranks).  An instant winner's
 * settings: 0 keeps the best-paying three, 1 the winning three that
 * leaves the highest single card.
 * A play rule sees one hand: its size, its two highest ranks (a pair's
 * rank first) and its kind (2 cards: 0 offsuit, 1 offsuit connected, 2
 * suited, 3 suited connected, 4 a pair, where connected cards can be in
 * one 3-card straight; 3 cards: 0 no pair, 1 a pair; a single card: 0
 * beside a 3-card hand, else beside an instant winner, 1 + [a card of the
 * three has its rank] + 2 [a card of the three has its suit]).  A single
 * card beside an instant winner draws to what the three left of its rank
 * and suit: with them 2014-1a's chart costs 0.0460% of a unit instead
 * of 0.0529%.
 */
#include "split_card.h"

#include "eval3.h"
#include "eval4.h"

#include <stdlib.h>

static const uint8_t TRIOS[4] = {7, 11, 13, 14};

static int trio_category(const card_t P[4], int mask)
{
    card_t h[3];
    for (int j = 0, k = 0; j < 4; j++)
        if (mask >> j & 1)
            h[k++] = P[j];
    return eval3_category_of(eval3_rank(h));
}

/* The single card a three leaves. */
static int single_of(int trio)
{
    return __builtin_ctz(15 ^ trio);
}

/* Instant winner: the three of each instant action, or false if none wins. */
static bool instant_view(const struct split_paytable *pt, const card_t P[4], struct split_view *v)
{
    int best_pay = -1, pay_single = -1, high_single = -1, high_pay = -1;
    for (int i = 0; i < 4; i++) {
        int cat = trio_category(P, TRIOS[i]);
        if (cat < E3_FLUSH)
            continue;
        int pay = (int)pt->ante_instant[cat], single = card_rank(P[single_of(TRIOS[i])]);
        if (pay > best_pay || (pay == best_pay && single > pay_single))
            best_pay = pay, pay_single = single, v->trio[0] = TRIOS[i];
        if (single > high_single || (single == high_single && pay > high_pay))
            high_single = single, high_pay = pay, v->trio[1] = TRIOS[i];
    }
    if (best_pay < 0)
        return false;
    v->group = SPLIT_INSTANT_WINNER;
    v->first = (uint8_t)pay_single;
    return true;
}

static void two_pair_view(const card_t P[4], const int counts[NRANKS], struct split_view *v)
{
    int hi = -1, lo = -1;
    for (int r = NRANKS - 1; r >= 0; r--)
        if (counts[r] == 2)
            *(hi < 0 ? &hi : &lo) = r;
    int h[2], l[2], nh = 0, nl = 0;
    for (int j = 0; j < 4; j++)
        card_rank(P[j]) == hi ? (h[nh++] = j) : (l[nl++] = j);
    int matches = 0, hi_first = 0, lo_first = 0;
    for (int i = 1; i >= 0; i--)
        for (int j = 1; j >= 0; j--)
            if (card_suit(P[h[i]]) == card_suit(P[l[j]]))
                matches++, hi_first = i, lo_first = j;
    v->group = SPLIT_TWO_PAIR;
    v->first = (uint8_t)hi, v->second = (uint8_t)lo;
    v->pattern = (uint8_t)matches;
    v->pos[0] = (uint8_t)h[hi_first], v->pos[1] = (uint8_t)h[1 - hi_first];
    v->pos[2] = (uint8_t)l[lo_first], v->pos[3] = (uint8_t)l[1 - lo_first];
}

static void one_pair_view(const card_t P[4], const int counts[NRANKS], struct split_view *v)
{
    int p[2], odd[2], np = 0, no = 0;
    for (int j = 3; j >= 0; j--) /* odd cards from the highest */
        counts[card_rank(P[j])] == 2 ? (p[np++] = j) : (odd[no++] = j);
    int x = odd[0], y = odd[1];
    bool xs = card_suit(P[x]) == card_suit(P[p[0]]) || card_suit(P[x]) == card_suit(P[p[1]]);
    bool ys = card_suit(P[y]) == card_suit(P[p[0]]) || card_suit(P[y]) == card_suit(P[p[1]]);
    bool xy = card_suit(P[x]) == card_suit(P[y]);
    int first = p[0];
    if (xs)
        first = card_suit(P[x]) == card_suit(P[p[0]]) ? p[0] : p[1];
    else if (ys)
        first = card_suit(P[y]) == card_suit(P[p[0]]) ? p[1] : p[0];
    v->group = SPLIT_ONE_PAIR;
    v->first = (uint8_t)card_rank(P[p[0]]), v->second = (uint8_t)card_rank(P[x]);
    v->pattern = (uint8_t)(xy ? 4 : xs + 2 * ys);
    v->pos[0] = (uint8_t)first, v->pos[1] = (uint8_t)(first == p[0] ? p[1] : p[0]);
    v->pos[2] = (uint8_t)x, v->pos[3] = (uint8_t)y;
}

/* The suited pairs of positions of a hand without a pair: none (0), one
 * (1 + its index among 12 13 14 23 24 34), or two (7: 12+34, 8: 13+24, 9: 14+23). */
static void no_pair_view(const card_t P[4], struct split_view *v)
{
    static const uint8_t A[6] = {0, 0, 0, 1, 1, 2}, B[6] = {1, 2, 3, 2, 3, 3};
    for (int i = 0; i < 4; i++)
        v->pos[i] = (uint8_t)(3 - i); /* P is in increasing ids: the highest last */
    int suited[2], ns = 0;
    for (int k = 0; k < 6; k++)
        if (card_suit(P[v->pos[A[k]]]) == card_suit(P[v->pos[B[k]]]) && ns < 2)
            suited[ns++] = k;
    v->group = SPLIT_NO_PAIR;
    v->first = (uint8_t)card_rank(P[v->pos[0]]), v->second = (uint8_t)card_rank(P[v->pos[1]]);
    v->pattern = (uint8_t)(ns == 0 ? 0 : ns == 1 ? 1 + suited[0] : 7 + suited[0]);
}

void split_view_of(const struct split_paytable *pt, const card_t P[4], card_t u, struct split_view *v)
{
    *v = (struct split_view){.up = (uint8_t)card_rank(u), .pos = {0, 1, 2, 3}};
    if (instant_view(pt, P, v)) {
        v->rank[0] = v->first;
        return;
    }
    int counts[NRANKS];
    cards_rank_counts(P, 4, counts);
    int pairs = 0;
    for (int r = 0; r < NRANKS; r++)
        pairs += counts[r] == 2;
    if (pairs == 2)
        two_pair_view(P, counts, v);
    else if (pairs == 1)
        one_pair_view(P, counts, v);
    else
        no_pair_view(P, v);
    for (int k = 0; k < 4; k++)
        v->rank[k] = (uint8_t)card_rank(P[v->pos[k]]);
}

/* A single card's kind: 0 beside a 3-card hand (a 3+1 split), else beside
 * an instant winner's three, 1 + 1 when a card of the three has its rank +
 * 2 when one has its suit. */
static int single_kind(const card_t P[4], int mask)
{
    if (trio_category(P, 15 ^ mask) < E3_FLUSH)
        return 0;
    card_t x = P[__builtin_ctz((unsigned)mask)];
    bool rank = false, suit = false;
    for (int j = 0; j < 4; j++)
        if (!(mask >> j & 1)) {
            rank |= card_rank(P[j]) == card_rank(x);
            suit |= card_suit(P[j]) == card_suit(x);
        }
    return 1 + rank + 2 * suit;
}

void split_hand_view_of(const card_t P[4], int mask, card_t u, struct split_view *v)
{
    card_t h[3];
    int n = 0;
    for (int j = 3; j >= 0; j--) /* the highest first */
        if (mask >> j & 1)
            h[n++] = P[j];
    *v = (struct split_view){.group = (uint8_t)(SPLIT_NSHAPES + n - 1), .up = (uint8_t)card_rank(u)};
    v->first = (uint8_t)card_rank(h[0]);
    if (n == 1)
        v->pattern = (uint8_t)single_kind(P, mask);
    else if (n == 2) {
        v->second = (uint8_t)card_rank(h[1]);
        int gap = v->first - v->second;
        bool connected = (gap >= 1 && gap <= 2) || (v->first == RANK_ACE && v->second <= 1); /* A-2-3 */
        v->pattern = (uint8_t)(gap == 0 ? 4 : 2 * (card_suit(h[0]) == card_suit(h[1])) + connected);
    } else if (n == 3) {
        bool low_pair = card_rank(h[1]) == card_rank(h[2]), pair = low_pair || card_rank(h[0]) == card_rank(h[1]);
        v->pattern = pair;
        v->first = (uint8_t)card_rank(h[low_pair ? 1 : 0]);
        v->second = (uint8_t)card_rank(h[low_pair ? 0 : pair ? 2 : 1]);
    }
    v->rank[0] = v->first, v->rank[1] = v->second;
}

/* Setting views name the cards by position: no pair highest, 2nd, 3rd,
 * lowest; one pair two pair cards, the higher and the lower odd card; two
 * pair two high and two low cards.  A second limit names the 2nd, 3rd or
 * lowest card of no pair, either odd card of one pair, the low pair; in a
 * play view, the hand's second rank. */
int split_second_default(int group)
{
    return group == SPLIT_ONE_PAIR || group == SPLIT_TWO_PAIR ? 2 : 1;
}

bool split_second_valid(int group, int k)
{
    switch (group) {
    case SPLIT_NO_PAIR: return k >= 1 && k <= 3;
    case SPLIT_ONE_PAIR: return k == 2 || k == 3;
    case SPLIT_INSTANT_WINNER: return false;
    default: return k == split_second_default(group) && group != SPLIT_NSHAPES; /* a single card: none */
    }
}

bool split_action_valid(int group, int action, enum split_instant_reading r)
{
    if (split_is_play_group(group))
        return action == 0 || action == 1;
    if (action < 0 || action >= SPLIT_NSETTINGS)
        return false;
    if (group == SPLIT_INSTANT_WINNER)
        return action == 0 || (action == 1 && r == SPLIT_INSTANT_CHOOSE);
    if (action == 0 || group == SPLIT_NO_PAIR)
        return true;
    if (group == SPLIT_ONE_PAIR)
        return action >= 3 && action <= 7; /* a pair card alone is not a setting on the card */
    return action != 1 && action != 3 && action != 8; /* two pair: 2 and 4 leave one card of each pair alone */
}

/* No pair, the suited cards together: the 2+2 (5, 6 or 7) that keeps the
 * suited two (or both suited twos) of each pattern together; with no two
 * suited, the highest with the 2nd. */
static int suited_together(int pattern)
{
    static const uint8_t SETTING[10] = {5, 5, 6, 7, 7, 6, 5, 5, 6, 7};
    return SETTING[pattern];
}

void split_setting_hands(const struct split_view *v, int setting, int *a, int *b)
{
    if (v->group == SPLIT_NO_PAIR && setting == 8)
        setting = suited_together(v->pattern);
    if (v->group == SPLIT_INSTANT_WINNER)
        *a = v->trio[setting], *b = 15 ^ *a;
    else if (setting == 0)
        *a = *b = 0;
    else {
        *a = setting <= 4 ? 15 ^ 1 << v->pos[setting - 1] : 1 << v->pos[0] | 1 << v->pos[setting - 4];
        *b = 15 ^ *a;
    }
}

struct split_option split_setting_option(const struct split_view *v, int setting, bool play_a, bool play_b)
{
    int a, b;
    split_setting_hands(v, setting, &a, &b);
    if (v->group == SPLIT_INSTANT_WINNER) /* the three is paid, never played */
        return (struct split_option){SPLIT_INSTANT, (uint8_t)a, (uint8_t)b, false, play_b};
    if (setting == 0)
        return (struct split_option){.choice = SPLIT_FOLD_ALL};
    return (struct split_option){setting <= 4 ? SPLIT_3_1 : SPLIT_2_2, (uint8_t)a, (uint8_t)b, play_a, play_b};
}

struct split_rule split_rule_any(int group, int action)
{
    return (struct split_rule){.group = (uint8_t)group, .first_hi = NRANKS - 1, .second_hi = NRANKS - 1,
                               .up_hi = NRANKS - 1, .second_of = (uint8_t)split_second_default(group),
                               .pattern = -1, .action = (uint8_t)action};
}

wide_t split_option_value(const struct split_paytable *pt, const card_t P[4], const struct split_hand_values *hv,
                          const struct split_option *o)
{
    wide_t fold = -(wide_t)pt->den * SPLIT_L;
    if (o->choice == SPLIT_FOLD_ALL)
        return 2 * fold;
    wide_t b = o->play_b ? hv->play[o->hand_b] : fold;
    if (o->choice == SPLIT_INSTANT)
        return (wide_t)pt->ante_instant[trio_category(P, o->hand_a)] * SPLIT_L + b;
    return (o->play_a ? hv->play[o->hand_a] : fold) + b;
}

static wide_t max_w(wide_t a, wide_t b) { return a > b ? a : b; }

/* The option of playing the hands a and b (masks; a hand is played when
 * that is worth more than folding it) and its value. */
static wide_t split_hands(const struct split_hand_values *hv, wide_t fold, int a, int b, struct split_option *o)
{
    o->hand_a = (uint8_t)a, o->hand_b = (uint8_t)b;
    o->play_a = hv->play[a] > fold, o->play_b = hv->play[b] > fold;
    return max_w(fold, hv->play[a]) + max_w(fold, hv->play[b]);
}

wide_t split_best_option(const struct split_paytable *pt, enum split_instant_reading r, const card_t P[4],
                         const struct split_hand_values *hv, struct split_option *best_o)
{
    static const uint8_t TWOS[3] = {3, 5, 6};
    wide_t fold = -(wide_t)pt->den * SPLIT_L, best = 2 * fold;
    int64_t top_pay = -1;
    struct split_option o;
    *best_o = (struct split_option){.choice = SPLIT_FOLD_ALL};
    for (int i = 0; i < 4; i++) {
        int cat = trio_category(P, TRIOS[i]);
        if (cat >= E3_FLUSH && pt->ante_instant[cat] > top_pay)
            top_pay = pt->ante_instant[cat];
    }
    if (top_pay >= 0) {
        bool any = false;
        for (int i = 0; i < 4; i++) {
            int cat = trio_category(P, TRIOS[i]);
            if (cat < E3_FLUSH || (r == SPLIT_INSTANT_HIGHEST && pt->ante_instant[cat] != top_pay))
                continue;
            int single = 15 ^ TRIOS[i]; /* the three is paid, not played */
            wide_t v = (wide_t)pt->ante_instant[cat] * SPLIT_L + max_w(fold, hv->play[single]);
            o = (struct split_option){SPLIT_INSTANT, TRIOS[i], (uint8_t)single, false, hv->play[single] > fold};
            if (!any || v > best)
                best = v, *best_o = o;
            any = true;
        }
        return best;
    }
    for (int k = 0; k < 7; k++) {
        int a = k < 4 ? TRIOS[k] : TWOS[k - 4];
        wide_t v = split_hands(hv, fold, a, 15 ^ a, &o); /* both folded = fold all */
        o.choice = !o.play_a && !o.play_b ? SPLIT_FOLD_ALL : k < 4 ? SPLIT_3_1 : SPLIT_2_2;
        if (v > best)
            best = v, *best_o = o;
    }
    return best;
}

wide_t split_best_value(const struct split_paytable *pt, enum split_instant_reading r, const card_t P[4],
                        const struct split_hand_values *hv)
{
    struct split_option o;
    return split_best_option(pt, r, P, hv, &o);
}

wide_t split_blind_value(const struct split_paytable *pt, const card_t P[4])
{
    return (wide_t)pt->blind[eval4_category_of(split_blind_rank(P))] * SPLIT_L;
}

static bool in(uint8_t x, uint8_t lo, uint8_t hi) { return x >= lo && x <= hi; }

bool split_rule_matches(const struct split_rule *r, const struct split_view *v)
{
    if (r->group != v->group || !in(v->first, r->first_lo, r->first_hi) ||
        !in(v->rank[r->second_of & 3], r->second_lo, r->second_hi) || !in(v->up, r->up_lo, r->up_hi) ||
        (r->pattern >= 0 && r->pattern != v->pattern) || (r->seen_limit && !in(v->seen, r->seen_lo, r->seen_hi)) ||
        (r->seen_pair && v->seen != v->up))
        return false;
    for (int k = 0; k < 4; k++)
        if (r->more_of >> k & 1 && !in(v->rank[k], r->more_lo[k], r->more_hi[k]))
            return false;
    return true;
}

int split_card_match(const struct split_card *c, const struct split_view *v)
{
    for (int i = 0; i < c->n; i++)
        if (split_rule_matches(&c->rule[i], v))
            return i;
    return -1;
}

/* Whether the card plays the hand (the seen rank `seen`); its rule in
 * *rule (-1 if none). */
static bool plays(const struct split_card *c, const card_t P[4], int mask, card_t u, int seen, int *rule)
{
    struct split_view hv;
    split_hand_view_of(P, mask, u, &hv);
    hv.seen = (uint8_t)seen;
    *rule = split_card_match(c, &hv);
    return *rule >= 0 && c->rule[*rule].action == 1;
}

bool split_card_option_seen(const struct split_card *c, const struct split_paytable *pt, const card_t P[4], card_t u,
                            int seen, struct split_option *o, int *set_rule, int play_rule[2])
{
    struct split_view v;
    split_view_of(pt, P, u, &v);
    v.seen = (uint8_t)seen;
    play_rule[0] = play_rule[1] = -1;
    *set_rule = split_card_match(c, &v);
    if (*set_rule < 0)
        return false;
    *o = split_setting_option(&v, c->rule[*set_rule].action, false, false);
    if (o->choice == SPLIT_INSTANT) {
        o->play_b = plays(c, P, o->hand_b, u, seen, &play_rule[1]);
        return play_rule[1] >= 0;
    }
    if (o->choice == SPLIT_FOLD_ALL)
        return true;
    o->play_a = plays(c, P, o->hand_a, u, seen, &play_rule[0]);
    o->play_b = plays(c, P, o->hand_b, u, seen, &play_rule[1]);
    return play_rule[0] >= 0 && play_rule[1] >= 0;
}

/* A normal card has no seen limits (split_card_load refuses them), so the
 * seen rank is never read. */
bool split_card_option(const struct split_card *c, const struct split_paytable *pt, const card_t P[4], card_t u,
                       struct split_option *o, int *set_rule, int play_rule[2])
{
    return split_card_option_seen(c, pt, P, u, 0, o, set_rule, play_rule);
}

bool split_card_has_seen(const struct split_card *c)
{
    for (int i = 0; i < c->n; i++)
        if (c->rule[i].seen_limit || c->rule[i].seen_pair)
            return true;
    return false;
}

/* The play cells: single cards by (rank, kind), then 2-card hands by
 * (first, second, kind), then 3-card hands by (first, second, pair). */
enum { CELLS1 = 13 * 5, CELLS2 = 13 * 13 * 5 };

int split_play_cell(const struct split_view *h)
{
    switch (h->group - SPLIT_NSHAPES) {
    case 0: return h->first * 5 + h->pattern;
    case 1: return CELLS1 + (h->first * 13 + h->second) * 5 + h->pattern;
    default: return CELLS1 + CELLS2 + (h->first * 13 + h->second) * 2 + h->pattern;
    }
}

void split_play_cell_view(int cell, int up, int seen, struct split_view *v)
{
    int size = cell < CELLS1 ? 0 : cell < CELLS1 + CELLS2 ? 1 : 2;
    int at = size == 0 ? cell : size == 1 ? cell - CELLS1 : cell - CELLS1 - CELLS2, kinds = size == 2 ? 2 : 5;
    int ranks = at / kinds;
    *v = (struct split_view){.group = (uint8_t)(SPLIT_NSHAPES + size), .pattern = (uint8_t)(at % kinds),
                             .up = (uint8_t)up, .seen = (uint8_t)seen};
    v->first = (uint8_t)(size == 0 ? ranks : ranks / 13);
    v->second = (uint8_t)(size == 0 ? 0 : ranks % 13);
    v->rank[0] = v->first, v->rank[1] = v->second;
}

uint64_t split_view_key(const struct split_view *v)
{
    uint64_t key = v->group;
    for (int k = 0; k < 4; k++)
        key = key * NRANKS + v->rank[k];
    return (key * SPLIT_NPATTERNS + v->pattern) * NRANKS + v->up;
}

struct keyed {
    uint64_t key;
    long i;
};

static int by_key(const void *x, const void *y)
{
    const struct keyed *a = x, *b = y;
    return a->key != b->key ? (a->key > b->key) - (a->key < b->key) : (a->i > b->i) - (a->i < b->i);
}

int split_order_by_key(const uint64_t *key, long n, long *order)
{
    struct keyed *ks = malloc((size_t)n * sizeof *ks);
    if (!ks)
        return -1;
    for (long i = 0; i < n; i++)
        ks[i] = (struct keyed){key[i], i};
    qsort(ks, (size_t)n, sizeof *ks, by_key);
    for (long i = 0; i < n; i++)
        order[i] = ks[i].i;
    free(ks);
    return 0;
}
