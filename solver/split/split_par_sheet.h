/* split_par_sheet.h — the PAR sheet of 4 Card Split (par_sheet.h) from the
 * exact distribution of a round (split_par.h). */
#ifndef FOURCARD_SPLIT_PAR_SHEET_H
#define FOURCARD_SPLIT_PAR_SHEET_H

#include <stddef.h>

#include "par_sheet.h"
#include "split_par.h"

/* The finished sheet (checked against the solve by par_sheet_finish), or
 * NULL with a one-line reason in err. */
struct par_sheet *split_par_sheet_build(const struct split_par *par, char *err, size_t errlen);

#endif
