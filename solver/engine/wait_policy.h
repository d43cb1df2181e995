/* wait_policy.h — fourcard's default OpenMP wait policy: passive.
 *
 * Why: GNU OpenMP, left to its default, makes a thread that waits spin
 * for 300,000 rounds (several milliseconds) before it sleeps.  At the
 * first parallel region of a process the master spins that way for the
 * new threads it has just created, and Linux may queue a new thread on
 * the master's own CPU: it then runs only when the master's time slice
 * ends, 3 to 7 ms later, while the other core idles (seen with `perf
 * sched` on a 2-core KVM guest).  A master that sleeps at once gives its
 * CPU to the new thread, and the wake-up puts the master on the idle
 * core: the team starts in about 0.05 ms.  The solvers have few parallel
 * regions, so sleeping instead of spinning at their barriers costs
 * nothing measurable (results/CHANGELOG-speed.md, 2026-11-26).
 *
 * How: libgomp reads OMP_WAIT_POLICY once, when it initialises.  When
 * the build links libgomp statically (FOURCARD_OPENMP_STATIC), a
 * constructor that runs before libgomp's sets OMP_WAIT_POLICY=passive
 * unless the user has set OMP_WAIT_POLICY or GOMP_SPINCOUNT: the user's
 * choice always wins.  Every program linked with the solver library
 * carries the constructor (solver/CMakeLists.txt forces it in).  A build
 * with a shared libgomp (another compiler, or the option off) keeps the
 * runtime's own default. */
#ifndef FOURCARD_WAIT_POLICY_H
#define FOURCARD_WAIT_POLICY_H

/* One phrase for reports: "passive (fourcard default)",
 * "active (OMP_WAIT_POLICY)", "spin count 1000 (GOMP_SPINCOUNT)", or
 * "runtime default" (a build with a shared OpenMP runtime and no such
 * variable set, or a value libgomp rejects, which the phrase quotes). */
const char *wait_policy_describe(void);

#endif
