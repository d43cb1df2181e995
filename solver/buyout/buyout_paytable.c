/* buyout_paytable.c — see buyout_paytable.h. */
#include "buyout_paytable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paytable_ini.h"

enum { SEC_GAME = 0, SEC_BONUS = 1, NSECTIONS = 2 };

static const char *section_name(int sec) { return sec == SEC_GAME ? "game" : "bonus"; }
/* [bonus]'s keys are points, read by the handler (no fixed names) */
static int section_nkeys(int sec) { return sec == SEC_GAME ? 1 : 0; }
static const char *section_key(int sec, int k) { return (void)sec, (void)k, "name"; }

static const struct paytable_format file_format = {NSECTIONS, section_name, section_nkeys, section_key,
                                                   "[game] or [bonus]"};
PAYTABLE_FORMAT_FITS(NSECTIONS, 1);

struct load_state {
    struct paytable_ini ini;
    char name[sizeof ((struct buyout_bonus_pays *)0)->name];
    int pay[BUYOUT_NPOINTS];
    int line[BUYOUT_NPOINTS]; /* where each point value was given, 0 = not */
    int given;
};

/* "N" or "N-M" with 0 <= N <= M <= 44: 0, or -1. */
static int parse_points(const char *key, int *lo, int *hi)
{
    char *end;
    long a = strtol(key, &end, 10), b = a;
    if (end == key || a < 0)
        return -1;
    if (*end == '-') {
        const char *s = end + 1;
        b = strtol(s, &end, 10);
        if (end == s)
            return -1;
    }
    if (*end || b < a || b > BUYOUT_MAXP)
        return -1;
    *lo = (int)a, *hi = (int)b;
    return 0;
}

static int on_key(void *user, const char *section, const char *key, const char *value)
{
    struct load_state *st = user;
    int k, sec = paytable_ini_key(&st->ini, section, key, &k);
    if (sec < 0)
        return 0;
    if (sec == SEC_GAME) {
        if (k < 0)
            return paytable_fail(&st->ini, "unknown key '%s' in [game]", key);
        return paytable_ini_read_name(&st->ini, value, st->name, sizeof st->name);
    }
    int lo, hi;
    if (parse_points(key, &lo, &hi) != 0)
        return paytable_fail(&st->ini, "bad key '%s' in [bonus]: points 0 to %d, or a range such as 21-26", key,
                             BUYOUT_MAXP);
    struct paytable_decimal d;
    if (paytable_parse_decimal(value, &d) != DECIMAL_OK || d.den != 1)
        return paytable_fail(&st->ini, "bad value '%s' for '%s' in [bonus]: a whole number of units to 1, 0 to %lld",
                             value, key, (long long)PAYTABLE_MAX_PAYOUT);
    for (int p = lo; p <= hi; p++) {
        if (st->line[p])
            return paytable_fail(&st->ini, "%d points pay already (line %d)", p, st->line[p]);
        st->line[p] = st->ini.line;
        st->pay[p] = (int)d.num;
    }
    st->given++;
    return 1;
}

int buyout_paytable_load(const char *path, struct buyout_rules *r, char *err, size_t errlen)
{
    struct load_state st = {0};
    if (!paytable_ini_load(&st.ini, &file_format, path, err, errlen, on_key, &st))
        return -1;
    if (!st.ini.section_line[SEC_GAME] || !st.ini.key_line[SEC_GAME][0])
        return paytable_fail_at(&st.ini, 0, "missing key 'name' in [game]"), -1;
    if (st.given == 0)
        return paytable_fail_at(&st.ini, 0, "no pays in [bonus]: give points = pays, such as 21-26 = 2"), -1;
    struct buyout_bonus_pays *b = &r->bonus_pays;
    memset(b, 0, sizeof *b);
    strcpy(b->name, st.name);
    for (int p = 0; p < BUYOUT_NPOINTS; p++)
        b->pay[p] = st.line[p] ? st.pay[p] : -1;
    r->bonus_table = BUYOUT_TABLE_FILE;
    return 0;
}
