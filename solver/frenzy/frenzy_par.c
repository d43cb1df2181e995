/* frenzy_par.c — the PAR sheet of Four Card Frenzy from the solver's
 * per-class counts (see frenzy_par.h for why they suffice). */
#include "frenzy_par.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval4.h"

static const char *const CELL_NAMES[FS_NCELLS] = {
    "player wins, dealer qualifies",   "player wins, dealer does not qualify",
    "copy, dealer qualifies",          "copy, dealer does not qualify",
    "player loses, dealer qualifies",  "player loses, dealer does not qualify",
};

const char *frenzy_showdown_name(enum frenzy_showdown_cell cell)
{
    return cell >= 0 && cell < FS_NCELLS ? CELL_NAMES[cell] : "?";
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Dealer ranks: [0, p) below, [p, p+1) copy, [p+1, end) higher; [0, q)
 * does not qualify.  With L monotone, L(min(x, q)) = min(L(x), L(q)). */
void frenzy_showdown_cells(const struct frenzy_class *c, int64_t cells[FS_NCELLS])
{
    const int64_t all = FRENZY_DEALER_HANDS, below = c->below, upto = c->upto, nq = c->unqualified;
    int64_t below_nq = min64(below, nq), upto_nq = min64(upto, nq);
    cells[FS_WIN_NQ] = below_nq;
    cells[FS_WIN_Q] = below - below_nq;
    cells[FS_COPY_NQ] = upto_nq - below_nq;
    cells[FS_COPY_Q] = (upto - below) - cells[FS_COPY_NQ];
    cells[FS_LOSE_NQ] = nq - upto_nq;
    cells[FS_LOSE_Q] = (all - upto) - cells[FS_LOSE_NQ];
}

/* +1 the player wins the bet, 0 push, -1 he loses it: the Ante and the
 * Raise (per unit) in a cell. */
static int ante_result(const struct frenzy_game *g, enum frenzy_showdown_cell cell)
{
    switch (cell) {
    case FS_WIN_Q: return 1;
    case FS_COPY_Q: return g->copy == FRENZY_COPY_WIN ? 1 : 0;
    case FS_LOSE_Q: return -1;
    default: return 0; /* the dealer does not qualify: the Ante pushes */
    }
}

static int raise_result(const struct frenzy_game *g, enum frenzy_showdown_cell cell)
{
    if (cell == FS_WIN_Q || cell == FS_WIN_NQ)
        return 1;
    if (cell == FS_COPY_Q || cell == FS_COPY_NQ)
        return g->copy == FRENZY_COPY_WIN ? 1 : 0;
    return -1;
}

static bool player_loses(enum frenzy_showdown_cell cell) { return cell == FS_LOSE_Q || cell == FS_LOSE_NQ; }

/* The Odds in 1/den: the Win table on a win or a copy (either reading),
 * the Bad Beat table on a loss; qualifying does not matter. */
static int64_t odds_net(const struct frenzy_game *g, int64_t den, uint32_t rank, enum frenzy_showdown_cell cell)
{
    int row = frenzy_odds_row(rank);
    const struct frenzy_table *t = player_loses(cell) ? &g->bad_beat : &g->win;
    return t->pay[row] * (den / t->den);
}

int64_t frenzy_played_net(const struct frenzy_game *g, int64_t den, uint32_t rank, int raise,
                          enum frenzy_showdown_cell cell)
{
    return (ante_result(g, cell) + raise * raise_result(g, cell)) * den + odds_net(g, den, rank, cell);
}

/* ------------------------------------------------------------------ */
/* Sums over the classes                                               */
/* ------------------------------------------------------------------ */

/* Counts in deals (player hand x dealer hand) unless said; money in 1/den
 * per deal, summed. */
struct sums {
    wide_t choice_hands[FRENZY_NCHOICES], choice_money[FRENZY_NCHOICES];
    wide_t cat_hands[F4_NCATEGORIES], cat_money[F4_NCATEGORIES];
    wide_t cat_choice[F4_NCATEGORIES][FRENZY_NCHOICES]; /* hands */
    wide_t odds_deals[FO_NROWS][FS_NCELLS], odds_money[FO_NROWS][FS_NCELLS]; /* hands played */
    wide_t cell_deals[FS_NCELLS], cell_money[FS_NCELLS];
    wide_t fold_deals;
    wide_t dealer_nq; /* deals where the dealer does not qualify */
};

static void add_played(const struct frenzy_game *g, int64_t den, const struct frenzy_class *cl, int raise,
                       struct par_dist *dist, struct sums *s)
{
    int64_t cells[FS_NCELLS];
    frenzy_showdown_cells(cl, cells);
    int row = frenzy_odds_row(cl->rank);
    for (int k = 0; k < FS_NCELLS; k++) {
        if (!cells[k])
            continue;
        wide_t deals = (wide_t)cl->weight * cells[k];
        int64_t net = frenzy_played_net(g, den, cl->rank, raise, (enum frenzy_showdown_cell)k);
        par_dist_add(dist, net, deals);
        s->cell_deals[k] += deals;
        s->cell_money[k] += deals * net;
        s->odds_deals[row][k] += deals;
        s->odds_money[row][k] += deals * odds_net(g, den, cl->rank, (enum frenzy_showdown_cell)k);
    }
}

static void sum_classes(const struct frenzy_result *r, const struct frenzy_counts *c, struct par_dist *dist,
                        struct sums *s)
{
    const int64_t all = FRENZY_DEALER_HANDS;
    for (long i = 0; i < c->n; i++) {
        const struct frenzy_class *cl = &c->classes[i];
        struct frenzy_decision d;
        frenzy_decide(&r->game, r->den, cl, &d);
        int w = cl->weight, cat = eval4_category_of(cl->rank), ch = (int)d.choice;
        s->choice_hands[ch] += w;
        s->choice_money[ch] += w * d.ev[ch];
        s->cat_hands[cat] += w;
        s->cat_money[cat] += w * d.ev[ch];
        s->cat_choice[cat][ch] += w;
        s->dealer_nq += (wide_t)w * cl->unqualified;
        if (d.choice == FRENZY_FOLD) {
            par_dist_add(dist, -2 * r->den, (wide_t)w * all);
            s->fold_deals += (wide_t)w * all;
        } else
            add_played(&r->game, r->den, cl, ch, dist, s);
    }
}

/* ------------------------------------------------------------------ */
/* The sheet                                                           */
/* ------------------------------------------------------------------ */

static const char *const CHOICE_NAMES[FRENZY_NCHOICES] = {"fold", "raise 1x", "raise 2x", "raise 3x"};

static void pays_text(const struct frenzy_table *t, char *buf, size_t len)
{
    size_t used = 0;
    for (int row = frenzy_table_nrows(t->kind) - 1; row >= 0 && used < len; row--) {
        if (!frenzy_row_exists(t->kind, row))
            continue;
        int64_t p = t->pay[row];
        char v[32];
        if (p == -t->den)
            snprintf(v, sizeof v, "loss");
        else if (p == 0)
            snprintf(v, sizeof v, "push");
        else
            snprintf(v, sizeof v, "%g", (double)p / (double)t->den);
        used += (size_t)snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "", frenzy_row_name(t->kind, row), v);
    }
}

static void add_readings(struct par_sheet *s, const struct frenzy_result *r)
{
    char pays[PAR_TEXT];
    par_sheet_reading(s, "deck", "one 52-card deck; player and dealer get 5 cards each and play their best 4-card "
                                 "hand (reading 4: the player keeps his best four)");
    par_sheet_reading(s, "wagers", "Ante = Odds = 1 unit; Raise 1x Ante, or 1x, 2x or 3x with a pair of Aces or "
                                   "better; folding loses Ante and Odds");
    par_sheet_reading(s, "dealer qualifies", "King-high or better, for the Ante only (else the Ante pushes)");
    par_sheet_reading(s, "copy", "%s", r->game.copy == FRENZY_COPY_WIN
                                           ? "win: a copy counts as a player win on the Ante, Raise and Odds "
                                             "(Washington)"
                                           : "push: the Ante and Raise push on a copy; the Odds pays as on a win");
    pays_text(&r->game.win, pays, sizeof pays);
    par_sheet_reading(s, "Odds Win", "%s: %s", r->game.win.name, pays);
    pays_text(&r->game.bad_beat, pays, sizeof pays);
    par_sheet_reading(s, "Odds Bad Beat", "%s: %s", r->game.bad_beat.name, pays);
    par_sheet_reading(s, "strategy", "the decision of the highest EV on the player's 5 cards alone; a tie goes to "
                                     "the smaller wager");
    if (r->paytable[0])
        par_sheet_reading(s, "paytable file", "%s", r->paytable);
}

static void add_bets(struct par_sheet *s, const struct frenzy_result *r)
{
    wide_t den = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * r->den;
    par_sheet_bet(s, "ante", "Ante", r->tot.ante, den, "pushes when the dealer does not qualify");
    par_sheet_bet(s, "odds", "Odds", r->tot.odds, den, "Win table on a win or copy, Bad Beat table on a loss");
    par_sheet_bet(s, "raise", "Raise", r->tot.raise, den, "made only when it pays more than folding");
}

static void add_hand_tables(struct par_sheet *s, const struct sums *m, wide_t money_den)
{
    char n[32], of[96], by_hand[PAR_TEXT];
    snprintf(of, sizeof of, "player hands (of %s)", wide_grouped(FRENZY_HANDS, n, sizeof n));
    snprintf(by_hand, sizeof by_hand, "%s by the best 4 of his 5 cards", of);
    struct par_table *t = par_sheet_table(s, "Decisions", of, FRENZY_HANDS, "return per Ante", money_den);
    for (int k = 0; k < FRENZY_NCHOICES; k++)
        par_table_row(t, CHOICE_NAMES[k], m->choice_hands[k], true, m->choice_money[k]);
    t = par_sheet_table(s, "Player's final hand", by_hand, FRENZY_HANDS, "return per Ante", money_den);
    for (int c = F4_NCATEGORIES - 1; c >= 0; c--)
        par_table_row(t, frenzy_category_name((enum frenzy_category)c), m->cat_hands[c], true, m->cat_money[c]);
    t = par_sheet_table(s, "Decisions by hand", of, FRENZY_HANDS, "", 1);
    char name[PAR_NAME];
    for (int c = F4_NCATEGORIES - 1; c >= 0; c--)
        for (int k = 0; k < FRENZY_NCHOICES; k++)
            if (m->cat_choice[c][k]) {
                snprintf(name, sizeof name, "%s: %s", frenzy_category_name((enum frenzy_category)c), CHOICE_NAMES[k]);
                par_table_row(t, name, m->cat_choice[c][k], false, 0);
                par_row_field(t, "hand", frenzy_category_name((enum frenzy_category)c));
                par_row_field(t, "decision", CHOICE_NAMES[k]);
            }
}

/* A showdown cell's parts, named as Split's tables name them. */
static void cell_fields(struct par_table *t, int cell)
{
    static const char *const RESULT[FS_NCELLS] = {"win", "win", "copy", "copy", "lose", "lose"};
    par_row_field(t, "result", RESULT[cell]);
    par_row_field(t, "dealer", cell % 2 ? "not qualified" : "qualified");
}

static void add_deal_tables(struct par_sheet *s, const struct sums *m, wide_t money_den, int64_t den)
{
    wide_t deals = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS;
    char a[32], b[32], of[96], by_row[PAR_TEXT];
    snprintf(of, sizeof of, "deals (%s player hands x %s dealer hands)", wide_grouped(FRENZY_HANDS, a, sizeof a),
             wide_grouped(FRENZY_DEALER_HANDS, b, sizeof b));
    snprintf(by_row, sizeof by_row, "%s by the player's Odds row and the showdown; lines that never happen are left "
                                    "out", of);
    struct par_table *t = par_sheet_table(s, "Showdowns", of, deals, "return per Ante", money_den);
    par_table_row(t, "player folds", m->fold_deals, true, m->fold_deals * (-2 * den));
    par_row_field(t, "result", "fold");
    for (int k = 0; k < FS_NCELLS; k++) {
        par_table_row(t, CELL_NAMES[k], m->cell_deals[k], true, m->cell_money[k]);
        cell_fields(t, k);
    }
    /* a row of the Odds tables per line: paid by the Win table on a win or
     * a copy, by the Bad Beat table on a loss; lines that never happen
     * (Quad Aces losing, ...) are left out */
    t = par_sheet_table(s, "Odds bet by hand", by_row, deals, "Odds return per Ante", money_den);
    par_table_row(t, "player folds: Odds lost", m->fold_deals, true, -m->fold_deals * den);
    par_row_field(t, "result", "fold");
    char name[PAR_NAME];
    for (int row = FO_NROWS - 1; row >= 0; row--)
        for (int k = 0; k < FS_NCELLS; k++)
            if (m->odds_deals[row][k]) {
                snprintf(name, sizeof name, "%s: %s", frenzy_row_name(FT_ODDS_WIN, row), CELL_NAMES[k]);
                par_table_row(t, name, m->odds_deals[row][k], true, m->odds_money[row][k]);
                par_row_field(t, "hand", frenzy_row_name(FT_ODDS_WIN, row));
                cell_fields(t, k);
            }
    /* the dealer's five cards are five cards of the deck like the
     * player's: his hands fall in each category as often, each dealer hand
     * meeting C(47,5) player hands */
    t = par_sheet_table(s, "Dealer's final hand", of, deals, "", 1);
    for (int c = F4_NCATEGORIES - 1; c >= 0; c--)
        par_table_row(t, frenzy_category_name((enum frenzy_category)c), m->cat_hands[c] * FRENZY_DEALER_HANDS,
                      false, 0);
    par_table_row(t, "does not qualify (below King-high)", m->dealer_nq, false, 0);
}

struct odds_line {
    char name[PAR_NAME];
    wide_t pay, deals;
};

/* The Odds lines: the folds, then each Odds row by result (win, copy,
 * loss; the dealer's qualifying does not matter to the Odds).  Every deal
 * of a line is paid alike (odds_net depends on the Odds row and the result
 * alone), so a line's money is its deals times that pay: -1 if one is not
 * a whole multiple. */
static int odds_lines(const struct sums *m, int64_t den, struct odds_line *lines)
{
    static const char *const RESULT[3] = {"player wins", "copy", "player loses"};
    int n = 0;
    lines[n++] = (struct odds_line){"player folds", -(wide_t)den, m->fold_deals};
    for (int row = FO_NROWS - 1; row >= 0; row--)
        for (int j = 0; j < 3; j++) {
            wide_t deals = m->odds_deals[row][2 * j] + m->odds_deals[row][2 * j + 1];
            wide_t money = m->odds_money[row][2 * j] + m->odds_money[row][2 * j + 1];
            if (!deals)
                continue;
            if (money % deals)
                return -1;
            lines[n] = (struct odds_line){"", money / deals, deals};
            snprintf(lines[n].name, sizeof lines[n].name, "%s: %s", frenzy_row_name(FT_ODDS_WIN, row), RESULT[j]);
            n++;
        }
    return n;
}

/* The Odds bet's return table; its mean must be the Odds part of the
 * solve's EV. */
static void add_odds_return(struct par_sheet *s, const struct sums *m, const struct frenzy_result *r)
{
    struct odds_line lines[1 + FO_NROWS * 3];
    int n = odds_lines(m, r->den, lines);
    if (n < 0)
        return;
    struct par_side *odds = par_sheet_side(s, "Odds", "The Odds bet of 1 unit beside the Ante: with a Straight or "
                                                      "better paid by the Win table on a win or a copy and by the "
                                                      "Bad Beat table on a loss; with Two Pair or less it pushes on "
                                                      "a win or a copy and loses on a loss; lost when the player "
                                                      "folds.  Part of the round above; combinations are deals "
                                                      "(player hand, dealer hand).",
                                           true);
    if (!odds)
        return;
    odds->dist.value_den = r->den;
    odds->dist.total = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS;
    odds->has_solver_ev = true;
    odds->solver_ev = par_frac_make(r->tot.odds, odds->dist.total * r->den);
    for (int i = 0; i < n; i++)
        par_side_row(odds, lines[i].name, lines[i].pay, lines[i].deals);
}

static void add_side(struct par_sheet *s, const struct frenzy_side_result *sr)
{
    char name[PAR_NAME];
    snprintf(name, sizeof name, "%s %s", frenzy_kind_name(sr->table.kind), sr->table.name);
    struct par_side *b = par_sheet_side(s, name,
                                        "A side bet of 1 unit, independent of the main decision and paid even when "
                                        "the player folds (reading 3); not part of the round above.",
                                        false);
    if (!b)
        return;
    b->dist.value_den = sr->table.den;
    b->dist.total = FRENZY_HANDS;
    b->has_solver_ev = true; /* the side bet's own pricing (frenzy_side_bet) */
    b->solver_ev = par_frac_make(sr->ev, (wide_t)FRENZY_HANDS * sr->table.den);
    for (int row = frenzy_table_nrows(sr->table.kind) - 1; row >= 0; row--)
        par_side_row(b, frenzy_row_name(sr->table.kind, row), sr->table.pay[row], sr->freq[row]);
}

struct par_sheet *frenzy_par_build(const struct frenzy_result *r, const struct frenzy_counts *c,
                                   const struct frenzy_side_result *sides, int nsides, char *err, size_t errlen)
{
    char preset[PAR_NAME];
    snprintf(preset, sizeof preset, "Odds %s / %s, copy %s", r->game.win.name, r->game.bad_beat.name,
             r->game.copy == FRENZY_COPY_WIN ? "win" : "push");
    struct par_sheet *s = par_sheet_new("frenzy", "Four Card Frenzy", preset, "Ante");
    struct sums *m = calloc(1, sizeof *m);
    if (!s || !m) {
        free(m), par_sheet_free(s);
        return snprintf(err, errlen, "out of memory"), NULL;
    }
    wide_t money_den = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * r->den;
    s->dist.value_den = r->den;
    s->dist.total = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS;
    sum_classes(r, c, &s->dist, m);
    add_readings(s, r);
    add_bets(s, r);
    s->initial_wager = par_frac_make(2, 1);
    s->average_wager = par_frac_make((wide_t)2 * FRENZY_HANDS + r->tot.raise_units, FRENZY_HANDS);
    s->solver_ev = par_frac_make(r->tot.ev, money_den);
    add_hand_tables(s, m, money_den);
    add_deal_tables(s, m, money_den, r->den);
    add_odds_return(s, m, r);
    for (int j = 0; j < nsides; j++)
        add_side(s, &sides[j]);
    free(m);
    if (par_sheet_finish(s, err, errlen) != 0) {
        par_sheet_free(s);
        return NULL;
    }
    return s;
}

/* ------------------------------------------------------------------ */
/* Jackpots                                                            */
/* ------------------------------------------------------------------ */

static void jackpot_prizes(struct par_jackpot *j, const struct frenzy_jackpot_result *r)
{
    const struct frenzy_jackpot_table *t = &r->table;
    for (int row = frenzy_jackpot_nrows(t->game) - 1; row >= 0 && j->nrows < PAR_MAX_SIDE_ROWS; row--) {
        struct par_jackpot_row *out = &j->rows[j->nrows++];
        char prize[48], envy[48];
        frenzy_jackpot_prize_text(t->prize[row].percent, t->prize[row].dollars, prize, sizeof prize);
        if (t->prize[row].envy)
            snprintf(out->prize, sizeof out->prize, "%s; %s %s to each other player", prize, t->envy_name,
                     frenzy_jackpot_prize_text(0, t->prize[row].envy, envy, sizeof envy));
        else
            snprintf(out->prize, sizeof out->prize, "%s", prize);
        snprintf(out->name, sizeof out->name, "%s", frenzy_jackpot_row_name(t->game, row));
        out->count = r->freq[row];
    }
}

static void jackpot_players(struct par_jackpot_players *p, const struct frenzy_jackpot_result *r)
{
    p->base = bigfrac_value(r->base), p->per_meter = bigfrac_value(r->per_meter), p->ev = bigfrac_value(r->ev);
    bigfrac_format(r->ev, p->ev_exact, sizeof p->ev_exact);
    p->breaks_even = bigfrac_sign(r->per_meter) > 0;
    if (p->breaks_even) {
        p->break_even = bigfrac_value(r->break_even);
        bigfrac_format(r->break_even, p->break_even_exact, sizeof p->break_even_exact);
    }
}

int frenzy_par_jackpots(struct par_sheet *s, const struct frenzy_jackpot_result *res, int ntables, int nplayers)
{
    for (int t = 0; t < ntables; t++) {
        const struct frenzy_jackpot_result *r = &res[t * nplayers];
        char name[PAR_NAME], note[PAR_TEXT];
        snprintf(name, sizeof name, "%s %s%s%s", frenzy_jackpot_game_name(r->table.game), r->table.name,
                 r->table.envy_name[0] ? " with " : "", r->table.envy_name);
        snprintf(note, sizeof note, "%s. Per $1, every player at the table betting it; not part of the round above.",
                 frenzy_jackpot_rules(r->table.game));
        struct par_jackpot *j = par_sheet_jackpot(s, name, note, bigfrac_value(r->meter), FRENZY_HANDS);
        if (!j)
            return -1;
        jackpot_prizes(j, r);
        j->nplayers = nplayers < PAR_MAX_PLAYERS ? nplayers : PAR_MAX_PLAYERS;
        for (int k = 0; k < j->nplayers; k++)
            jackpot_players(&j->at[k], &res[t * nplayers + k]);
    }
    return 0;
}
