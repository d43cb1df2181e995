/* cmd_bench.c — `fourcard bench kernels [--json | --markdown] [--repetitions N] [--seconds S]
 * [--threads N] [-o FILE]`. */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>
#include <stdbool.h>

#include "output_files.h"
#include "bench_kernels.h"
#include "cli.h"
#include "report_json.h"
#include "commands.h"
#include "topology.h"

static const char BENCH_HELP[] =
    "usage: fourcard bench kernels [--json | --markdown] [--repetitions N] [--seconds S] [--threads N]\n"
    "                              [-o FILE]\n"
    "\n"
    "Measures evaluations per second of every kernel and SIMD variant on one\n"
    "thread and on all threads (the median of N timed repetitions), and\n"
    "prints the machine's topology.\n"
    "options:\n"
    "  --json            one JSON object\n"
    "  --markdown        a Markdown record (as in results/bench-kernels.md)\n"
    "  -o, --output F    write to file F (whole or not at all) instead of stdout\n"
    "  --repetitions N   timed repetitions, at least 5 (default 5)\n"
    "  --seconds S       about how long each repetition runs, 0.001 to 10 (default\n"
    "                    0.15; a short run checks the output, not the speed)\n"
    "  --threads N       the 'all threads' count (default: all cores)\n"
    "  -h, --help        this help\n";

int cmd_bench(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'}, {"markdown", no_argument, NULL, 'm'},
        {"output", required_argument, NULL, 'o'}, {"repetitions", required_argument, NULL, 'r'},
        {"seconds", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 't'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0},
    };
    struct bench_options o = {.json = false, .markdown = false, .repetitions = 5, .threads = 0};
    const char *output = NULL;
    long v;
    int c;
    optind = 1;
    while ((c = cli_getopt("bench", argc, argv, "ho:", opts)) != -1) {
        switch (c) {
        case 'h': fputs(BENCH_HELP, stdout); return 0;
        case 'j': o.json = true; break;
        case 'm': o.markdown = true; break;
        case 'o': output = optarg; break;
        case 'r':
            if (cli_parse_int("bench", "--repetitions", optarg, 5, 1000, &v))
                return EXIT_USAGE;
            o.repetitions = (int)v;
            break;
        case 's':
            if (cli_parse_double("bench", "--seconds", optarg, 0.001, 10, "0.001 to 10", &o.seconds))
                return EXIT_USAGE;
            break;
        case 't':
            if (cli_parse_int("bench", "--threads", optarg, 1, 1024, &v))
                return EXIT_USAGE;
            o.threads = (int)v;
            break;
        default: return EXIT_USAGE;
        }
    }
    if (optind >= argc)
        return cli_error("bench", "missing benchmark name (kernels)");
    if (strcmp(argv[optind], "kernels"))
        return cli_error("bench", "unknown benchmark '%s' (kernels)", argv[optind]);
    if (optind + 1 < argc)
        return cli_error("bench", "unexpected argument '%s'", argv[optind + 1]);
    if (o.json && o.markdown)
        return cli_error("bench", "--json and --markdown exclude each other");
    struct output_files out;
    output_files_init(&out, "bench");
    int file = output_files_add(&out, output);
    int opened = output_files_open(&out);
    if (opened != 0)
        return opened;
    if (bench_kernels_run(&o, output_files_fp(&out, file, stdout)) != 0)
        return output_files_abort(&out), 1;
    return output_files_commit(&out);
}

static const char TOPOLOGY_HELP[] =
    "usage: fourcard topology [--json]\n"
    "\n"
    "Prints the machine as hwloc sees it (the line every benchmark record\n"
    "carries) and the SIMD variants of the batched kernels this CPU runs.\n";

int cmd_topology(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0},
    };
    bool json = false;
    int c;
    optind = 1;
    while ((c = cli_getopt("topology", argc, argv, "h", opts)) != -1) {
        if (c == 'h')
            return fputs(TOPOLOGY_HELP, stdout), 0;
        if (c != 'j')
            return EXIT_USAGE;
        json = true;
    }
    if (optind < argc)
        return cli_error("topology", "unexpected argument '%s'", argv[optind]);
    if (json) {
        report_json_print(stdout, "topology", topology_json());
    } else {
        char buf[512];
        printf("%s\n", topology_summary(buf, sizeof buf));
    }
    return 0;
}
