/* bench_kernels.c — `fourcard bench kernels`.
 *
 * For every kernel and every SIMD variant this CPU runs, evaluates a fixed
 * input over and over and reports hands per second: once on one thread and
 * once on all threads.  The inputs are built once per kernel:
 *   three-card                   every 3-card hand, C(52,3) = 22100
 *   split-blind, frenzy-four     every 4-card hand, C(52,4) = 270725
 *   frenzy-best                  every 5-card hand, C(52,5) = 2598960
 *   buyout-points                2^20 hands of 4 cards drawn with repeats
 *                                (a six-deck shoe) from a fixed xorshift
 * Every hand of a game means the branchy scalar references see the real
 * mix of categories, not one predictable hand.
 *
 * With T threads each thread evaluates its own slice of the input, so the
 * work per repetition is the same as on one thread, scaled by T passes to
 * keep each repetition about the --seconds asked (TARGET_SECONDS by default) long.
 */
#include "bench_kernels.h"

#include "batch.h"
#include "combo.h"
#include "report_json.h"
#include "topology.h"
#include "wait_policy.h"

#include <json-c/json.h>
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CARDS = 5, MAX_ROWS = K_NKERNELS * SIMD_NVARIANTS * 2 };

/* Long enough to swamp timer resolution, thread start-up and frequency
 * ramps; short enough that 30 rows x 5 repetitions stay well under a
 * minute. */
#define TARGET_SECONDS 0.15
/* Calibration doubles the passes until one timed run lasts this long. */
#define CALIBRATE_SECONDS 0.02
#define BUYOUT_HANDS ((size_t)1 << 20)
/* Thread slices start on multiples of this many hands, so no two threads
 * write the same cache line of output and SIMD loops start aligned. */
#define SLICE_ALIGN 64
/* Every CHECKSUM_STRIDE-th output is folded into the checksum: enough to
 * make every call's result used, too little to cost measurable time. */
#define CHECKSUM_STRIDE 64

/* Where checksums end up, so the compiler must keep every evaluation. */
static volatile uint64_t bench_sink;

/* One kernel's input and output, shared by all variants and threads. */
struct workload {
    enum kernel_id kernel;
    int ncards;
    size_t n;                  /* hands */
    uint8_t *cards[MAX_CARDS]; /* structure of arrays: cards[i][hand] */
    void *out;                 /* n outputs of out_size bytes */
    size_t out_size;
};

struct bench_row {
    enum kernel_id kernel;
    enum simd_variant variant;
    int threads;
    double median, min, max; /* evaluations per second, all threads */
    double vs_scalar;        /* median / the scalar median at the same thread count */
};

/* ---- inputs ------------------------------------------------------------ */

static int kernel_cards(enum kernel_id k)
{
    switch (k) {
    case K_THREE_CARD: return 3;
    case K_FRENZY_BEST: return 5;
    default: return 4;
    }
}

static size_t kernel_out_size(enum kernel_id k)
{
    switch (k) {
    case K_THREE_CARD: return sizeof(uint16_t);
    case K_BUYOUT_POINTS: return sizeof(uint8_t);
    default: return sizeof(uint32_t);
    }
}

static void fill_every_hand(struct workload *w)
{
    combo_t c;
    size_t j = 0;
    for (bool more = combo_first(&c, 52, w->ncards); more; more = combo_next(&c), j++)
        for (int i = 0; i < w->ncards; i++)
            w->cards[i][j] = (uint8_t)c.idx[i];
}

/* xorshift64: tiny, deterministic on every platform, and plenty random
 * for choosing benchmark hands. */
static uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Card ids drawn independently: in a six-deck shoe any card may appear up
 * to six times, so repeats within a hand are legitimate inputs. */
static void fill_random_hands(struct workload *w)
{
    uint64_t state = UINT64_C(0x9e3779b97f4a7c15);
    for (size_t j = 0; j < w->n; j++)
        for (int i = 0; i < w->ncards; i++)
            w->cards[i][j] = (uint8_t)((xorshift64(&state) >> 32) % 52);
}

static void *alloc_aligned(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    return aligned_alloc(64, rounded ? rounded : 64);
}

static void workload_free(struct workload *w)
{
    for (int i = 0; i < MAX_CARDS; i++)
        free(w->cards[i]);
    free(w->out);
    memset(w, 0, sizeof *w);
}

static int workload_build(struct workload *w, enum kernel_id k)
{
    memset(w, 0, sizeof *w);
    w->kernel = k;
    w->ncards = kernel_cards(k);
    w->n = k == K_BUYOUT_POINTS ? BUYOUT_HANDS : (size_t)binomial(52, w->ncards);
    w->out_size = kernel_out_size(k);
    for (int i = 0; i < w->ncards; i++)
        if (!(w->cards[i] = alloc_aligned(w->n)))
            goto fail;
    /* Zeroing the output also faults its pages in before any timing. */
    if (!(w->out = alloc_aligned(w->n * w->out_size)))
        goto fail;
    memset(w->out, 0, w->n * w->out_size);
    if (k == K_BUYOUT_POINTS)
        fill_random_hands(w);
    else
        fill_every_hand(w);
    return 0;
fail:
    workload_free(w);
    return -1;
}

/* ---- running ------------------------------------------------------------ */

static uint64_t sample_checksum(const struct workload *w, const void *out, size_t count)
{
    uint64_t sum = 0;
    for (size_t j = 0; j < count; j += CHECKSUM_STRIDE) {
        switch (w->out_size) {
        case 1: sum += ((const uint8_t *)out)[j]; break;
        case 2: sum += ((const uint16_t *)out)[j]; break;
        default: sum += ((const uint32_t *)out)[j]; break;
        }
    }
    return sum;
}

/* Evaluates hands [begin, begin + count) into the matching outputs and
 * returns a checksum of them. */
static uint64_t eval_slice(const struct batch_kernels *bk, const struct workload *w,
                           size_t begin, size_t count)
{
    const uint8_t *cards[MAX_CARDS] = {0};
    for (int i = 0; i < w->ncards; i++)
        cards[i] = w->cards[i] + begin;
    void *out = (char *)w->out + begin * w->out_size;
    switch (w->kernel) {
    case K_THREE_CARD: bk->three_card(cards, count, out); break;
    case K_SPLIT_BLIND: bk->split_blind(cards, count, out); break;
    case K_FRENZY_FOUR: bk->frenzy_four(cards, count, out); break;
    case K_FRENZY_BEST: bk->frenzy_best(cards, count, out); break;
    case K_BUYOUT_POINTS: bk->buyout_points(cards, w->ncards, count, out); break;
    default: return 0;
    }
    return sample_checksum(w, out, count);
}

static bool kernel_present(const struct batch_kernels *bk, enum kernel_id k)
{
    switch (k) {
    case K_THREE_CARD: return bk->three_card != NULL;
    case K_SPLIT_BLIND: return bk->split_blind != NULL;
    case K_FRENZY_FOUR: return bk->frenzy_four != NULL;
    case K_FRENZY_BEST: return bk->frenzy_best != NULL;
    case K_BUYOUT_POINTS: return bk->buyout_points != NULL;
    default: return false;
    }
}

static size_t slice_start(size_t n, int t, int nthreads)
{
    if (t >= nthreads)
        return n;
    size_t start = (size_t)((double)n * t / nthreads);
    return start / SLICE_ALIGN * SLICE_ALIGN;
}

/* One timed repetition: `threads` threads each evaluate their slice
 * `passes` times.  Returns the wall time; *used gets the thread count the
 * runtime actually granted. */
static double timed_run(const struct batch_kernels *bk, const struct workload *w,
                        int threads, long passes, int *used)
{
    uint64_t sum = 0;
    int granted = 1;
    double t0 = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : sum)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        if (t == 0)
            granted = nt;
        size_t begin = slice_start(w->n, t, nt), end = slice_start(w->n, t + 1, nt);
        for (long p = 0; p < passes && end > begin; p++)
            sum += eval_slice(bk, w, begin, end - begin);
    }
    double elapsed = omp_get_wtime() - t0;
    bench_sink += sum;
    if (used)
        *used = granted;
    return elapsed;
}

/* Passes over the whole input (on one thread) that take about `target`
 * seconds.  Doubling first means a fast kernel on a small input is never
 * timed on a run too short for the clock. */
static long calibrate_passes(const struct batch_kernels *bk, const struct workload *w, double target)
{
    timed_run(bk, w, 1, 1, NULL); /* warm caches, tables and branch predictors */
    long passes = 1;
    double t, enough = target < CALIBRATE_SECONDS ? target : CALIBRATE_SECONDS;
    while ((t = timed_run(bk, w, 1, passes, NULL)) < enough && passes < (1L << 30))
        passes *= 2;
    double scaled = (double)passes * target / (t > 0 ? t : 1e-9);
    return scaled < 1 ? 1 : (long)(scaled + 0.5);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Times `reps` repetitions and fills the row with median, min and max. */
static int measure_row(const struct batch_kernels *bk, const struct workload *w,
                       int threads, long passes, int reps, struct bench_row *row)
{
    double *rates = malloc((size_t)reps * sizeof *rates);
    if (!rates)
        return -1;
    /* Each thread does 1/threads of a pass, so `threads` times the passes
     * keep the repetition as long as the one-thread one. */
    long total_passes = passes * threads;
    int used = threads;
    timed_run(bk, w, threads, 1, &used); /* start the thread team untimed */
    for (int r = 0; r < reps; r++) {
        double t = timed_run(bk, w, threads, total_passes, &used);
        rates[r] = (double)w->n * (double)total_passes / (t > 0 ? t : 1e-9);
    }
    qsort(rates, (size_t)reps, sizeof *rates, compare_doubles);
    row->threads = used;
    row->min = rates[0];
    row->max = rates[reps - 1];
    row->median = reps % 2 ? rates[reps / 2] : (rates[reps / 2 - 1] + rates[reps / 2]) / 2;
    free(rates);
    return 0;
}

/* ---- output ------------------------------------------------------------- */

static void print_header(FILE *out)
{
    char topo[512];
    fprintf(out, "topology: %s\n", topology_summary(topo, sizeof topo));
    fprintf(out, "OpenMP wait: %s\n", wait_policy_describe());
    fprintf(out, "%-14s %-7s %7s %12s %12s %10s\n", "kernel", "variant", "threads", "evals/s",
            "per thread", "vs scalar");
    fflush(out);
}

static void print_row(FILE *out, const struct bench_row *r)
{
    fprintf(out, "%-14s %-7s %7d %12.3e %12.3e %9.1fx\n", kernel_name(r->kernel),
            simd_variant_name(r->variant), r->threads, r->median, r->median / r->threads, r->vs_scalar);
    fflush(out);
}

static struct json_object *row_json(const struct bench_row *r)
{
    struct json_object *o = json_object_new_object();
    json_object_object_add(o, "kernel", json_object_new_string(kernel_name(r->kernel)));
    json_object_object_add(o, "variant", json_object_new_string(simd_variant_name(r->variant)));
    json_object_object_add(o, "threads", json_object_new_int(r->threads));
    json_object_object_add(o, "evals_per_second", json_object_new_double(r->median));
    json_object_object_add(o, "evals_per_second_per_thread",
                           json_object_new_double(r->median / r->threads));
    json_object_object_add(o, "min", json_object_new_double(r->min));
    json_object_object_add(o, "max", json_object_new_double(r->max));
    json_object_object_add(o, "speedup_vs_scalar", json_object_new_double(r->vs_scalar));
    return o;
}

static int print_json(FILE *out, const struct bench_options *o, const struct bench_row *rows,
                      int nrows)
{
    struct json_object *root = json_object_new_object();
    json_object_object_add(root, "topology", topology_json());
    json_object_object_add(root, "openmp_wait", json_object_new_string(wait_policy_describe()));
    json_object_object_add(root, "repetitions", json_object_new_int(o->repetitions));
    json_object_object_add(root, "repetition_seconds",
                           json_object_new_double(o->seconds > 0 ? o->seconds : TARGET_SECONDS));
    struct json_object *kernels = json_object_new_array();
    for (int i = 0; i < nrows; i++)
        json_object_array_add(kernels, row_json(&rows[i]));
    json_object_object_add(root, "kernels", kernels);
    return report_json_print(out, "bench", root);
}

/* A results/ record: the command, the machine, the table with min and max. */
static int print_markdown(FILE *out, const struct bench_options *o, const struct bench_row *rows,
                          int nrows)
{
    char topo[512];
    fprintf(out, "# Kernel benchmark\n\n"
                 "Command: `fourcard bench kernels --markdown --repetitions %d`\n\n"
                 "Machine (hwloc): %s\n\n"
                 "Evaluations per second, the median of %d timed repetitions (min and max beside it);\n"
                 "\"vs scalar\" divides by the scalar reference measured in the same run at the same\n"
                 "thread count.\n\n"
                 "| kernel | variant | threads | evals/s (median) | per thread | min | max | vs scalar |\n"
                 "|---|---|---:|---:|---:|---:|---:|---:|\n",
            o->repetitions, topology_summary(topo, sizeof topo), o->repetitions);
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *r = &rows[i];
        fprintf(out, "| %s | %s | %d | %.3e | %.3e | %.3e | %.3e | %.1fx |\n", kernel_name(r->kernel),
                simd_variant_name(r->variant), r->threads, r->median, r->median / r->threads, r->min, r->max,
                r->vs_scalar);
    }
    return ferror(out) != 0;
}

/* ---- the benchmark ------------------------------------------------------ */

/* Measures one kernel on every variant: one thread, then all threads. */
static int bench_kernel(const struct bench_options *o, enum kernel_id k, int all_threads,
                        FILE *out, struct bench_row *rows, int *nrows)
{
    struct workload w;
    double scalar_median[2] = {1.0, 1.0};
    if (workload_build(&w, k) != 0)
        return -1;
    for (int v = SIMD_SCALAR; v <= SIMD_AVX512; v++) {
        const struct batch_kernels *bk = batch_kernels_get((enum simd_variant)v);
        if (!bk || !kernel_present(bk, k))
            continue;
        if (o->json || o->markdown)
            fprintf(stderr, "bench: %s %s\n", kernel_name(k), simd_variant_name((enum simd_variant)v));
        long passes = calibrate_passes(bk, &w, o->seconds > 0 ? o->seconds : TARGET_SECONDS);
        int counts[2] = {1, all_threads};
        for (int c = 0; c < (all_threads > 1 ? 2 : 1); c++) {
            struct bench_row *row = &rows[*nrows];
            *row = (struct bench_row){.kernel = k, .variant = (enum simd_variant)v};
            if (measure_row(bk, &w, counts[c], passes, o->repetitions, row) != 0) {
                workload_free(&w);
                return -1;
            }
            /* the scalar rows of this kernel come first, one per count */
            row->vs_scalar = row->median / scalar_median[c];
            if (v == SIMD_SCALAR) {
                scalar_median[c] = row->median;
                row->vs_scalar = 1.0;
            }
            ++*nrows;
            if (!o->json && !o->markdown)
                print_row(out, row);
        }
    }
    workload_free(&w);
    return 0;
}

int bench_kernels_run(const struct bench_options *o, FILE *out)
{
    if (o->repetitions < 1 || o->threads < 0) {
        fprintf(stderr, "fourcard: bench kernels: repetitions must be >= 1 and threads >= 0\n");
        return 1;
    }
    int all_threads = o->threads ? o->threads : omp_get_max_threads();
    struct bench_row rows[MAX_ROWS];
    int nrows = 0;
    if (!o->json && !o->markdown)
        print_header(out);
    for (int k = 0; k < K_NKERNELS; k++) {
        if (bench_kernel(o, (enum kernel_id)k, all_threads, out, rows, &nrows) != 0) {
            fprintf(stderr, "fourcard: bench kernels: out of memory\n");
            return 1;
        }
    }
    if ((o->json && print_json(out, o, rows, nrows) != 0) ||
        (o->markdown && print_markdown(out, o, rows, nrows) != 0)) {
        fprintf(stderr, "fourcard: bench kernels: cannot write the output\n");
        return 1;
    }
    return 0;
}
