/* test_split_card_ref.c — the strategy cards' fast path (split_card_load,
 * split_card_option) against the independent reference of
 * split_card_ref.c, written from docs/card-format.md alone.
 *
 *   1. The committed cards strategies/split-{2014-1a,2014-2a,v2-P1}-card.md
 *      under their presets: the option in 200,000 random situations each,
 *      then in every one of the 270,725 4-card hands with a random upcard
 *      (so every tie among instant threes is met).
 *   2. A hand-written card using every shape, suit pattern, setting, hand
 *      size and kind, limits of every form and upcard limits, under three
 *      presets; every one of its rules must decide somewhere.
 *   3. A second hand-written card whose rules limit several second ranks
 *      at once (two pair's low pair with its high pair, one pair's two odd
 *      cards, no pair's 2nd, 3rd and lowest card, up to every rank of the
 *      hand), checked the same way.
 *   4. A third hand-written card whose single-card rules name each of the
 *      single card's kinds (beside a 3-card hand, beside an instant winner
 *      without its rank or suit, with its rank, with its suit, with both),
 *      with rank and upcard limits, checked the same way.
 *   5. Hand-picked situations whose single card's kind is stated here from
 *      the rules (a straight holding the single's rank, a 4-card flush,
 *      quads, ...): the rule of that kind must decide it, in the reference
 *      and in the fast path.
 *
 * Two options are the same when the choice, the hands (masks into P) and
 * the play flags agree: a 2+2 may name its hands in either order; fold both
 * has no hands; an instant winner compares the three, the single card and
 * the single card's play flag.  Every mismatch is counted and the first
 * ones printed with the cards, the upcard and both options.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cards.h"
#include "split_card.h"
#include "split_card_ref.h"
#include "split_rules.h"

#ifndef FOURCARD_STRATEGIES_DIR
#error "FOURCARD_STRATEGIES_DIR must name the strategies folder"
#endif

enum { NRANDOM = 200000, ALL_HANDS = 270725 };

/* Mismatches printed in full per card and preset (then only counted);
 * FOURCARD_REF_PRINT=N in the environment prints N. */
static long max_printed(void)
{
    const char *s = getenv("FOURCARD_REF_PRINT");
    return s ? atol(s) : 10;
}

static uint64_t rng_state;

static uint64_t xorshift64(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

/* Four distinct cards in increasing id and a fifth distinct upcard. */
static void random_situation(card_t P[4], card_t *u)
{
    card_t c[5];
    for (int k = 0; k < 5;) {
        card_t x = (card_t)(xorshift64() % NCARDS);
        bool dup = false;
        for (int i = 0; i < k; i++)
            dup |= c[i] == x;
        if (!dup)
            c[k++] = x;
    }
    for (int i = 0; i < 4; i++)
        for (int k = i + 1; k < 4; k++)
            if (c[k] < c[i]) {
                card_t t = c[i];
                c[i] = c[k];
                c[k] = t;
            }
    memcpy(P, c, 4);
    *u = c[4];
}

static enum ref_choice choice_of_fast(enum split_choice c)
{
    switch (c) {
    case SPLIT_FOLD_ALL: return REF_FOLD_BOTH;
    case SPLIT_INSTANT: return REF_INSTANT;
    case SPLIT_3_1: return REF_3_1;
    case SPLIT_2_2: return REF_2_2;
    }
    return (enum ref_choice)-1;
}

static bool same_option(const struct ref_option *r, const struct split_option *f)
{
    if (choice_of_fast(f->choice) != r->choice)
        return false;
    switch (r->choice) {
    case REF_FOLD_BOTH: return true;
    case REF_INSTANT: return f->hand_a == r->hand_a && f->hand_b == r->hand_b && f->play_b == r->play_b;
    case REF_3_1:
        return f->hand_a == r->hand_a && f->hand_b == r->hand_b && f->play_a == r->play_a && f->play_b == r->play_b;
    case REF_2_2:
        return (f->hand_a == r->hand_a && f->hand_b == r->hand_b && f->play_a == r->play_a &&
                f->play_b == r->play_b) ||
               (f->hand_a == r->hand_b && f->hand_b == r->hand_a && f->play_a == r->play_b &&
                f->play_b == r->play_a);
    }
    return false;
}

static const char *choice_name(enum ref_choice c)
{
    static const char *const NAMES[] = {"fold both", "instant winner", "3+1", "2+2"};
    return c >= REF_FOLD_BOTH && c <= REF_2_2 ? NAMES[c] : "?";
}

static void hand_text(const card_t P[4], int mask, char *buf, size_t len)
{
    card_t c[4];
    int k = 0;
    for (int j = 0; j < 4; j++)
        if (mask & (1 << j))
            c[k++] = P[j];
    if (k == 0)
        snprintf(buf, len, "-");
    else
        cards_format(c, k, buf, len);
}

static void print_option(const char *who, const card_t P[4], enum ref_choice choice, int a, int b, bool pa, bool pb,
                         int set_rule, const int play_rule[2])
{
    char ta[32], tb[32];
    hand_text(P, a, ta, sizeof ta);
    hand_text(P, b, tb, sizeof tb);
    printf("    %-9s %-14s [%s] %s | [%s] %s   (setting rule %d, play rules %d, %d)\n", who, choice_name(choice), ta,
           choice == REF_INSTANT ? "(paid)" : pa ? "play" : "fold", tb, pb ? "play" : "fold", set_rule + 1,
           play_rule[0] + 1, play_rule[1] + 1);
}

/* Compares the two readings of the card at path under preset over n random
 * situations from seed, then over every 4-card hand (with a random upcard).  coverage != NULL: every rule's decisions are
 * counted into coverage[rule] (by the reference).  Returns the mismatches. */
static long compare_card(const char *path, const char *preset, long n, uint64_t seed, long *coverage)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);

    static struct split_card fast;
    static struct ref_card ref;
    char err[512];
    int rc = split_card_load(path, SPLIT_INSTANT_CHOOSE, &fast, err, sizeof err);
    if (rc != 0)
        printf("fast path refuses %s: %s\n", path, err);
    assert_int_equal(rc, 0);
    rc = ref_card_load(path, true, &ref, err, sizeof err);
    if (rc != 0)
        printf("reference refuses %s: %s\n", path, err);
    assert_int_equal(rc, 0);
    assert_int_equal(fast.n, ref.n);

    rng_state = seed;
    long mismatches = 0;
    long total = n + ALL_HANDS;
    card_t a = 0, b = 1, c = 2, d = 2; /* the sweep's last hand (d is stepped first) */
    for (long i = 0; i < total; i++) {
        card_t P[4], u;
        if (i < n) {
            random_situation(P, &u);
        } else {
            /* every 4-card hand once, in lexicographic order, each with a
             * random upcard */
            if (++d == NCARDS) {
                if (++c == NCARDS - 1) {
                    if (++b == NCARDS - 2)
                        b = (card_t)(++a + 1);
                    c = (card_t)(b + 1);
                }
                d = (card_t)(c + 1);
            }
            P[0] = a, P[1] = b, P[2] = c, P[3] = d;
            do
                u = (card_t)(xorshift64() % NCARDS);
            while (u == a || u == b || u == c || u == d);
        }

        struct split_option fo;
        int fset = -1, fplay[2] = {-1, -1};
        memset(&fo, 0, sizeof fo);
        bool fok = split_card_option(&fast, pt, P, u, &fo, &fset, fplay);

        struct ref_option ro;
        int rset, rplay[2];
        bool rok = ref_card_option(&ref, pt, P, u, &ro, &rset, rplay);

        if (coverage && rok) {
            coverage[rset]++;
            for (int h = 0; h < 2; h++)
                if (rplay[h] >= 0)
                    coverage[rplay[h]]++;
        }
        bool same = fok == rok && (!rok || same_option(&ro, &fo));
        if (same)
            continue;
        if (mismatches++ < max_printed()) {
            char pc[32], uc[3];
            cards_format(P, 4, pc, sizeof pc);
            card_format(u, uc);
            printf("MISMATCH %s (%s): cards %s, upcard %s\n", path, preset, pc, uc);
            if (rok)
                print_option("reference", P, ro.choice, ro.hand_a, ro.hand_b, ro.play_a, ro.play_b, rset, rplay);
            else
                printf("    reference: undecided (setting rule %d)\n", rset + 1);
            if (fok)
                print_option("fast", P, choice_of_fast(fo.choice), fo.hand_a, fo.hand_b, fo.play_a, fo.play_b, fset,
                             fplay);
            else
                printf("    fast:      undecided (setting rule %d)\n", fset + 1);
        }
    }
    if (mismatches)
        printf("%s (%s): %ld of %ld situations differ\n", path, preset, mismatches, total);
    return mismatches;
}

static void committed_card(const char *preset, uint64_t seed)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/split-%s-card.md", FOURCARD_STRATEGIES_DIR, preset);
    assert_int_equal(compare_card(path, preset, NRANDOM, seed, NULL), 0);
}

static void test_card_2014_1a(void **state)
{
    (void)state;
    committed_card("2014-1a", 0x9e3779b97f4a7c15ull);
}

static void test_card_2014_2a(void **state)
{
    (void)state;
    committed_card("2014-2a", 0xd1b54a32d192ed03ull);
}

static void test_card_v2_P1(void **state)
{
    (void)state;
    committed_card("v2-P1", 0x8cb92ba72f3d8dd7ull);
}

/* Every shape and hand size, every suit pattern and every kind of 2-card
 * and 3-card hand (the single card's kinds: KINDS_CARD), every setting,
 * every rank name (the second ranks of one pair and no pair included),
 * limits of each form (R, R or higher, R or lower, R to R2, with T and 10),
 * upcard limits, the play part first, commentary, odd case and spacing and
 * final full stops.  Each shape and size ends with a rule without limits. */
static const char HAND_CARD[] =
    "# A hand-written card\n"
    "\n"
    "Commentary: this line, the blank ones and the list below are ignored.\n"
    "- 7 rules, nothing here\n"
    "1. Play a single card, rank J or higher\n"
    "2. Fold a single card, rank 5 to 9, upcard 8 or higher\n"
    "3. Play a single card, upcard T to Q.\n"
    "4. FOLD A SINGLE CARD\n"
    "5. Play a 2-card hand, a pair, high card 4 or higher\n"
    "6. Fold a 2-card hand, a pair\n"
    "7. Fold a 2-card hand, offsuit unconnected, high card 5 to Q, low card 7 or lower\n"
    "8. Play a 2-card hand, suited connected\n"
    "9. Play a 2-card hand, offsuit connected, high card 10 or higher\n"
    "10. Fold a 2-card hand, suited unconnected, upcard A\n"
    "11. Play a 2-card hand, suited unconnected, low card 3 to 6\n"
    "12. Fold a 2-card hand, offsuit connected, low card 2\n"
    "13. Play a 2-card hand, high card K or higher\n"
    "14. Fold a 2-card hand\n"
    "15. Play a 3-card hand, a pair, top rank 6 or higher\n"
    "16. Play a 3-card hand, no pair, top rank A, next rank T or higher\n"
    "17. Fold a 3-card hand, a pair, next rank 9 or lower, upcard 4 or lower\n"
    "18. Play a 3-card hand, a pair\n"
    "19. Play a 3-card hand, no pair, top rank K, upcard 2 to 5\n"
    "20. Fold a 3-card hand\n"
    "\n"
    "The setting rules:\n"
    "21. Instant winner, single card Q or higher, upcard 9 or lower: take the three that leaves the highest single card\n"
    "22. Instant winner, single card 2: take the three that leaves the highest single card\n"
    "23. Instant winner: take the best-paying three\n"
    "24. Two pair, high pair J or higher, low pair 5 or lower, one suit in both pairs: 2+2 high+low | high+low (suits together)\n"
    "25. Two pair, two suits in both pairs, upcard 8 to K: 2+2 high+low | high+low (suits apart)\n"
    "26. Two pair, high pair A: 3+1 low pair+high card | high card\n"
    "27. Two pair, low pair 9 or higher: 3+1 high pair+low card | low card\n"
    "28. Two pair, high pair 4 to 8: fold both\n"
    "29. Two pair, one suit in both pairs: 2+2 high+low | high+low (suits apart)\n"
    "30. Two pair, two suits in both pairs: 2+2 high+low | high+low (suits together)\n"
    "31. Two pair, upcard A: 2+2 high+low | high+low (suits together)\n"
    "32. Two pair, upcard K: 2+2 high+low | high+low (suits apart)\n"
    "33. Two pair: 2+2 high pair | low pair\n"
    "34. One pair, pair A, higher odd card K: 3+1 pair+lower | higher\n"
    "35. One pair, pair 2 to 5, lower odd card 9 or lower: 3+1 pair+higher | lower\n"
    "36. One pair, higher odd card suited to the pair: 2+2 higher+pair card | lower+pair card (suits together)\n"
    "37. One pair, lower odd card suited to the pair, upcard 6 or lower: 2+2 higher+pair card | lower+pair card (suits apart)\n"
    "38. One pair, lower odd card suited to the pair: 2+2 higher+pair card | lower+pair card (suits together)\n"
    "39. One pair, both odd cards suited to the pair, pair T or higher: 2+2 higher+pair card | lower+pair card (suits apart)\n"
    "40. One pair, both odd cards suited to the pair: 2+2 higher+pair card | lower+pair card (suits together)\n"
    "41. One pair, odd cards suited together, upcard Q to K: 2+2 higher+pair card | lower+pair card (suits together)\n"
    "42. One pair, odd cards suited together, upcard 2 to 4: 2+2 higher+pair card | lower+pair card (suits apart)\n"
    "43. One pair, no odd card suited to the pair, pair 9 to J: 2+2 higher+pair card | lower+pair card (suits apart)\n"
    "44. One pair, no odd card suited to the pair, pair 2 to 4: 2+2 higher+pair card | lower+pair card (suits together)\n"
    "45. One pair, pair 6 to 8: fold both\n"
    "46. One pair: 2+2 pair | higher+lower\n"
    "47. No pair, highest card A, 2nd card J or lower, no two suited: 3+1 2nd+3rd+lowest | highest\n"
    "48. No pair, highest+2nd suited, highest card K or higher: 2+2 highest+2nd | 3rd+lowest\n"
    "49.   No  pair,  highest+3rd   suited:  3+1 highest+3rd+lowest |  2nd\n"
    "50. No pair, highest+lowest suited, 2nd card 8 to 10: 3+1 highest+2nd+lowest | 3rd\n"
    "51. No pair, 2nd+3rd suited: 3+1 highest+2nd+3rd | lowest.\n"
    "52. No pair, 2nd+lowest suited, 3rd card 6 or higher: 2+2 highest+3rd | 2nd+lowest\n"
    "53. No pair, 3rd+lowest suited, upcard 5 or lower: fold both\n"
    "54. No pair, highest+2nd and 3rd+lowest suited: 2+2 highest+2nd | 3rd+lowest\n"
    "55. No pair, highest+3rd and 2nd+lowest suited: 2+2 highest+3rd | 2nd+lowest\n"
    "56. No pair, highest+lowest and 2nd+3rd suited, highest card 9 or lower: 2+2 highest+lowest | 2nd+3rd\n"
    "57. No pair, highest card 6 or lower: fold both\n"
    "58. No pair, 2nd card 5, upcard j: 3+1 highest+2nd+3rd | lowest\n"
    "59. No pair, highest card Q, lowest card 4 to 7, upcard 7 to 9: 3+1 2nd+3rd+lowest | highest\n"
    "60. No pair, upcard 9 or lower: 2+2 suited cards together (else highest+2nd | 3rd+lowest)\n"
    "61. No pair: 2+2 highest+lowest | 2nd+3rd\n"
    "\n"
    "| 61 | a table row, not a rule |\n";

/* Rules that limit several second ranks at once, each placed where it
 * decides: two pair's low pair with its high pair; one pair's higher and
 * lower odd card, with the pair, the upcard or a suit pattern too; no
 * pair's 2nd, 3rd and lowest card in twos and threes, in any order, and
 * one rule on all four ranks (the doc's example).  The play rules limit
 * the high and the low card, the top and the next rank together. */
static const char LIMITS_CARD[] =
    "# A hand-written card: several second ranks per rule\n"
    "\n"
    "1. Play a single card, rank 9 or higher\n"
    "2. Fold a single card\n"
    "3. Play a 2-card hand, high card 9 or higher, low card 6 or higher\n"
    "4. Fold a 2-card hand, high card 7 or lower, low card 4 or lower\n"
    "5. Play a 2-card hand, a pair\n"
    "6. Fold a 2-card hand\n"
    "7. Play a 3-card hand, top rank Q or higher, next rank 8 or higher\n"
    "8. Play a 3-card hand, a pair\n"
    "9. Fold a 3-card hand\n"
    "10. Instant winner: take the best-paying three\n"
    "11. Two pair, high pair Q or higher, low pair 3 to 6: 3+1 low pair+high card | high card\n"
    "12. Two pair, low pair 7 or higher, high pair T to K, upcard 8 or lower: 2+2 high+low | high+low (suits apart)\n"
    "13. Two pair: 2+2 high pair | low pair\n"
    "14. One pair, pair 5 or higher, higher odd card J or higher, lower odd card 6 or lower: 3+1 pair+higher | lower\n"
    "15. One pair, higher odd card 9 to Q, lower odd card 7 or higher: 2+2 pair | higher+lower\n"
    "16. One pair, lower odd card 4 or lower, higher odd card 8 or lower, upcard 7 or higher: fold both\n"
    "17. One pair, pair 2 to 9, higher odd card 10 or higher, lower odd card 8 to 9, odd cards suited together: "
    "2+2 higher+pair card | lower+pair card (suits together)\n"
    "18. One pair: 3+1 pair+lower | higher\n"
    "19. No pair, highest card K, 2nd card 9, 3rd card 7, lowest card 4: 3+1 highest+2nd+3rd | lowest\n"
    "20. No pair, 2nd card 8 or lower, 3rd card 5 to 7, lowest card 3 or higher: 2+2 highest+lowest | 2nd+3rd\n"
    "21. No pair, lowest card 2, 2nd card J or higher: 2+2 highest+3rd | 2nd+lowest\n"
    "22. No pair, 3rd card 6 to 9, 2ND CARD T TO Q, highest+2nd suited: "
    "2+2 suited cards together (else highest+2nd | 3rd+lowest)\n"
    "23. No pair, highest card 9 or lower, 2nd card 7 or lower, 3rd card 4 or lower, lowest card 2, upcard 5 or higher: "
    "fold both\n"
    "24. No pair, lowest card 5 or higher, 3rd card 8 or lower, upcard 3 or lower: 3+1 highest+3rd+lowest | 2nd\n"
    "25. No pair: 2+2 highest+2nd | 3rd+lowest\n";

/* Compares the card text under three presets (with the seeds given) and
 * checks that the reference reads nrules rules, every one of which decides
 * somewhere. */
static void hand_written(const char *name, const char *text, int nrules, const uint64_t seed[3])
{
    char path[] = "/tmp/fourcard-card-ref-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);

    static long coverage[REF_MAX_RULES];
    memset(coverage, 0, sizeof coverage);
    long mismatches = 0;
    mismatches += compare_card(path, "2014-1a", NRANDOM, seed[0], coverage);
    mismatches += compare_card(path, "2014-2a", NRANDOM, seed[1], coverage);
    mismatches += compare_card(path, "v2-P1", NRANDOM, seed[2], coverage);

    struct ref_card ref;
    char err[512];
    assert_int_equal(ref_card_load(path, true, &ref, err, sizeof err), 0);
    unlink(path);
    assert_int_equal(ref.n, nrules);
    int unused = 0;
    for (int i = 0; i < ref.n; i++)
        if (coverage[i] == 0) {
            printf("%s: rule %d never decides\n", name, i + 1);
            unused++;
        }
    assert_int_equal(unused, 0);
    assert_int_equal(mismatches, 0);
}

static void test_hand_written_card(void **state)
{
    (void)state;
    const uint64_t seed[3] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull};
    hand_written("hand-written card", HAND_CARD, 61, seed);
}

static void test_hand_written_limits(void **state)
{
    (void)state;
    const uint64_t seed[3] = {0x082efa98ec4e6c89ull, 0x452821e638d01377ull, 0xbe5466cf34e90c6cull};
    hand_written("multi-limit card", LIMITS_CARD, 25, seed);
}

/* Single-card rules of every kind, with rank and upcard limits and a
 * kind-less rule among them (rule 10: it takes what the rules above leave
 * of every kind), placed so that each decides somewhere.  The setting
 * rules take both instant settings and 3+1 from every other shape, so
 * that singles beside a 3-card hand are common. */
static const char KINDS_CARD[] =
    "# A hand-written card: the single card's kinds\n"
    "\n"
    "1. Fold a single card, beside an instant winner with its rank, rank 6 or lower\n"
    "2. Play a single card, beside an instant winner with its rank and suit, upcard 7 or lower\n"
    "3. Fold a single card, beside an instant winner with its suit, rank 9 or lower\n"
    "4. Play a single card, beside an instant winner without its rank or suit, rank 8 to K\n"
    "5. Fold a single card, beside a 3-card hand, rank 7 or lower, upcard 8 or higher\n"
    "6. Play a single card, Beside A 3-Card Hand, rank Q or higher\n"
    "7. Play a single card, beside an instant winner with its rank\n"
    "8. Fold a single card, upcard 9 or higher, beside an instant winner with its rank and suit\n"
    "9. Play a single card, beside an instant winner with its suit, upcard 5 to J\n"
    "10. Play a single card, rank 9 or higher\n"
    "11. Fold a single card, beside an instant winner without its rank or suit.\n"
    "12. Play a single card, beside an instant winner with its rank and suit\n"
    "13. Fold a single card\n"
    "14. Play a 2-card hand, a pair\n"
    "15. Play a 2-card hand, high card J or higher, low card 7 or higher\n"
    "16. Fold a 2-card hand\n"
    "17. Play a 3-card hand, a pair\n"
    "18. Play a 3-card hand, top rank Q or higher\n"
    "19. Fold a 3-card hand\n"
    "20. Instant winner, upcard 6 or lower: take the three that leaves the highest single card\n"
    "21. Instant winner: take the best-paying three\n"
    "22. Two pair, high pair 9 or higher: 3+1 low pair+high card | high card\n"
    "23. Two pair: 3+1 high pair+low card | low card\n"
    "24. One pair, pair 8 or higher: 3+1 pair+higher | lower\n"
    "25. One pair, upcard 9 or higher: 3+1 pair+lower | higher\n"
    "26. One pair: 2+2 pair | higher+lower\n"
    "27. No pair, highest card Q or higher: 3+1 2nd+3rd+lowest | highest\n"
    "28. No pair, upcard 5 to 9: 3+1 highest+2nd+3rd | lowest\n"
    "29. No pair: 2+2 highest+2nd | 3rd+lowest\n";

static void test_hand_written_kinds(void **state)
{
    (void)state;
    const uint64_t seed[3] = {0x3f84d5b5b5470917ull, 0x9216d5d98979fb1bull, 0xd1310ba698dfb5acull};
    hand_written("single-kinds card", KINDS_CARD, 29, seed);
}

/* One rule per kind of single card (rules 1..5, in the doc's order), a
 * kind-less rule 6 that must never decide, and the instant setting by the
 * upcard: rank 6 or lower takes the three that leaves the highest single
 * card, the others the best-paying three. */
static const char KIND_PER_RULE_CARD[] =
    "1. Play a single card, beside a 3-card hand\n"
    "2. Play a single card, beside an instant winner without its rank or suit\n"
    "3. Fold a single card, beside an instant winner with its rank\n"
    "4. Play a single card, beside an instant winner with its suit\n"
    "5. Fold a single card, beside an instant winner with its rank and suit\n"
    "6. Fold a single card\n"
    "7. Play a 2-card hand\n"
    "8. Play a 3-card hand\n"
    "9. Instant winner, upcard 6 or lower: take the three that leaves the highest single card\n"
    "10. Instant winner: take the best-paying three\n"
    "11. Two pair: 3+1 low pair+high card | high card\n"
    "12. One pair: 3+1 pair+higher | lower\n"
    "13. No pair: 3+1 2nd+3rd+lowest | highest\n";

enum { BESIDE_3 = 1, IW_NONE = 2, IW_RANK = 3, IW_SUIT = 4, IW_RANK_SUIT = 5 };

struct kind_case {
    const char *preset, *cards, *upcard;
    const char *single; /* the single card the setting leaves */
    int rule;           /* the rule of its kind in KIND_PER_RULE_CARD */
    const char *why;
};

/* Each kind worked out from the game's rules and docs/card-format.md
 * (cards ordered clubs, diamonds, hearts, spades; Ante I pays a straight 3
 * and a flush 2, Ante II both 2). */
static const struct kind_case KIND_CASES[] = {
    {"2014-1a", "5h 6s 7d 6c", "Kd", "6s", IW_RANK,
     "two equal straights 5-6-7; the one that leaves the higher card order leaves 6s; 6c is in the three, no spade"},
    {"2014-1a", "5h 6c 7d 6h", "Kd", "6h", IW_RANK_SUIT,
     "two equal straights; 6h is left; the three 5h 6c 7d holds a 6 and a heart"},
    {"2014-1a", "2h 5h 9h Jh", "Kd", "Jh", IW_SUIT,
     "a 4-card flush: four equal flushes, the highest single Jh; the three is all hearts, no jack"},
    {"2014-1a", "5h 6h 7h Kh", "Kd", "Kh", IW_SUIT, "the straight flush 5-6-7 of hearts leaves Kh: a heart, no king"},
    {"2014-1a", "7c 7d 7h 7s", "Kd", "7s", IW_RANK,
     "quads: four equal trips, the highest card order left, 7s; the three 7c 7d 7h holds a seven, never a spade"},
    {"2014-1a", "9c 9d 9h 4c", "Kd", "4c", IW_SUIT, "trips of nines leave 4c; 9c shares its suit, no four"},
    {"2014-1a", "5h 6c 7d Ks", "Kd", "Ks", IW_NONE, "a straight and a king of a fourth suit"},
    {"2014-1a", "9h Th Jc 2h", "Kd", "2h", IW_SUIT, "Ante I: the straight 9-T-J (3) pays more than the flush (2)"},
    {"2014-2a", "9h Th Jc 2h", "Kd", "Jc", IW_NONE,
     "Ante II: straight and flush both pay 2, the flush leaves the higher single, Jc, beside 9h Th 2h"},
    {"2014-1a", "9h Th Jc 2h", "4d", "Jc", IW_NONE, "the three that leaves the highest single card: the flush"},
    {"2014-1a", "4h 5h 6h 6c", "3d", "6c", IW_RANK,
     "singles of one rank: the three that pays more, the straight flush 4-5-6 of hearts; 6h in it, no club"},
    {"2014-1a", "4h 5h 6h 6c", "Kd", "6c", IW_RANK, "the straight flush pays most"},
    {"2014-1a", "9c 9s Kc Kd", "2h", "Kd", BESIDE_3,
     "two pair, clubs in both pairs: the single is Kd, the king suited to no nine; beside 9c 9s Kc, a king: a 3+1"},
    {"2014-1a", "8c 8h Qd 3h", "2s", "3h", BESIDE_3, "one pair, 3+1 pair+higher: 3h beside 8c 8h Qd, a heart"},
    {"2014-1a", "2s 5h 9d Kc", "3h", "Kc", BESIDE_3, "no pair, 3+1 2nd+3rd+lowest | highest"},
};

static card_t one_card(const char *text)
{
    card_t c;
    char err[128];
    assert_int_equal(cards_parse_exact(text, &c, 1, err, sizeof err), 0);
    return c;
}

/* Checks one case in the reference and in the fast path.  Returns the
 * number of readings that differ from the case (0..2). */
static int check_kind_case(const struct split_card *fast, const struct ref_card *ref, const struct kind_case *k)
{
    const struct split_paytable *pt = split_preset_find(k->preset);
    assert_non_null(pt);
    card_t P[4];
    char err[128];
    assert_int_equal(cards_parse_exact(k->cards, P, 4, err, sizeof err), 0);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (P[j] < P[i]) {
                card_t t = P[i];
                P[i] = P[j];
                P[j] = t;
            }
    card_t u = one_card(k->upcard), single = one_card(k->single);
    int want = 0;
    for (int j = 0; j < 4; j++)
        if (P[j] == single)
            want = 1 << j;
    assert_int_not_equal(want, 0);

    struct ref_option ro;
    int rset, rplay[2];
    bool rok = ref_card_option(ref, pt, P, u, &ro, &rset, rplay);
    struct split_option fo;
    int fset = -1, fplay[2] = {-1, -1};
    memset(&fo, 0, sizeof fo);
    bool fok = split_card_option(fast, pt, P, u, &fo, &fset, fplay);

    int bad = 0;
    if (!rok || ro.hand_b != want || rplay[1] != k->rule - 1) {
        printf("KIND %s (%s), upcard %s: reference single mask %d by rule %d, expected %s by rule %d (%s)\n",
               k->cards, k->preset, k->upcard, ro.hand_b, rplay[1] + 1, k->single, k->rule, k->why);
        bad++;
    }
    if (!fok || fo.hand_b != want || fplay[1] != k->rule - 1) {
        printf("KIND %s (%s), upcard %s: fast path single mask %d by rule %d, expected %s by rule %d (%s)\n",
               k->cards, k->preset, k->upcard, fo.hand_b, fplay[1] + 1, k->single, k->rule, k->why);
        bad++;
    }
    return bad;
}

/* Writes text to a new temporary file named in path (a mkstemp pattern). */
static void write_temp(char *path, const char *text)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

static void test_single_kinds_by_hand(void **state)
{
    (void)state;
    char path[] = "/tmp/fourcard-card-kinds-XXXXXX";
    write_temp(path, KIND_PER_RULE_CARD);

    static struct split_card fast;
    static struct ref_card ref;
    char err[512];
    int rc = ref_card_load(path, true, &ref, err, sizeof err);
    if (rc != 0)
        printf("reference refuses the kinds card: %s\n", err);
    assert_int_equal(rc, 0);
    rc = split_card_load(path, SPLIT_INSTANT_CHOOSE, &fast, err, sizeof err);
    if (rc != 0)
        printf("fast path refuses the kinds card: %s\n", err);
    assert_int_equal(rc, 0);
    unlink(path);

    int bad = 0;
    for (size_t i = 0; i < sizeof KIND_CASES / sizeof KIND_CASES[0]; i++)
        bad += check_kind_case(&fast, &ref, &KIND_CASES[i]);
    assert_int_equal(bad, 0);
}

/* A single card's kind belongs to the single card alone, and a rule names
 * one kind at most. */
static void test_single_kinds_refused(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "1. Play a 2-card hand, beside a 3-card hand\n",
        "1. Play a 3-card hand, beside an instant winner with its suit\n",
        "1. Play a single card, beside a 3-card hand, beside an instant winner with its rank\n",
        "1. Play a single card, beside an instant winner with its rank or suit\n",
        "1. Instant winner, beside an instant winner with its rank: take the best-paying three\n",
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char path[] = "/tmp/fourcard-card-kinds-XXXXXX";
        write_temp(path, BAD[i]);
        static struct ref_card ref;
        char err[512];
        int rc = ref_card_load(path, true, &ref, err, sizeof err);
        if (rc == 0)
            printf("reference accepts: %s", BAD[i]);
        assert_int_equal(rc, -1);
        static struct split_card fast;
        rc = split_card_load(path, SPLIT_INSTANT_CHOOSE, &fast, err, sizeof err);
        unlink(path);
        if (rc == 0)
            printf("fast path accepts: %s", BAD[i]);
        assert_int_equal(rc, -1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_2014_1a),
        cmocka_unit_test(test_card_2014_2a),
        cmocka_unit_test(test_card_v2_P1),
        cmocka_unit_test(test_hand_written_card),
        cmocka_unit_test(test_hand_written_limits),
        cmocka_unit_test(test_hand_written_kinds),
        cmocka_unit_test(test_single_kinds_by_hand),
        cmocka_unit_test(test_single_kinds_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
