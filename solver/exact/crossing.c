/* crossing.c — the nearest overtaking point, kept as an exact fraction. */
#include "crossing.h"

void crossing_take(struct crossing *c, wide_t num, wide_t den, bool open)
{
    int cmp = c->any ? wide_ratio_compare(num, den, c->num, c->den) : -1;
    if (cmp < 0)
        *c = (struct crossing){num, den, true, open};
    else if (cmp == 0 && open)
        c->open = true;
}

void crossing_merge(struct crossing *into, const struct crossing *from)
{
    if (from->any)
        crossing_take(into, from->num, from->den, from->open);
}

struct pay_bound crossing_bound(int64_t pay, int64_t den, const struct crossing *c, int sign, int64_t floor)
{
    if (!c->any)
        return sign < 0 ? (struct pay_bound){floor, 1, false, false} : (struct pay_bound){0, 1, true, false};
    wide_t num = (wide_t)pay * c->den + sign * c->num, bden = c->den * den;
    if (num < floor * bden)
        return (struct pay_bound){floor, 1, false, false};
    wide_t k = wide_gcd(num, bden);
    if (k > 1)
        num /= k, bden /= k;
    return (struct pay_bound){num, bden, false, c->open};
}
