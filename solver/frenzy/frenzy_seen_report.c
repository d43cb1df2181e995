/* frenzy_seen_report.c — the seen-card analysis in a reader's words: the
 * EV against the normal game, the decisions that change, the effect of
 * each seen rank, and the seen strategy as one card line per seen rank. */
#include "frenzy_seen_report.h"

#include <json-c/json.h>
#include <string.h>

#include "frenzy_report.h"
#include "html_page.h"
#include "report_json.h"

static const char *const CHOICE[FRENZY_NCHOICES] = {"fold", "raise 1x", "raise 2x", "raise 3x"};
static const char *const CHOICE_KEY[FRENZY_NCHOICES] = {"fold", "raise_1x", "raise_2x", "raise_3x"};

static double pct(wide_t num, wide_t den) { return 100 * wide_ratio(num, den); }

/* All (hand, seen cards) pairs: every share is of these. */
static wide_t all_pairs(const struct frenzy_seen *s) { return (wide_t)s->hands * s->seen_sets; }

/* What groups the situations: the seen card's rank, or the highest of two. */
static const char *group_words(const struct frenzy_seen *s) { return s->seen == 1 ? "Seen" : "Highest seen"; }

static int64_t changed_pairs(const struct frenzy_seen *s)
{
    int64_t n = 0;
    for (int i = 0; i < FRENZY_NCHOICES; i++)
        for (int j = 0; j < FRENZY_NCHOICES; j++)
            n += i != j ? s->change[i][j] : 0;
    return n;
}

/* One seen rank's rule as one line: "raise 3x with ..., 1x with ..., fold below ...". */
static void rule_line(const struct frenzy_rule *r, char *buf, size_t len)
{
    char lines[3][224];
    int n = frenzy_rule_lines(r, lines), used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && (size_t)used < len; i++)
        used += snprintf(buf + used, len - (size_t)used, "%s%s", i ? "; " : "", lines[i]);
}

static const char *game_words(const struct frenzy_seen *s, const struct frenzy_result *normal, char *buf, size_t len)
{
    snprintf(buf, len, "Odds Win %s, Bad Beat %s%s%s (copies: %s)", s->game.win.name, s->game.bad_beat.name,
             normal->paytable[0] ? ", paytable " : "", normal->paytable,
             s->game.copy == FRENZY_COPY_WIN ? "win, Washington" : "Ante and Raise push");
    return buf;
}

/* ------------------------------------------------------------------ */
/* Markdown                                                            */
/* ------------------------------------------------------------------ */

static void print_headline(FILE *f, const struct frenzy_seen *s)
{
    wide_t den = frenzy_seen_den(s);
    char a[100], b[100], c[100];
    fprintf(f, "| | EV per Ante | house edge per Ante | per initial wager (2 units) |\n|---|---:|---:|---:|\n");
    fprintf(f, "| normal game | %+.6f%% | %.6f%% | %.6f%% |\n", pct(s->normal_ev, den), -pct(s->normal_ev, den),
            -pct(s->normal_ev, den) / 2);
    fprintf(f, "| %s dealer card%s seen | %+.6f%% | %.6f%% | %.6f%% |\n", s->seen == 1 ? "one" : "two",
            s->seen == 1 ? "" : "s", pct(s->ev, den), -pct(s->ev, den), -pct(s->ev, den) / 2);
    fprintf(f, "| swing (seen - normal) | %+.6f%% | | %+.6f%% |\n\n", pct(s->ev - s->normal_ev, den),
            pct(s->ev - s->normal_ev, den) / 2);
    fprintf(f, "Exact, per Ante: seen %s; normal %s; swing %s.\n\n", wide_fraction(s->ev, den, a, sizeof a),
            wide_fraction(s->normal_ev, den, b, sizeof b), wide_fraction(s->ev - s->normal_ev, den, c, sizeof c));
}

static void print_changes(FILE *f, const struct frenzy_seen *s)
{
    fprintf(f, "## Decisions that change\n\nShare of all (hand, seen cards) situations, by the normal optimal "
               "decision (rows) and the decision optimal with the cards seen (columns).  2x is never best: a "
               "Raise's EV is linear in its size.\n\n");
    fprintf(f, "| normal \\ seen | fold | raise 1x | raise 3x | all |\n|---|---:|---:|---:|---:|\n");
    for (int i = 0; i < FRENZY_NCHOICES; i++) {
        if (i == FRENZY_RAISE2)
            continue;
        int64_t row = 0;
        for (int j = 0; j < FRENZY_NCHOICES; j++)
            row += s->change[i][j];
        fprintf(f, "| %s | %.4f%% | %.4f%% | %.4f%% | %.4f%% |\n", CHOICE[i], pct(s->change[i][0], all_pairs(s)),
                pct(s->change[i][1], all_pairs(s)), pct(s->change[i][3], all_pairs(s)), pct(row, all_pairs(s)));
    }
    fprintf(f, "\nThe decision changes in %.4f%% of situations.\n\n", pct(changed_pairs(s), all_pairs(s)));
}

static void print_ranks(FILE *f, const struct frenzy_seen *s)
{
    fprintf(f, "## By the %s card's rank\n\nEach row: the situations whose %s card has that rank (%s); EV per "
               "Ante of the normal strategy and of the seen strategy there; the seen strategy's decisions.\n\n",
            s->seen == 1 ? "seen" : "highest seen", s->seen == 1 ? "seen" : "highest seen",
            s->seen == 1 ? "1/13 of all" : "a pair is counted under its higher card");
    fprintf(f, "| seen | normal strategy | seen strategy | gain | fold | raise 1x | raise 3x |\n"
               "|---|---:|---:|---:|---:|---:|---:|\n");
    for (int k = NRANKS - 1; k >= 0; k--) {
        const struct frenzy_seen_rank *r = &s->by_rank[k];
        wide_t den = (wide_t)r->pairs * s->dealer_hands * s->den;
        fprintf(f, "| %s | %+.4f%% | %+.4f%% | %+.4f%% | %.2f%% | %.2f%% | %.2f%% |\n", card_rank_word(k),
                pct(r->normal_ev, den), pct(r->ev, den), pct(r->ev - r->normal_ev, den),
                pct(r->choice[FRENZY_FOLD], r->pairs), pct(r->choice[FRENZY_RAISE1], r->pairs),
                pct(r->choice[FRENZY_RAISE3], r->pairs));
    }
    fputc('\n', f);
}

static void print_card(FILE *f, const struct frenzy_seen *s)
{
    wide_t den = frenzy_seen_den(s);
    fprintf(f, "## The seen strategy as a card\n\nFor each %s rank, the rule of the strategy card "
               "(`fourcard card frenzy`, docs/card-format.md) that earns most with that rank seen: raise 3x from "
               "one hand, 1x from another, fold below.\n\n",
            s->seen == 1 ? "seen" : "highest seen");
    for (int k = NRANKS - 1; k >= 0; k--) {
        fprintf(f, "### %s %s\n\n", group_words(s), card_rank_word(k));
        frenzy_rule_print(f, &s->by_rank[k].rule);
        fprintf(f, "\n");
    }
    char a[100];
    fprintf(f, "\nThis card's EV %+.6f%% per Ante (exact %s): it keeps %.1f%% of the swing; it costs %.6f%% of "
               "an Ante against the seen-optimal strategy.\n\n",
            pct(s->card_ev, den), wide_fraction(s->card_ev, den, a, sizeof a),
            s->ev != s->normal_ev ? 100 * wide_ratio(s->card_ev - s->normal_ev, s->ev - s->normal_ev) : 0.0,
            pct(s->ev - s->card_ev, den));
}

void frenzy_seen_print(FILE *f, const struct frenzy_seen *s, const struct frenzy_result *normal)
{
    char game[200];
    const char *count = s->seen == 1 ? "one" : "two";
    fprintf(f, "# Four Card Frenzy with %s dealer card%s seen\n\n", count, s->seen == 1 ? "" : "s");
    char n[3][24], text[3][32];
    snprintf(n[0], sizeof n[0], "%lld", (long long)s->hands);
    snprintf(n[1], sizeof n[1], "%lld", (long long)s->seen_sets);
    snprintf(n[2], sizeof n[2], "%lld", (long long)s->dealer_hands);
    for (int i = 0; i < 3; i++)
        html_count_text(n[i], text[i], sizeof text[i]);
    fprintf(f, "%s.  The player sees %s of the dealer's five cards before he decides and plays the "
               "strategy optimal for his cards and the seen %s.  Exact over every situation: %s hands x %s "
               "seen sets, %s dealer hands each.\n\n",
            game_words(s, normal, game, sizeof game), count, s->seen == 1 ? "one" : "ones", text[0], text[1], text[2]);
    print_headline(f, s);
    print_changes(f, s);
    print_ranks(f, s);
    print_card(f, s);
    fprintf(f, "Check: the normal strategy priced over every seen set gives the normal game's EV %s.\n\n",
            s->normal_ev == s->normal_total ? "exactly" : "NOT EXACTLY (a bug)");
    fprintf(f, "Computed in %.2f s (the normal game %.2f s, the seen cards %.2f s; %d thread(s)", normal->seconds + s->seconds,
            normal->seconds, s->seconds, normal->threads);
    if (s->pieces_resumed)
        fprintf(f, "; %d of its %d pieces taken from the --resume folder", s->pieces_resumed, s->pieces);
    fprintf(f, ").\n");
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

static json_object *choices_json(const int64_t *n, wide_t of)
{
    json_object *o = json_object_new_object();
    for (int c = 0; c < FRENZY_NCHOICES; c++)
        json_object_object_add(o, CHOICE_KEY[c], report_exact_json(n[c], of));
    return o;
}

static json_object *decisions_json(const struct frenzy_seen *s)
{
    json_object *o = json_object_new_object(), *from = json_object_new_object();
    json_object_object_add(o, "situations", json_object_new_int64(s->hands * s->seen_sets));
    json_object_object_add(o, "changed", report_exact_json(changed_pairs(s), all_pairs(s)));
    json_object_object_add(o, "changed_percent", json_object_new_double(pct(changed_pairs(s), all_pairs(s))));
    for (int i = 0; i < FRENZY_NCHOICES; i++)
        json_object_object_add(from, CHOICE_KEY[i], choices_json(s->change[i], all_pairs(s)));
    json_object_object_add(o, "from_normal", from);
    return o;
}

static json_object *ranks_json(const struct frenzy_seen *s)
{
    json_object *a = json_object_new_array();
    for (int k = NRANKS - 1; k >= 0; k--) {
        const struct frenzy_seen_rank *r = &s->by_rank[k];
        wide_t den = (wide_t)r->pairs * s->dealer_hands * s->den;
        char line[700];
        rule_line(&r->rule, line, sizeof line);
        json_object *o = json_object_new_object();
        json_object_object_add(o, "rank", json_object_new_string(card_rank_word(k)));
        json_object_object_add(o, "ev", report_exact_json(r->ev, den));
        json_object_object_add(o, "normal_ev", report_exact_json(r->normal_ev, den));
        json_object_object_add(o, "decisions", choices_json(r->choice, r->pairs));
        json_object_object_add(o, "card_rule", json_object_new_string(line));
        json_object_array_add(a, o);
    }
    return a;
}

static json_object *card_json(const struct frenzy_seen *s)
{
    wide_t den = frenzy_seen_den(s);
    json_object *o = json_object_new_object(), *rules = json_object_new_array();
    for (int k = NRANKS - 1; k >= 0; k--) {
        char line[700], text[760];
        rule_line(&s->by_rank[k].rule, line, sizeof line);
        snprintf(text, sizeof text, "%s %s: %s", group_words(s), card_rank_word(k), line);
        json_object_array_add(rules, json_object_new_string(text));
    }
    json_object_object_add(o, "rules", rules);
    json_object_object_add(o, "ev", report_exact_json(s->card_ev, den));
    json_object_object_add(o, "cost", report_exact_json(s->ev - s->card_ev, den));
    json_object_object_add(o, "cost_percent", json_object_new_double(pct(s->ev - s->card_ev, den)));
    return o;
}

json_object *frenzy_seen_json(const struct frenzy_seen *s, const struct frenzy_result *normal)
{
    wide_t den = frenzy_seen_den(s);
    struct frenzy_side_bets none = {0};
    json_object *solve = frenzy_result_json(normal, &none), *o = json_object_new_object(), *rules = NULL;
    json_object_object_get_ex(solve, "game_rules", &rules);
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "analysis", json_object_new_string("seen"));
    json_object_object_add(o, "seen", json_object_new_int(s->seen));
    json_object_object_add(o, "game_rules", json_object_get(rules));
    json_object_put(solve);
    json_object_object_add(o, "ev", report_exact_json(s->ev, den));
    json_object_object_add(o, "normal_ev", report_exact_json(s->normal_ev, den));
    json_object_object_add(o, "swing", report_exact_json(s->ev - s->normal_ev, den));
    json_object_object_add(o, "swing_percent", json_object_new_double(pct(s->ev - s->normal_ev, den)));
    json_object_object_add(o, "house_edge_percent", json_object_new_double(-pct(s->ev, den)));
    json_object_object_add(o, "normal_house_edge_percent", json_object_new_double(-pct(s->normal_ev, den)));
    json_object_object_add(o, "normal_ev_checked", json_object_new_boolean(s->normal_ev == s->normal_total));
    json_object_object_add(o, "decisions", decisions_json(s));
    json_object_object_add(o, "grouped_by", json_object_new_string(s->seen == 1 ? "the seen card's rank"
                                                                                 : "the higher seen card's rank"));
    json_object_object_add(o, "by_seen_rank", ranks_json(s));
    json_object_object_add(o, "card", card_json(s));
    report_run_json(o, normal->threads, normal->ranks, normal->bind, normal->seconds + s->seconds);
    json_object *run;
    if (s->pieces_resumed && json_object_object_get_ex(o, "run", &run)) /* --resume: what this run did not compute */
        json_object_object_add(run, "pieces_resumed", json_object_new_int(s->pieces_resumed));
    return o;
}
