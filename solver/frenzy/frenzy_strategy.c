/* frenzy_strategy.c — the strategy file of Four Card Frenzy: a CSV row per
 * suit class with its decision and the EV of each option. */
#include "frenzy_strategy.h"

#include <string.h>

#include "eval4.h"

/* The four cards that make the best hand (the first of equals). */
static void best_four(const card_t c[5], card_t out[4])
{
    uint32_t best = 0;
    for (int drop = 0; drop < 5; drop++) {
        card_t four[4];
        for (int i = 0, n = 0; i < 5; i++)
            if (i != drop)
                four[n++] = c[i];
        uint32_t r = frenzy_four_rank(four);
        if (drop == 0 || r > best) {
            best = r;
            memcpy(out, four, sizeof four);
        }
    }
}

static const char *const CHOICE_NAMES[FRENZY_NCHOICES] = {"fold", "raise1", "raise2", "raise3"};

/* Header and rows:
 * cards,weight,best4,hand,decision,ev_fold,ev_raise1,ev_raise2,ev_raise3,
 * dealer_lower,dealer_copy,dealer_higher,dealer_unqualified
 * EVs per Ante of the main game (side bets apart), empty where the option
 * is not allowed; the dealer columns count his C(47,5) hands. */
static void strategy_row(FILE *f, const struct frenzy_game *g, int64_t den, const struct frenzy_class *cl)
{
    struct frenzy_decision d;
    frenzy_decide(g, den, cl, &d);
    card_t four[4];
    best_four(cl->cards, four);
    char cards[16], best[16], ev[FRENZY_NCHOICES][32];
    cards_format(cl->cards, 5, cards, sizeof cards);
    cards_format(four, 4, best, sizeof best);
    for (int r = 0; r < FRENZY_NCHOICES; r++) {
        ev[r][0] = '\0';
        if (r <= d.max_raise)
            snprintf(ev[r], sizeof ev[r], "%.17g", wide_ratio(d.ev[r], (wide_t)FRENZY_DEALER_HANDS * den));
    }
    fprintf(f, "%s,%d,%s,%s,%s,%s,%s,%s,%s,%u,%u,%u,%u\n", cards, cl->weight, best,
            frenzy_category_name((enum frenzy_category)eval4_category_of(cl->rank)), CHOICE_NAMES[d.choice], ev[0],
            ev[1], ev[2], ev[3], cl->below, cl->upto - cl->below, (unsigned)(FRENZY_DEALER_HANDS - cl->upto),
            cl->unqualified);
}

void frenzy_strategy_write(FILE *f, const struct frenzy_game *g, const struct frenzy_counts *c)
{
    int64_t den = frenzy_game_den(g);
    fprintf(f, "cards,weight,best4,hand,decision,ev_fold,ev_raise1,ev_raise2,ev_raise3,"
               "dealer_lower,dealer_copy,dealer_higher,dealer_unqualified\n");
    for (long i = 0; i < c->n; i++)
        strategy_row(f, g, den, &c->classes[i]);
}
