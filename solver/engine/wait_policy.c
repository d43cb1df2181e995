/* wait_policy.c — see wait_policy.h. */
#include "wait_policy.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static bool set_here; /* OMP_WAIT_POLICY is fourcard's default, not the user's */

/* Priority 101 puts this before the constructors of default priority in
 * the same executable, among them a statically linked libgomp's, which
 * reads the environment.  With a shared libgomp it would run too late,
 * so it is compiled only into static builds. */
#ifdef FOURCARD_OPENMP_STATIC
__attribute__((constructor(101))) static void wait_policy_default(void)
{
    if (!getenv("OMP_WAIT_POLICY") && !getenv("GOMP_SPINCOUNT"))
        set_here = setenv("OMP_WAIT_POLICY", "passive", 0) == 0;
}
#endif

/* The value without surrounding blanks, as libgomp reads it. */
static void trimmed(const char *s, char *out, size_t len)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = 0;
    while (s[n] && n + 1 < len)
        out[n] = s[n], n++;
    while (n > 0 && isspace((unsigned char)out[n - 1]))
        n--;
    out[n] = '\0';
}

/* libgomp's forms: "active" or "passive", in any case. */
static bool policy_valid(const char *v)
{
    return !strcasecmp(v, "active") || !strcasecmp(v, "passive");
}

/* libgomp's forms: "infinite" / "infinity", or digits with an optional
 * k, M, G or T. */
static bool spins_valid(const char *v)
{
    if (!strcasecmp(v, "infinite") || !strcasecmp(v, "infinity"))
        return true;
    const char *d = v;
    while (isdigit((unsigned char)*d))
        d++;
    return d > v && (!*d || (d[1] == '\0' && (*d == 'k' || *d == 'K' || *d == 'M' || *d == 'G' || *d == 'T')));
}

const char *wait_policy_describe(void)
{
    static char text[160];
    char policy[40] = "", spins[40] = "";
    if (getenv("OMP_WAIT_POLICY"))
        trimmed(getenv("OMP_WAIT_POLICY"), policy, sizeof policy);
    if (getenv("GOMP_SPINCOUNT"))
        trimmed(getenv("GOMP_SPINCOUNT"), spins, sizeof spins);
    if (spins_valid(spins)) /* libgomp lets it override the policy's spin count */
        snprintf(text, sizeof text, "spin count %s (GOMP_SPINCOUNT)", spins);
    else if (policy_valid(policy))
        snprintf(text, sizeof text, "%s (%s)", policy, set_here ? "fourcard default" : "OMP_WAIT_POLICY");
    else if (getenv("GOMP_SPINCOUNT")) /* set, but libgomp ignores it */
        snprintf(text, sizeof text, "runtime default (GOMP_SPINCOUNT '%s' is not valid)", spins);
    else if (getenv("OMP_WAIT_POLICY"))
        snprintf(text, sizeof text, "runtime default (OMP_WAIT_POLICY '%s' is not valid)", policy);
    else
        snprintf(text, sizeof text, "runtime default");
    return text;
}
