/* simulate.h — rounds dealt for real from a shuffled deck or shoe, as a
 * cross-check of an exact EV (`fourcard simulate GAME`).
 *
 * A game supplies one function that deals a round from a struct sim_deck,
 * takes the decision the solver computed, and settles every bet from the
 * cards with the kernels' evaluators (never through the solver's counts).
 * The net result of a round is an integer in 1/unit_den of the game's unit,
 * so the sums are exact integers.
 *
 * Determinism: the rounds are cut into blocks of SIM_BLOCK_ROUNDS; block b
 * deals from its own gsl_rng_mt19937 seeded with sim_block_seed(seed, b)
 * and from the deck in its initial order, so a block's sums depend on
 * (seed, b) alone.  Blocks are spread over OpenMP threads and their integer
 * sums added, so the totals are the same for any thread count.
 */
#ifndef FOURCARD_SIMULATE_H
#define FOURCARD_SIMULATE_H

#include <gsl/gsl_rng.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cards.h"
#include "pinning.h"
#include "wide.h"

enum {
    SIM_BLOCK_ROUNDS = 65536,
    SIM_MAX_CARDS = 6 * NCARDS, /* the six-deck Buyout shoe */
    SIM_MAX_COUNTS = 12,        /* events a game tallies (decisions, rule checks) */
};

/* A deck or shoe being dealt.  Each round starts from whatever order the
 * array holds and draws by a partial Fisher-Yates shuffle, which makes
 * every ordered draw equally likely whatever that order. */
struct sim_deck {
    card_t cards[SIM_MAX_CARDS];
    int n, next; /* next: cards dealt this round */
    gsl_rng *rng;
};

/* decks copies of each card whose rank bit (1 << rank) is in rank_mask,
 * in card id order; the generator is the caller's. */
void sim_deck_fill(struct sim_deck *d, int decks, unsigned rank_mask);

/* Starts a round: every card of the deck may be dealt again. */
static inline void sim_deck_new_round(struct sim_deck *d) { d->next = 0; }

/* The next card: one uniformly chosen among the cards not dealt this
 * round.  The caller never deals more than n cards a round. */
static inline card_t sim_deal(struct sim_deck *d)
{
    int i = d->next++;
    int j = i + (int)gsl_rng_uniform_int(d->rng, (unsigned long)(d->n - i));
    card_t c = d->cards[j];
    d->cards[j] = d->cards[i];
    d->cards[i] = c;
    return c;
}

/* The 24 suit permutations (suit s goes to perm[s]). */
extern const int SIM_PERMS[24][NSUITS];

/* c with its suit s moved to perm[s]. */
static inline card_t sim_permute_card(card_t c, const int perm[NSUITS])
{
    return card_make(card_rank(c), perm[card_suit(c)]);
}

/* A suit permutation taking the masks groups[0..n) onto form[0..n) (the
 * dealt situation onto its class's representative): its index in
 * SIM_PERMS, or -1 when none does. */
int sim_perm_onto(const cardmask_t *groups, const cardmask_t *form, int n);

/* A dealt situation the solver's table does not hold, or the like: a bug,
 * not bad input.  Says so on stderr and exits 1. */
_Noreturn void sim_internal_error(const char *what);

/* A game as the simulator plays it. */
struct sim_game {
    struct sim_deck deck;   /* the full deck or shoe in its initial order (rng unused) */
    /* Deals and settles one round; returns its net in 1/unit_den units and
     * adds 1 to counts[k] for each event k of the round. */
    int64_t (*round)(const void *ctx, struct sim_deck *d, int64_t counts[SIM_MAX_COUNTS]);
    const void *ctx;
    void (*free_ctx)(void *ctx); /* frees ctx (sim_report_free) */
    int ncounts;
    const char *count_names[SIM_MAX_COUNTS]; /* JSON keys: "fold", "illegal", ... */
    int illegal_count;      /* the count of decisions the rules forbid (-1 none): must stay 0 */
};

/* Zeroes g and sets its event names (ncounts of them) and the illegal
 * one; the caller fills the deck, round, ctx and free_ctx. */
void sim_game_init(struct sim_game *g, const char *const *names, int ncounts, int illegal_count);

struct sim_options {
    int64_t rounds;
    uint64_t seed;
    int threads;   /* 0 = OpenMP's default; the solve's too */
    enum bind_mode bind; /* the solve's thread pinning */
    bool progress; /* progress bars on stderr */
    bool play_card;        /* --play card: the strategy card's rules instead of the optimal strategy */
    const char *card_file; /* --card FILE: that card (NULL: the card the game builds) */
};

/* Exact sums over the rounds, nets in 1/unit_den. */
struct sim_tally {
    int64_t rounds;
    wide_t sum, sumsq;
    int64_t counts[SIM_MAX_COUNTS];
    int threads; /* the threads that ran (does not change the sums) */
    double seconds;
};

/* The seed of block b's generator, in 1 .. 2^32 - 1 (the 32 bits MT19937
 * uses; GSL turns 0 into 4357): a start drawn from the run's seed by
 * splitmix64, plus b, so the blocks of one run never share a stream. */
unsigned long sim_block_seed(uint64_t seed, int64_t block);
/* The same for block b of the tables of one size (`protect GAME --seats`),
 * each size its own run of blocks: sizes up to 63 and 2^26 blocks a size
 * (a billion tables of 16) keep every block's seed distinct. */
unsigned long sim_seats_block_seed(uint64_t seed, int size, int64_t block);

/* Colluding tables (`protect GAME --seats N`): the mean per seat and its
 * standard error from the sums over the tables of a table's figure (all
 * its seats) and of its square, a table being one observation (its seats
 * are not independent); unit: the figure's denominator.  In long double,
 * for display only: tables x sum_sq may pass 128 bits. */
void sim_seats_mean_se(wide_t sum, wide_t sum_sq, int64_t tables, int seats, double unit, double *mean, double *se);

/* Plays o->rounds rounds.  Returns 0, or -1 with a message in err. */
int sim_run(const struct sim_game *g, const struct sim_options *o, struct sim_tally *t, char *err, size_t errlen);

/* What a report shows beside the sums: the exact EV the solver computed
 * and the game's description. */
struct sim_report {
    const char *game;      /* "split", "frenzy", "buyout" */
    char title[160];       /* "4 Card Split, preset 2014-1a" */
    char readings[400];    /* the rules and open-point readings used, one line */
    const char *unit;      /* "unit (Blind = each Ante = each Play = 1)" */
    int64_t unit_den;      /* a round's net is an integer in 1/unit_den units */
    wide_t ev_num, ev_den; /* the exact EV per round of the strategy played, in units */
    char played[320];      /* "": the optimal strategy; else the card's words ("the card in FILE") */
    wide_t optimal_num;    /* with a card: the optimal strategy's exact EV (over ev_den) */
    json_object *rules;    /* the solve report's "game_rules" object (owned), or NULL */
    /* the solver's exact rate per round of each event that happens at most
     * once a round (a decision), or -1 when it gives none: the observed
     * counts are checked against these as binomials */
    double expected[SIM_MAX_COUNTS];
    double seconds_solve;
    struct sim_game g;     /* the game, kept for more runs (sim_run(&rep->g, ...)) */
    struct sim_options o;
    struct sim_tally t;
};

/* The figures of a tally in units: mean, sample SD, SE = SD / sqrt(n),
 * z = (mean - EV) / SE (0 when SE is 0). */
struct sim_stats {
    double mean, sd, se, lo95, hi95, ev, z;
};
void sim_stats_of(const struct sim_report *r, struct sim_stats *s); /* of r->t against r's EV */

/* z of event k's count against its expected rate: (count - n p) /
 * sqrt(n p (1 - p)); 0 when the count is what a rate of 0 or 1 allows,
 * +-HUGE_VAL when it is not. */
double sim_event_z(const struct sim_report *r, int k);

/* The largest |z| over the events with an expected rate (0 with none). */
double sim_events_worst_z(const struct sim_report *r);

/* No expected rates (every entry -1). */
void sim_expected_none(struct sim_report *r);

/* Frees the game's context and the rules. */
void sim_report_free(struct sim_report *r);

/* The report as text: the statistics against the exact EV, and each event's rate. */
void sim_report_print(FILE *f, const struct sim_report *r);
/* The same figures, with the exact sums, as a JSON object (a new reference). */
json_object *sim_report_json(const struct sim_report *r);

#endif
