/* frenzy_card_page.c — the printed card page, with the raise line of the
 * exact strategy: by the best four's kind (high card, pair, ...) and its
 * leading rank (the high card, the pair, the higher pair, ...), what the
 * exact strategy does with most of those hands, paler where it does
 * otherwise with some (the kickers and the fifth card tip them). */
#include "frenzy_card.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval4.h"

static const char *const KINDS[F4_NCATEGORIES] = {"high", "pair", "2 pair", "str.", "flush", "trips", "s.fl.", "quads"};

int frenzy_card_map(const struct frenzy_game *g, const struct frenzy_counts *c, struct card_map *m)
{
    int64_t (*n)[F4_NCATEGORIES][FRENZY_NCHOICES] = calloc(NRANKS, sizeof *n);
    if (!n)
        return -1;
    int64_t den = frenzy_game_den(g);
    for (long i = 0; i < c->n; i++) {
        const struct frenzy_class *cl = &c->classes[i];
        struct frenzy_decision d;
        frenzy_decide(g, den, cl, &d);
        n[cl->rank >> 12 & 15][cl->rank >> 16][d.choice] += cl->weight;
    }
    static const char *const LETTER[FRENZY_NCHOICES] = {"F", "1", "2", "3"};
    static const char *const NAME[FRENZY_NCHOICES] = {"fold", "raise 1x", "raise 2x", "raise 3x"};
    memset(m, 0, sizeof *m);
    m->title = "The exact strategy: fold or raise";
    m->row_label = "leading rank", m->col_label = "best four";
    m->nrows = NRANKS, m->ncols = F4_NCATEGORIES, m->nactions = FRENZY_NCHOICES;
    m->note = "Leading rank: the high card, the pair, the higher pair, the straight's top card, ... Pale: the exact "
              "strategy does otherwise with some of the cell's hands (the kickers and the fifth card tip them).";
    for (int a = 0; a < FRENZY_NCHOICES; a++)
        m->action_letter[a] = LETTER[a], m->action_name[a] = NAME[a];
    for (int k = 0; k < F4_NCATEGORIES; k++)
        snprintf(m->col_names[k], sizeof m->col_names[k], "%s", KINDS[k]);
    for (int i = 0; i < NRANKS; i++) {
        int r = NRANKS - 1 - i; /* aces on top */
        snprintf(m->row_names[i], sizeof m->row_names[i], "%c", RANK_CHARS[r]);
        for (int k = 0; k < F4_NCATEGORIES; k++) {
            int64_t all = 0;
            int best = FRENZY_FOLD;
            for (int a = 0; a < FRENZY_NCHOICES; a++)
                all += n[r][k][a], best = n[r][k][a] > n[r][k][best] ? a : best;
            m->action[i][k] = (int8_t)(all ? best : -1);
            m->share[i][k] = all ? (double)n[r][k][best] / (double)all : 0;
        }
    }
    free(n);
    return 0;
}

void frenzy_card_html(FILE *f, const struct frenzy_card *card, const struct card_map *map)
{
    char about[300], made[500], hands[32];
    wide_grouped(FRENZY_HANDS, hands, sizeof hands);
    snprintf(about, sizeof about, "Four Card Frenzy: Odds Win %s, Bad Beat %s, %s.", card->game.win.name,
             card->game.bad_beat.name,
             card->game.copy == FRENZY_COPY_WIN ? "copies win (Washington)" : "copies push the Ante and Raise");
    if (card->source[0])
        snprintf(made, sizeof made, "The card of %s, priced by fourcard price frenzy against the exact decisions of "
                                    "all %s hands.", card->source, hands);
    else
        snprintf(made, sizeof made, "Computed by fourcard card frenzy from the exact decisions of all %s hands.", hands);
    json_object *o = frenzy_card_json(card);
    struct card_page page = {.card = o, .title = "Four Card Frenzy: strategy card", .about = about, .unit = "Ante", .counted = "hands",
                             .how_to_read = "Play the best four of your five cards, then take the first line that "
                                            "your hand reaches.",
                             .made_by = made, .maps = map, .nmaps = map ? 1 : 0};
    card_html_write(f, &page);
    json_object_put(o);
}
