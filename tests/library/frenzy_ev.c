/* frenzy_ev.c — prints "p/q", the exact EV per Ante of Four Card Frenzy's default game, as `fourcard solve frenzy --json` does ("ev"."exact"). */
/* The default game: Odds Win WE-1, Bad Beat BB-2, and a copy (equal 4-card hands) wins.
 * Build: cc frenzy_ev.c $(pkg-config --cflags --libs fourcard) -o frenzy_ev */
#include <stdio.h>

#include <fourcard/frenzy_rules.h>
#include <fourcard/frenzy_solve.h>
#include <fourcard/wide.h>

int main(void)
{
    struct frenzy_game game = {.copy = FRENZY_COPY_WIN};
    if (frenzy_preset_get(FT_ODDS_WIN, FRENZY_DEFAULT_ODDS_WIN, &game.win) != 0 ||
        frenzy_preset_get(FT_BAD_BEAT, FRENZY_DEFAULT_BAD_BEAT, &game.bad_beat) != 0)
        return fprintf(stderr, "frenzy_ev: no default Odds tables\n"), 1;

    /* OpenMP's thread count, no progress bar, threads left unpinned: how the
     * threads run never changes the integer totals. */
    struct frenzy_solve_options opts = {.threads = 0, .progress = false, .bind = BIND_NONE};
    struct frenzy_result r;
    char err[512], frac[100];
    if (frenzy_solve(&game, 1, NULL, 0, &opts, &r, NULL, err, sizeof err) != 0)
        return fprintf(stderr, "frenzy_ev: %s\n", err), 1;

    /* r.tot.ev is in 1/(FRENZY_HANDS * FRENZY_DEALER_HANDS * den) of an Ante. */
    wide_t den = (wide_t)FRENZY_HANDS * FRENZY_DEALER_HANDS * r.den;
    printf("%s\n", wide_fraction(r.tot.ev, den, frac, sizeof frac));
    return 0;
}
