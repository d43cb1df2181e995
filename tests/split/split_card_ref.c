/* split_card_ref.c — an independent reference for 4 Card Split strategy
 * cards (see split_card_ref.h), written from docs/card-format.md alone.
 *
 * The card language, as this file reads it:
 *   - a rule is a line "N. RULE" (a number, a full stop, a space); the
 *     numbers run 1, 2, 3, ... (at most 64); every other line is ignored;
 *     case and runs of spaces do not matter; one final full stop is allowed;
 *   - a setting rule is "SHAPE[, LIMIT]...: SETTING", a play rule
 *     "Play a HAND[, LIMIT]..." or "Fold a HAND[, LIMIT]...";
 *   - a LIMIT is a suit pattern (or a hand's kind: a single card's says
 *     whether it is the single of a 3+1 or what the instant three it was
 *     left beside holds of its rank and suit), which holds exactly, or
 *     "NAME R", "NAME R or higher", "NAME R or lower", "NAME R to R2", NAME
 *     the first rank, any of the second ranks (one pair has the higher and
 *     the lower odd card, no pair the 2nd, 3rd and lowest card, two pair
 *     the low pair, a 2-card hand the low card, a 3-card hand the next
 *     rank) or the upcard; a rule may limit every one of these, but names
 *     each at most once (naming one twice is refused);
 *   - a rule matches when every one of its limits holds;
 *   - in each part the first rule that matches decides.
 *
 * Points the documentation leaves open are marked CHOICE below.
 */
#include "split_card_ref.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval3.h"

/* ------------------------------------------------------------------ */
/* The words of the language (lower case, single spaces).             */

static const char *const SHAPE_NAMES[4] = {"instant winner", "two pair", "one pair", "no pair"};
static const char *const SIZE_NAMES[4] = {NULL, "single card", "2-card hand", "3-card hand"};

/* Settings by shape, in the order of the doc's table; the index is the action. */
static const char *const SETTINGS[4][9] = {
    [REF_INSTANT_WINNER] = {"take the best-paying three", "take the three that leaves the highest single card"},
    [REF_TWO_PAIR] = {"fold both", "3+1 low pair+high card | high card", "3+1 high pair+low card | low card",
                      "2+2 high pair | low pair", "2+2 high+low | high+low (suits together)",
                      "2+2 high+low | high+low (suits apart)"},
    [REF_ONE_PAIR] = {"fold both", "3+1 pair+lower | higher", "3+1 pair+higher | lower", "2+2 pair | higher+lower",
                      "2+2 higher+pair card | lower+pair card (suits together)",
                      "2+2 higher+pair card | lower+pair card (suits apart)"},
    [REF_NO_PAIR] = {"fold both", "3+1 2nd+3rd+lowest | highest", "3+1 highest+3rd+lowest | 2nd",
                     "3+1 highest+2nd+lowest | 3rd", "3+1 highest+2nd+3rd | lowest", "2+2 highest+2nd | 3rd+lowest",
                     "2+2 highest+3rd | 2nd+lowest", "2+2 highest+lowest | 2nd+3rd",
                     "2+2 suited cards together (else highest+2nd | 3rd+lowest)"},
};

/* Suit patterns by shape (setting rules) and kinds by size (play rules). */
enum { TP_NONE, TP_ONE, TP_TWO };
static const char *const TWO_PAIR_PATTERNS[] = {"no suit in both pairs", "one suit in both pairs",
                                                "two suits in both pairs", NULL};
enum { OP_NONE, OP_HIGHER, OP_LOWER, OP_BOTH, OP_ODD_TOGETHER };
static const char *const ONE_PAIR_PATTERNS[] = {"no odd card suited to the pair", "higher odd card suited to the pair",
                                                "lower odd card suited to the pair",
                                                "both odd cards suited to the pair", "odd cards suited together",
                                                NULL};
/* No pair: positions 3 = highest, 2 = 2nd, 1 = 3rd, 0 = lowest. */
enum { NP_NONE, NP_H2, NP_H3, NP_HL, NP_23, NP_2L, NP_3L, NP_H2_3L, NP_H3_2L, NP_HL_23 };
static const char *const NO_PAIR_PATTERNS[] = {"no two suited",
                                               "highest+2nd suited",
                                               "highest+3rd suited",
                                               "highest+lowest suited",
                                               "2nd+3rd suited",
                                               "2nd+lowest suited",
                                               "3rd+lowest suited",
                                               "highest+2nd and 3rd+lowest suited",
                                               "highest+3rd and 2nd+lowest suited",
                                               "highest+lowest and 2nd+3rd suited",
                                               NULL};
/* A single card's kind: what it was left beside.  The four instant kinds
 * are in the order of two bits, rank (1) and suit (2), of what the instant
 * three holds of the single card (see single_kind). */
enum { K1_BESIDE_3, K1_IW_NONE, K1_IW_RANK, K1_IW_SUIT, K1_IW_RANK_SUIT };
static const char *const SINGLE_KINDS[] = {"beside a 3-card hand",
                                           "beside an instant winner without its rank or suit",
                                           "beside an instant winner with its rank",
                                           "beside an instant winner with its suit",
                                           "beside an instant winner with its rank and suit",
                                           NULL};
enum { K2_OFF_UNCONN, K2_OFF_CONN, K2_SUITED_UNCONN, K2_SUITED_CONN, K2_PAIR };
static const char *const TWO_CARD_KINDS[] = {"offsuit unconnected", "offsuit connected", "suited unconnected",
                                             "suited connected", "a pair", NULL};
enum { K3_NO_PAIR, K3_PAIR };
static const char *const THREE_CARD_KINDS[] = {"no pair", "a pair", NULL};

static const char *const *patterns_of(bool is_play, int group)
{
    if (!is_play) {
        switch (group) {
        case REF_TWO_PAIR: return TWO_PAIR_PATTERNS;
        case REF_ONE_PAIR: return ONE_PAIR_PATTERNS;
        case REF_NO_PAIR: return NO_PAIR_PATTERNS;
        default: return NULL; /* instant winner: none */
        }
    }
    switch (group) {
    case REF_SINGLE: return SINGLE_KINDS;
    case REF_TWO_CARD: return TWO_CARD_KINDS;
    case REF_THREE_CARD: return THREE_CARD_KINDS;
    default: return NULL;
    }
}

/* The name of the first rank and the names of the second ranks (a group
 * may offer several second ranks; a rule may limit each of them). */
static const char *first_name_of(bool is_play, int group)
{
    static const char *const SHAPE_FIRST[4] = {"single card", "high pair", "pair", "highest card"};
    static const char *const SIZE_FIRST[4] = {NULL, "rank", "high card", "top rank"};
    return is_play ? SIZE_FIRST[group] : SHAPE_FIRST[group];
}

static const char *second_name_of(bool is_play, int group, int k)
{
    static const char *const SHAPE_SECOND[4][REF_MAX_SECOND] = {
        {NULL}, {"low pair"}, {"higher odd card", "lower odd card"}, {"2nd card", "3rd card", "lowest card"}};
    static const char *const SIZE_SECOND[4][REF_MAX_SECOND] = {{NULL}, {NULL}, {"low card"}, {"next rank"}};
    return is_play ? SIZE_SECOND[group][k] : SHAPE_SECOND[group][k];
}

const char *ref_setting_name(int shape, int action)
{
    if (shape < 0 || shape > 3 || action < 0 || action > 7 || !SETTINGS[shape][action])
        return "?";
    return SETTINGS[shape][action];
}

/* ------------------------------------------------------------------ */
/* Reading a card.                                                    */

/* Lower case, runs of white space to one space, no space at either end. */
static void normalise(char *s)
{
    char *w = s;
    bool space = false;
    for (const char *r = s; *r; r++) {
        if (isspace((unsigned char)*r)) {
            space = true;
            continue;
        }
        if (space && w != s)
            *w++ = ' ';
        space = false;
        *w++ = (char)tolower((unsigned char)*r);
    }
    *w = '\0';
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == ' ')
        s[--n] = '\0';
    size_t k = 0;
    while (s[k] == ' ')
        k++;
    memmove(s, s + k, n - k + 1);
}

/* "2".."10", "t", "j", "q", "k", "a" -> 0..12, or -1. */
static int parse_rank(const char *s)
{
    static const char *const NAMES[13] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"};
    if (strcmp(s, "t") == 0)
        return RANK_TEN;
    for (int r = 0; r < 13; r++)
        if (strcmp(s, NAMES[r]) == 0)
            return r;
    return -1;
}

/* "R", "R or higher", "R or lower", "R to R2".  Returns 0 or -1. */
static int parse_range(const char *s, struct ref_range *out)
{
    char a[16], b[16], c[16];
    int n = 0;
    if (strlen(s) >= 15 * 3)
        return -1;
    char extra[8];
    n = sscanf(s, "%15s %15s %15s %7s", a, b, c, extra);
    if (n == 1) {
        int r = parse_rank(a);
        if (r < 0)
            return -1;
        out->lo = out->hi = r;
        return 0;
    }
    if (n == 3 && strcmp(b, "or") == 0) {
        int r = parse_rank(a);
        if (r < 0)
            return -1;
        if (strcmp(c, "higher") == 0) {
            out->lo = r;
            out->hi = RANK_ACE;
            return 0;
        }
        if (strcmp(c, "lower") == 0) {
            out->lo = 0;
            out->hi = r;
            return 0;
        }
        return -1;
    }
    if (n == 3 && strcmp(b, "to") == 0) {
        int r = parse_rank(a), r2 = parse_rank(c);
        /* CHOICE: "R to R2" with R above R2 is refused (the doc shows only
         * rising ranges and says nothing of the other order). */
        if (r < 0 || r2 < 0 || r > r2)
            return -1;
        out->lo = r;
        out->hi = r2;
        return 0;
    }
    return -1;
}

/* The range a rule keeps for rank name k of parse_limit's list: 0 the
 * first rank, 1 the upcard, 2.. the second ranks in the group's order. */
static struct ref_range *rank_limit(struct ref_rule *r, int k)
{
    return k == 0 ? &r->first : k == 1 ? &r->upcard : &r->second[k - 2];
}

/* One LIMIT of rule r (already normalised and trimmed).  0 or -1 with err. */
static int parse_limit(const char *s, struct ref_rule *r, char *err, size_t errlen)
{
    const char *const *pats = patterns_of(r->is_play, r->group);
    for (int i = 0; pats && pats[i]; i++) {
        if (strcmp(s, pats[i]) == 0) {
            /* "A rule names at most one suit pattern (or kind)". */
            if (r->pattern >= 0) {
                snprintf(err, errlen, "'%s': the rule already names a %s", s, r->is_play ? "kind" : "suit pattern");
                return -1;
            }
            r->pattern = i;
            return 0;
        }
    }
    /* "NAME R...": the first rank, the upcard, or any of the second ranks,
     * each named at most once ("a rule names each limit at most once";
     * "any of its second ranks (each at most once)").  Two ranges on one
     * name would otherwise have to be intersected or one dropped; the doc
     * makes it an error instead.  CHOICE: limits on different names that
     * no hand meets together ("2nd card 9, 3rd card 10") are accepted, and
     * the rule matches nothing (the doc does not say). */
    const char *names[2 + REF_MAX_SECOND] = {first_name_of(r->is_play, r->group), "upcard"};
    for (int k = 0; k < REF_MAX_SECOND; k++)
        names[2 + k] = second_name_of(r->is_play, r->group, k);
    for (int k = 0; k < 2 + REF_MAX_SECOND; k++) {
        if (!names[k])
            continue;
        size_t n = strlen(names[k]);
        if (strncmp(s, names[k], n) != 0 || s[n] != ' ')
            continue;
        struct ref_range lim;
        if (parse_range(s + n + 1, &lim) != 0) {
            snprintf(err, errlen, "bad rank range in '%s'", s);
            return -1;
        }
        if (r->named & (1 << k)) {
            snprintf(err, errlen, "'%s': the rule already limits the %s", s, names[k]);
            return -1;
        }
        r->named |= 1 << k;
        *rank_limit(r, k) = lim;
        return 0;
    }
    snprintf(err, errlen, "unknown limit '%s'", s);
    return -1;
}

/* Splits s at commas into trimmed pieces (in place).  Returns the count. */
static int split_commas(char *s, char **piece, int max)
{
    int n = 0;
    char *p = s;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        trim(p);
        if (n < max)
            piece[n] = p;
        n++;
        if (!comma)
            break;
        p = comma + 1;
    }
    return n;
}

/* One rule's text (normalised, final full stop removed). */
static int parse_rule(char *text, bool allow_highest_single, struct ref_rule *r, char *err, size_t errlen)
{
    r->first = r->upcard = (struct ref_range){0, RANK_ACE};
    for (int k = 0; k < REF_MAX_SECOND; k++)
        r->second[k] = (struct ref_range){0, RANK_ACE};
    r->named = 0;
    r->pattern = -1;

    char *piece[40];
    if (strncmp(text, "play a ", 7) == 0 || strncmp(text, "fold a ", 7) == 0) {
        r->is_play = true;
        r->action = text[0] == 'p';
        int n = split_commas(text + 7, piece, 40);
        if (n > 40) {
            snprintf(err, errlen, "too many limits");
            return -1;
        }
        r->group = 0;
        for (int g = REF_SINGLE; g <= REF_THREE_CARD; g++)
            if (strcmp(piece[0], SIZE_NAMES[g]) == 0)
                r->group = g;
        if (r->group == 0) {
            snprintf(err, errlen, "unknown hand '%s'", piece[0]);
            return -1;
        }
        for (int i = 1; i < n; i++)
            if (parse_limit(piece[i], r, err, errlen) != 0)
                return -1;
        return 0;
    }

    r->is_play = false;
    char *colon = strchr(text, ':');
    if (!colon) {
        snprintf(err, errlen, "no ':' before the setting, and not a play rule");
        return -1;
    }
    *colon = '\0';
    char *setting = colon + 1;
    trim(setting);
    int n = split_commas(text, piece, 40);
    if (n > 40) {
        snprintf(err, errlen, "too many limits");
        return -1;
    }
    r->group = -1;
    for (int g = 0; g < 4; g++)
        if (strcmp(piece[0], SHAPE_NAMES[g]) == 0)
            r->group = g;
    if (r->group < 0) {
        snprintf(err, errlen, "unknown shape '%s'", piece[0]);
        return -1;
    }
    for (int i = 1; i < n; i++)
        if (parse_limit(piece[i], r, err, errlen) != 0)
            return -1;
    r->action = -1;
    for (int a = 0; a < 9; a++)
        if (SETTINGS[r->group][a] && strcmp(setting, SETTINGS[r->group][a]) == 0)
            r->action = a;
    if (r->group == REF_INSTANT_WINNER && r->action == 1 && !allow_highest_single)
        r->action = -1;
    if (r->action < 0) {
        snprintf(err, errlen, "unknown setting '%s' for %s", setting, SHAPE_NAMES[r->group]);
        return -1;
    }
    return 0;
}

int ref_card_load(const char *path, bool allow_highest_single, struct ref_card *c, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    c->n = 0;
    char line[2048];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        /* CHOICE: "N. RULE" must start in the first column (the doc says
         * "every line of the form N. RULE"; an indented numbered line, as in
         * a Markdown code block, is commentary). */
        const char *p = line;
        if (!isdigit((unsigned char)*p))
            continue;
        long number = 0;
        while (isdigit((unsigned char)*p)) {
            number = number * 10 + (*p - '0');
            if (number > 1000000)
                break;
            p++;
        }
        if (*p != '.' || (p[1] != ' ' && p[1] != '\t'))
            continue; /* not "N. ": commentary */
        char text[2048];
        snprintf(text, sizeof text, "%s", p + 2);
        normalise(text);
        size_t len = strlen(text);
        if (len > 0 && text[len - 1] == '.') { /* a final full stop */
            text[len - 1] = '\0';
            trim(text);
        }
        if (number != c->n + 1) {
            snprintf(err, errlen, "%s:%d: rule numbered %ld, expected %d", path, lineno, number, c->n + 1);
            fclose(f);
            return -1;
        }
        if (c->n == REF_MAX_RULES) {
            snprintf(err, errlen, "%s:%d: more than %d rules", path, lineno, REF_MAX_RULES);
            fclose(f);
            return -1;
        }
        struct ref_rule *r = &c->rule[c->n];
        char why[256];
        if (parse_rule(text, allow_highest_single, r, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            fclose(f);
            return -1;
        }
        r->number = (int)number;
        r->line = lineno;
        c->n++;
    }
    fclose(f);
    return 0;
}

/* ------------------------------------------------------------------ */
/* What a rule sees.                                                  */

struct ref_view {
    bool is_play;
    int group;
    int first;               /* rank (-1 when the group has none) */
    int second[REF_MAX_SECOND]; /* the second ranks, by name (-1 where the group has none) */
    int pattern;       /* suit pattern or kind (-1 when the group has none) */
    int up;
};

static int bit(int j) { return 1 << j; }

static bool same_suit(card_t a, card_t b) { return card_suit(a) == card_suit(b); }

/* The instant pay of the three cards of P at mask (mask has 3 bits), or -1
 * when they are not an instant winner (a flush or better). */
static long long instant_pay(const struct split_paytable *pt, const card_t P[4], int mask)
{
    card_t three[3];
    int k = 0;
    for (int j = 0; j < 4; j++)
        if (mask & bit(j))
            three[k++] = P[j];
    enum eval3_category cat = eval3_category_of(eval3_rank(three));
    if (cat < E3_FLUSH)
        return -1;
    return (long long)pt->ante_instant[cat];
}

/* The position left by the instant three a setting takes (0..3), or -1
 * when P holds no instant winner.
 *   best_paying: the three with the highest instant pay.  CHOICE: where
 *     several threes pay the same (a four-card flush, 5-6-7-8, two equal
 *     straights, ...), the doc does not say which is taken; here the one
 *     that leaves the highest single card, and among singles of one rank
 *     the highest card id (the highest suit).
 *   otherwise "the three that leaves the highest single card": among the
 *     instant threes, the highest single rank.  CHOICE: among singles of one
 *     rank (P holds a pair), the three that pays more, then the highest
 *     card id. */
static int instant_single(const struct split_paytable *pt, const card_t P[4], bool best_paying)
{
    int best = -1;
    long long best_pay = -1;
    for (int j = 0; j < 4; j++) {
        long long pay = instant_pay(pt, P, 15 & ~bit(j));
        if (pay < 0)
            continue;
        if (best < 0) {
            best = j;
            best_pay = pay;
            continue;
        }
        int rank = card_rank(P[j]), best_rank = card_rank(P[best]);
        bool better;
        if (best_paying)
            better = pay > best_pay || (pay == best_pay && rank > best_rank) ||
                     (pay == best_pay && rank == best_rank && P[j] > P[best]);
        else
            better = rank > best_rank || (rank == best_rank && pay > best_pay) ||
                     (rank == best_rank && pay == best_pay && P[j] > P[best]);
        if (better) {
            best = j;
            best_pay = pay;
        }
    }
    return best;
}

enum ref_shape ref_shape_of(const card_t P[4])
{
    for (int j = 0; j < 4; j++) {
        card_t three[3];
        int k = 0;
        for (int i = 0; i < 4; i++)
            if (i != j)
                three[k++] = P[i];
        if (eval3_category_of(eval3_rank(three)) >= E3_FLUSH)
            return REF_INSTANT_WINNER; /* also for pairs: the split is forced */
    }
    int pairs = 0;
    for (int j = 0; j < 3; j++)
        if (card_rank(P[j]) == card_rank(P[j + 1]))
            pairs++;
    /* No trips here (trips are an instant winner), so adjacent equal ranks
     * are pairs. */
    return pairs == 2 ? REF_TWO_PAIR : pairs == 1 ? REF_ONE_PAIR : REF_NO_PAIR;
}

/* The cards of a situation by the names of its shape (positions into P). */
struct named {
    /* two pair: lo[0..1] the low pair, hi[0..1] the high pair, in increasing id */
    int low[2], high[2];
    /* one pair: pair[0..1] in increasing id, the higher and the lower odd card */
    int pair[2], higher, lower;
};

static void name_cards(enum ref_shape shape, const card_t P[4], struct named *n)
{
    if (shape == REF_TWO_PAIR) {
        /* P sorted by id, so by rank: the low pair first. */
        n->low[0] = 0, n->low[1] = 1, n->high[0] = 2, n->high[1] = 3;
    } else if (shape == REF_ONE_PAIR) {
        int pj = 0;
        for (int j = 0; j < 3; j++)
            if (card_rank(P[j]) == card_rank(P[j + 1]))
                pj = j;
        n->pair[0] = pj, n->pair[1] = pj + 1;
        int odd[2], k = 0;
        for (int j = 0; j < 4; j++)
            if (j != pj && j != pj + 1)
                odd[k++] = j;
        n->lower = odd[0], n->higher = odd[1];
    }
}

static void situation_view(const struct split_paytable *pt, const card_t P[4], card_t u, enum ref_shape shape,
                           struct ref_view *v)
{
    v->is_play = false;
    v->group = shape;
    v->up = card_rank(u);
    v->first = v->pattern = -1;
    for (int k = 0; k < REF_MAX_SECOND; k++)
        v->second[k] = -1;
    struct named n;
    name_cards(shape, P, &n);
    switch (shape) {
    case REF_INSTANT_WINNER:
        /* "single card: the card left by the best-paying three", whatever
         * the setting the rule then takes. */
        v->first = card_rank(P[instant_single(pt, P, true)]);
        break;
    case REF_TWO_PAIR: {
        v->first = card_rank(P[n.high[0]]);
        v->second[0] = card_rank(P[n.low[0]]);
        int shared = 0;
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < 2; k++)
                shared += same_suit(P[n.high[i]], P[n.low[k]]);
        v->pattern = shared == 0 ? TP_NONE : shared == 1 ? TP_ONE : TP_TWO;
        break;
    }
    case REF_ONE_PAIR: {
        v->first = card_rank(P[n.pair[0]]);
        v->second[0] = card_rank(P[n.higher]);
        v->second[1] = card_rank(P[n.lower]);
        card_t h = P[n.higher], l = P[n.lower];
        bool hs = same_suit(h, P[n.pair[0]]) || same_suit(h, P[n.pair[1]]);
        bool ls = same_suit(l, P[n.pair[0]]) || same_suit(l, P[n.pair[1]]);
        /* Both suited to one pair card would be a flush: an instant winner. */
        v->pattern = hs && ls ? OP_BOTH : hs ? OP_HIGHER : ls ? OP_LOWER : same_suit(h, l) ? OP_ODD_TOGETHER : OP_NONE;
        break;
    }
    case REF_NO_PAIR: {
        v->first = card_rank(P[3]);
        v->second[0] = card_rank(P[2]); /* 2nd card */
        v->second[1] = card_rank(P[1]); /* 3rd card */
        v->second[2] = card_rank(P[0]); /* lowest card */
        /* Positions: 3 highest, 2 2nd, 1 3rd, 0 lowest.  No three share a
         * suit (that is a flush), so at most two suited couples. */
        bool s[4][4];
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 4; k++)
                s[i][k] = i != k && same_suit(P[i], P[k]);
        int couples = 0;
        for (int i = 0; i < 4; i++)
            for (int k = i + 1; k < 4; k++)
                couples += s[i][k];
        if (couples == 0)
            v->pattern = NP_NONE;
        else if (couples == 2)
            v->pattern = s[3][2] ? NP_H2_3L : s[3][1] ? NP_H3_2L : NP_HL_23;
        else
            v->pattern = s[3][2]   ? NP_H2
                         : s[3][1] ? NP_H3
                         : s[3][0] ? NP_HL
                         : s[2][1] ? NP_23
                         : s[2][0] ? NP_2L
                                   : NP_3L;
        break;
    }
    }
}

static bool connected(int hi, int lo)
{
    int d = hi - lo;
    return d == 1 || d == 2 || (hi == RANK_ACE && (lo == 0 || lo == 1));
}

/* The kind of the single card P[j]: beside is the mask of the other hand,
 * instant whether that hand is an instant winner's three (else the three of
 * a 3+1).  "With its rank": a card of the three has the single card's rank;
 * "with its suit": one has its suit; each kind holds exactly, so the two
 * tests pick one of four (a card cannot give both: the deck has one card of
 * a rank and suit). */
static int single_kind(const card_t P[4], int j, int beside, bool instant)
{
    if (!instant)
        return K1_BESIDE_3;
    bool rank = false, suit = false;
    for (int i = 0; i < 4; i++) {
        if (!(beside & bit(i)))
            continue;
        rank |= card_rank(P[i]) == card_rank(P[j]);
        suit |= same_suit(P[i], P[j]);
    }
    return K1_IW_NONE + (rank ? 1 : 0) + (suit ? 2 : 0);
}

/* The view of the hand at mask.  beside, instant: the other hand and
 * whether it is an instant winner's three (only a single card's kind asks). */
static void hand_view(const card_t P[4], int mask, int beside, bool instant, card_t u, struct ref_view *v)
{
    card_t c[3];
    int k = 0;
    for (int j = 0; j < 4; j++)
        if (mask & bit(j))
            c[k++] = P[j]; /* increasing id, so increasing rank */
    v->is_play = true;
    v->group = k;
    v->up = card_rank(u);
    v->first = v->pattern = -1;
    for (int i = 0; i < REF_MAX_SECOND; i++)
        v->second[i] = -1;
    if (k == 1) {
        v->first = card_rank(c[0]);
        v->pattern = single_kind(P, __builtin_ctz((unsigned)mask), beside, instant);
    } else if (k == 2) {
        int hi = card_rank(c[1]), lo = card_rank(c[0]);
        v->first = hi;
        v->second[0] = lo;
        if (hi == lo)
            v->pattern = K2_PAIR;
        else if (same_suit(c[0], c[1]))
            v->pattern = connected(hi, lo) ? K2_SUITED_CONN : K2_SUITED_UNCONN;
        else
            v->pattern = connected(hi, lo) ? K2_OFF_CONN : K2_OFF_UNCONN;
    } else {
        int r0 = card_rank(c[0]), r1 = card_rank(c[1]), r2 = card_rank(c[2]);
        if (r0 == r1 || r1 == r2) {
            /* top rank: the pair's; next rank: the odd card's */
            v->pattern = K3_PAIR;
            v->first = r1;
            v->second[0] = r0 == r1 ? r2 : r0;
        } else {
            v->pattern = K3_NO_PAIR;
            v->first = r2;
            v->second[0] = r1;
        }
    }
}

static bool in_range(const struct ref_range *r, int x) { return x >= r->lo && x <= r->hi; }

static bool rule_matches(const struct ref_rule *r, const struct ref_view *v)
{
    if (r->is_play != v->is_play || r->group != v->group)
        return false;
    if (r->pattern >= 0 && r->pattern != v->pattern)
        return false;
    if (v->first >= 0 && !in_range(&r->first, v->first))
        return false;
    /* Every second rank the rule limits must hold (an unlimited one is
     * 0..12 and always does; one the group lacks is -1 in the view and the
     * reader never lets a rule name it). */
    for (int k = 0; k < REF_MAX_SECOND; k++)
        if (v->second[k] >= 0 && !in_range(&r->second[k], v->second[k]))
            return false;
    return in_range(&r->upcard, v->up);
}

static int first_match(const struct ref_card *c, const struct ref_view *v)
{
    for (int i = 0; i < c->n; i++)
        if (rule_matches(&c->rule[i], v))
            return i;
    return -1;
}

/* ------------------------------------------------------------------ */
/* The hands of a setting.                                            */

/* "Suits together" pairs each odd (or low) card with the card of its own
 * suit among the two cards x[0..1] (the pair, or the high pair) where there
 * is one; returns the index into x that goes with y[0] (y[1] gets the
 * other; x and y each in increasing id).
 * CHOICE: where no card of y shares a suit with a card of x (two pair "no
 * suit in both pairs"; one pair "no odd card suited to the pair" and "odd
 * cards suited together"), the doc does not say how the cards go; here
 * "suits together" goes by id, y[0] with x[0] and y[1] with x[1], and
 * "suits apart" the other way.  (For one pair, y[0] is the lower odd card:
 * the higher odd card goes with the pair card of the higher id.  The first
 * version of this file put the higher odd card with x[0]; the fast path
 * does it this way, and the doc allows both.) */
static int together_partner(const card_t P[4], const int x[2], const int y[2])
{
    if (same_suit(P[y[0]], P[x[0]]) || same_suit(P[y[1]], P[x[1]]))
        return 0;
    if (same_suit(P[y[0]], P[x[1]]) || same_suit(P[y[1]], P[x[0]]))
        return 1;
    return 0;
}

/* The card of the pair x[0..1] (increasing id) that is the single of a 3+1
 * "X pair + card | card" of two pair, the three holding the other pair y.
 * CHOICE: the doc does not say which card of a pair is the single.  Here:
 * when exactly one card of x shares a suit with a card of y ("one suit in
 * both pairs"), the single is the other one (suited to nothing in the
 * three); otherwise (no suit or two suits in both pairs) the card of the
 * higher id.  (The first version of this file took the higher id always;
 * the fast path leaves the unsuited card, which also keeps the single's
 * suit alive.) */
static int single_of_pair(const card_t P[4], const int x[2], const int y[2])
{
    bool s0 = same_suit(P[x[0]], P[y[0]]) || same_suit(P[x[0]], P[y[1]]);
    bool s1 = same_suit(P[x[1]], P[y[0]]) || same_suit(P[x[1]], P[y[1]]);
    if (s1 && !s0)
        return x[0];
    return x[1];
}

static void setting_hands(const struct split_paytable *pt, const card_t P[4], enum ref_shape shape, int action,
                          int *a, int *b)
{
    struct named n;
    name_cards(shape, P, &n);
    *a = *b = 0;
    if (shape == REF_INSTANT_WINNER) {
        int j = instant_single(pt, P, action == 0);
        *a = 15 & ~bit(j);
        *b = bit(j);
        return;
    }
    if (action == 0)
        return; /* fold both */
    if (shape == REF_TWO_PAIR) {
        int L = bit(n.low[0]) | bit(n.low[1]), H = bit(n.high[0]) | bit(n.high[1]);
        switch (action) {
        case 1: /* 3+1 low pair+high card | high card (see single_of_pair) */
            *b = bit(single_of_pair(P, n.high, n.low));
            *a = 15 & ~*b;
            break;
        case 2: /* 3+1 high pair+low card | low card */
            *b = bit(single_of_pair(P, n.low, n.high));
            *a = 15 & ~*b;
            break;
        case 3: *a = H, *b = L; break;
        case 4:
        case 5: {
            int k = together_partner(P, n.high, n.low);
            if (action == 5)
                k = 1 - k;
            *a = bit(n.high[k]) | bit(n.low[0]);
            *b = bit(n.high[1 - k]) | bit(n.low[1]);
            break;
        }
        }
        return;
    }
    if (shape == REF_ONE_PAIR) {
        int PP = bit(n.pair[0]) | bit(n.pair[1]);
        switch (action) {
        case 1: *a = PP | bit(n.lower), *b = bit(n.higher); break;
        case 2: *a = PP | bit(n.higher), *b = bit(n.lower); break;
        case 3: *a = PP, *b = bit(n.higher) | bit(n.lower); break;
        case 4:
        case 5: {
            const int odd[2] = {n.lower, n.higher};
            int k = together_partner(P, n.pair, odd); /* the pair card of the lower odd card */
            if (action == 5)
                k = 1 - k;
            *a = bit(n.higher) | bit(n.pair[1 - k]);
            *b = bit(n.lower) | bit(n.pair[k]);
            break;
        }
        }
        return;
    }
    /* No pair: 3 highest, 2 2nd, 1 3rd, 0 lowest. */
    const int NP_HANDS[8][2] = {
        {0, 0},
        {bit(2) | bit(1) | bit(0), bit(3)}, /* 3+1 2nd+3rd+lowest | highest */
        {bit(3) | bit(1) | bit(0), bit(2)}, /* 3+1 highest+3rd+lowest | 2nd */
        {bit(3) | bit(2) | bit(0), bit(1)}, /* 3+1 highest+2nd+lowest | 3rd */
        {bit(3) | bit(2) | bit(1), bit(0)}, /* 3+1 highest+2nd+3rd | lowest */
        {bit(3) | bit(2), bit(1) | bit(0)}, /* 2+2 highest+2nd | 3rd+lowest */
        {bit(3) | bit(1), bit(2) | bit(0)}, /* 2+2 highest+3rd | 2nd+lowest */
        {bit(3) | bit(0), bit(2) | bit(1)}, /* 2+2 highest+lowest | 2nd+3rd */
    };
    if (action == 8) { /* suited cards together: a suited two and the other two, or the two highest */
        *a = NP_HANDS[5][0];
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                if (card_suit(P[i]) == card_suit(P[j]))
                    *a = bit(i) | bit(j);
        if (!(*a & bit(3)))
            *a ^= 15; /* the highest card's hand first */
        *b = 15 ^ *a;
        return;
    }
    *a = NP_HANDS[action][0];
    *b = NP_HANDS[action][1];
}

bool ref_card_option(const struct ref_card *c, const struct split_paytable *pt, const card_t P[4], card_t u,
                     struct ref_option *o, int *set_rule, int play_rule[2])
{
    *set_rule = play_rule[0] = play_rule[1] = -1;
    memset(o, 0, sizeof *o);
    enum ref_shape shape = ref_shape_of(P);
    struct ref_view v;
    situation_view(pt, P, u, shape, &v);
    int r = first_match(c, &v);
    *set_rule = r;
    if (r < 0)
        return false;
    int action = c->rule[r].action;
    setting_hands(pt, P, shape, action, &o->hand_a, &o->hand_b);
    if (shape == REF_INSTANT_WINNER) {
        o->choice = REF_INSTANT;
        struct ref_view hv;
        hand_view(P, o->hand_b, o->hand_a, true, u, &hv);
        play_rule[1] = first_match(c, &hv);
        if (play_rule[1] < 0)
            return false;
        o->play_b = c->rule[play_rule[1]].action == 1;
        return true;
    }
    if (action == 0) {
        o->choice = REF_FOLD_BOTH;
        return true;
    }
    o->choice = __builtin_popcount((unsigned)o->hand_a) == 2 ? REF_2_2 : REF_3_1;
    int hands[2] = {o->hand_a, o->hand_b};
    bool play[2];
    for (int h = 0; h < 2; h++) {
        struct ref_view hv;
        hand_view(P, hands[h], hands[1 - h], false, u, &hv); /* a single here is beside a 3-card hand */
        play_rule[h] = first_match(c, &hv);
        if (play_rule[h] < 0)
            return false;
        play[h] = c->rule[play_rule[h]].action == 1;
    }
    o->play_a = play[0];
    o->play_b = play[1];
    return true;
}
