/* cmd_eval.c — `fourcard eval KERNEL CARDS`: one hand through the scalar
 * reference and the batched kernel, which must agree. */
#include <stdio.h>
#include <string.h>

#include "batch.h"
#include "buyout.h"
#include "cli.h"
#include "commands.h"
#include "eval3.h"
#include "eval4.h"

static const char EVAL_HELP[] =
    "usage: fourcard eval KERNEL CARDS [--five all-five|best-four]\n"
    "\n"
    "Evaluates one hand and prints its category and integer rank.\n"
    "CARDS is one argument, e.g. \"As Kd 7h\" (T or 10 for tens).\n"
    "  three-card     3 distinct cards\n"
    "  split-blind    4 distinct cards\n"
    "  frenzy-four    4 distinct cards\n"
    "  frenzy-best    5 distinct cards (best 4 of 5)\n"
    "  buyout-points  2 to 5 cards from six decks (repeats allowed)\n"
    "options:\n"
    "  --five R       buyout-points with 5 cards: best-four (default) or all-five\n"
    "  -h, --help     this help\n";

static const int KERNEL_CARDS[K_NKERNELS] = {3, 4, 4, 5, 0};

static int eval_buyout(const char *text, enum buyout_five_reading reading)
{
    card_t c[5];
    char err[256];
    int n = cards_parse(text, c, 5, err, sizeof err);
    if (n < 0)
        return cli_error("eval", "%s", err);
    if (n < 2)
        return cli_error("eval", "buyout-points needs 2 to 5 cards, got %d", n);
    int pts = n == 5 ? buyout_points5(c, reading) : buyout_points(c, n);
    printf("%d points%s%s\n", pts, n == 5 ? ", reading " : "", n == 5 ? buyout_reading_name(reading) : "");
    return 0;
}

static int eval_poker(enum kernel_id k, const char *text)
{
    card_t c[5];
    char err[256];
    if (cards_parse_exact(text, c, KERNEL_CARDS[k], err, sizeof err) != 0)
        return cli_error("eval", "%s", err);
    const char *name;
    unsigned rank;
    if (k == K_THREE_CARD) {
        rank = eval3_rank(c);
        name = eval3_category_name(eval3_category_of((uint16_t)rank));
    } else if (k == K_SPLIT_BLIND) {
        rank = split_blind_rank(c);
        name = blind_category_name(eval4_category_of(rank));
    } else {
        rank = k == K_FRENZY_FOUR ? frenzy_four_rank(c) : frenzy_best_rank(c);
        name = frenzy_category_name(eval4_category_of(rank));
    }
    printf("%s (rank 0x%05x)\n", name, rank);
    return 0;
}

int cmd_eval(int argc, char **argv)
{
    static const struct option opts[] = {
        {"five", required_argument, NULL, 'f'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0},
    };
    enum buyout_five_reading reading = BUYOUT_FIVE_BEST4;
    int c;
    optind = 1;
    while ((c = cli_getopt("eval", argc, argv, "h", opts)) != -1) {
        if (c == 'h')
            return fputs(EVAL_HELP, stdout), 0;
        if (c != 'f')
            return EXIT_USAGE;
        if (!strcmp(optarg, "all-five"))
            reading = BUYOUT_FIVE_ALL;
        else if (strcmp(optarg, "best-four"))
            return cli_error("eval", "bad value '%s' for --five (best-four or all-five)", optarg);
    }
    if (argc - optind != 2)
        return cli_error("eval", "expected KERNEL and CARDS, e.g. fourcard eval three-card \"As Ks Qs\"");
    int k = kernel_from_name(argv[optind]);
    if (k < 0)
        return cli_error("eval", "unknown kernel '%s' (try 'fourcard eval --help')", argv[optind]);
    if (k == K_BUYOUT_POINTS)
        return eval_buyout(argv[optind + 1], reading);
    return eval_poker((enum kernel_id)k, argv[optind + 1]);
}
