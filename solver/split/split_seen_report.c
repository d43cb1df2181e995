/* split_seen_report.c — Markdown and JSON of a hole-carding result: the
 * EVs, the swing, the decisions changed and by which seen cards.  Every
 * figure is an exact fraction of the totals; doubles are for display. */
#include "split_seen_report.h"

#include <stdbool.h>

#include <json-c/json.h>

#include "report_json.h"
#include "split_card.h"
#include "split_report.h"

/* The figures, as exact fractions. */
struct seen_figures {
    wide_t ev, ev_den, normal, normal_den, swing, swing_den;
    wide_t seen_situations; /* (P, u) situations x seen sets (47 or 1,081): the weight of every share */
};

static struct seen_figures figures_of(const struct split_seen_result *r)
{
    const struct split_seen_totals *t = &r->tot;
    int64_t sets = r->sets, L = r->scale, NL = r->normal_scale;
    struct seen_figures f = {t->ev, split_seen_den(r), t->normal_ev, split_seen_normal_den(r), 0, 0,
                             (wide_t)t->situations * sets};
    /* ev / ev_den - normal / normal_den on the common denominator ev_den * NL
     * (normal_den * sets * L = ev_den * NL) */
    f.swing = t->ev * NL - t->normal_ev * sets * L;
    f.swing_den = f.ev_den * NL;
    return f;
}

/* "A", "A2", ...: the upcard ranks of a restricted run. */
static void upcard_ranks(uint16_t upcards, char buf[NRANKS + 1])
{
    int n = 0;
    for (int r = NRANKS - 1; r >= 0; r--)
        if (upcards >> r & 1)
            buf[n++] = RANK_CHARS[r];
    buf[n] = 0;
}

static json_object *share_json(int64_t n, wide_t of) { return report_exact_json(n, of); }

static json_object *by_rank_json(const struct split_seen_result *r, const struct seen_figures *f)
{
    const struct split_seen_totals *t = &r->tot;
    json_object *o = json_object_new_object();
    /* the EV gained is per unit over every seen situation, like ev */
    for (int k = NRANKS - 1; k >= 0; k--) {
        json_object *row = json_object_new_object();
        json_object_object_add(row, "situations", share_json(t->seen_by_rank[k], f->seen_situations));
        json_object_object_add(row, "more_plays", share_json(t->more_by_rank[k], f->seen_situations));
        json_object_object_add(row, "fewer_plays", share_json(t->fewer_by_rank[k], f->seen_situations));
        json_object_object_add(row, "other_hands", share_json(t->other_by_rank[k], f->seen_situations));
        json_object_object_add(row, "ev_gain", report_exact_json(t->gain_by_rank[k], f->ev_den));
        char name[2] = {RANK_CHARS[k], 0};
        json_object_object_add(o, name, row);
    }
    return o;
}

/* A row's thresholds: the weakest hand of each kind that plays (NULL: none). */
static json_object *row_json(const struct split_seen_card_row *row)
{
    json_object *o = json_object_new_object(), *from = json_object_new_object();
    char buf[48];
    if (row->seen >= 0)
        json_object_object_add(o, "seen", json_object_new_string(card_rank_word(row->seen)));
    json_object_object_add(o, "upcard_from", json_object_new_string(card_rank_word(row->up_lo)));
    json_object_object_add(o, "upcard_to", json_object_new_string(card_rank_word(row->up_hi)));
    for (int k = 0; k < SC_NKINDS; k++) {
        bool none = row->from[k] >= split_card_kind_length(k);
        json_object_object_add(from, split_card_kind_name(k),
                               none ? NULL : json_object_new_string(split_card_kind_hand(k, row->from[k], buf, sizeof buf)));
    }
    json_object_object_add(o, "plays_from", from);
    return o;
}

static json_object *card_json(const struct split_seen_result *r, const struct seen_figures *f)
{
    const struct split_seen_card *c = &r->card;
    json_object *o = json_object_new_object(), *rows = json_object_new_array(), *up = json_object_new_array();
    for (int i = 0; i < c->nrows; i++)
        json_object_array_add(rows, row_json(&c->rows[i]));
    for (int i = 0; i < NRANKS; i++)
        json_object_array_add(up, row_json(&c->up_rows[i]));
    json_object_object_add(o, "setting", json_object_new_string("normal"));
    json_object_object_add(o, "rows", rows);
    json_object_object_add(o, "ev", report_exact_json(c->ev, f->ev_den));
    json_object_object_add(o, "upcard_rows", up);
    json_object_object_add(o, "upcard_ev", report_exact_json(c->up_ev, f->ev_den));
    return o;
}

static json_object *decisions_json(const struct split_seen_result *r, const struct seen_figures *f)
{
    const struct split_seen_totals *t = &r->tot;
    json_object *o = json_object_new_object(), *kinds = json_object_new_object();
    json_object_object_add(o, "changed", share_json(t->changed, f->seen_situations));
    for (int i = 0; i < SEEN_NCHANGES; i++)
        json_object_object_add(kinds, split_seen_change_name(i), share_json(t->change[i], f->seen_situations));
    json_object_object_add(o, "by_change", kinds);
    json_object_object_add(o, "by_seen_rank", by_rank_json(r, f));
    return o;
}

/* The share of the way from the card given to the optimal seen play that
 * the hole-carder's card goes. */
static double kept_percent(const struct split_seen_result *r, const struct seen_figures *f)
{
    const struct split_seen_rules *c = &r->rules;
    wide_t all = f->ev - c->base_ev;
    return all ? 100 * wide_ratio(c->ev - c->base_ev, all) : 100;
}

static json_object *rules_json(const struct split_seen_result *r, const struct seen_figures *f, const char *file)
{
    const struct split_seen_rules *c = &r->rules;
    json_object *o = json_object_new_object(), *rules = json_object_new_array(), *steps = json_object_new_array();
    char text[512];
    json_object_object_add(o, "file", json_object_new_string(file ? file : ""));
    for (int i = 0; i < c->card.n; i++)
        json_object_array_add(rules, json_object_new_string(split_rule_text(&c->card.rule[i], text, sizeof text)));
    json_object_object_add(o, "rules", rules);
    json_object_object_add(o, "added", json_object_new_int(c->added));
    for (int k = 0; k < c->added; k++) {
        json_object *x = json_object_new_object();
        json_object_object_add(x, "rule", json_object_new_string(split_rule_text(&c->rule[k], text, sizeof text)));
        json_object_object_add(x, "ev", report_exact_json(c->step_ev[k], f->ev_den));
        json_object_array_add(steps, x);
    }
    json_object_object_add(o, "steps", steps);
    json_object_object_add(o, "base_ev", report_exact_json(c->base_ev, f->ev_den));
    json_object_object_add(o, "ev", report_exact_json(c->ev, f->ev_den));
    json_object_object_add(o, "kept_percent", json_object_new_double(kept_percent(r, f)));
    return o;
}

json_object *split_seen_json(const struct split_seen_result *r, const char *card_file)
{
    struct seen_figures f = figures_of(r);
    json_object *o = json_object_new_object();
    json_object_object_add(o, "game", json_object_new_string("split"));
    json_object_object_add(o, "analysis", json_object_new_string("seen"));
    json_object_object_add(o, "seen", json_object_new_int(r->seen));
    json_object_object_add(o, "preset", json_object_new_string(r->pt.name));
    json_object_object_add(o, "game_rules", split_rules_json(&r->pt, r->instant));
    if (r->upcards) {
        char ranks[NRANKS + 1];
        upcard_ranks(r->upcards, ranks);
        json_object_object_add(o, "upcard_ranks", json_object_new_string(ranks));
    }
    if (r->stride > 1)
        json_object_object_add(o, "stride", json_object_new_int(r->stride));
    json_object_object_add(o, "situations", json_object_new_int64((int64_t)f.seen_situations));
    json_object_object_add(o, "ev", report_exact_json(f.ev, f.ev_den));
    json_object_object_add(o, "normal_ev", report_exact_json(f.normal, f.normal_den));
    json_object_object_add(o, "swing", report_exact_json(f.swing, f.swing_den));
    json_object_object_add(o, "swing_percent", json_object_new_double(100 * wide_ratio(f.swing, f.swing_den)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-100 * wide_ratio(f.ev, f.ev_den)));
    json_object_object_add(o, "normal_house_edge_percent",
                           json_object_new_double(-100 * wide_ratio(f.normal, f.normal_den)));
    json_object_object_add(o, "decisions", decisions_json(r, &f));
    json_object_object_add(o, "card", card_json(r, &f));
    if (r->has_rules)
        json_object_object_add(o, "rules_card", rules_json(r, &f, card_file));
    json_object_object_add(o, "threads", json_object_new_int(r->threads));
    json_object_object_add(o, "ranks", json_object_new_int(r->ranks));
    report_run_json(o, r->threads, r->ranks, r->bind, r->seconds);
    json_object *run;
    if (r->pieces_resumed && json_object_object_get_ex(o, "run", &run)) /* --resume: what this run did not compute */
        json_object_object_add(run, "pieces_resumed", json_object_new_int(r->pieces_resumed));
    return o;
}

static double pct(wide_t n, wide_t of) { return of ? 100 * wide_ratio(n, of) : 0; } /* 0 of 0: a test run's empty seen rank */

static const char *const CHANGE_WORDS[SEEN_NCHANGES] = {
    "fold everything -> play a hand", "play -> fold everything", "more Play bets (both play)",
    "fewer Play bets (both play)", "as many Play bets, other hands"};

const char *split_seen_change_words(enum split_seen_change c)
{
    return c >= 0 && c < SEEN_NCHANGES ? CHANGE_WORDS[c] : "?";
}

/* The seen rank whose situations play more (more = 1) or fewer (0) most
 * often, as a share of that rank's situations. */
static int top_rank(const struct split_seen_totals *t, int more)
{
    int best = 0;
    for (int k = 1; k < NRANKS; k++) {
        int64_t a = more ? t->more_by_rank[k] : t->fewer_by_rank[k];
        int64_t b = more ? t->more_by_rank[best] : t->fewer_by_rank[best];
        if ((wide_t)a * t->seen_by_rank[best] > (wide_t)b * t->seen_by_rank[k])
            best = k;
    }
    return best;
}

static void print_by_rank(FILE *f, const struct split_seen_result *r, const struct seen_figures *g)
{
    const struct split_seen_totals *t = &r->tot;
    const char *which = r->seen == 2 ? "the higher seen card" : "the seen card";
    fprintf(f, "\n## By %s's rank\n\nThe share of all situations in which %s has that rank, then shares of "
               "those situations.\n\n"
               "| Seen | Situations | Decision changed | Plays more | Plays less | Other hands | EV gained per unit "
               "(all situations) |\n|---|---:|---:|---:|---:|---:|---:|\n",
            which, which);
    for (int k = NRANKS - 1; k >= 0; k--) {
        int64_t ch = t->more_by_rank[k] + t->fewer_by_rank[k] + t->other_by_rank[k], per_rank = t->seen_by_rank[k];
        fprintf(f, "| %c | %.4f%% | %.4f%% | %.4f%% | %.4f%% | %.4f%% | %+.6f%% |\n", RANK_CHARS[k],
                pct(per_rank, g->seen_situations), pct(ch, per_rank),
                pct(t->more_by_rank[k], per_rank), pct(t->fewer_by_rank[k], per_rank),
                pct(t->other_by_rank[k], per_rank), pct(t->gain_by_rank[k], g->ev_den));
    }
    int more = top_rank(t, 1), fewer = top_rank(t, 0);
    const char *higher = r->seen == 2 ? " (the higher)" : "";
    fprintf(f, "\nA seen %s%s makes the player play more most often (%.4f%% of its situations); a seen %s%s "
               "makes him play less most often (%.4f%%).\n",
            card_rank_word(more), higher, pct(t->more_by_rank[more], t->seen_by_rank[more]), card_rank_word(fewer),
            higher, pct(t->fewer_by_rank[fewer], t->seen_by_rank[fewer]));
}

static void print_rows(FILE *f, const struct split_seen_card_row *rows, int n)
{
    char buf[48];
    for (int i = 0; i < n; i++) {
        const struct split_seen_card_row *row = &rows[i];
        if (row->seen >= 0)
            fprintf(f, "| %s ", card_rank_word(row->seen));
        if (row->up_lo == row->up_hi)
            fprintf(f, "| %s |", card_rank_word(row->up_lo));
        else
            fprintf(f, "| %s to %s |", card_rank_word(row->up_lo), card_rank_word(row->up_hi));
        for (int k = 0; k < SC_NKINDS; k++) /* "all" from the weakest, "-" for none */
            fprintf(f, " %s |", row->from[k] == 0 ? "all" : split_card_kind_hand(k, row->from[k], buf, sizeof buf));
        fprintf(f, "\n");
    }
}

static void print_card(FILE *f, const struct split_seen_result *r, const struct seen_figures *g)
{
    const struct split_seen_card *c = &r->card;
    bool two = r->seen == 2;
    const char *which = two ? "the higher seen card" : "the seen card";
    char a[100], b[100];
    fprintf(f, "\n## The seen strategy as a card\n\n"
               "Set the four cards as the normal strategy does (`solve split --strategy`; where it folds "
               "everything, its best setting that plays a hand).  Then play each hand at least as strong as its "
               "row says, and fold the others (\"all\": play every such hand, \"-\": fold them all).  The rows go "
               "by %s's rank: a row for the upcard of that rank (the dealer holds a pair), then the other "
               "upcards, in one band or two, cut where that earns most.  2-card hands go by high card, then low "
               "card; 3-card hands in poker order (straight flush, three of a kind, straight, flush, pair, high "
               "card).  Each threshold is the one that earns most with the normal setting, exactly over every seen "
               "situation of its row.\n\n"
               "| %s | Upcard | Single card | Pair | Suited 2 cards | Offsuit 2 cards | 3 cards |\n"
               "|---|---|---|---|---|---|---|\n",
            which, two ? "Higher seen" : "Seen");
    print_rows(f, c->rows, c->nrows);
    fprintf(f, "\nEV with this card: %+.6f%% per unit (exact %s).  The same card with a row per upcard alone "
               "(below: what a player who sees no hole card can use): %+.6f%% (exact %s).  The rows by %s gain "
               "%+.6f%% per unit; the best play with %s gains the swing, %+.6f%%.\n",
            pct(c->ev, g->ev_den), wide_fraction(c->ev, g->ev_den, a, sizeof a), pct(c->up_ev, g->ev_den),
            wide_fraction(c->up_ev, g->ev_den, b, sizeof b), which, pct(c->ev - c->up_ev, g->ev_den),
            two ? "the two cards seen" : "the card seen", pct(g->swing, g->swing_den));
    fprintf(f, "\n### The same card without the seen card%s\n\n"
               "| Upcard | Single card | Pair | Suited 2 cards | Offsuit 2 cards | 3 cards |\n"
               "|---|---|---|---|---|---|\n",
            two ? "s" : "");
    print_rows(f, c->up_rows, NRANKS);
}

/* The hole-carder's card in the card language: its rules (a card file:
 * `protect split --seen K --card` reads them back), then the EV of the
 * card given and after each added rule. */
static void print_rules(FILE *f, const struct split_seen_result *r, const struct seen_figures *g, const char *file)
{
    const struct split_seen_rules *c = &r->rules;
    bool two = r->seen == 2;
    char text[512], a[128];
    fprintf(f, "\n## The hole-carder's card\n\n"
               "The card of %s (%d rules) with %d play rule(s) on %s put above its play rules, each the one that "
               "earns most with %s seen (\"seen card\": %s's rank).  Set the cards by the setting rules, then "
               "play or fold each hand by the first play rule that matches it (docs/card-format.md).\n\n",
            file ? file : "the card", c->base.n, c->added, two ? "the higher seen card" : "the seen card",
            two ? "two hole cards" : "a hole card", two ? "the higher seen card" : "the seen hole card");
    for (int i = 0; i < c->card.n; i++)
        fprintf(f, "%d. %s\n", i + 1, split_rule_text(&c->card.rule[i], text, sizeof text));
    fprintf(f, "\nEvery EV exact, per unit, with %s seen:\n\n| card | EV | exact |\n|---|---:|---|\n",
            two ? "two hole cards" : "a hole card");
    fprintf(f, "| %s as it is | %+.4f%% | %s |\n", file ? file : "the card", pct(c->base_ev, g->ev_den),
            wide_fraction(c->base_ev, g->ev_den, a, sizeof a));
    for (int k = 0; k < c->added; k++)
        fprintf(f, "| + %s | %+.4f%% | %s |\n", split_rule_text(&c->rule[k], text, sizeof text),
                pct(c->step_ev[k], g->ev_den), wide_fraction(c->step_ev[k], g->ev_den, a, sizeof a));
    fprintf(f, "| **the hole-carder's card** | **%+.4f%%** | %s |\n", pct(c->ev, g->ev_den),
            wide_fraction(c->ev, g->ev_den, a, sizeof a));
    fprintf(f, "| the optimal play, %s seen | %+.4f%% | %s |\n\n", two ? "two cards" : "the card",
            pct(g->ev, g->ev_den), wide_fraction(g->ev, g->ev_den, a, sizeof a));
    fprintf(f, "The card keeps %.1f%% of the swing from %s to the optimal play with %s seen.  The added rules "
               "change only which hands are played, never the setting: a seen card that calls for another split "
               "is beyond them.\n",
            kept_percent(r, g), file ? file : "the card", two ? "two cards" : "the card");
}

void split_seen_print(FILE *f, const struct split_seen_result *r, const char *card_file)
{
    const struct split_seen_totals *t = &r->tot;
    struct seen_figures g = figures_of(r);
    char game[256], a[100], b[100], c[100];
    bool two = r->seen == 2; /* the words for one or two seen cards */
    const char *number = two ? "two" : "one", *Number = two ? "Two" : "One", *plural = two ? "s" : "";
    fprintf(f, "# 4 Card Split: %s dealer hole card%s seen\n\n%s.\n", number, plural,
            split_game_words(&r->pt, r->instant, game, sizeof game));
    if (r->upcards || r->stride > 1) {
        char ranks[NRANKS + 1] = "any";
        if (r->upcards)
            upcard_ranks(r->upcards, ranks);
        fprintf(f, "\nA test run, not the game: upcard ranks %s, every %d-th situation class.\n", ranks, r->stride);
    }
    fprintf(f, "\nThe player sees his 4 cards, the upcard and %s of the dealer's 3 hidden cards, and plays the "
               "best strategy for what he sees.  %lld situations (4 cards, upcard, seen card%s), all equally likely.\n\n",
            number, (long long)g.seen_situations, plural);
    fprintf(f, "| | EV per unit | House edge |\n|---|---:|---:|\n");
    fprintf(f, "| Normal game | %+.6f%% | %.6f%% |\n", pct(g.normal, g.normal_den), -pct(g.normal, g.normal_den));
    fprintf(f, "| %s hole card%s seen | %+.6f%% | %.6f%% |\n", Number, plural, pct(g.ev, g.ev_den),
            -pct(g.ev, g.ev_den));
    fprintf(f, "| Swing | %+.6f%% | |\n\n", pct(g.swing, g.swing_den));
    fprintf(f, "Exact: EV %s, normal EV %s, swing %s.\n", wide_fraction(g.ev, g.ev_den, a, sizeof a),
            wide_fraction(g.normal, g.normal_den, b, sizeof b), wide_fraction(g.swing, g.swing_den, c, sizeof c));
    fprintf(f, "\n## Decisions\n\nThe normal decision is no longer optimal in %.4f%% of the situations "
               "(ties keep it):\n\n| Change | Share of situations |\n|---|---:|\n",
            pct(t->changed, g.seen_situations));
    for (int i = 0; i < SEEN_NCHANGES; i++)
        fprintf(f, "| %s | %.4f%% |\n", CHANGE_WORDS[i], pct(t->change[i], g.seen_situations));
    print_by_rank(f, r, &g);
    print_card(f, r, &g);
    if (r->has_rules)
        print_rules(f, r, &g, card_file);
    fprintf(f, "\nSolved in %.1f s (%d MPI rank%s x %d threads", r->seconds, r->ranks, r->ranks == 1 ? "" : "s",
            r->threads);
    if (r->pieces_resumed)
        fprintf(f, "; %d of its %d pieces taken from the --resume folder", r->pieces_resumed, r->pieces);
    fprintf(f, ").\n");
}
