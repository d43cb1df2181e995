/* frenzy_report.c — every figure here comes from the exact totals of
 * frenzy_solve; floating point only for display. */
#include "frenzy_report.h"

#include <json-c/json.h>
#include <stdbool.h>

#include "report_csv.h"
#include "report_json.h"
#include "wide.h"

/* The denominator of every main-game total: hands x dealer hands x den. */
wide_t frenzy_money_den(const struct frenzy_result *r)
{
    return (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * r->den;
}

static wide_t side_den(const struct frenzy_side_result *s) { return (wide_t)FRENZY_HANDS * s->table.den; }

double frenzy_side_ev(const struct frenzy_side_result *s) { return wide_ratio(s->ev, side_den(s)); }

/* Average money wagered: Ante, Odds and the Raises, in 1/FRENZY_HANDS. */
static wide_t wagered(const struct frenzy_totals *t) { return (wide_t)2 * FRENZY_HANDS + t->raise_units; }

static const char *copy_rule(enum frenzy_copy c)
{
    return c == FRENZY_COPY_WIN
               ? "win: a copy (equal 4-card hands) counts as a player win on the Ante (dealer qualified), "
                 "the Raise and the Odds (Washington)"
               : "push: the Ante and the Raise push on a copy; the Odds pays as on a win";
}

/* A payout for display: "loss", "push" or the number "to 1". */
static json_object *pay_json(int64_t pay, int64_t den)
{
    if (pay == -den)
        return json_object_new_string("loss");
    if (pay == 0)
        return json_object_new_string("push");
    return json_object_new_double((double)pay / (double)den);
}

static json_object *table_json(const struct frenzy_table *t)
{
    json_object *o = json_object_new_object(), *pays = json_object_new_object();
    json_object_object_add(o, "table", json_object_new_string(t->name));
    for (int row = frenzy_table_nrows(t->kind) - 1; row >= 0; row--)
        if (frenzy_row_exists(t->kind, row))
            json_object_object_add(pays, frenzy_row_name(t->kind, row), pay_json(t->pay[row], t->den));
    json_object_object_add(o, "pays", pays);
    return o;
}

json_object *frenzy_game_rules_json(const struct frenzy_game *g, const char *paytable)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "deck", json_object_new_string("one 52-card deck"));
    json_object_object_add(o, "hands", json_object_new_string("player and dealer get 5 cards each and play their "
                                                              "best 4-card hand"));
    json_object_object_add(o, "dealer_qualifies", json_object_new_string("King-high or better, for the Ante only"));
    json_object_object_add(o, "copy", json_object_new_string(copy_rule(g->copy)));
    json_object_object_add(o, "raise", json_object_new_string("1x Ante; 1x, 2x or 3x with a pair of Aces or better"));
    json_object_object_add(o, "fold", json_object_new_string("loses the Ante and the Odds; the side bets are "
                                                             "settled on his cards all the same"));
    json_object_object_add(o, "units", json_object_new_string("Ante = Odds = 1, Raise 1, 2 or 3; side bets per unit "
                                                              "bet; all payouts to 1"));
    json_object_object_add(o, "players", json_object_new_string("one player alone against the dealer"));
    if (paytable && paytable[0])
        json_object_object_add(o, "paytable", json_object_new_string(paytable));
    json_object_object_add(o, "odds_win", table_json(&g->win));
    json_object_object_add(o, "odds_bad_beat", table_json(&g->bad_beat));
    return o;
}

/* The game's rules and the side bets' tables, as solve reports them. */
static json_object *rules_json(const struct frenzy_result *r, const struct frenzy_side_result *sides, int nsides)
{
    json_object *o = frenzy_game_rules_json(&r->game, r->paytable), *side = json_object_new_object();
    for (int j = 0; j < nsides; j++) {
        json_object *t = table_json(&sides[j].table);
        json_object_object_add(t, "bet", json_object_new_string(frenzy_kind_name(sides[j].table.kind)));
        json_object_object_add(side, sides[j].table.name, t);
    }
    json_object_object_add(o, "side_bets", side);
    return o;
}

static json_object *side_json(const struct frenzy_side_result *s)
{
    json_object *o = json_object_new_object(), *hands = json_object_new_object();
    json_object_object_add(o, "bet", json_object_new_string(frenzy_kind_name(s->table.kind)));
    json_object_object_add(o, "ev", report_exact_json(s->ev, side_den(s)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * frenzy_side_ev(s)));
    for (int row = frenzy_table_nrows(s->table.kind) - 1; row >= 0; row--)
        json_object_object_add(hands, frenzy_row_name(s->table.kind, row), json_object_new_int64(s->freq[row]));
    json_object_object_add(o, "hands", hands);
    return o;
}

static json_object *decisions_json(const struct frenzy_totals *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "hands", json_object_new_int64(FRENZY_HANDS));
    json_object_object_add(o, "classes", json_object_new_int64(FRENZY_CLASSES));
    json_object_object_add(o, "fold", json_object_new_int64(t->choice[FRENZY_FOLD]));
    json_object_object_add(o, "raise_1x", json_object_new_int64(t->choice[FRENZY_RAISE1]));
    json_object_object_add(o, "raise_2x", json_object_new_int64(t->choice[FRENZY_RAISE2]));
    json_object_object_add(o, "raise_3x", json_object_new_int64(t->choice[FRENZY_RAISE3]));
    /* the hands are equally likely: each count's share (docs/json.md) */
    json_object *p = json_object_new_object();
    json_object_object_add(p, "fold", report_exact_json(t->choice[FRENZY_FOLD], FRENZY_HANDS));
    json_object_object_add(p, "raise_1x", report_exact_json(t->choice[FRENZY_RAISE1], FRENZY_HANDS));
    json_object_object_add(p, "raise_2x", report_exact_json(t->choice[FRENZY_RAISE2], FRENZY_HANDS));
    json_object_object_add(p, "raise_3x", report_exact_json(t->choice[FRENZY_RAISE3], FRENZY_HANDS));
    json_object_object_add(o, "probability", p);
    return o;
}

static double sides_seconds(const struct frenzy_side_result *sides, int nsides)
{
    double s = 0;
    for (int j = 0; j < nsides; j++)
        s += sides[j].seconds;
    return s;
}

/* ------------------------------------------------------------------ */
/* Jackpots: exact fractions of any size (bigfrac.h)            */
/* ------------------------------------------------------------------ */

static double jackpots_seconds(const struct frenzy_side_bets *sb)
{
    double s = 0;
    for (int j = 0; j < sb->njackpots; j++)
        s += sb->jackpots[j].seconds;
    return s;
}

enum { BIGFRAC_TEXT = 480 };

static json_object *big_json(struct bigfrac v)
{
    char text[BIGFRAC_TEXT];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "exact", json_object_new_string(bigfrac_format(v, text, sizeof text)));
    json_object_object_add(o, "value", json_object_new_double(bigfrac_value(v)));
    return o;
}

static json_object *frenzy_jackpot_pays_json(const struct frenzy_jackpot_result *j, bool envy)
{
    json_object *o = json_object_new_object();
    char text[64];
    for (int row = frenzy_jackpot_nrows(j->table.game) - 1; row > 0; row--) {
        const struct frenzy_jackpot_prize *p = &j->table.prize[row];
        json_object_object_add(o, frenzy_jackpot_row_name(j->table.game, row),
                               json_object_new_string(envy ? frenzy_jackpot_prize_text(0, p->envy, text, sizeof text)
                                                           : frenzy_jackpot_prize_text(p->percent, p->dollars, text, sizeof text)));
    }
    return o;
}

static json_object *frenzy_jackpot_json(const struct frenzy_jackpot_result *j)
{
    json_object *o = json_object_new_object(), *hands = json_object_new_object();
    json_object_object_add(o, "bet", json_object_new_string(frenzy_jackpot_game_name(j->table.game)));
    json_object_object_add(o, "jackpot_rules", json_object_new_string(frenzy_jackpot_rules(j->table.game)));
    json_object_object_add(o, "pays", frenzy_jackpot_pays_json(j, false));
    if (j->table.envy_name[0]) {
        json_object_object_add(o, "envy_table", json_object_new_string(j->table.envy_name));
        json_object_object_add(o, "envy", frenzy_jackpot_pays_json(j, true));
    }
    json_object_object_add(o, "meter", big_json(j->meter));
    json_object_object_add(o, "players", json_object_new_int(j->players));
    json_object_object_add(o, "ev", big_json(j->ev));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * bigfrac_value(j->ev)));
    json_object_object_add(o, "ev_empty_meter", big_json(j->base));
    json_object_object_add(o, "ev_per_meter_dollar", big_json(j->per_meter));
    json_object_object_add(o, "break_even_meter",
                           bigfrac_sign(j->per_meter) > 0 ? big_json(j->break_even) : json_object_new_null());
    for (int row = frenzy_jackpot_nrows(j->table.game) - 1; row >= 0; row--)
        json_object_object_add(hands, frenzy_jackpot_row_name(j->table.game, row), json_object_new_int64(j->freq[row]));
    json_object_object_add(o, "hands", hands);
    return o;
}

/* One line: the EV at the meter, then the meter where it breaks even. */
static void frenzy_jackpot_print(FILE *f, const struct frenzy_jackpot_result *j)
{
    char ev[BIGFRAC_TEXT], be[BIGFRAC_TEXT] = "never";
    if (bigfrac_sign(j->per_meter) > 0)
        snprintf(be, sizeof be, "$%.2f", bigfrac_value(j->break_even));
    fprintf(f, "  %s %s%s%s, meter $%.2f, %d player%s: EV %+.6f per $1, house edge %.6f%%   (exact %s); "
               "breaks even at a meter of %s",
            frenzy_jackpot_game_name(j->table.game), j->table.name, j->table.envy_name[0] ? " with " : "",
            j->table.envy_name, bigfrac_value(j->meter), j->players, j->players > 1 ? "s" : "",
            bigfrac_value(j->ev), -100 * bigfrac_value(j->ev), bigfrac_format(j->ev, ev, sizeof ev), be);
    if (bigfrac_sign(j->per_meter) > 0)
        fprintf(f, "   (exact %s)", bigfrac_format(j->break_even, be, sizeof be));
    fputc('\n', f);
}

static char *preset_name(const struct frenzy_result *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", r->game.win.name, r->game.bad_beat.name);
    return buf;
}

json_object *frenzy_result_json(const struct frenzy_result *r, const struct frenzy_side_bets *sb)
{
    const struct frenzy_side_result *sides = sb->sides;
    int nsides = sb->nsides;
    const struct frenzy_totals *t = &r->tot;
    wide_t den = frenzy_money_den(r);
    char name[40];
    json_object *o = json_object_new_object(), *bets = json_object_new_object(), *secs = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "preset", json_object_new_string(preset_name(r, name, sizeof name)));
    json_object_object_add(o, "game_rules", rules_json(r, sides, nsides));
    json_object_object_add(o, "ev", report_exact_json(t->ev, den));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(t->ev, den)));
    json_object_object_add(bets, "ante", report_exact_json(t->ante, den));
    json_object_object_add(bets, "odds", report_exact_json(t->odds, den));
    json_object_object_add(bets, "raise", report_exact_json(t->raise, den));
    for (int j = 0; j < nsides; j++)
        json_object_object_add(bets, sides[j].table.name, side_json(&sides[j]));
    for (int j = 0; j < sb->njackpots; j++)
        json_object_object_add(bets, sb->jackpots[j].table.name, frenzy_jackpot_json(&sb->jackpots[j]));
    json_object_object_add(o, "bets", bets);
    json_object_object_add(o, "average_wager", report_exact_json(wagered(t), FRENZY_HANDS));
    /* loss per unit wagered: -EV / (wagered / hands) */
    json_object_object_add(o, "element_of_risk_percent",
                           json_object_new_double(-100 * wide_ratio(t->ev * FRENZY_HANDS, den * wagered(t))));
    json_object_object_add(o, "decisions", decisions_json(t));
    report_run_json(o, r->threads, r->ranks, r->bind, r->seconds);
    json_object_object_add(secs, "counts", json_object_new_double(r->seconds_counts));
    json_object_object_add(secs, "pricing", json_object_new_double(r->seconds_pricing));
    json_object_object_add(secs, "side_bets", json_object_new_double(sides_seconds(sides, nsides)));
    /* the jackpots enumerate the deck apart, after the solve: not in "seconds" */
    json_object_object_add(secs, "jackpots", json_object_new_double(jackpots_seconds(sb)));
    json_object_object_add(o, "seconds_detail", secs);
    return o;
}

static double pct(int64_t n) { return 100.0 * (double)n / (double)FRENZY_HANDS; }

void frenzy_result_figures(const struct frenzy_result *r, struct frenzy_figures *f)
{
    const struct frenzy_totals *t = &r->tot;
    wide_t den = frenzy_money_den(r);
    f->edge = -100 * wide_ratio(t->ev, den);
    f->edge_initial = f->edge / 2;
    f->element_of_risk = -100 * wide_ratio(t->ev * FRENZY_HANDS, den * wagered(t));
    f->folded = pct(t->choice[FRENZY_FOLD]);
}

void frenzy_result_print(FILE *f, const struct frenzy_result *r, const struct frenzy_side_bets *sb)
{
    const struct frenzy_side_result *sides = sb->sides;
    int nsides = sb->nsides;
    const struct frenzy_totals *t = &r->tot;
    wide_t den = frenzy_money_den(r);
    char frac[100];
    fprintf(f, "Four Card Frenzy, Odds Win %s, Bad Beat %s%s%s (copies: %s)\n", r->game.win.name,
            r->game.bad_beat.name, r->paytable[0] ? ", paytable " : "", r->paytable,
            r->game.copy == FRENZY_COPY_WIN ? "win, Washington" : "Ante and Raise push");
    fprintf(f, "  EV of a round per Ante   %+.6f%%   (exact %s)\n", 100 * wide_ratio(t->ev, den),
            wide_fraction(t->ev, den, frac, sizeof frac));
    fprintf(f, "  house edge               %.6f%% per Ante, %.6f%% per initial wager (2 units: Ante, Odds)\n",
            -100 * wide_ratio(t->ev, den), -50 * wide_ratio(t->ev, den));
    fprintf(f, "  element of risk          %.6f%%   (average wager %.6f units: Ante, Odds, Raise)\n",
            -100 * wide_ratio(t->ev * FRENZY_HANDS, den * wagered(t)), wide_ratio(wagered(t), FRENZY_HANDS));
    fprintf(f, "  bets per Ante: Ante %+.6f  Odds %+.6f  Raise %+.6f\n", wide_ratio(t->ante, den),
            wide_ratio(t->odds, den), wide_ratio(t->raise, den));
    fprintf(f, "  decisions: fold %.4f%%, raise 1x %.4f%%, 2x %.4f%%, 3x %.4f%% (of %lld hands)\n",
            pct(t->choice[FRENZY_FOLD]), pct(t->choice[FRENZY_RAISE1]), pct(t->choice[FRENZY_RAISE2]),
            pct(t->choice[FRENZY_RAISE3]), (long long)FRENZY_HANDS);
    for (int j = 0; j < nsides; j++)
        fprintf(f, "  %s %s: EV %+.6f per unit, house edge %.6f%%   (exact %s)\n",
                frenzy_kind_name(sides[j].table.kind), sides[j].table.name, frenzy_side_ev(&sides[j]),
                -100 * frenzy_side_ev(&sides[j]),
                wide_fraction(sides[j].ev, side_den(&sides[j]), frac, sizeof frac));
    for (int j = 0; j < sb->njackpots; j++)
        frenzy_jackpot_print(f, &sb->jackpots[j]);
    fprintf(f, "  solved in %.3f s (enumeration %.3f s, this table %.3f s, side bets %.3f s)", r->seconds,
            r->seconds_counts, r->seconds_pricing, sides_seconds(sides, nsides));
    if (sb->njackpots) /* their own enumeration, after the solve */
        fprintf(f, "; the jackpots %.3f s more", jackpots_seconds(sb));
    fprintf(f, "\n");
}

/* ------------------------------------------------------------------ */
/* A sweep: one line per game                                           */
/* ------------------------------------------------------------------ */

static double hit_share(int64_t hits) { return (double)hits / ((double)FRENZY_HANDS * (double)FRENZY_DEALER_HANDS); }

void frenzy_results_table(FILE *f, const struct frenzy_result *r, const char *const *name, const int64_t *hits, int n)
{
    fprintf(f, "| Paytable | Odds Win | Bad Beat | House edge per Ante | per initial wager (2 units) | Element of risk "
               "| Hit frequency | Hands folded |\n|---|---|---|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < n; i++) {
        struct frenzy_figures g;
        frenzy_result_figures(&r[i], &g);
        fprintf(f, "| %s | %s | %s | %.4f%% | %.4f%% | %.4f%% | %.4f%% | %.4f%% |\n", name[i], r[i].game.win.name,
                r[i].game.bad_beat.name, g.edge, g.edge_initial, g.element_of_risk, 100 * hit_share(hits[i]),
                g.folded);
    }
    fprintf(f, "\nCopies: %s. Hit frequency: rounds whose net result (Ante, Odds and Raise) is above 0.\n",
            n ? copy_rule(r[0].game.copy) : "");
}

void frenzy_results_csv(FILE *f, const struct frenzy_result *r, const char *const *name, const int64_t *hits, int n)
{
    fprintf(f, "paytable,odds_win,bad_beat,ev,ev_exact,house_edge_percent,house_edge_per_initial_wager_percent,"
               "element_of_risk_percent,hit_frequency,hands_folded_percent\n");
    for (int i = 0; i < n; i++) {
        struct frenzy_figures g;
        frenzy_result_figures(&r[i], &g);
        char frac[100];
        report_csv_field(f, name[i]);
        fputc(',', f);
        report_csv_field(f, r[i].game.win.name);
        fputc(',', f);
        report_csv_field(f, r[i].game.bad_beat.name);
        fprintf(f, ",%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g\n", wide_ratio(r[i].tot.ev, frenzy_money_den(&r[i])),
                wide_fraction(r[i].tot.ev, frenzy_money_den(&r[i]), frac, sizeof frac), g.edge, g.edge_initial,
                g.element_of_risk, hit_share(hits[i]), g.folded);
    }
}

json_object *frenzy_results_json(const struct frenzy_result *r, const char *const *name, const int64_t *hits, int n)
{
    json_object *a = json_object_new_array();
    struct frenzy_side_bets none = {0};
    for (int i = 0; i < n; i++) {
        json_object *o = frenzy_result_json(&r[i], &none);
        char frac[100];
        json_object_object_add(o, "name", json_object_new_string(name[i]));
        json_object_object_add(o, "hit_frequency", json_object_new_double(hit_share(hits[i])));
        json_object_object_add(o, "hit_frequency_exact",
                               json_object_new_string(wide_fraction(hits[i], (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS,
                                                                    frac, sizeof frac)));
        json_object_array_add(a, o);
    }
    return report_paytables_json("frenzy", a);
}
