/* wait_policy.c — see wait_policy.h. */
#include "wait_policy.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

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

const char *wait_policy_describe(void)
{
    static char text[96];
    const char *policy = getenv("OMP_WAIT_POLICY"), *spins = getenv("GOMP_SPINCOUNT");
    if (spins) /* libgomp lets it override the policy's spin count */
        snprintf(text, sizeof text, "spin count %.30s (GOMP_SPINCOUNT)", spins);
    else if (policy)
        snprintf(text, sizeof text, "%.40s (%s)", policy, set_here ? "fourcard default" : "OMP_WAIT_POLICY");
    else
        snprintf(text, sizeof text, "runtime default");
    return text;
}
