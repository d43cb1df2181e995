/* canon.h — suit-canonical forms.
 *
 * A situation is up to CANON_MAXGROUPS card masks that must be permuted
 * together by the same suit permutation (say the player's 4 cards and the
 * dealer's upcard).  Its canonical form is the image under the suit
 * permutation that sorts the suit lanes by the key
 * (lane of group 0, lane of group 1, ...) in decreasing order; two
 * situations are suit-isomorphic exactly when their canonical forms are
 * equal.  The orbit size (how many distinct situations share the form) is
 * 24 / prod(m!) over the multiplicities m of equal keys.
 */
#ifndef FOURCARD_CANON_H
#define FOURCARD_CANON_H

#include <stdbool.h>

#include "cards.h"

enum { CANON_MAXGROUPS = 4 };

/* Writes the canonical form into out[0..ngroups) and returns the orbit
 * size (1..24).  out may equal groups. */
int canon_form(const cardmask_t *groups, int ngroups, cardmask_t *out);

/* True when the situation is its own canonical form (the representative
 * that a solver visits, with weight = orbit size). */
bool canon_is_rep(const cardmask_t *groups, int ngroups);

/* Applies the suit permutation perm (suit s goes to perm[s]) to a mask. */
cardmask_t canon_permute(cardmask_t m, const int perm[NSUITS]);

#endif
