/* bigfrac.c — fixed-size naturals and reduced fractions (see the
 * header for why they exist). */
#include "bigfrac.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Naturals                                                            */
/* ------------------------------------------------------------------ */

static void overflow(void)
{
    fputs("fourcard: internal error: exact fraction beyond 768 bits\n", stderr);
    abort();
}

static struct bignat nat_u64(uint64_t v)
{
    struct bignat n = {{0}};
    n.w[0] = (uint32_t)v;
    n.w[1] = (uint32_t)(v >> 32);
    return n;
}

static bool nat_zero(const struct bignat *a)
{
    for (int i = 0; i < BIGNAT_LIMBS; i++)
        if (a->w[i])
            return false;
    return true;
}

static int nat_cmp(const struct bignat *a, const struct bignat *b)
{
    for (int i = BIGNAT_LIMBS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static int nat_bits(const struct bignat *a)
{
    for (int i = BIGNAT_LIMBS - 1; i >= 0; i--)
        if (a->w[i])
            return 32 * i + 32 - __builtin_clz(a->w[i]);
    return 0;
}

static struct bignat nat_add(const struct bignat *a, const struct bignat *b)
{
    struct bignat s;
    uint64_t carry = 0;
    for (int i = 0; i < BIGNAT_LIMBS; i++) {
        carry += (uint64_t)a->w[i] + b->w[i];
        s.w[i] = (uint32_t)carry;
        carry >>= 32;
    }
    if (carry)
        overflow();
    return s;
}

/* a - b, a >= b */
static struct bignat nat_sub(const struct bignat *a, const struct bignat *b)
{
    struct bignat d;
    int64_t borrow = 0;
    for (int i = 0; i < BIGNAT_LIMBS; i++) {
        int64_t t = (int64_t)a->w[i] - b->w[i] - borrow;
        borrow = t < 0;
        d.w[i] = (uint32_t)(t + (borrow << 32));
    }
    return d;
}

static struct bignat nat_mul(const struct bignat *a, const struct bignat *b)
{
    uint32_t p[2 * BIGNAT_LIMBS] = {0};
    for (int i = 0; i < BIGNAT_LIMBS; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < BIGNAT_LIMBS; j++) {
            carry += (uint64_t)a->w[i] * b->w[j] + p[i + j];
            p[i + j] = (uint32_t)carry;
            carry >>= 32;
        }
        p[i + BIGNAT_LIMBS] = (uint32_t)carry;
    }
    for (int i = BIGNAT_LIMBS; i < 2 * BIGNAT_LIMBS; i++)
        if (p[i])
            overflow();
    struct bignat m;
    memcpy(m.w, p, sizeof m.w);
    return m;
}

static void nat_shl1(struct bignat *a)
{
    if (a->w[BIGNAT_LIMBS - 1] >> 31)
        overflow();
    for (int i = BIGNAT_LIMBS - 1; i > 0; i--)
        a->w[i] = a->w[i] << 1 | a->w[i - 1] >> 31;
    a->w[0] <<= 1;
}

/* q = a / b, r = a % b (b != 0), one bit at a time: few divisions are
 * made, so simplicity wins. */
static void nat_divmod(const struct bignat *a, const struct bignat *b, struct bignat *q, struct bignat *r)
{
    struct bignat quo = {{0}}, rem = {{0}};
    for (int bit = nat_bits(a) - 1; bit >= 0; bit--) {
        nat_shl1(&rem);
        rem.w[0] |= a->w[bit / 32] >> (bit % 32) & 1;
        if (nat_cmp(&rem, b) >= 0) {
            rem = nat_sub(&rem, b);
            quo.w[bit / 32] |= 1u << (bit % 32);
        }
    }
    if (q)
        *q = quo;
    if (r)
        *r = rem;
}

static struct bignat nat_gcd(struct bignat a, struct bignat b)
{
    while (!nat_zero(&b)) {
        struct bignat r;
        nat_divmod(&a, &b, NULL, &r);
        a = b;
        b = r;
    }
    return a;
}

static uint32_t nat_divmod_small(struct bignat *a, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = BIGNAT_LIMBS - 1; i >= 0; i--) {
        uint64_t cur = rem << 32 | a->w[i];
        a->w[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    return (uint32_t)rem;
}

static char *nat_format(struct bignat a, char *buf, size_t len)
{
    char digits[8 * BIGNAT_LIMBS + 1];
    int n = 0;
    do
        digits[n++] = (char)('0' + nat_divmod_small(&a, 10));
    while (!nat_zero(&a));
    size_t i = 0;
    while (n > 0 && i + 1 < len)
        buf[i++] = digits[--n];
    if (len)
        buf[i] = '\0';
    return buf;
}

static double nat_value(const struct bignat *a)
{
    double v = 0;
    for (int i = BIGNAT_LIMBS - 1; i >= 0; i--)
        v = v * 4294967296.0 + a->w[i];
    return v;
}

/* ------------------------------------------------------------------ */
/* Fractions                                                           */
/* ------------------------------------------------------------------ */

static struct bigfrac reduced(int sign, struct bignat num, struct bignat den)
{
    struct bigfrac f;
    if (nat_zero(&num)) {
        f.sign = 0;
        f.num = nat_u64(0);
        f.den = nat_u64(1);
        return f;
    }
    struct bignat g = nat_gcd(num, den);
    nat_divmod(&num, &g, &f.num, NULL);
    nat_divmod(&den, &g, &f.den, NULL);
    f.sign = sign;
    return f;
}

static uint64_t magnitude(int64_t v) { return v < 0 ? -(uint64_t)v : (uint64_t)v; }

struct bigfrac bigfrac_ratio(int64_t num, int64_t den)
{
    int sign = (num > 0) - (num < 0);
    if (den < 0)
        sign = -sign;
    return reduced(sign, nat_u64(magnitude(num)), nat_u64(magnitude(den)));
}

struct bigfrac bigfrac_int(int64_t v) { return bigfrac_ratio(v, 1); }

/* a.num * b.den and b.num * a.den, signed, summed */
struct bigfrac bigfrac_add(struct bigfrac a, struct bigfrac b)
{
    if (!a.sign)
        return b;
    if (!b.sign)
        return a;
    struct bignat x = nat_mul(&a.num, &b.den), y = nat_mul(&b.num, &a.den), den = nat_mul(&a.den, &b.den);
    if (a.sign == b.sign)
        return reduced(a.sign, nat_add(&x, &y), den);
    int c = nat_cmp(&x, &y);
    if (c == 0)
        return bigfrac_int(0);
    return c > 0 ? reduced(a.sign, nat_sub(&x, &y), den) : reduced(b.sign, nat_sub(&y, &x), den);
}

struct bigfrac bigfrac_sub(struct bigfrac a, struct bigfrac b)
{
    b.sign = -b.sign;
    return bigfrac_add(a, b);
}

struct bigfrac bigfrac_mul(struct bigfrac a, struct bigfrac b)
{
    if (!a.sign || !b.sign)
        return bigfrac_int(0);
    return reduced(a.sign * b.sign, nat_mul(&a.num, &b.num), nat_mul(&a.den, &b.den));
}

struct bigfrac bigfrac_div(struct bigfrac a, struct bigfrac b)
{
    if (!b.sign) {
        fputs("fourcard: internal error: exact division by zero\n", stderr);
        abort();
    }
    struct bigfrac inv = {b.sign, b.den, b.num};
    return bigfrac_mul(a, inv);
}

int bigfrac_sign(struct bigfrac a) { return a.sign; }

int bigfrac_equal(struct bigfrac a, struct bigfrac b)
{
    return a.sign == b.sign && nat_cmp(&a.num, &b.num) == 0 && nat_cmp(&a.den, &b.den) == 0;
}

/* The integer part exactly first, so that big numerators keep their
 * digits (2^768 is within a double's range). */
double bigfrac_value(struct bigfrac a)
{
    struct bignat q, r;
    nat_divmod(&a.num, &a.den, &q, &r);
    return a.sign * (nat_value(&q) + nat_value(&r) / nat_value(&a.den));
}

char *bigfrac_format(struct bigfrac a, char *buf, size_t len)
{
    char num[8 * BIGNAT_LIMBS + 2], den[8 * BIGNAT_LIMBS + 1];
    nat_format(a.num, num, sizeof num);
    struct bignat one = nat_u64(1);
    if (nat_cmp(&a.den, &one) == 0)
        snprintf(buf, len, "%s%s", a.sign < 0 ? "-" : "", num);
    else
        snprintf(buf, len, "%s%s/%s", a.sign < 0 ? "-" : "", num, nat_format(a.den, den, sizeof den));
    return buf;
}
