/* buyout_stream.c — see buyout_stream.h.  OpenMP tasks: a build task per
 * framed upcard and visit tasks for its classes; a visit depends on its
 * upcard's build, and a build into a reused slot on every visit of the
 * upcard the slot held before. */
#include "buyout_stream.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "progress.h"

enum {
    SLOTS = 4,   /* tables at once when not kept: the upcard visited and the next ones */
    RANGE = 1024 /* classes a visit task of a list takes, about: a millisecond or two */
};

/* A table's memory, reused from one framed upcard to the next. */
struct slot {
    struct buyout_dealer *d; /* NULL until first built */
    int up;                  /* the upcard it holds, -1 none */
};

/* Without a list: a thread's room for the classes of one visit task, and
 * the order 0, 1, 2, ... that visits them. */
struct room {
    struct buyout_class cls[BUYOUT_FRAMED_MAX];
    long order[BUYOUT_FRAMED_MAX];
};

struct stream_run {
    struct buyout_context *cx;
    struct buyout_stream *s;
    struct slot slot[SLOTS];
    struct room **room; /* one per thread, without a list */
    struct progress bar;
    int failed;
};

/* The framed upcards the shoe can deal, in the order of visits (the top
 * of buyout_class_r_key). */
static int framed_upcards(const struct buyout_context *cx, card_t ups[NCARDS])
{
    int n = 0;
    for (int c = 0; c < NCARDS; c++)
        if (cx->count[c] > 0 && buyout_frame_up(cx, (card_t)c) == c)
            ups[n++] = (card_t)c;
    return n;
}

static void fail(struct stream_run *r)
{
#pragma omp atomic write
    r->failed = 1;
}

/* Builds the tables of up: kept in the context, or into a slot. */
static void build(struct stream_run *r, int i, card_t up)
{
    struct buyout_context *cx = r->cx;
    if (cx->dealer[up])
        return; /* built before the visits */
    if (r->s->keep) {
        if (buyout_context_tables(cx, up) != 0)
            fail(r);
        return;
    }
    struct slot *t = &r->slot[i % SLOTS];
    if (t->up >= 0 && cx->dealer[t->up] == t->d)
        cx->dealer[t->up] = NULL; /* its visits are all done */
    if (!t->d) {
        t->d = malloc(sizeof *t->d);
        if (!t->d || buyout_dealer_build(t->d, cx->count, up, cx->r.dealer_five) != 0) {
            free(t->d), t->d = NULL;
            fail(r);
            return;
        }
    } else {
        buyout_dealer_rebuild(t->d, cx->count, up, cx->r.dealer_five);
    }
    t->up = up;
    cx->dealer[up] = t->d;
}

static bool failed(struct stream_run *r)
{
    int f;
#pragma omp atomic read
    f = r->failed;
    return f != 0;
}

/* ---- with a list ---- */

/* The class's framed upcard, R[0] and R[1]: a range ends where it changes. */
static uint32_t prefix_key(const struct buyout_class *list, long i)
{
    return (list[i].r_key - 1) / NCARDS;
}

static card_t framed_up_of(const struct buyout_class *c)
{
    return (card_t)((c->r_key - 1) / (NCARDS * NCARDS * NCARDS));
}

/* The first j in [from, end) where the prefix differs from the class
 * before it, or end. */
static long next_boundary(const struct buyout_class *list, const long *order, long from, long begin, long end)
{
    if (from <= begin)
        return begin;
    uint32_t last = prefix_key(list, order[from - 1]);
    while (from < end && prefix_key(list, order[from]) == last)
        from++;
    return from;
}

static void visit_range(struct stream_run *r, const long *order, long n)
{
    if (failed(r) || n == 0)
        return;
    r->s->visit(r->s->ctx, omp_get_thread_num(), r->s->list, order, n);
    progress_add(&r->bar, n);
}

/* The visit tasks of one upcard's classes order[begin..end), each after
 * the build of its slot (dep). */
static void list_tasks(struct stream_run *r, char *dep, long begin, long end)
{
    const struct buyout_class *list = r->s->list;
    const long *order = r->s->order;
    (void)dep; /* used by the depend clause, which gcc 12's warning misses */
    for (long a = begin; a < end;) {
        long b = next_boundary(list, order, a + RANGE < end ? a + RANGE : end, begin, end);
#pragma omp task depend(in : dep[0]) firstprivate(a, b)
        visit_range(r, order + a, b - a);
        a = b;
    }
}

/* The selected order's classes of each framed upcard: ends[i] the end of
 * ups[i]'s run.  The order is sorted by framed upcard: a binary search
 * each (a scan would read every class, in no order of memory). */
static void runs(const struct buyout_stream *s, const card_t *ups, int nups, long *ends)
{
    for (int i = 0; i < nups; i++) {
        long lo = i ? ends[i - 1] : 0, hi = s->nselected; /* the first class past ups[i] */
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (framed_up_of(&s->list[s->order[mid]]) <= ups[i])
                lo = mid + 1;
            else
                hi = mid;
        }
        ends[i] = lo;
    }
}

static int list_and_select(struct buyout_context *cx, struct buyout_stream *s)
{
    s->n = buyout_classes_ordered(cx, &s->list, &s->order);
    if (s->n < 0)
        return -1;
    s->nselected = s->select ? s->select(s->ctx, cx, s->list, s->order, s->n) : s->n;
    return s->nselected < 0 ? -1 : 0;
}

/* ---- without a list ---- */

/* The classes of upcard up whose 3 cards held begin with r0 (the groups
 * this rank owns), made and visited. */
static void visit_framed(struct stream_run *r, card_t up, card_t r0)
{
    if (failed(r))
        return;
    int thread = omp_get_thread_num();
    struct room *m = r->room[thread];
    long n = buyout_classes_framed(r->cx, up, r0, m->cls);
    if (cluster_size() > 1) {
        long kept = 0;
        for (long j = 0; j < n; j++)
            if (cluster_owns(m->cls[j].r_key))
                m->cls[kept++] = m->cls[j];
        n = kept;
    }
    if (n)
        r->s->visit(r->s->ctx, thread, m->cls, m->order, n);
    progress_add(&r->bar, 1);
}

static void framed_tasks(struct stream_run *r, char *dep, card_t up)
{
    (void)dep; /* used by the depend clause, which gcc 12's warning misses */
    for (int r0 = 0; r0 < NCARDS; r0++)
#pragma omp task depend(in : dep[0]) firstprivate(r0)
        visit_framed(r, up, (card_t)r0);
}

static int rooms_new(struct stream_run *r)
{
    int nthreads = omp_get_max_threads();
    r->room = calloc((size_t)nthreads, sizeof *r->room);
    if (!r->room)
        return -1;
    for (int i = 0; i < nthreads; i++) {
        if (!(r->room[i] = malloc(sizeof *r->room[i])))
            return -1;
        for (long j = 0; j < BUYOUT_FRAMED_MAX; j++)
            r->room[i]->order[j] = j;
    }
    return 0;
}

static void rooms_free(struct stream_run *r)
{
    for (int i = 0; r->room && i < omp_get_max_threads(); i++)
        free(r->room[i]);
    free(r->room);
}

/* ---- both ---- */

static void slots_free(struct stream_run *r)
{
    struct buyout_context *cx = r->cx;
    for (int i = 0; i < SLOTS; i++) { /* the context keeps no slot's table */
        if (r->slot[i].up >= 0 && cx->dealer[r->slot[i].up] == r->slot[i].d)
            cx->dealer[r->slot[i].up] = NULL;
        if (r->slot[i].d)
            buyout_dealer_free(r->slot[i].d);
        free(r->slot[i].d);
    }
}

int buyout_stream_run(struct buyout_context *cx, struct buyout_stream *s)
{
    struct stream_run r = {.cx = cx, .s = s, .failed = 0};
    for (int i = 0; i < SLOTS; i++)
        r.slot[i] = (struct slot){NULL, -1};
    card_t ups[NCARDS];
    int nups = framed_upcards(cx, ups), ready = 0;
    long ends[NCARDS];
    char dep[NCARDS]; /* a slot per upcard when kept (no dependence between builds) */
    s->list = NULL, s->order = NULL, s->n = s->nselected = 0;
    if (!s->keep && rooms_new(&r) != 0) {
        rooms_free(&r);
        return -1;
    }
#pragma omp parallel
#pragma omp single
    {
        /* the first tables (while this thread lists the classes, with keep) */
        for (int i = 0; i < nups && i < SLOTS; i++)
#pragma omp task depend(out : dep[i]) firstprivate(i)
            build(&r, i, ups[i]);
        ready = !s->keep || list_and_select(cx, s) == 0;
        if (ready) {
            if (s->keep)
                runs(s, ups, nups, ends);
            progress_start(&r.bar, "buyout", s->keep ? s->nselected : (int64_t)nups * NCARDS, s->progress);
            for (int i = 0; i < nups; i++) {
                char *d = &dep[s->keep ? i : i % SLOTS];
                if (i >= SLOTS)
#pragma omp task depend(out : d[0]) firstprivate(i)
                    build(&r, i, ups[i]);
                if (s->keep)
                    list_tasks(&r, d, i ? ends[i - 1] : 0, ends[i]);
                else
                    framed_tasks(&r, d, ups[i]);
            }
        }
    }
    if (ready)
        progress_end(&r.bar);
    slots_free(&r);
    rooms_free(&r);
    if (!ready || r.failed) {
        free(s->list), free(s->order);
        s->list = NULL, s->order = NULL;
        return -1;
    }
    return 0;
}
