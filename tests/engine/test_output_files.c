/* test_output_files.c — a run's files, all or none (solver/engine/
 * output_files.h): what lands in a folder after a commit, an abort, a bad
 * path and a target that is a folder, counted with readdir. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "output_files.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_output_files.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *in_dir(const char *name, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", dir, name);
    return buf;
}

/* The folder's entries, "." and ".." aside. */
static int entries(void)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void expect_file(const char *path, const char *text)
{
    char buf[64] = "";
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    assert_string_equal(buf, text);
}

static void commit_writes_all(void **state)
{
    (void)state;
    char a[128], b[128];
    struct output_files o;
    output_files_init(&o, "test");
    int ia = output_files_add(&o, in_dir("a.txt", a, sizeof a)), none = output_files_add(&o, NULL);
    int ib = output_files_add(&o, in_dir("b.txt", b, sizeof b));
    assert_int_equal(none, -1);
    assert_int_equal(output_files_open(&o), 0);
    assert_ptr_equal(output_files_fp(&o, none, stdout), stdout);
    fputs("first", output_files_fp(&o, ia, NULL));
    fputs("second", output_files_fp(&o, ib, NULL));
    assert_int_equal(entries(), 2); /* the two temporary files, no target yet */
    assert_int_equal(output_files_commit(&o), 0);
    expect_file(a, "first");
    expect_file(b, "second");
    assert_int_equal(entries(), 2); /* the targets, nothing else */
    unlink(a), unlink(b);
}

static void abort_keeps_old(void **state)
{
    (void)state;
    char a[128];
    write_file(in_dir("a.txt", a, sizeof a), "old");
    struct output_files o;
    output_files_init(&o, "test");
    int ia = output_files_add(&o, a);
    assert_int_equal(output_files_open(&o), 0);
    fputs("new", output_files_fp(&o, ia, NULL));
    output_files_abort(&o);
    expect_file(a, "old");
    assert_int_equal(entries(), 1);
    unlink(a);
}

static void bad_path_opens_none(void **state)
{
    (void)state;
    char a[128], bad[128];
    struct output_files o;
    output_files_init(&o, "test");
    output_files_add(&o, in_dir("a.txt", a, sizeof a));
    output_files_add(&o, in_dir("no-such-folder/b.txt", bad, sizeof bad));
    assert_int_equal(output_files_open(&o), -1);
    assert_int_equal(entries(), 0); /* a's temporary file is gone too */
}

static void folder_target_commits_none(void **state)
{
    (void)state;
    char a[128], sub[128];
    write_file(in_dir("a.txt", a, sizeof a), "old");
    assert_int_equal(mkdir(in_dir("sub", sub, sizeof sub), 0755), 0);
    struct output_files o;
    output_files_init(&o, "test");
    int ia = output_files_add(&o, a), is = output_files_add(&o, sub);
    assert_int_equal(output_files_open(&o), 0);
    fputs("new", output_files_fp(&o, ia, NULL));
    fputs("x", output_files_fp(&o, is, NULL));
    assert_int_equal(output_files_commit(&o), 1);
    expect_file(a, "old"); /* not replaced: all or none */
    assert_int_equal(entries(), 2);
    unlink(a), rmdir(sub);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(commit_writes_all),
        cmocka_unit_test(abort_keeps_old),
        cmocka_unit_test(bad_path_opens_none),
        cmocka_unit_test(folder_target_commits_none),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
