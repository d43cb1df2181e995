/* card_cli.h — the options that `card`, `price` and `advise` add to a
 * game's own (cmd_card.c), and the game entry points that take them. */
#ifndef FOURCARD_CARD_CLI_H
#define FOURCARD_CARD_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "commands.h"

struct card_args {
    int rules;          /* card: --rules N */
    const char *all_formats; /* card: --all-formats BASE: BASE.md, BASE.json and BASE.html */
    const char *html;   /* card, price: --html FILE, the printable page */
    const char *chart;  /* card split: --chart FILE, the cost of every length (CSV) */
    bool rules_given;
    const char *card;   /* price, advise: --card FILE */
    const char *upcard; /* advise: --upcard C */
};

/* The extra options of command cmd ("card", "price" or "advise") for a
 * game's parser, taken into ca; help replaces the game's own. */
struct cli_extra card_extra(const char *cmd, const char *help, struct card_args *ca);

/* Where a card goes: format k (CARD_MARKDOWN, CARD_JSON, CARD_HTML) is
 * written when want[k], to slot[k] of the run's output files (-1:
 * stdout).  Without --all-formats, -o FILE (or stdout) in the format
 * --json says, and the page to --html FILE (then nothing on stdout
 * unless --json). */
struct output_files;
struct run_options;
enum { CARD_MARKDOWN, CARD_JSON, CARD_HTML, CARD_CHART, CARD_NFORMATS };
struct card_outputs {
    bool want[CARD_NFORMATS];
    int slot[CARD_NFORMATS];
    char path[CARD_NFORMATS][4096];
};
/* Adds the card's files (rank 0 only) to out; 0, or -1 after an error
 * line (--all-formats with -o, --json or --html; --chart where the game
 * has none).  has_chart: the game writes the cost of every length
 * (--chart FILE, and BASE-chart.csv with --all-formats). */
int card_outputs_add(const char *cmd, struct output_files *out, const struct card_args *ca,
                     const struct run_options *run, bool has_chart, struct card_outputs *co);

/* A game's three writers of a card report (the same `card` for all). */
struct json_object;
struct card_writers {
    void (*markdown)(FILE *f, const void *card);
    struct json_object *(*json)(const void *card); /* a new object */
    void (*html)(FILE *f, const void *card);
    void (*chart)(FILE *f, const void *card); /* the cost of every length, or NULL */
};
/* Writes the card in every format co asks for (the JSON as command cmd's
 * document) and commits the files; returns the exit code. */
int card_outputs_write(const char *cmd, struct output_files *out, const struct card_outputs *co,
                       const struct card_writers *w, const void *card);

int split_cmd_card(int argc, char **argv, struct card_args *ca);   /* split_card_cli.c */
int split_cmd_price(int argc, char **argv, struct card_args *ca);
int split_cmd_advise(int argc, char **argv, struct card_args *ca);
int frenzy_cmd_card(int argc, char **argv, struct card_args *ca);  /* frenzy_cli.c */
int frenzy_cmd_price(int argc, char **argv, struct card_args *ca);
int buyout_cmd_card(int argc, char **argv, struct card_args *ca);  /* buyout_card_cli.c */
int buyout_cmd_price(int argc, char **argv, struct card_args *ca);
int buyout_cmd_advise(int argc, char **argv, struct card_args *ca);
int frenzy_cmd_advise(int argc, char **argv, struct card_args *ca);

#endif
