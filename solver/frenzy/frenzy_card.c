/* frenzy_card.c — the simple rule behind the exact Frenzy strategy.
 *
 * Every class is priced (frenzy_decide) once; the classes are then
 * merged by best-4 rank into what raising instead of folding gains
 * (gain1 = EV(1x) - EV(fold)) and what 3x gains over 1x (gain3, where 3x
 * is allowed), weighted by hands.  A rule "fold below t1, 3x from t3,
 * else 1x" earns, over folding everything,
 *     S1(t1) + S3(max(t1, t3)),   S(t) = the sum of the gains at ranks >= t,
 * so one pass from the top rank down finds the best pair: at each cut t1
 * the best t3 >= t1 is the best suffix seen so far.
 */
#include "frenzy_card.h"
#include "wide.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <errno.h>

#include "eval4.h"
#include "frenzy_report.h"
#include "report_json.h"

/* The lowest pair of Aces: 3x is allowed from here up. */
static const uint32_t ACES_FROM = (uint32_t)F4_PAIR << 16 | (uint32_t)RANK_ACE << 12;

static int by_rank(const void *a, const void *b)
{
    uint32_t x = ((const struct frenzy_rank_gain *)a)->rank, y = ((const struct frenzy_rank_gain *)b)->rank;
    return (x > y) - (x < y);
}

/* Distinct kickers a category's rank holds (the rest are zero). */
static int distinct_kickers(int category)
{
    static const int n[F4_NCATEGORIES] = {4, 3, 2, 1, 4, 2, 1, 1};
    return n[category];
}

/* The rank cut to its category and first `named` kickers. */
static uint32_t truncated(uint32_t rank, int named)
{
    int keep = named < 4 ? named : 4;
    uint32_t low = (uint32_t)1 << 4 * (4 - keep);
    return rank & ~(low - 1);
}

/* ------------------------------------------------------------------ */
/* Gains by rank                                                       */
/* ------------------------------------------------------------------ */

/* Prices every class; fills the exact totals and returns the distinct
 * ranks in increasing order (n in *nout), or NULL without memory. */
static struct frenzy_rank_gain *gains_by_rank(const struct frenzy_game *g, const struct frenzy_counts *c,
                                       struct frenzy_card *card, long *nout)
{
    struct frenzy_rank_gain *v = malloc((size_t)c->n * sizeof *v);
    if (!v)
        return NULL;
    for (long i = 0; i < c->n; i++) {
        const struct frenzy_class *cl = &c->classes[i];
        struct frenzy_decision d;
        frenzy_decide(g, card->den, cl, &d);
        card->ev_exact += cl->weight * d.ev[d.choice];
        card->choice[d.choice] += cl->weight;
        v[i].rank = cl->rank;
        v[i].gain1 = cl->weight * (d.ev[FRENZY_RAISE1] - d.ev[FRENZY_FOLD]);
        v[i].gain3 = d.max_raise == 3 ? cl->weight * (d.ev[FRENZY_RAISE3] - d.ev[FRENZY_RAISE1]) : 0;
    }
    qsort(v, (size_t)c->n, sizeof *v, by_rank);
    long n = 0;
    for (long i = 0; i < c->n; i++) {
        if (n > 0 && v[n - 1].rank == v[i].rank) {
            v[n - 1].gain1 += v[i].gain1;
            v[n - 1].gain3 += v[i].gain3;
        } else
            v[n++] = v[i];
    }
    *nout = n;
    return v;
}

/* ------------------------------------------------------------------ */
/* The best thresholds                                                 */
/* ------------------------------------------------------------------ */

void frenzy_rule_best(const struct frenzy_rank_gain *v, long n, int named, struct frenzy_rule *r)
{
    wide_t s1 = 0, s3 = 0, best = 0, best3 = 0;
    uint32_t t3 = FRENZY_RANK_NONE;
    r->named = named;
    r->raise_from = r->triple_from = FRENZY_RANK_NONE; /* fold everything */
    for (long i = n - 1; i >= 0; i--) {
        s1 += v[i].gain1;
        s3 += v[i].gain3;
        uint32_t cut = truncated(v[i].rank, named);
        if (i > 0 && truncated(v[i - 1].rank, named) == cut)
            continue; /* the cut's sums are complete at its lowest rank */
        if (cut >= ACES_FROM && s3 > best3)
            best3 = s3, t3 = cut;
        if (s1 + best3 > best) {
            best = s1 + best3;
            r->raise_from = cut;
            r->triple_from = t3;
        }
    }
    r->ev = best;
}

enum frenzy_choice frenzy_rule_choice(const struct frenzy_rule *r, uint32_t rank)
{
    if (r->raise_from == FRENZY_RANK_NONE || rank < r->raise_from)
        return FRENZY_FOLD;
    bool triple = r->triple_from != FRENZY_RANK_NONE && rank >= r->triple_from && frenzy_max_raise(rank) == 3;
    return triple ? FRENZY_RAISE3 : FRENZY_RAISE1;
}

/* Where the rule and the exact strategy part, class by class. */
static void deviations(const struct frenzy_game *g, int64_t den, const struct frenzy_counts *c, struct frenzy_rule *r)
{
    r->lowest_raised = r->highest_folded = FRENZY_RANK_NONE;
    for (long i = 0; i < c->n; i++) {
        const struct frenzy_class *cl = &c->classes[i];
        struct frenzy_decision d;
        frenzy_decide(g, den, cl, &d);
        enum frenzy_choice mine = frenzy_rule_choice(r, cl->rank);
        bool raised = d.choice != FRENZY_FOLD, above = mine != FRENZY_FOLD;
        if (mine != d.choice)
            r->classes_off++, r->hands_off += cl->weight;
        r->raised_below += raised && !above ? cl->weight : 0;
        r->folded_above += !raised && above ? cl->weight : 0;
        if (raised && (r->lowest_raised == FRENZY_RANK_NONE || cl->rank < r->lowest_raised))
            r->lowest_raised = cl->rank;
        if (!raised && (r->highest_folded == FRENZY_RANK_NONE || cl->rank > r->highest_folded))
            r->highest_folded = cl->rank;
    }
}

/* ------------------------------------------------------------------ */
/* Words                                                               */
/* ------------------------------------------------------------------ */

static const char *const PLURALS[NRANKS] = {"2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
                                            "10s", "Jacks", "Queens", "Kings", "Aces"};
static const char *const SINGULARS[NRANKS] = {"2", "3", "4", "5", "6", "7", "8", "9",
                                              "10", "Jack", "Queen", "King", "Ace"};

static int kicker(uint32_t rank, int i) { return (int)(rank >> 4 * (3 - i) & 15); }

/* "K-Q-9" from kickers first..first+n-1 */
static char *card_list(uint32_t rank, int first, int n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = first; i < first + n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i > first ? "-" : "", card_rank_word(kicker(rank, i)));
    return buf;
}

char *frenzy_rank_words(uint32_t rank, int named, char *buf, size_t len)
{
    int cat = eval4_category_of(rank), top = kicker(rank, 0);
    int n = named < distinct_kickers(cat) ? named : distinct_kickers(cat);
    char rest[32] = "";
    if (n > 1)
        card_list(rank, 1, n - 1, rest, sizeof rest);
    switch (cat) {
    case F4_HIGH:
        if (n == 1)
            snprintf(buf, len, "%s-high", SINGULARS[top]);
        else
            card_list(rank, 0, n, buf, len);
        break;
    case F4_PAIR: snprintf(buf, len, "a pair of %s%s%s", PLURALS[top], n > 1 ? " with " : "", rest); break;
    case F4_TWO_PAIR:
        snprintf(buf, len, "two pair, %s %s%s", PLURALS[top], n > 1 ? "and " : "up",
                 n > 1 ? PLURALS[kicker(rank, 1)] : "");
        break;
    case F4_STRAIGHT: snprintf(buf, len, "a straight to the %s", SINGULARS[top]); break;
    case F4_FLUSH:
        if (n == 1)
            snprintf(buf, len, "a flush, %s-high", SINGULARS[top]);
        else
            snprintf(buf, len, "a flush, %s", card_list(rank, 0, n, rest, sizeof rest));
        break;
    case F4_TRIPS: snprintf(buf, len, "three %s%s%s", PLURALS[top], n > 1 ? " with " : "", rest); break;
    case F4_STRAIGHT_FLUSH: snprintf(buf, len, "a straight flush to the %s", SINGULARS[top]); break;
    default: snprintf(buf, len, "four %s", PLURALS[top]); break;
    }
    return buf;
}

/* The fewest cards that say the same cut: no hand ranks between the cut
 * with fewer cards named and the cut itself. */
static int plainest(const struct frenzy_counts *c, uint32_t cut, int named)
{
    for (int m = 1; m < named; m++) {
        uint32_t shorter = truncated(cut, m);
        bool between = false;
        for (long i = 0; i < c->n && !between; i++)
            between = c->classes[i].rank >= shorter && c->classes[i].rank < cut;
        if (!between)
            return m;
    }
    return named;
}

static void rank_words(const struct frenzy_counts *c, uint32_t rank, int named, char *buf, size_t len)
{
    if (rank == FRENZY_RANK_NONE)
        snprintf(buf, len, "none");
    else
        frenzy_rank_words(rank, plainest(c, rank, named), buf, len);
}

void frenzy_rule_describe(const struct frenzy_counts *c, struct frenzy_rule *r)
{
    rank_words(c, r->raise_from, r->named, r->raise_words, sizeof r->raise_words);
    rank_words(c, r->triple_from, r->named, r->triple_words, sizeof r->triple_words);
    rank_words(c, r->lowest_raised, 4, r->lowest_raised_words, sizeof r->lowest_raised_words);
    rank_words(c, r->highest_folded, 4, r->highest_folded_words, sizeof r->highest_folded_words);
}

int frenzy_card_build(const struct frenzy_game *g, const struct frenzy_counts *c, struct frenzy_card *out, char *err,
                      size_t errlen)
{
    static const int NAMED[FRENZY_CARD_RULES] = {4, 2, 1};
    memset(out, 0, sizeof *out);
    out->game = *g;
    out->den = frenzy_game_den(g);
    long n;
    struct frenzy_rank_gain *v = gains_by_rank(g, c, out, &n);
    if (!v)
        return snprintf(err, errlen, "out of memory"), -1;
    wide_t all_fold = (wide_t)FRENZY_HANDS * -2 * FRENZY_DEALER_HANDS * out->den;
    for (int k = 0; k < FRENZY_CARD_RULES; k++) {
        struct frenzy_rule *r = &out->rules[k];
        frenzy_rule_best(v, n, NAMED[k], r);
        r->ev += all_fold;
        deviations(g, out->den, c, r);
        frenzy_rule_describe(c, r);
    }
    free(v);
    out->ntiers = FRENZY_CARD_RULES - 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* A card read from a file                                             */
/* ------------------------------------------------------------------ */

/* The lowest cut whose words, naming any number of cards, are `words`;
 * FRENZY_RANK_NONE if none. */
static uint32_t rank_of_words(const struct frenzy_counts *c, const char *words)
{
    uint32_t found = FRENZY_RANK_NONE;
    for (long i = 0; i < c->n; i++)
        for (int named = 1; named <= 4; named++) {
            uint32_t cut = truncated(c->classes[i].rank, named);
            char w[64];
            if (cut < found && !strcasecmp(frenzy_rank_words(cut, named, w, sizeof w), words))
                found = cut;
        }
    return found;
}

/* A line without its bullet, bold marks, runs of blanks and final stop. */
static void plain_line(const char *in, char *out, size_t len)
{
    size_t n = 0;
    while (*in == ' ' || *in == '\t')
        in++;
    if ((in[0] == '-' || in[0] == '*') && in[1] == ' ')
        in += 2;
    for (; *in && n + 1 < len; in++) {
        if (in[0] == '*' && in[1] == '*') {
            in++;
            continue;
        }
        char ch = (unsigned char)*in < 0x20 || *in == 0x7f ? ' ' : *in;
        if (ch == ' ' && (n == 0 || out[n - 1] == ' '))
            continue;
        out[n++] = ch;
    }
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '.'))
        n--;
    out[n] = '\0';
}

/* "PREFIX WORDS SUFFIX" (case aside): the words into w, or false. */
static bool between(const char *line, const char *prefix, const char *suffix, char *w, size_t len)
{
    size_t p = strlen(prefix), s = strlen(suffix), n = strlen(line);
    if (n <= p + s || strncasecmp(line, prefix, p) != 0 || strcasecmp(line + n - s, suffix) != 0 || n - p - s >= len)
        return false;
    memcpy(w, line + p, n - p - s);
    w[n - p - s] = '\0';
    return true;
}

/* One line of the card: 0 (a rule line, taken), 1 (not a rule line), -1 (err). */
static int read_line(const struct frenzy_counts *c, const char *line, uint32_t at[3], char *err, size_t errlen)
{
    char w[200];
    int k = -1; /* 0 raise 3x, 1 raise 1x, 2 fold below */
    if (between(line, "Raise 3x with ", " or better", w, sizeof w))
        k = 0;
    else if (between(line, "Raise 1x with ", " or better (below the 3x line)", w, sizeof w) ||
             between(line, "Raise 1x with ", " or better", w, sizeof w))
        k = 1;
    else if (between(line, "Fold below ", "", w, sizeof w))
        k = 2;
    else if (!strcasecmp(line, "Fold every hand"))
        return at[2] = 0, 0; /* the fold line with no raise: 0 marks "every hand" */
    else if (!strncasecmp(line, "Raise ", 6) || !strncasecmp(line, "Fold ", 5))
        return snprintf(err, errlen, "'%.200s': a rule line is 'Raise 3x with HAND or better', 'Raise 1x with HAND or "
                                     "better', 'Fold below HAND' or 'Fold every hand'", line), -1;
    else
        return 1;
    if (at[k] != FRENZY_RANK_NONE)
        return snprintf(err, errlen, "a second '%s' line", k == 0 ? "Raise 3x" : k == 1 ? "Raise 1x" : "Fold below"),
               -1;
    at[k] = rank_of_words(c, w);
    if (at[k] == FRENZY_RANK_NONE)
        return snprintf(err, errlen, "unknown hand '%.100s' (in the card's words: 'a pair of Aces', 'K-Q-8-4', "
                                     "'two pair, Kings and 5s', 'a straight to the 6', ...)", w), -1;
    return 0;
}

/* The rule from the lines read; 0 or -1 with err. */
static int rule_of_lines(const uint32_t at[3], struct frenzy_rule *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->named = 4;
    r->raise_from = at[1];
    r->triple_from = at[0];
    if (at[2] == 0 && at[1] == FRENZY_RANK_NONE && at[0] == FRENZY_RANK_NONE)
        return 0; /* fold every hand */
    if (at[1] == FRENZY_RANK_NONE)
        return snprintf(err, errlen, "no 'Raise 1x with HAND or better' line"), -1;
    if (at[2] != FRENZY_RANK_NONE && at[2] != at[1])
        return snprintf(err, errlen, "'Fold below' names another hand than 'Raise 1x'"), -1;
    if (at[0] != FRENZY_RANK_NONE && at[0] < ACES_FROM)
        return snprintf(err, errlen, "3x needs a pair of Aces or better"), -1;
    if (at[0] != FRENZY_RANK_NONE && at[0] < at[1])
        return snprintf(err, errlen, "the 3x line is below the 1x line"), -1;
    return 0;
}

int frenzy_card_read(const struct frenzy_game *g, const struct frenzy_counts *c, const char *path,
                     struct frenzy_card *out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return snprintf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    uint32_t at[3] = {FRENZY_RANK_NONE, FRENZY_RANK_NONE, FRENZY_RANK_NONE};
    char raw[1024], line[1024], why[400];
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && fgets(raw, sizeof raw, f)) {
        lineno++;
        plain_line(raw, line, sizeof line);
        if (read_line(c, line, at, why, sizeof why) < 0)
            rc = (snprintf(err, errlen, "%s:%ld: %s", path, lineno, why), -1);
    }
    fclose(f);
    struct frenzy_rule r;
    if (rc == 0 && rule_of_lines(at, &r, why, sizeof why) != 0)
        rc = (snprintf(err, errlen, "%s: %s", path, why), -1);
    if (rc != 0)
        return -1;
    wide_t ev = 0;
    for (long i = 0; i < c->n; i++) {
        struct frenzy_decision d;
        frenzy_decide(g, out->den, &c->classes[i], &d);
        ev += c->classes[i].weight * d.ev[frenzy_rule_choice(&r, c->classes[i].rank)];
    }
    r.ev = ev;
    deviations(g, out->den, c, &r);
    frenzy_rule_describe(c, &r);
    out->rules[0] = r;
    out->ntiers = 0;
    snprintf(out->source, sizeof out->source, "%s", path);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The card                                                            */
/* ------------------------------------------------------------------ */

static wide_t money_den(const struct frenzy_card *card)
{
    return (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * card->den;
}

/* The rule's lines: the action (its first word) and the rest. */
static int rule_texts(const struct frenzy_rule *r, char act[3][16], char text[3][200])
{
    if (r->raise_from == FRENZY_RANK_NONE) {
        snprintf(act[0], 16, "Fold"), snprintf(text[0], 200, " every hand");
        return 1;
    }
    int n = 0;
    if (r->triple_from != FRENZY_RANK_NONE)
        snprintf(act[n], 16, "Raise 3x"), snprintf(text[n++], 200, " with %s or better", r->triple_words);
    snprintf(act[n], 16, "Raise 1x");
    snprintf(text[n++], 200, " with %s or better%s", r->raise_words,
             r->triple_from != FRENZY_RANK_NONE ? " (below the 3x line)" : "");
    snprintf(act[n], 16, "Fold"), snprintf(text[n++], 200, " below %s", r->raise_words);
    return n;
}

void frenzy_rule_print(FILE *f, const struct frenzy_rule *r)
{
    char act[3][16], text[3][200];
    int n = rule_texts(r, act, text);
    for (int i = 0; i < n; i++)
        fprintf(f, "- **%s**%s.\n", act[i], text[i]);
}

int frenzy_rule_lines(const struct frenzy_rule *r, char out[3][224])
{
    char act[3][16], text[3][200];
    int n = rule_texts(r, act, text);
    for (int i = 0; i < n; i++)
        snprintf(out[i], 224, "%.15s%.199s", act[i], text[i]);
    return n;
}

static json_object *rule_json(const struct frenzy_card *card, const struct frenzy_rule *r)
{
    char lines[3][224];
    json_object *o = json_object_new_object(), *rules = json_object_new_array();
    int n = frenzy_rule_lines(r, lines);
    for (int i = 0; i < n; i++)
        json_object_array_add(rules, json_object_new_string(lines[i]));
    wide_t den = money_den(card), cost = card->ev_exact - r->ev;
    json_object_object_add(o, "rules", rules);
    json_object_object_add(o, "named_cards", json_object_new_int(r->named));
    json_object_object_add(o, "ev", report_exact_json(r->ev, den));
    json_object_object_add(o, "optimal_ev", report_exact_json(card->ev_exact, den));
    json_object_object_add(o, "cost", report_exact_json(cost, den));
    json_object_object_add(o, "cost_percent", json_object_new_double(100 * wide_ratio(cost, den)));
    /* the initial wager: the Ante and the Odds */
    json_object_object_add(o, "cost_percent_of_initial_wager", json_object_new_double(50 * wide_ratio(cost, den)));
    json_object_object_add(o, "hands_otherwise", json_object_new_int64(r->hands_off));
    return o;
}

json_object *frenzy_card_json(const struct frenzy_card *card)
{
    json_object *o = rule_json(card, &card->rules[0]), *tiers = json_object_new_array();
    json_object_object_add(o, "game", json_object_new_string("frenzy"));
    json_object_object_add(o, "odds_win", json_object_new_string(card->game.win.name));
    json_object_object_add(o, "bad_beat", json_object_new_string(card->game.bad_beat.name));
    json_object_object_add(o, "copy", json_object_new_string(card->game.copy == FRENZY_COPY_WIN ? "win" : "push"));
    json_object_object_add(o, "hands", json_object_new_int64(FRENZY_HANDS));
    json_object_object_add(o, "game_rules", frenzy_game_rules_json(&card->game, card->paytable));
    for (int k = 1; k <= card->ntiers; k++)
        json_object_array_add(tiers, rule_json(card, &card->rules[k]));
    json_object_object_add(o, "card_file", card->source[0] ? json_object_new_string(card->source) : NULL);
    json_object_object_add(o, "tiers", tiers);
    return o;
}

static void rule_summary(const struct frenzy_rule *r, char *buf, size_t len)
{
    if (r->raise_from == FRENZY_RANK_NONE)
        snprintf(buf, len, "fold everything");
    else if (r->triple_from == FRENZY_RANK_NONE)
        snprintf(buf, len, "raise 1x with %s or better", r->raise_words);
    else
        snprintf(buf, len, "raise 1x with %s or better, 3x with %s or better", r->raise_words, r->triple_words);
}

/* "0.000159% (exact 528947/332220508620)" */
static char *cost_text(const struct frenzy_card *card, const struct frenzy_rule *r, char *buf, size_t len)
{
    wide_t den = money_den(card), cost = card->ev_exact - r->ev;
    char frac[100];
    snprintf(buf, len, "%.6f%% of the Ante (exact %s)", 100 * wide_ratio(cost, den),
             wide_fraction(cost, den, frac, sizeof frac));
    return buf;
}

static void table_row(FILE *f, const struct frenzy_card *card, const char *label, const struct frenzy_rule *r)
{
    char cost[160], hands[32], classes[32];
    fprintf(f, "| %s | %+.6f%% | %s | %s (%s classes) |\n", label, 100 * wide_ratio(r->ev, money_den(card)),
            cost_text(card, r, cost, sizeof cost), wide_grouped(r->hands_off, hands, sizeof hands),
            wide_grouped(r->classes_off, classes, sizeof classes));
}

static const char *copy_words(enum frenzy_copy c)
{
    return c == FRENZY_COPY_WIN ? "copies win (Washington)" : "copies push the Ante and Raise";
}

static void card_header(FILE *f, const struct frenzy_card *card)
{
    char hands[32], classes[32];
    fprintf(f, "# Four Card Frenzy: strategy card\n\n");
    fprintf(f, "Odds Win %s, Bad Beat %s, %s.\n", card->game.win.name, card->game.bad_beat.name,
            copy_words(card->game.copy));
    if (card->source[0])
        fprintf(f, "The card of %s, priced by `fourcard price frenzy` against the exact decisions\n"
                   "of all %s hands (%s suit classes).\n\n",
                card->source, wide_grouped(FRENZY_HANDS, hands, sizeof hands),
                wide_grouped(FRENZY_CLASSES, classes, sizeof classes));
    else
        fprintf(f, "Computed by `fourcard card frenzy` from the exact decisions\n"
                   "of all %s hands (%s suit classes; `--strategy FILE.csv` lists them).\n\n",
                wide_grouped(FRENZY_HANDS, hands, sizeof hands), wide_grouped(FRENZY_CLASSES, classes, sizeof classes));
}

/* The rule, its cost, and the coarser rules beside it. */
static void card_rule(FILE *f, const struct frenzy_card *card)
{
    const struct frenzy_rule *r = &card->rules[0];
    char cost[160], hands[32], all[32], label[256], twice[32];
    fprintf(f, "Play the best four of your five cards, then:\n\n");
    frenzy_rule_print(f, r);
    fprintf(f, "\nThis card costs %s per round against the exact strategy:\n"
               "it plays %s of the %s hands otherwise.  Never raise 2x: a Raise's EV is linear\n"
               "in its size, so 1x or 3x is always as good (the exact strategy raises 2x on %s hands).\n\n",
            cost_text(card, r, cost, sizeof cost), wide_grouped(r->hands_off, hands, sizeof hands),
            wide_grouped(FRENZY_HANDS, all, sizeof all), wide_grouped(card->choice[FRENZY_RAISE2], twice, sizeof twice));
    fprintf(f, "| strategy | EV per Ante | cost against the exact strategy | hands played otherwise |\n"
               "|---|---|---|---|\n");
    fprintf(f, "| exact | %+.6f%% | | |\n", 100 * wide_ratio(card->ev_exact, money_den(card)));
    rule_summary(r, label, sizeof label);
    table_row(f, card, label, r);
    for (int k = 1; k <= card->ntiers; k++) {
        char what[200];
        rule_summary(&card->rules[k], what, sizeof what);
        snprintf(label, sizeof label, "naming %d card%s: %s", card->rules[k].named, card->rules[k].named > 1 ? "s" : "",
                 what);
        table_row(f, card, label, &card->rules[k]);
    }
}

void frenzy_card_write(FILE *f, const struct frenzy_card *card)
{
    const struct frenzy_rule *r = &card->rules[0];
    char below[32], above[32];
    card_header(f, card);
    card_rule(f, card);
    fprintf(f, "\nWhere the card and the exact strategy part: the exact strategy raises %s hands\n"
               "below the line (the lowest: %s) and folds %s at or above it (the highest:\n"
               "%s); the fifth card, which the dealer cannot hold, tips them.\n",
            wide_grouped(r->raised_below, below, sizeof below), r->lowest_raised_words,
            wide_grouped(r->folded_above, above, sizeof above), r->highest_folded_words);
}
