/* cmd_freq.c — `fourcard freq KERNEL [--json|--csv] [-o FILE]`. */
#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "output_files.h"
#include "cli.h"
#include "commands.h"
#include "freq.h"
#include "report_json.h"

static const char FREQ_HELP[] =
    "usage: fourcard freq KERNEL [--json | --csv] [-o FILE]\n"
    "\n"
    "Evaluates every hand of a kernel and prints how often each category\n"
    "(or each points value) occurs, with its exact count and probability.\n"
    "\n"
    "kernels:\n"
    "  three-card     3-card poker hands, all C(52,3) = 22,100\n"
    "  split-blind    4 Card Split Blind categories, all C(52,4) = 270,725\n"
    "  frenzy-four    Four Card Frenzy 4-card hands, all C(52,4) = 270,725\n"
    "  frenzy-best    Four Card Frenzy best 4 of 5, all C(52,5) = 2,598,960\n"
    "  buyout-points  4 Card Buyout points of 4 cards from six decks,\n"
    "                 weighted, C(312,4) = 387,278,970\n"
    "  all            every kernel in turn\n"
    "\n"
    "options:\n"
    "  --json         one JSON object (for 'all', its \"kernels\")\n"
    "  --csv          CSV: kernel,category,count,probability\n"
    "  -o, --output F write to file F (whole or not at all) instead of stdout\n"
    "  -h, --help     this help\n";

enum format { FMT_TABLE, FMT_JSON, FMT_CSV };

static json_object *freq_json(const struct freq_table *t)
{
    json_object *o = json_object_new_object(), *rows = json_object_new_array();
    json_object_object_add(o, "kernel", json_object_new_string(kernel_name(t->kernel)));
    json_object_object_add(o, "total", json_object_new_int64((int64_t)t->total));
    for (int i = 0; i < t->nrows; i++) {
        json_object *r = json_object_new_object();
        json_object_object_add(r, "category", json_object_new_string(t->rows[i].category));
        json_object_object_add(r, "count", json_object_new_int64((int64_t)t->rows[i].count));
        json_object_object_add(r, "probability", json_object_new_double((double)t->rows[i].count / (double)t->total));
        json_object_array_add(rows, r);
    }
    json_object_object_add(o, "rows", rows);
    return o;
}

static void freq_print_table(const struct freq_table *t, FILE *out)
{
    fprintf(out, "%s: %llu hands\n", kernel_name(t->kernel), (unsigned long long)t->total);
    fprintf(out, "  %-18s %14s %12s\n", "category", "count", "probability");
    for (int i = 0; i < t->nrows; i++)
        fprintf(out, "  %-18s %14llu %12.8f\n", t->rows[i].category, (unsigned long long)t->rows[i].count,
                (double)t->rows[i].count / (double)t->total);
    fprintf(out, "\n");
}

static void freq_print_csv(const struct freq_table *t, FILE *out)
{
    for (int i = 0; i < t->nrows; i++)
        fprintf(out, "%s,%s,%llu,%.17g\n", kernel_name(t->kernel), t->rows[i].category,
                (unsigned long long)t->rows[i].count, (double)t->rows[i].count / (double)t->total);
}

static int freq_write(const int *kernels, int nk, enum format fmt, bool many, FILE *out)
{
    json_object *all = json_object_new_array();
    if (fmt == FMT_CSV)
        fprintf(out, "kernel,category,count,probability\n");
    int rc = 0;
    for (int i = 0; i < nk && rc == 0; i++) {
        struct freq_table t;
        if (freq_compute((enum kernel_id)kernels[i], &t) != 0) {
            fprintf(stderr, "fourcard freq: out of memory computing %s\n", kernel_name(kernels[i]));
            rc = 1;
        } else if (fmt == FMT_JSON)
            json_object_array_add(all, freq_json(&t));
        else if (fmt == FMT_CSV)
            freq_print_csv(&t, out);
        else
            freq_print_table(&t, out);
    }
    if (rc == 0 && fmt == FMT_JSON) {
        /* several kernels: still one object, its "kernels" a list */
        json_object *doc = many ? json_object_new_object() : json_object_get(json_object_array_get_idx(all, 0));
        if (many)
            json_object_object_add(doc, "kernels", json_object_get(all));
        report_json_print(out, "freq", doc);
    }
    json_object_put(all);
    return rc;
}

int cmd_freq(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'}, {"csv", no_argument, NULL, 'c'},
        {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0},
    };
    enum format fmt = FMT_TABLE;
    const char *output = NULL;
    int c;
    optind = 1;
    while ((c = cli_getopt("freq", argc, argv, "ho:", opts)) != -1) {
        switch (c) {
        case 'h': fputs(FREQ_HELP, stdout); return 0;
        case 'j': fmt = FMT_JSON; break;
        case 'c': fmt = FMT_CSV; break;
        case 'o': output = optarg; break;
        default: return EXIT_USAGE;
        }
    }
    if (optind >= argc)
        return cli_error("freq", "missing KERNEL (try 'fourcard freq --help')");
    if (optind < argc - 1)
        return cli_error("freq", "unexpected argument '%s'", argv[optind + 1]);
    int kernels[K_NKERNELS], nk = 0;
    bool many = !strcmp(argv[optind], "all");
    if (many)
        for (int k = 0; k < K_NKERNELS; k++)
            kernels[nk++] = k;
    else if ((kernels[nk++] = kernel_from_name(argv[optind])) < 0)
        return cli_error("freq", "unknown kernel '%s' (three-card, split-blind, frenzy-four, frenzy-best, buyout-points, all)",
                         argv[optind]);

    struct output_files out;
    output_files_init(&out, "freq");
    int file = output_files_add(&out, output);
    int opened = output_files_open(&out);
    if (opened != 0)
        return opened;
    int rc = freq_write(kernels, nk, fmt, many, output_files_fp(&out, file, stdout));
    if (rc != 0) {
        output_files_abort(&out);
        return rc;
    }
    return output_files_commit(&out);
}
