/* protect_cli.h — the options that `protect` adds to a game's own
 * (cmd_protect.c), and the game entry points that take them. */
#ifndef FOURCARD_PROTECT_CLI_H
#define FOURCARD_PROTECT_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "commands.h"
#include "output_files.h"

struct protect_args {
    bool removal, count;  /* the analysis asked for */
    int seen, seats;      /* --seen K, --seats N (or the first of --seats LO-HI) */
    int seats_hi;         /* the last table size: N, or HI */
    bool rounds_given, seed_given;
    double cut;           /* --cut DECKS (0: 1 and 1.5) */
    int players;          /* --players N (0: 1 and 5) */
    int64_t rounds;       /* --rounds N per simulation */
    uint64_t seed;        /* --seed S */
    int spread;           /* --spread N: the big bet */
    int exact_shoes;      /* --exact-shoes N */
    bool count_options;   /* one of the count's options was given */
    bool shoe_options;    /* one of those that only a shoe has: --cut, --players, --spread, --exact-shoes */
    const char *all_formats; /* --all-formats BASE: BASE.md and BASE.json */
    const char *resume;   /* --resume DIR (buyout --count's exact check; split's is split_args.resume) */
    const char *upcards;  /* --upcards RANKS (hidden, tests): split --seen on those upcard ranks only */
    int stride;           /* --stride N (hidden, tests): split --seen on every N-th situation class only */
    const char *card;     /* --card FILE: buyout --seen's card, the hole-carder's built on it */
    int card_rules;       /* --card-rules N: the hole-card rules added at each card */
    bool card_rules_given;
};

/* The extra options of `protect` for a game's parser, taken into pa; help
 * replaces the game's own. */
struct cli_extra protect_extra(const char *help, struct protect_args *pa);

/* Where a protect report goes: -o FILE (or stdout), or --all-formats
 * BASE's BASE.md and BASE.json (which exclude --json and -o); rank 0
 * alone writes.  Opened by protect_outputs_open: 0, or the exit code after
 * an error line. */
struct protect_outputs {
    struct output_files files;
    int report, md, json; /* slots (-1: none) */
    char paths[2][4096];
};
int protect_outputs_open(struct protect_outputs *o, const struct protect_args *pa, const char *output, bool json);

int buyout_cmd_protect(int argc, char **argv, struct protect_args *pa); /* buyout_protect_cli.c */
int frenzy_cmd_protect(int argc, char **argv, struct protect_args *pa); /* frenzy_protect_cli.c */
int split_cmd_protect(int argc, char **argv, struct protect_args *pa);  /* split_protect_cli.c */

#endif
