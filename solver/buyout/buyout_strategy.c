/* buyout_strategy.c — strategy CSV rows and the readable summary. */
#include "buyout_strategy.h"

#include <stdlib.h>
#include <string.h>

#include "buyout_rules.h"

static void ev_text(bool legal, double v, char *buf, size_t len)
{
    if (legal)
        snprintf(buf, len, "%.17g", v);
    else
        buf[0] = 0;
}

void buyout_strategy_write_csv(FILE *f, const struct buyout_class *cls, const struct buyout_decision *dec, long n)
{
    fprintf(f, "cards,upcard,third,weight,decision,ev_buy,ev_refuse,ev_fold,fourth\n");
    for (long i = 0; i < n; i++) {
        const struct buyout_decision *d = &dec[i];
        char P[8], up[3], third[3], e[3][32];
        cards_format(cls[i].P, 2, P, sizeof P);
        card_format(cls[i].up, up);
        card_format(cls[i].third, third);
        for (int c = 0; c < 3; c++)
            ev_text(d->legal >> c & 1, d->ev[c], e[c], sizeof e[c]);
        fprintf(f, "%s,%s,%s,%d,%s,%s,%s,%s,%.52s\n", P, up, third, cls[i].orbit,
                buyout_choice_name((enum buyout_choice)d->best), e[BUYOUT_BUY], e[BUYOUT_REFUSE], e[BUYOUT_FOLD],
                d->fourth);
    }
}

/* The rows of one class, into a string. */
static char *fourth_rows(const struct buyout_context *cx, const struct buyout_class *c)
{
    struct buyout_option_evs o[NCARDS];
    bool have[NCARDS];
    buyout_eval_fourths(cx, c->P, c->up, c->third, o, have);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    char P[8], up[3], third[3];
    cards_format(c->P, 2, P, sizeof P);
    card_format(c->up, up);
    card_format(c->third, third);
    for (int k = 0; k < NCARDS; k++) {
        if (!have[k])
            continue;
        char fourth[3], e[3][32];
        card_format((card_t)k, fourth);
        for (int x = 0; x < 3; x++)
            ev_text(o[k].legal[x], (double)o[k].num[x] / (double)o[k].den, e[x], sizeof e[x]);
        fprintf(m, "%s,%s,%s,%s,%d,%s,%s,%s,%s\n", P, up, third, fourth, c->orbit, buyout_choice_name(o[k].best),
                e[BUYOUT_BUY], e[BUYOUT_REFUSE], e[BUYOUT_FOLD]);
    }
    fclose(m);
    return buf;
}

int buyout_strategy_write_fourth(FILE *f, const struct buyout_context *cx, const struct buyout_class *cls, long n)
{
    enum { BLOCK = 2048 };
    char **rows = calloc(BLOCK, sizeof *rows);
    if (!rows)
        return -1;
    int failed = 0;
    fprintf(f, "cards,upcard,third,fourth,weight,decision,ev_buy,ev_refuse,ev_fold\n");
    for (long start = 0; start < n && !failed; start += BLOCK) {
        long end = start + BLOCK < n ? start + BLOCK : n;
#pragma omp parallel for schedule(dynamic, 16)
        for (long i = start; i < end; i++)
            rows[i - start] = fourth_rows(cx, &cls[i]);
        for (long i = start; i < end; i++) {
            if (rows[i - start])
                fputs(rows[i - start], f);
            else
                failed = 1;
            free(rows[i - start]);
            rows[i - start] = NULL;
        }
    }
    free(rows);
    return failed ? -1 : 0;
}

/* ---- the summary ----
 * 3rd card: for each 2-card start (its canonical cards) and upcard rank,
 * the decision for every 3rd card by rank, in columns by the 3rd card's
 * suit as it relates to the 2 cards.  A letter is upper case when every
 * situation of the cell (the upcard's suits, the suits of the column)
 * takes that decision, lower case for the decision of most of them
 * (weighted by deals).  Consecutive upcard ranks with the same line share
 * it.  4th card: the points from which the player buys, by upcard rank and
 * 3-card points, with the count of 4th-card situations off that rule. */

enum { MAXCOLS = 3 };

struct cell {
    double w[3]; /* weight of each decision */
};

/* The columns of a 2-card start: which suits of the 3rd card each holds. */
struct columns {
    int n;
    int of_suit[NSUITS]; /* column of each suit */
    char label[MAXCOLS][16];
};

static struct columns columns_of(const card_t P[2])
{
    struct columns c = {0};
    int s0 = card_suit(P[0]), s1 = card_suit(P[1]);
    char own[8] = "", other[8] = "";
    if (s0 != s1 && card_rank(P[0]) != card_rank(P[1])) { /* offsuit: each card's suit apart */
        c.n = 3;
        snprintf(c.label[0], sizeof c.label[0], "%c", SUIT_CHARS[s0]);
        snprintf(c.label[1], sizeof c.label[1], "%c", SUIT_CHARS[s1]);
        for (int s = 0; s < NSUITS; s++) {
            c.of_suit[s] = s == s0 ? 0 : s == s1 ? 1 : 2;
            if (s != s0 && s != s1)
                snprintf(other + strlen(other), sizeof other - strlen(other), "%s%c", *other ? "/" : "", SUIT_CHARS[s]);
        }
        snprintf(c.label[2], sizeof c.label[2], "%s", other);
        return c;
    }
    c.n = 2; /* suited, a pair or identical cards: the 2 cards' suits, the others */
    for (int s = 0; s < NSUITS; s++) {
        bool mine = s == s0 || s == s1;
        c.of_suit[s] = mine ? 0 : 1;
        char *t = mine ? own : other;
        snprintf(t + strlen(t), 8 - strlen(t), "%s%c", *t ? "/" : "", SUIT_CHARS[s]);
    }
    snprintf(c.label[0], sizeof c.label[0], "%s", own);
    snprintf(c.label[1], sizeof c.label[1], "%s", other);
    return c;
}

static const char *start_kind(const card_t P[2])
{
    if (P[0] == P[1])
        return "identical cards";
    if (card_rank(P[0]) == card_rank(P[1]))
        return "pair";
    return card_suit(P[0]) == card_suit(P[1]) ? "suited" : "no points";
}

static char cell_letter(const struct cell *c)
{
    static const char UP[3] = {'F', 'R', 'B'}, LOW[3] = {'f', 'r', 'b'};
    int best = 0, kinds = 0;
    for (int k = 0; k < 3; k++) {
        kinds += c->w[k] > 0;
        if (c->w[k] > c->w[best])
            best = k;
    }
    if (kinds == 0)
        return '.';
    return kinds == 1 ? UP[best] : LOW[best];
}

/* One upcard rank's line of a 2-card start. */
static void start_line(const struct columns *cols, struct cell cells[MAXCOLS][NRANKS], char *out, size_t len)
{
    size_t k = 0;
    for (int c = 0; c < cols->n && k + NRANKS + 8 < len; c++) {
        int pad = (int)strlen(cols->label[c]) + 1;
        for (int i = 0; i < pad + 2; i++)
            out[k++] = ' ';
        for (int r = 0; r < NRANKS; r++)
            out[k++] = cell_letter(&cells[c][r]);
    }
    out[k] = 0;
}

static void upcard_range(int lo, int hi, char *buf, size_t len)
{
    if (lo == hi)
        snprintf(buf, len, "%c", RANK_CHARS[lo]);
    else
        snprintf(buf, len, "%c-%c", RANK_CHARS[lo], RANK_CHARS[hi]);
}

/* The lines of the classes [from, to), which share their 2 cards. */
static void summary_start(FILE *f, const struct buyout_class *cls, const struct buyout_decision *dec, long from,
                          long to)
{
    const card_t *P = cls[from].P;
    struct columns cols = columns_of(P);
    char cards[8];
    card_t two[2] = {P[0], P[1]};
    fprintf(f, "\n%s  (%s, %d points)\n  upcard", cards_format(two, 2, cards, sizeof cards), start_kind(P),
            buyout_fast_points(two, 2, BUYOUT_FIVE_BEST4));
    for (int c = 0; c < cols.n; c++)
        fprintf(f, "  %s %s", cols.label[c], RANK_CHARS);
    fprintf(f, "\n");
    struct cell cells[NRANKS][MAXCOLS][NRANKS];
    memset(cells, 0, sizeof cells);
    for (long i = from; i < to; i++) {
        card_t t = cls[i].third;
        double w = (double)cls[i].orbit * (double)cls[i].ways;
        cells[card_rank(cls[i].up)][cols.of_suit[card_suit(t)]][card_rank(t)].w[dec[i].best] += w;
    }
    char prev[128] = "", line[128], range[8];
    int lo = -1;
    for (int u = 0; u <= NRANKS; u++) {
        bool any = false;
        if (u < NRANKS) {
            for (int c = 0; c < cols.n; c++)
                for (int r = 0; r < NRANKS; r++)
                    any |= cell_letter(&cells[u][c][r]) != '.';
            start_line(&cols, cells[u], line, sizeof line);
        }
        if (lo >= 0 && (u == NRANKS || !any || strcmp(line, prev))) {
            upcard_range(lo, u - 1, range, sizeof range);
            fprintf(f, "  %-6s%s\n", range, prev);
            lo = -1;
        }
        if (u < NRANKS && any && lo < 0) {
            lo = u;
            snprintf(prev, sizeof prev, "%s", line);
        }
    }
}

/* 4th card: decisions by upcard rank, 3-card points and 4-card points. */
struct fourth_tally {
    double w[NRANKS][BUYOUT_MAXP + 1][BUYOUT_MAXP + 1][3];
};

static int choice_of_letter(char c)
{
    return c == 'B' ? BUYOUT_BUY : c == 'R' ? BUYOUT_REFUSE : BUYOUT_FOLD;
}

static void tally_fourth(const struct buyout_class *cls, const struct buyout_decision *dec, long n,
                         struct fourth_tally *t)
{
    for (long i = 0; i < n; i++) {
        if (dec[i].best != BUYOUT_BUY)
            continue;
        card_t h[4] = {cls[i].P[0], cls[i].P[1], cls[i].third, 0};
        int p3 = buyout_fast_points(h, 3, BUYOUT_FIVE_BEST4), u = card_rank(cls[i].up);
        double w = (double)cls[i].orbit * (double)cls[i].ways;
        for (int c = 0; c < NCARDS; c++) {
            if (dec[i].fourth[c] == '-')
                continue;
            h[3] = (card_t)c;
            int p4 = buyout_fast_points(h, 4, BUYOUT_FIVE_BEST4);
            t->w[u][p3][p4][choice_of_letter(dec[i].fourth[c])] += w;
        }
    }
}

/* The smallest 4-card points from which every situation buys, and the
 * weight of the buys below it (the exceptions); -1 when none buys. */
static int buy_threshold(const double w[BUYOUT_MAXP + 1][3], double *exceptions)
{
    int x = BUYOUT_MAXP + 1;
    while (x > 0 && w[x - 1][BUYOUT_FOLD] == 0 && w[x - 1][BUYOUT_REFUSE] == 0)
        x--;
    *exceptions = 0;
    bool any = false;
    for (int p = 0; p <= BUYOUT_MAXP; p++) {
        any |= w[p][0] + w[p][1] + w[p][2] > 0;
        if (p < x)
            *exceptions += w[p][BUYOUT_BUY];
    }
    return any ? x : -1;
}

static void summary_fourth(FILE *f, const struct buyout_class *cls, const struct buyout_decision *dec, long n)
{
    struct fourth_tally *t = calloc(1, sizeof *t);
    if (!t)
        return;
    tally_fourth(cls, dec, n, t);
    bool used[BUYOUT_MAXP + 1] = {false};
    for (int u = 0; u < NRANKS; u++)
        for (int a = 0; a <= BUYOUT_MAXP; a++)
            for (int b = 0; b <= BUYOUT_MAXP; b++)
                used[a] |= t->w[u][a][b][0] + t->w[u][a][b][1] + t->w[u][a][b][2] > 0;
    fprintf(f, "\n4th card, after buying the 3rd: buy when the 4 cards have at least these points, else\n"
               "refuse (fold with no points in 3 cards).  Columns: points of the 3 cards.\n  upcard");
    for (int a = 0; a <= BUYOUT_MAXP; a++)
        if (used[a])
            fprintf(f, " %2d", a);
    fprintf(f, "\n");
    double off = 0, all = 0;
    for (int u = 0; u < NRANKS; u++) {
        char line[256];
        size_t k = 0;
        bool any = false;
        for (int a = 0; a <= BUYOUT_MAXP; a++) {
            if (!used[a])
                continue;
            double ex;
            int x = buy_threshold(t->w[u][a], &ex);
            off += ex;
            for (int b = 0; b <= BUYOUT_MAXP; b++)
                all += t->w[u][a][b][0] + t->w[u][a][b][1] + t->w[u][a][b][2];
            any |= x >= 0;
            /* the 4 cards have at least the 3 cards' points: a threshold
             * at or under them means always */
            const char *fmt = x < 0 ? "  ." : x > BUYOUT_MAXP ? "  -" : x <= a ? "  *" : " %2d";
            k += (size_t)snprintf(line + k, sizeof line - k, fmt, x);
        }
        if (any)
            fprintf(f, "  %-6c%s\n", RANK_CHARS[u], line);
    }
    fprintf(f, "  ('*': always buys; '-': never buys; '.': never reached.)  Off this rule: %.4f%% of the 4th-card situations\n"
               "  reached (weighted by deals); the strategy file has every one.\n",
            all > 0 ? 100 * off / all : 0.0);
    free(t);
}

void buyout_strategy_write_summary(FILE *f, const struct buyout_rules *r, const struct buyout_class *cls,
                                   const struct buyout_decision *dec, long n)
{
    fprintf(f, "4 Card Buyout, the optimal strategy in short (dealer's 5 cards: %s", buyout_reading_name(r->dealer_five));
    char label[96];
    if (r->bonus_table)
        fprintf(f, "; with %s, %lld/%lld unit(s) per First-bet unit", buyout_bonus_label(r, label, sizeof label),
                (long long)r->bonus_num, (long long)r->bonus_den);
    fprintf(f, ").\n"
               "Derived from the strategy file (fourcard solve buyout --strategy).\n\n"
               "3rd card: for each 2-card start and upcard rank, the decision for each 3rd card by\n"
               "rank (23456789TJQKA), in columns by the 3rd card's suit.  B buy, R refuse, F fold;\n"
               "lower case: most of the cell's situations (the suits of the upcard and of the\n"
               "column), not all of them.\n");
    for (long from = 0; from < n;) {
        long to = from + 1;
        while (to < n && cls[to].P[0] == cls[from].P[0] && cls[to].P[1] == cls[from].P[1])
            to++;
        summary_start(f, cls, dec, from, to);
        from = to;
    }
    summary_fourth(f, cls, dec, n);
}

int buyout_strategy_write(const struct buyout_solution *s, FILE *csv, FILE *fourth, FILE *summary)
{
    if (csv)
        buyout_strategy_write_csv(csv, s->classes, s->decisions, s->n);
    if (summary)
        buyout_strategy_write_summary(summary, &s->cx->r, s->classes, s->decisions, s->n);
    return fourth ? buyout_strategy_write_fourth(fourth, s->cx, s->classes, s->n) : 0;
}
