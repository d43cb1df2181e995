/* split_card_text.c — a Split card's rules in words, and back.
 *
 * A setting rule is "CONDITIONS: SETTING".  CONDITIONS is the shape, then
 * limits separated by ", ": a named rank in a range ("pair 2 to 8",
 * "highest card Q or higher", "upcard 9 or lower", "2nd card 7") or a suit
 * pattern ("highest+3rd suited").  SETTING is "fold both" or how to split
 * ("2+2 pair | higher+lower").  A play rule is "Play a HAND" or "Fold a
 * HAND", HAND a single card, a 2-card hand or a 3-card hand, with limits
 * the same way ("Fold a 2-card hand, offsuit, high card 9 or lower").
 * Every word is one of the tables below, so the text written is the text
 * read (docs/card-format.md).
 */
#include "split_card.h"
#include "card_file.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* By group: the shapes, then the hand sizes. */
static const char *const GROUPS[SPLIT_NGROUPS] = {"Instant winner", "Two pair", "One pair", "No pair",
                                                  "a single card", "a 2-card hand", "a 3-card hand"};
static const char *const FIRST[SPLIT_NGROUPS] = {"single card", "high pair", "pair", "highest card",
                                                 "rank", "high card", "top rank"};
/* The second limit's names by group and the position it names. */
static const char *const SECOND[SPLIT_NGROUPS][4] = {
    {NULL}, {NULL, NULL, "low pair"}, {NULL, NULL, "higher odd card", "lower odd card"},
    {NULL, "2nd card", "3rd card", "lowest card"}, {NULL}, {NULL, "low card"}, {NULL, "next rank"},
};
static const char *const UP = "upcard";
static const char *const SEEN = "seen card"; /* the seen hole card (the higher of two): hole-carders' cards */
static const char *const SEEN_PAIR = "seen card pairs the upcard";

static const char *const PATTERNS[SPLIT_NGROUPS][SPLIT_NPATTERNS] = {
    {NULL},
    {"no suit in both pairs", "one suit in both pairs", "two suits in both pairs"},
    {"no odd card suited to the pair", "higher odd card suited to the pair", "lower odd card suited to the pair",
     "both odd cards suited to the pair", "odd cards suited together"},
    {"no two suited", "highest+2nd suited", "highest+3rd suited", "highest+lowest suited", "2nd+3rd suited",
     "2nd+lowest suited", "3rd+lowest suited", "highest+2nd and 3rd+lowest suited",
     "highest+3rd and 2nd+lowest suited", "highest+lowest and 2nd+3rd suited"},
    {"beside a 3-card hand", "beside an instant winner without its rank or suit",
     "beside an instant winner with its rank", "beside an instant winner with its suit",
     "beside an instant winner with its rank and suit"},
    {"offsuit unconnected", "offsuit connected", "suited unconnected", "suited connected", "a pair"},
    {"no pair", "a pair"},
};

/* Settings 0..8 by shape (split_card_view.c); NULL where not a setting. */
static const char *const SETTINGS[SPLIT_NSHAPES][SPLIT_NSETTINGS] = {
    {"take the best-paying three", "take the three that leaves the highest single card"},
    {"fold both", NULL, "3+1 low pair+high card | high card", NULL, "3+1 high pair+low card | low card",
     "2+2 high pair | low pair", "2+2 high+low | high+low (suits together)",
     "2+2 high+low | high+low (suits apart)"},
    {"fold both", NULL, NULL, "3+1 pair+lower | higher", "3+1 pair+higher | lower", "2+2 pair | higher+lower",
     "2+2 higher+pair card | lower+pair card (suits together)",
     "2+2 higher+pair card | lower+pair card (suits apart)"},
    {"fold both", "3+1 2nd+3rd+lowest | highest", "3+1 highest+3rd+lowest | 2nd", "3+1 highest+2nd+lowest | 3rd",
     "3+1 highest+2nd+3rd | lowest", "2+2 highest+2nd | 3rd+lowest", "2+2 highest+3rd | 2nd+lowest",
     "2+2 highest+lowest | 2nd+3rd", "2+2 suited cards together (else highest+2nd | 3rd+lowest)"},
};
static const char *const PLAY_WORDS[2] = {"Fold", "Play"};

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

static size_t put(char *buf, size_t len, size_t used, const char *fmt, const char *a, const char *b)
{
    if (used < len)
        used += (size_t)snprintf(buf + used, len - used, fmt, a, b);
    return used;
}

/* ", NAME RANGE" unless the range is the whole 0..12. */
static size_t range_text(char *buf, size_t len, size_t used, const char *name, int lo, int hi)
{
    char r[32];
    if (lo == 0 && hi == NRANKS - 1)
        return used;
    if (lo == hi)
        snprintf(r, sizeof r, "%s", card_rank_word(lo));
    else if (lo == 0)
        snprintf(r, sizeof r, "%s or lower", card_rank_word(hi));
    else if (hi == NRANKS - 1)
        snprintf(r, sizeof r, "%s or higher", card_rank_word(lo));
    else
        snprintf(r, sizeof r, "%s to %s", card_rank_word(lo), card_rank_word(hi));
    return put(buf, len, used, ", %s %s", name, r);
}

char *split_rule_text(const struct split_rule *r, char *buf, size_t len)
{
    bool play = split_is_play_group(r->group);
    size_t used = play ? put(buf, len, 0, "%s %s", PLAY_WORDS[r->action], GROUPS[r->group])
                       : put(buf, len, 0, "%s%s", GROUPS[r->group], "");
    if (play && r->pattern >= 0)
        used = put(buf, len, used, ", %s%s", PATTERNS[r->group][r->pattern], "");
    used = range_text(buf, len, used, FIRST[r->group], r->first_lo, r->first_hi);
    if (SECOND[r->group][r->second_of & 3])
        used = range_text(buf, len, used, SECOND[r->group][r->second_of & 3], r->second_lo, r->second_hi);
    for (int k = 0; k < 4; k++)
        if (r->more_of >> k & 1 && SECOND[r->group][k])
            used = range_text(buf, len, used, SECOND[r->group][k], r->more_lo[k], r->more_hi[k]);
    if (!play && r->pattern >= 0)
        used = put(buf, len, used, ", %s%s", PATTERNS[r->group][r->pattern], "");
    used = range_text(buf, len, used, UP, r->up_lo, r->up_hi);
    if (r->seen_limit) /* a limit to every rank is none, and reads back as none */
        used = range_text(buf, len, used, SEEN, r->seen_lo, r->seen_hi);
    if (r->seen_pair)
        used = put(buf, len, used, ", %s%s", SEEN_PAIR, "");
    if (!play)
        put(buf, len, used, ": %s%s", SETTINGS[r->group][r->action], "");
    return buf;
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

/* Copies text with runs of white space made one space, trimmed, and a
 * final full stop dropped. */
static void normalise(const char *text, char *out, size_t len)
{
    size_t n = 0;
    for (const char *s = text; *s && n + 1 < len; s++) {
        if (isspace((unsigned char)*s)) {
            if (n > 0 && out[n - 1] != ' ')
                out[n++] = ' ';
        } else
            out[n++] = *s;
    }
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '.'))
        n--;
    out[n] = '\0';
}

/* "R", "R or higher", "R or lower", "R to R2" into lo..hi; 0 or -1. */
static int parse_range(const char *s, uint8_t *lo, uint8_t *hi)
{
    size_t n = strcspn(s, " ");
    int a = card_rank_of_word(s, n);
    if (a < 0)
        return -1;
    const char *rest = s + n;
    if (!*rest)
        return *lo = *hi = (uint8_t)a, 0;
    if (!strcasecmp(rest, " or higher"))
        return *lo = (uint8_t)a, *hi = NRANKS - 1, 0;
    if (!strcasecmp(rest, " or lower"))
        return *lo = 0, *hi = (uint8_t)a, 0;
    if (!strncasecmp(rest, " to ", 4)) {
        int b = card_rank_of_word(rest + 4, strlen(rest + 4));
        if (b < a)
            return -1;
        return *lo = (uint8_t)a, *hi = (uint8_t)b, 0;
    }
    return -1;
}

/* "NAME RANGE" for one of the rule's ranges; 1 when it named one, 0 when
 * not, -1 on a bad range (message in err). */
static int parse_limit(const char *atom, const char *name, uint8_t *lo, uint8_t *hi, bool *seen, char *err,
                       size_t errlen)
{
    size_t n = name ? strlen(name) : 0;
    if (!name || strncasecmp(atom, name, n) != 0 || atom[n] != ' ')
        return 0;
    if (*seen)
        return snprintf(err, errlen, "'%s' is limited twice", name), -1;
    *seen = true;
    if (parse_range(atom + n + 1, lo, hi) != 0)
        return snprintf(err, errlen, "bad range '%s' (a rank 2-10, J, Q, K, A; 'R or higher', 'R or lower', 'R to R')",
                        atom + n + 1), -1;
    return 1;
}

/* A pattern is read first: "higher odd card suited to the pair" starts
 * like a limit on the higher odd card. */
static int parse_atom(const char *atom, struct split_rule *r, bool seen[4], char *err, size_t errlen)
{
    for (int p = 0; p < SPLIT_NPATTERNS; p++)
        if (PATTERNS[r->group][p] && !strcasecmp(atom, PATTERNS[r->group][p])) {
            if (seen[3])
                return snprintf(err, errlen, "two %s", split_is_play_group(r->group) ? "kinds" : "suit patterns"), -1;
            seen[3] = true;
            r->pattern = (int8_t)p;
            return 0;
        }
    int k;
    if ((k = parse_limit(atom, FIRST[r->group], &r->first_lo, &r->first_hi, &seen[0], err, errlen)) != 0 ||
        (k = parse_limit(atom, UP, &r->up_lo, &r->up_hi, &seen[2], err, errlen)) != 0)
        return k < 0 ? -1 : 0;
    if (!strcasecmp(atom, SEEN_PAIR)) {
        if (r->seen_pair)
            return snprintf(err, errlen, "'%s' twice", SEEN_PAIR), -1;
        return r->seen_pair = true, 0;
    }
    if ((k = parse_limit(atom, SEEN, &r->seen_lo, &r->seen_hi, &r->seen_limit, err, errlen)) != 0)
        return k < 0 ? -1 : 0;
    for (int pos = 1; pos < 4; pos++) {
        const char *name = SECOND[r->group][pos];
        if (!name || strncasecmp(atom, name, strlen(name)) != 0 || atom[strlen(name)] != ' ')
            continue;
        /* the first rank named besides the first is the second limit; any
         * other is one more */
        bool seen_here = seen[1] ? (r->second_of == pos || r->more_of >> pos & 1) : false;
        if (!seen[1]) {
            if (parse_limit(atom, name, &r->second_lo, &r->second_hi, &seen[1], err, errlen) < 0)
                return -1;
            r->second_of = (uint8_t)pos;
            return 0;
        }
        if (parse_limit(atom, name, &r->more_lo[pos], &r->more_hi[pos], &seen_here, err, errlen) < 0)
            return -1;
        r->more_of |= (uint8_t)(1 << pos);
        return 0;
    }
    return snprintf(err, errlen, "unknown condition '%s' for %s (see docs/card-format.md)", atom,
                    GROUPS[r->group]), -1;
}

/* One form per rule, whatever the order its limits were written in: a
 * limit to every rank is none; the lowest position limited besides the
 * first is the second limit (the group's default position when none
 * is), the others are further limits.  So the text written reads back as
 * the same rule. */
static void canonical(struct split_rule *r)
{
    uint8_t lo[4] = {0}, hi[4] = {0}, limited = 0;
    for (int k = 1; k < 4; k++) {
        bool second = r->second_of == k;
        if (!second && !(r->more_of >> k & 1))
            continue;
        lo[k] = second ? r->second_lo : r->more_lo[k], hi[k] = second ? r->second_hi : r->more_hi[k];
        if (lo[k] != 0 || hi[k] != NRANKS - 1)
            limited |= (uint8_t)(1 << k);
    }
    if (r->seen_lo == 0 && r->seen_hi == NRANKS - 1)
        r->seen_limit = false;
    r->second_of = (uint8_t)split_second_default(r->group), r->second_lo = 0, r->second_hi = NRANKS - 1;
    r->more_of = 0;
    memset(r->more_lo, 0, sizeof r->more_lo), memset(r->more_hi, 0, sizeof r->more_hi);
    for (int k = 1; k < 4; k++) {
        if (!(limited >> k & 1))
            continue;
        if (r->second_lo == 0 && r->second_hi == NRANKS - 1 && !(limited & ((1 << k) - 1)))
            r->second_of = (uint8_t)k, r->second_lo = lo[k], r->second_hi = hi[k];
        else
            r->more_of |= (uint8_t)(1 << k), r->more_lo[k] = lo[k], r->more_hi[k] = hi[k];
    }
}

/* The limits after the first atom. */
static int parse_limits(char **save, struct split_rule *r, char *err, size_t errlen)
{
    bool seen[4] = {false, false, false, false};
    char *atom;
    while ((atom = strtok_r(NULL, ",", save)) != NULL) {
        while (*atom == ' ')
            atom++;
        if (parse_atom(atom, r, seen, err, errlen) != 0)
            return -1;
    }
    canonical(r);
    return 0;
}

static void rule_start(struct split_rule *r, int group) { *r = split_rule_any(group, 0); }

/* "Play a 2-card hand, ..." or "Fold a ...". */
static int parse_play(char *text, struct split_rule *r, char *err, size_t errlen)
{
    char *save = NULL, *atom = strtok_r(text, ",", &save);
    int action = strncasecmp(atom, "Play ", 5) == 0;
    for (int g = SPLIT_NSHAPES; g < SPLIT_NGROUPS; g++)
        if (!strcasecmp(atom + 5, GROUPS[g])) {
            rule_start(r, g);
            r->action = (uint8_t)action;
            return parse_limits(&save, r, err, errlen);
        }
    return snprintf(err, errlen, "'%s': play rules name a single card, a 2-card hand or a 3-card hand", atom), -1;
}

static int parse_setting(char *text, enum split_instant_reading reading, struct split_rule *r, char *err,
                         size_t errlen)
{
    char *colon = strstr(text, ": ");
    if (!colon)
        return snprintf(err, errlen, "a rule is 'CONDITIONS: SETTING', 'Play a HAND...' or 'Fold a HAND...'"), -1;
    *colon = '\0';
    char *save = NULL, *atom = strtok_r(text, ",", &save);
    int shape = -1;
    for (int s = 0; atom && s < SPLIT_NSHAPES; s++)
        if (!strcasecmp(atom, GROUPS[s]))
            shape = s;
    if (shape < 0)
        return snprintf(err, errlen, "a setting rule starts with the shape (Instant winner, Two pair, One pair, "
                                     "No pair)"), -1;
    rule_start(r, shape);
    if (parse_limits(&save, r, err, errlen) != 0)
        return -1;
    const char *setting = colon + 2;
    for (int k = 0; k < SPLIT_NSETTINGS; k++) {
        if (!SETTINGS[shape][k] || strcasecmp(setting, SETTINGS[shape][k]) != 0)
            continue;
        if (!split_action_valid(shape, k, reading))
            return snprintf(err, errlen, "'%s' needs --instant choose", setting), -1;
        r->action = (uint8_t)k;
        return 0;
    }
    return snprintf(err, errlen, "unknown setting '%s' for %s (see docs/card-format.md)", setting, GROUPS[shape]),
           -1;
}

int split_rule_parse(const char *text, enum split_instant_reading reading, struct split_rule *r, char *err,
                     size_t errlen)
{
    char line[512];
    if (strlen(text) >= sizeof line)
        return snprintf(err, errlen, "rule longer than %zu characters", sizeof line - 1), -1;
    normalise(text, line, sizeof line);
    if (!strncasecmp(line, "Play a ", 7) || !strncasecmp(line, "Fold a ", 7))
        return parse_play(line, r, err, errlen);
    return parse_setting(line, reading, r, err, errlen);
}

struct loading {
    struct split_card *c;
    enum split_instant_reading reading;
    bool seen_allowed;
};

static int take_rule(void *ctx, int index, const char *text, char *why, size_t len)
{
    struct loading *l = ctx;
    if (split_rule_parse(text, l->reading, &l->c->rule[index], why, len) != 0)
        return -1;
    if ((l->c->rule[index].seen_limit || l->c->rule[index].seen_pair) && !l->seen_allowed)
        return snprintf(why, len, "a '%s' limit belongs to a hole-carder's card ('protect split --seen K --card')",
                        SEEN), -1;
    return 0;
}

static int load(const char *path, enum split_instant_reading reading, bool seen_allowed, struct split_card *c,
                char *err, size_t errlen)
{
    struct loading l = {c, reading, seen_allowed};
    int n = card_file_read(path, SPLIT_CARD_MAX_RULES, take_rule, &l, err, errlen);
    c->n = n > 0 ? n : 0;
    return n > 0 ? 0 : -1;
}

int split_card_load(const char *path, enum split_instant_reading reading, struct split_card *c, char *err,
                    size_t errlen)
{
    return load(path, reading, false, c, err, errlen);
}

int split_card_load_seen(const char *path, enum split_instant_reading reading, struct split_card *c, char *err,
                         size_t errlen)
{
    return load(path, reading, true, c, err, errlen);
}
