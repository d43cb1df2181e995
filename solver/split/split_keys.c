/* split_keys.c — the suit-canonical index of the Möbius term keys. */
#include "split_keys.h"

#include <stdlib.h>

#include "big_alloc.h"
#include "canon.h"

/* A kind's raw layout: how many raw slots, and the cards of slot i. */
static const size_t RAW_SIZE[SK_NKINDS] = {
    NCARDS * NCARDS, NCARDS * NCARDS * NCARDS, (size_t)NCARDS * NCARDS * 1326, NCARDS * 1326,
    (size_t)NCARDS * 1326 * NCARDS};

static uint8_t PAIR_LO[1326], PAIR_HI[1326]; /* the cards of pair index ab */

static void pair_of(int ab, int *a, int *b)
{
    *a = PAIR_LO[ab], *b = PAIR_HI[ab];
}

/* The cards of raw slot i (u, X..., T...); the count, or 0 when the slot
 * holds a card twice. */
static int slot_cards(enum split_key_kind kind, size_t i, card_t c[4])
{
    int u, x, y, a, b, n;
    switch (kind) {
    case SK_SINGLE0: u = (int)(i / NCARDS), x = (int)(i % NCARDS), n = 2; break;
    case SK_SINGLE1: u = (int)(i / (NCARDS * NCARDS)), x = (int)(i / NCARDS % NCARDS), a = (int)(i % NCARDS), n = 3;
        c[2] = (card_t)a; break;
    case SK_SINGLE2: u = (int)(i / (NCARDS * 1326)), x = (int)(i / 1326 % NCARDS), pair_of((int)(i % 1326), &a, &b);
        c[2] = (card_t)a, c[3] = (card_t)b, n = 4; break;
    case SK_PAIR0: u = (int)(i / 1326), pair_of((int)(i % 1326), &x, &y), c[2] = (card_t)y, n = 3; break;
    default: u = (int)(i / (1326 * NCARDS)), pair_of((int)(i / NCARDS % 1326), &x, &y), a = (int)(i % NCARDS);
        c[2] = (card_t)y, c[3] = (card_t)a, n = 4; break;
    }
    c[0] = (card_t)u, c[1] = (card_t)x;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (c[i] == c[j])
                return 0;
    return n;
}

static size_t slot_of(enum split_key_kind kind, const card_t c[4])
{
    switch (kind) {
    case SK_SINGLE0: return (size_t)c[0] * NCARDS + c[1];
    case SK_SINGLE1: return ((size_t)c[0] * NCARDS + c[1]) * NCARDS + c[2];
    case SK_SINGLE2: return ((size_t)c[0] * NCARDS + c[1]) * 1326 + split_pair_index(c[2], c[3]);
    case SK_PAIR0: return (size_t)c[0] * 1326 + split_pair_index(c[1], c[2]);
    default: return ((size_t)c[0] * 1326 + split_pair_index(c[1], c[2])) * NCARDS + c[3];
    }
}

/* The groups of a key: the upcard, the hand, the drawn set. */
static void key_groups(enum split_key_kind kind, const card_t c[4], cardmask_t g[3])
{
    int nx = kind >= SK_PAIR0 ? 2 : 1, n = kind == SK_SINGLE0 ? 2 : kind == SK_SINGLE2 || kind == SK_PAIR1 ? 4 : 3;
    g[0] = card_bit(c[0]), g[1] = g[2] = 0;
    for (int k = 1; k < n; k++)
        g[k <= nx ? 1 : 2] |= card_bit(c[k]);
}

static int mask_cards(cardmask_t m, card_t *out)
{
    int n = 0;
    for (int s = 0; s < NSUITS; s++)
        for (int r = 0; r < NRANKS; r++)
            if (m >> (s * 16 + r) & 1)
                out[n++] = card_make(r, s);
    return n;
}

/* The canonical key's cards, in the kind's order (X and T increasing). */
static void canonical_cards(enum split_key_kind kind, const card_t c[4], card_t out[4])
{
    cardmask_t g[3];
    key_groups(kind, c, g);
    canon_form(g, 3, g);
    card_t buf[4];
    int n = mask_cards(g[0], buf);
    n += mask_cards(g[1], buf + n);
    mask_cards(g[2], buf + n);
    for (int k = 0; k < 4; k++)
        out[k] = buf[k];
}

static int build_kind(struct split_keys *k, enum split_key_kind kind)
{
    size_t n = RAW_SIZE[kind];
    int32_t *index = big_malloc(n, sizeof *index), *id = malloc(n * sizeof *id);
    if (!index || !id)
        return free(index), free(id), -1;
    /* the canonical slot of every key whose upcard is a club; any other
     * key is a club key with two suits swapped */
#pragma omp parallel for schedule(static, 4096)
    for (size_t i = 0; i < n; i++) {
        card_t c[4] = {0}, can[4] = {0};
        index[i] = -1;
        if (slot_cards(kind, i, c) && card_suit(c[0]) == 0) {
            canonical_cards(kind, c, can);
            index[i] = (int32_t)slot_of(kind, can);
        }
    }
#pragma omp parallel for schedule(static, 4096)
    for (size_t i = 0; i < n; i++) {
        card_t c[4] = {0};
        int m = slot_cards(kind, i, c), su = card_suit(c[0]);
        if (!m || su == 0)
            continue;
        for (int k = 0; k < m; k++) {
            int sk = card_suit(c[k]);
            c[k] = card_make(card_rank(c[k]), sk == su ? 0 : sk == 0 ? su : sk);
        }
        index[i] = index[slot_of(kind, c)];
    }
    int32_t classes = 0;
    for (size_t i = 0; i < n; i++)
        id[i] = index[i] == (int32_t)i ? classes++ : -1;
    k->rep[kind] = calloc((size_t)(classes > 0 ? classes : 1), sizeof *k->rep[kind]);
    if (!k->rep[kind])
        return free(index), free(id), -1;
#pragma omp parallel for schedule(static, 4096)
    for (size_t i = 0; i < n; i++)
        if (index[i] == (int32_t)i)
            slot_cards(kind, i, k->rep[kind][id[i]]);
#pragma omp parallel for schedule(static, 4096)
    for (size_t i = 0; i < n; i++)
        index[i] = index[i] < 0 ? -1 : id[index[i]];
    free(id);
    k->index[kind] = index;
    k->nclasses[kind] = classes;
    return 0;
}

static struct split_keys keys;
static int keys_state; /* 0 not built, 1 built, -1 failed */

const struct split_keys *split_keys_get(void)
{
#pragma omp critical(split_keys)
    if (keys_state == 0) {
        keys_state = 1;
        for (int b = 1; b < NCARDS; b++)
            for (int a = 0; a < b; a++)
                PAIR_LO[split_pair_index(a, b)] = (uint8_t)a, PAIR_HI[split_pair_index(a, b)] = (uint8_t)b;
        for (int kind = 0; kind < SK_NKINDS && keys_state == 1; kind++)
            if (build_kind(&keys, (enum split_key_kind)kind) < 0)
                keys_state = -1;
        for (int kind = 0; kind < SK_NKINDS && keys_state < 0; kind++) {
            free(keys.index[kind]), free(keys.rep[kind]);
            keys.index[kind] = NULL, keys.rep[kind] = NULL;
        }
    }
    return keys_state == 1 ? &keys : NULL;
}
