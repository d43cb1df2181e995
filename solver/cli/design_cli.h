/* design_cli.h — the options that `design` adds to a game's own
 * (cmd_design.c), and the game entry points that take them. */
#ifndef FOURCARD_DESIGN_CLI_H
#define FOURCARD_DESIGN_CLI_H

#include <stdbool.h>

#include "commands.h"
#include "paytable_ini.h"
#include "wide.h"

enum { DESIGN_MAX_VARY = 18 };

struct design_args {
    bool sensitivity;        /* --sensitivity */
    const char *from;        /* --from FILE: the paytable to start from */
    const char *vary[DESIGN_MAX_VARY]; /* --vary LINE=LO..HI[:STEP], as given */
    int nvary;
    const char *target;      /* --target LO%..HI% or X% */
    long top;                /* --top N */
    bool top_given;
    const char *solve_for;   /* --solve-for LINE */
    bool hit_frequency;      /* --hit-frequency */
    const char *save;        /* --save FILE: the first paytable listed, as a paytable file */
};

/* The extra options of `design` for a game's parser, taken into da; help
 * replaces the game's own. */
struct cli_extra design_extra(const char *help, struct design_args *da);

/* What every game's designer shares (cmd_design.c). */

/* One --vary, as read: a line of the game (find_line: its index, or -1)
 * and its values "to 1".  0, or -1 after an error line. */
struct design_vary {
    int line;
    struct paytable_decimal lo, hi, step;
};
int design_parse_vary(const char *text, int (*find_line)(const char *name), const char *game, struct design_vary *v);

/* Every --vary of da (no line twice), and their values and den0's common
 * denominator into *den; each value scaled to it by design_scaled.  0, or
 * -1 after an error line. */
int design_read_varies(const struct design_args *da, int (*find_line)(const char *name), const char *game,
                       int64_t den0, struct design_vary v[DESIGN_MAX_VARY], int64_t *den);
static inline int64_t design_scaled(struct paytable_decimal d, int64_t den) { return d.num * (den / d.den); }

/* --target: a band LO%..HI% or a point X% (lo = hi), percent as num / den
 * (the % signs are required).  0, or -1 after an error line. */
int design_parse_target(const char *text, wide_t lo[2], wide_t hi[2]);

/* The report (run->output) and --save's file, rank 0's only: their
 * places in out into *report and *saved.  0, or output_files_open's code. */
struct output_files;
struct run_options;
int design_open_outputs(struct output_files *out, const struct run_options *run, const char *save, int *report,
                        int *saved);

/* A grid of n paytables (n < 0: more than limit) and its outputs opened
 * (design_open_outputs).  0, EXIT_USAGE after an error line, or
 * output_files_open's code. */
int design_open_grid(long n, long limit, struct output_files *out, const struct run_options *run, const char *save,
                     int *report, int *saved);
/* --save FILE when no paytable is listed: the outputs dropped, one line, 1. */
int design_nothing_saved(struct output_files *out, const char *save);

/* Which analysis the options ask for: 0 the sensitivity, 1 a search, or
 * -1 after an error line (a mix, or neither). */
int design_mode(const struct design_args *da);

/* --solve-for's place among the varied lines (lines[v]: each one's line),
 * -1 without --solve-for, or -2 after an error line (not a varied line). */
int design_solve_for(const struct design_args *da, const int *lines, int nvary, int (*find_line)(const char *name));

/* The paytables to list, best first: the n paytables' exact EVs are
 * ev[i] / den per unit (house edge = -100 x that, in percent).  Without
 * solve_for (-1), those whose edge is in the band, nearest its middle
 * first (all of them, for a point); with solve_for = a varied line's
 * place (counts[v] values per varied line, the last changing fastest),
 * for each combination of the other lines, that line's value nearest
 * the middle.  Writes the indexes into picks (room for n) and their count
 * into *npicks; returns how many of those lie in the band (for a point:
 * exactly at it), or -1 when memory runs out. */
long design_choose(const wide_t *ev, wide_t den, long n, const wide_t lo[2], const wide_t hi[2], int solve_for,
                   const long *counts, int nvary, long *picks, long *npicks);

/* The target, the solve-for line and the counts of a search into s. */
struct report_search;
void design_fill_search(struct report_search *s, const wide_t lo[2], const wide_t hi[2], int solve_for, long size,
                        long considered, long in_band);

int split_cmd_design(int argc, char **argv, struct design_args *da);  /* split_design_cli.c */
int frenzy_cmd_design(int argc, char **argv, struct design_args *da); /* frenzy_design_cli.c */
int buyout_cmd_design(int argc, char **argv, struct design_args *da); /* buyout_design_cli.c */

#endif
