/* buyout_protect_report.c — see buyout_protect_report.h.  The figures
 * come from the exact sums of buyout_removal and the sums of the shoe
 * simulation; floating point only for display. */
#include "buyout_protect_report.h"

#include <json-c/json.h>
#include <string.h>

#include "buyout_report.h"
#include "report_json.h"

static const char REMOVED[] = "for each rank, the six-deck shoe less one card of that rank (a spade: every suit "
                              "gives the same EV); each EV exact, with the strategy optimal for that shoe";

static const char *game_title(int g, char *buf, size_t len)
{
    struct buyout_game x = buyout_game_of(g);
    if (!x.table)
        snprintf(buf, len, "Main game");
    else
        snprintf(buf, len, x.alone ? "Bonus %d alone" : "Main + Bonus %d", x.table);
    return buf;
}

static const char *unit_of(int g) { return buyout_game_of(g).alone ? "Bonus unit" : "First-bet unit"; }

static double effect_of(const struct buyout_removal *rem, int r, int g)
{
    return wide_ratio(rem->num[r][g], rem->den[r][g]) - wide_ratio(rem->full_num[g], rem->full_den[g]);
}

static void add_rules(json_object *o, const struct buyout_rules *base)
{
    json_object_object_add(o, "game_rules", buyout_rules_json(base));
    char units[48];
    snprintf(units, sizeof units, base->bonus_den == 1 ? "%lld" : "%lld/%lld", (long long)base->bonus_num,
             (long long)base->bonus_den);
    json_object_object_add(o, "bonus_units_per_first_bet", json_object_new_string(units));
}

static json_object *removal_games_json(const struct buyout_removal *rem)
{
    json_object *games = json_object_new_array();
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        struct buyout_game x = buyout_game_of(g);
        json_object *e = json_object_new_object();
        char key[32];
        json_object_object_add(e, "game", json_object_new_string(buyout_game_key(g, key, sizeof key)));
        json_object_object_add(e, "bonus_table", json_object_new_int(x.table));
        json_object_object_add(e, "bonus_alone", json_object_new_boolean(x.alone));
        json_object_object_add(e, "unit", json_object_new_string(unit_of(g)));
        json_object_object_add(e, "ev", report_exact_json(rem->full_num[g], rem->full_den[g]));
        json_object *ranks = json_object_new_array();
        double mean = 0;
        for (int r = 0; r < NRANKS; r++) {
            json_object *k = json_object_new_object();
            json_object_object_add(k, "rank", json_object_new_string(card_rank_word(r)));
            json_object_object_add(k, "ev", report_exact_json(rem->num[r][g], rem->den[r][g]));
            json_object_object_add(k, "effect_percent", json_object_new_double(100 * effect_of(rem, r, g)));
            json_object_array_add(ranks, k);
            mean += effect_of(rem, r, g) / NRANKS;
        }
        json_object_object_add(e, "ranks", ranks);
        json_object_object_add(e, "mean_effect_percent", json_object_new_double(100 * mean));
        json_object_array_add(games, e);
    }
    return games;
}

json_object *buyout_removal_json(const struct buyout_removal *rem)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "analysis", json_object_new_string("effects-of-removal"));
    add_rules(o, &rem->base);
    json_object_object_add(o, "removed", json_object_new_string(REMOVED));
    json_object_object_add(o, "games", removal_games_json(rem));
    report_run_json(o, rem->threads, rem->ranks, BIND_NONE, rem->seconds);
    return o;
}

static void rules_line(FILE *f, const struct buyout_rules *base)
{
    char units[48];
    snprintf(units, sizeof units, base->bonus_den == 1 ? "%lld" : "%lld/%lld", (long long)base->bonus_num,
             (long long)base->bonus_den);
    fprintf(f, "Six decks (312 cards), one player alone; dealer's 5 cards: %s; the Bonus beside the main game: %s "
               "unit(s) per First bet.\n", buyout_reading_name(base->dealer_five), units);
}

static void table_head(FILE *f, const char *first)
{
    char t[32];
    fprintf(f, "| %s |", first);
    for (int g = 0; g < BUYOUT_NGAMES; g++)
        fprintf(f, " %s |", game_title(g, t, sizeof t));
    fprintf(f, "\n|---|");
    for (int g = 0; g < BUYOUT_NGAMES; g++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
}

/* The table itself, under a heading of the caller's. */
static void removal_table(FILE *f, const struct buyout_removal *rem)
{
    fprintf(f, "Removed: %s.\nEffect = EV(shoe less that card) - EV(six decks), in %% of a unit (the "
               "First bet; the Bonus unit for a Bonus alone).\n\n", REMOVED);
    table_head(f, "Rank");
    fprintf(f, "| EV, six decks |");
    for (int g = 0; g < BUYOUT_NGAMES; g++)
        fprintf(f, " %.6f%% |", 100 * wide_ratio(rem->full_num[g], rem->full_den[g]));
    fprintf(f, "\n");
    for (int r = 0; r < NRANKS; r++) {
        fprintf(f, "| %s |", card_rank_word(r));
        for (int g = 0; g < BUYOUT_NGAMES; g++)
            fprintf(f, " %+.6f%% |", 100 * effect_of(rem, r, g));
        fprintf(f, "\n");
    }
    fprintf(f, "| Mean effect |");
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        double m = 0;
        for (int r = 0; r < NRANKS; r++)
            m += effect_of(rem, r, g) / NRANKS;
        fprintf(f, " %+.6f%% |", 100 * m);
    }
    fprintf(f, "\n\nA bet without decisions (the Bonus alone) has a mean effect of zero: removing an unseen card "
               "changes nothing on average. With decisions it is positive: the player knows the card is gone.\n");
}

void buyout_removal_print(FILE *f, const struct buyout_removal *rem)
{
    fprintf(f, "# 4 Card Buyout: effects of removal\n\n");
    rules_line(f, &rem->base);
    removal_table(f, rem);
    fprintf(f, "\nSolved in %.1f s (%d thread(s) x %d process(es)).\n", rem->seconds, rem->threads, rem->ranks);
}

/* ---- the count ---- */

static const char *ev_source(int g)
{
    return buyout_game_of(g).alone ? "exact at the shoe left" : "linear estimate from the effects of removal";
}

static json_object *count_json(const struct buyout_count *c, int g)
{
    json_object *o = json_object_new_object(), *tags = json_object_new_object(), *levels = json_object_new_array();
    char key[32];
    json_object_object_add(o, "game", json_object_new_string(buyout_game_key(g, key, sizeof key)));
    json_object_object_add(o, "level", json_object_new_int(c->level));
    for (int r = 0; r < NRANKS; r++)
        json_object_object_add(tags, card_rank_word(r), json_object_new_int(c->tag[r]));
    json_object_object_add(o, "tags", tags);
    json_object_object_add(o, "betting_correlation", json_object_new_double(c->bc));
    for (int L = 0; L < BUYOUT_COUNT_MAX_LEVEL; L++)
        json_object_array_add(levels, json_object_new_double(c->bc_level[L]));
    json_object_object_add(o, "betting_correlation_by_level", levels);
    json_object_object_add(o, "ev_percent", json_object_new_double(100 * c->ev0));
    json_object_object_add(o, "change_per_true_count_percent", json_object_new_double(100 * c->per_true_count));
    return o;
}

static json_object *sim_json(const struct buyout_shoe_sim *s)
{
    json_object *o = json_object_new_object(), *games = json_object_new_array();
    json_object_object_add(o, "cut_decks", json_object_new_double(s->o.cut_decks));
    json_object_object_add(o, "players", json_object_new_int(s->o.players));
    json_object_object_add(o, "spread", json_object_new_int(s->o.spread));
    json_object_object_add(o, "seed", json_object_new_int64((int64_t)s->o.seed));
    json_object_object_add(o, "rounds", json_object_new_int64(s->rounds));
    json_object_object_add(o, "shoes", json_object_new_int64(s->shoes));
    json_object_object_add(o, "cards_per_round", json_object_new_double(s->cards_per_round));
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        const struct buyout_shoe_sim_game *x = &s->game[g];
        json_object *e = json_object_new_object();
        char key[32];
        json_object_object_add(e, "game", json_object_new_string(buyout_game_key(g, key, sizeof key)));
        json_object_object_add(e, "ev_at_shoe", json_object_new_string(ev_source(g)));
        json_object_object_add(e, "win_per_100_rounds", json_object_new_double(x->win_per_100));
        json_object_object_add(e, "standard_error", json_object_new_double(x->win_se));
        json_object_object_add(e, "flat_win_per_100_rounds", json_object_new_double(x->flat_per_100));
        json_object_object_add(e, "average_bet", json_object_new_double(x->average_bet));
        json_object_object_add(e, "advantage_share_percent", json_object_new_double(100 * x->advantage_share));
        json_object_object_add(e, "big_bet_share_percent", json_object_new_double(100 * x->big_share));
        json_object_array_add(games, e);
    }
    json_object_object_add(o, "games", games);
    return o;
}

static json_object *check_json(const struct buyout_exact_check *x)
{
    json_object *o = json_object_new_object(), *games = json_object_new_array(), *shoes = json_object_new_array();
    json_object_object_add(o, "shoes", json_object_new_int(x->n));
    if (x->resumed) /* --resume: solved by an earlier run */
        json_object_object_add(o, "shoes_resumed", json_object_new_int(x->resumed));
    for (int g = 0; g < BUYOUT_DECISION_GAMES; g++) {
        json_object *e = json_object_new_object();
        char key[32];
        json_object_object_add(e, "game", json_object_new_string(buyout_game_key(g, key, sizeof key)));
        json_object_object_add(e, "mean_error_percent", json_object_new_double(x->mean_error[g]));
        json_object_object_add(e, "mean_abs_error_percent", json_object_new_double(x->mean_abs[g]));
        json_object_object_add(e, "max_abs_error_percent", json_object_new_double(x->max_abs[g]));
        json_object_object_add(e, "rms_error_percent", json_object_new_double(x->rms[g]));
        json_object_array_add(games, e);
    }
    json_object_object_add(o, "games", games);
    for (int i = 0; i < x->n; i++) {
        json_object *e = json_object_new_object(), *cards = json_object_new_array();
        json_object *ex = json_object_new_array(), *es = json_object_new_array();
        for (int c = 0; c < NCARDS; c++)
            json_object_array_add(cards, json_object_new_int(x->shoes[i][c]));
        for (int g = 0; g < BUYOUT_DECISION_GAMES; g++) {
            json_object_array_add(ex, json_object_new_double(x->exact[i][g]));
            json_object_array_add(es, json_object_new_double(x->estimate[i][g]));
        }
        json_object_object_add(e, "shoe", cards);
        json_object_object_add(e, "exact", ex);
        json_object_object_add(e, "estimate", es);
        json_object_array_add(shoes, e);
    }
    json_object_object_add(o, "sampled", shoes);
    return o;
}

json_object *buyout_count_json(const struct buyout_count_report *c)
{
    json_object *o = json_object_new_object(), *counts = json_object_new_array(), *sims = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("buyout"));
    json_object_object_add(o, "analysis", json_object_new_string("count"));
    add_rules(o, &c->rem->base);
    json_object *removal = json_object_new_object();
    json_object_object_add(removal, "removed", json_object_new_string(REMOVED));
    json_object_object_add(removal, "games", removal_games_json(c->rem));
    json_object_object_add(o, "removal", removal);
    for (int g = 0; g < BUYOUT_NGAMES; g++)
        json_object_array_add(counts, count_json(&c->counts[g], g));
    json_object_object_add(o, "counts", counts);
    for (int i = 0; i < c->nsims; i++)
        json_object_array_add(sims, sim_json(&c->sims[i]));
    json_object_object_add(o, "simulation", sims);
    if (c->x->n > 0)
        json_object_object_add(o, "exact_check", check_json(c->x));
    report_run_json(o, c->rem->threads, c->rem->ranks, BIND_NONE, c->seconds);
    return o;
}

static void print_counts(FILE *f, const struct buyout_count_report *c)
{
    char t[32];
    fprintf(f, "| Count |");
    for (int r = 0; r < NRANKS; r++)
        fprintf(f, " %s |", card_rank_word(r));
    fprintf(f, " Level | Betting correlation | EV, six decks | Per true count |\n|---|");
    for (int r = 0; r < NRANKS + 4; r++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        const struct buyout_count *k = &c->counts[g];
        fprintf(f, "| %s |", game_title(g, t, sizeof t));
        for (int r = 0; r < NRANKS; r++)
            fprintf(f, " %+d |", k->tag[r]);
        fprintf(f, " %d | %.4f | %.4f%% | %+.4f%% |\n", k->level, k->bc, 100 * k->ev0, 100 * k->per_true_count);
    }
}

static void print_sim(FILE *f, const struct buyout_shoe_sim *s)
{
    char t[32];
    fprintf(f, "\n### Cut card at %g deck%s, %d player%s at the table\n\n%lld rounds in %lld shoes (%.2f cards a "
               "round), seed %llu; the counter bets %d units when his count says the shoe favours him, else 1.\n\n",
            s->o.cut_decks, s->o.cut_decks == 1 ? "" : "s", s->o.players, s->o.players == 1 ? "" : "s",
            (long long)s->rounds, (long long)s->shoes, s->cards_per_round, (unsigned long long)s->o.seed, s->o.spread);
    fprintf(f, "| Game | Win per 100 rounds (units) | Standard error | Flat bet, per 100 rounds | Average bet | Rounds "
               "at a player advantage | Rounds at the big bet | EV at each shoe |\n|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (int g = 0; g < BUYOUT_NGAMES; g++) {
        const struct buyout_shoe_sim_game *x = &s->game[g];
        fprintf(f, "| %s | %+.4f | %.4f | %+.4f | %.3f | %.3f%% | %.3f%% | %s |\n", game_title(g, t, sizeof t),
                x->win_per_100, x->win_se, x->flat_per_100, x->average_bet, 100 * x->advantage_share,
                100 * x->big_share, ev_source(g));
    }
}

static void print_check(FILE *f, const struct buyout_exact_check *x)
{
    char t[32];
    fprintf(f, "\n## The linear estimates against exact solves\n\n%d shoe states sampled from the simulation (one "
               "round of each of the first shoes), each solved exactly; error = estimate - exact, in %% of a "
               "First-bet unit.\n\n| Game | Mean error | Mean absolute error | Largest absolute error | RMS error "
               "|\n|---|---:|---:|---:|---:|\n", x->n);
    for (int g = 0; g < BUYOUT_DECISION_GAMES; g++)
        fprintf(f, "| %s | %+.5f%% | %.5f%% | %.5f%% | %.5f%% |\n", game_title(g, t, sizeof t), x->mean_error[g],
                x->mean_abs[g], x->max_abs[g], x->rms[g]);
    if (x->resumed)
        fprintf(f, "\n%d of the %d shoes were taken from the --resume folder (solved by an earlier run).\n",
                x->resumed, x->n);
}

void buyout_count_print(FILE *f, const struct buyout_count_report *c)
{
    fprintf(f, "# 4 Card Buyout: counting the shoe\n\n");
    rules_line(f, &c->rem->base);
    fprintf(f, "Each game's count is a balanced integer count (the tags of a deck sum to zero) fitted to its "
               "exact effects of removal; its betting correlation is the correlation of the tags and the "
               "effects. A game with decisions is priced at each shoe by the linear estimate from its effects of "
               "removal (checked against exact solves below, when asked for); the Bonus alone exactly.\n\n");
    print_counts(f, c);
    fprintf(f, "\nThe count's estimate of the EV is the six-deck EV plus \"per true count\" times the true count "
               "(the running count per deck left).\n\n## The effects of removal\n\n");
    removal_table(f, c->rem);
    fprintf(f, "\n## Shoe simulation\n");
    for (int i = 0; i < c->nsims; i++)
        print_sim(f, &c->sims[i]);
    if (c->x->n > 0)
        print_check(f, c->x);
    fprintf(f, "\nComputed in %.1f s.\n", c->seconds);
}
