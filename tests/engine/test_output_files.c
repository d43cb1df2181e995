/* test_output_files.c — a run's files, all or none (solver/engine/
 * output_files.h): what lands in a folder after a commit, an abort, a bad
 * path, a target that is a folder, two outputs naming one file, a symlink,
 * a FIFO, a device, "-", a long name and a signal, counted with readdir. */
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
    assert_int_equal(output_files_open(&o), 1);
    assert_int_equal(entries(), 0); /* a's temporary file is gone too */
}

/* output_files_open with stderr in msg; returns its exit code. */
static int open_quiet(struct output_files *o, char *msg, size_t len)
{
    FILE *t = tmpfile();
    assert_non_null(t);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fileno(t), STDERR_FILENO);
    int rc = output_files_open(o);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    rewind(t);
    msg[fread(msg, 1, len - 1, t)] = '\0';
    fclose(t);
    return rc;
}

static bool is_link(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

/* A folder, or a symlink to one, is refused before anything is opened:
 * a usage error. */
static void folder_target_refused(void **state)
{
    (void)state;
    char a[128], sub[128], link[128], msg[512];
    write_file(in_dir("a.txt", a, sizeof a), "old");
    assert_int_equal(mkdir(in_dir("sub", sub, sizeof sub), 0755), 0);
    assert_int_equal(symlink("sub", in_dir("to-sub", link, sizeof link)), 0);
    const char *folders[2] = {sub, link};
    for (int i = 0; i < 2; i++) {
        struct output_files o;
        output_files_init(&o, "test");
        output_files_add(&o, a), output_files_add(&o, folders[i]);
        assert_int_equal(open_quiet(&o, msg, sizeof msg), 2);
        assert_non_null(strstr(msg, ": it is a folder\n"));
        assert_int_equal(entries(), 3); /* nothing opened */
    }
    expect_file(a, "old");
    unlink(a), unlink(link), rmdir(sub);
}

/* A folder made at a target after the open: at the commit, none renamed. */
static void folder_made_after_open_commits_none(void **state)
{
    (void)state;
    char a[128], sub[128];
    write_file(in_dir("a.txt", a, sizeof a), "old");
    struct output_files o;
    output_files_init(&o, "test");
    int ia = output_files_add(&o, a), is = output_files_add(&o, in_dir("sub", sub, sizeof sub));
    assert_int_equal(output_files_open(&o), 0);
    assert_int_equal(mkdir(sub, 0755), 0);
    fputs("new", output_files_fp(&o, ia, NULL));
    fputs("x", output_files_fp(&o, is, NULL));
    assert_int_equal(output_files_commit(&o), 1);
    expect_file(a, "old"); /* not replaced: all or none */
    assert_int_equal(entries(), 2);
    unlink(a), rmdir(sub);
}

/* Two outputs naming one file, by the same text or by two names, are
 * refused before anything is opened: a usage error. */
static void same_file_refused(void **state)
{
    (void)state;
    char a[128], a2[128], link[128], n[128], n2[128], dl[128], msg[512];
    write_file(in_dir("a.txt", a, sizeof a), "old");
    in_dir("./a.txt", a2, sizeof a2);
    assert_int_equal(symlink("a.txt", in_dir("link", link, sizeof link)), 0);
    in_dir("new.txt", n, sizeof n);
    in_dir("./new.txt", n2, sizeof n2);
    assert_int_equal(symlink("new.txt", in_dir("dangling", dl, sizeof dl)), 0);
    const char *pairs[][2] = {
        {a, a}, {n, n}, {"-", "-"}, /* one text */
        {a, a2}, {link, a},         /* one existing file */
        {n, n2}, {dl, n},           /* one new name in one folder */
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        struct output_files o;
        output_files_init(&o, "test");
        output_files_add(&o, pairs[i][0]), output_files_add(&o, pairs[i][1]);
        assert_int_equal(open_quiet(&o, msg, sizeof msg), 2);
        assert_non_null(strstr(msg, "fourcard test: two outputs name the same file"));
        assert_int_equal(entries(), 3); /* nothing opened */
    }
    struct output_files o; /* two new names are two files */
    output_files_init(&o, "test");
    output_files_add(&o, n), output_files_add(&o, in_dir("other.txt", n2, sizeof n2));
    assert_int_equal(output_files_open(&o), 0);
    output_files_abort(&o);
    expect_file(a, "old");
    assert_int_equal(entries(), 3);
    unlink(a), unlink(link), unlink(dl);
}

/* A symlink is followed: its target is replaced (or made) and the link
 * stays a link. */
static void symlink_target_replaced(void **state)
{
    (void)state;
    char a[128], link[128], b[128], dl[128];
    write_file(in_dir("a.txt", a, sizeof a), "old");
    assert_int_equal(symlink("a.txt", in_dir("link", link, sizeof link)), 0);
    assert_int_equal(symlink("b.txt", in_dir("dangling", dl, sizeof dl)), 0);
    struct output_files o;
    output_files_init(&o, "test");
    int il = output_files_add(&o, link), id = output_files_add(&o, dl);
    assert_int_equal(output_files_open(&o), 0);
    fputs("new", output_files_fp(&o, il, NULL));
    fputs("made", output_files_fp(&o, id, NULL));
    assert_int_equal(output_files_commit(&o), 0);
    assert_true(is_link(link));
    assert_true(is_link(dl));
    expect_file(a, "new");
    expect_file(in_dir("b.txt", b, sizeof b), "made");
    assert_int_equal(entries(), 4);
    unlink(a), unlink(link), unlink(b), unlink(dl);
}

/* A FIFO is written directly: no temporary file, and it stays a FIFO. */
static void fifo_written_directly(void **state)
{
    (void)state;
    char fifo[128], got[16] = "";
    assert_int_equal(mkfifo(in_dir("fifo", fifo, sizeof fifo), 0644), 0);
    int r = open(fifo, O_RDONLY | O_NONBLOCK); /* a reader, so that the writer's open goes on */
    assert_true(r >= 0);
    struct output_files o;
    output_files_init(&o, "test");
    int i = output_files_add(&o, fifo);
    assert_int_equal(output_files_open(&o), 0);
    assert_int_equal(entries(), 1);
    fputs("through", output_files_fp(&o, i, NULL));
    assert_int_equal(output_files_commit(&o), 0);
    assert_int_equal(read(r, got, sizeof got - 1), 7);
    assert_string_equal(got, "through");
    close(r);
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(entries(), 1);
    unlink(fifo);
}

/* A device (through a symlink here: /dev itself is left alone) is
 * written directly, and a write that fails fails the commit. */
static void device_written_directly(void **state)
{
    (void)state;
    char null[128], full[128];
    assert_int_equal(symlink("/dev/null", in_dir("null", null, sizeof null)), 0);
    assert_int_equal(symlink("/dev/full", in_dir("full", full, sizeof full)), 0);
    struct output_files o;
    output_files_init(&o, "test");
    int i = output_files_add(&o, null);
    assert_int_equal(output_files_open(&o), 0);
    assert_int_equal(entries(), 2); /* no temporary file */
    fputs("gone", output_files_fp(&o, i, NULL));
    assert_int_equal(output_files_commit(&o), 0);
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    assert_true(is_link(null));
    output_files_init(&o, "test");
    i = output_files_add(&o, full);
    assert_int_equal(output_files_open(&o), 0);
    fputs("no room", output_files_fp(&o, i, NULL));
    fflush(stderr);
    int saved = dup(STDERR_FILENO), quiet = open("/dev/null", O_WRONLY);
    dup2(quiet, STDERR_FILENO);
    int rc = output_files_commit(&o); /* "cannot write ...: No space left on device" */
    dup2(saved, STDERR_FILENO);
    close(saved), close(quiet);
    assert_int_equal(rc, 1);
    assert_true(is_link(full));
    assert_int_equal(entries(), 2);
    unlink(null), unlink(full);
}

/* "-" is stdout, left open. */
static void dash_is_stdout(void **state)
{
    (void)state;
    struct output_files o;
    output_files_init(&o, "test");
    int i = output_files_add(&o, "-");
    assert_int_equal(output_files_open(&o), 0);
    assert_ptr_equal(output_files_fp(&o, i, NULL), stdout);
    assert_int_equal(output_files_commit(&o), 0);
    assert_true(fcntl(STDOUT_FILENO, F_GETFD) != -1);
    assert_int_equal(entries(), 0);
}

/* Names as long as NAME_MAX allows: the temporary name is cut to fit. */
static void long_name_written(void **state)
{
    (void)state;
    for (int len = 250; len <= 255; len += 5) {
        char name[256], path[512];
        memset(name, 'n', (size_t)len);
        name[len] = '\0';
        struct output_files o;
        output_files_init(&o, "test");
        int i = output_files_add(&o, in_dir(name, path, sizeof path));
        assert_int_equal(output_files_open(&o), 0);
        fputs("long", output_files_fp(&o, i, NULL));
        assert_int_equal(output_files_commit(&o), 0);
        expect_file(path, "long");
        assert_int_equal(entries(), 1);
        unlink(path);
    }
}

/* The message about a 4095-byte path is whole: it ends with its reason. */
static void long_path_message_whole(void **state)
{
    (void)state;
    static char path[4096], msg[8192];
    int n = snprintf(path, sizeof path, "%s/no-such-folder", dir);
    for (; n < 4095; n++)
        path[n] = n % 100 ? 'x' : '/';
    path[4095] = '\0';
    struct output_files o;
    output_files_init(&o, "test");
    output_files_add(&o, path);
    assert_int_equal(open_quiet(&o, msg, sizeof msg), 1);
    assert_true(strlen(msg) > 4095);
    const char *end = ": No such file or directory\n";
    assert_string_equal(msg + strlen(msg) - strlen(end), end);
    assert_int_equal(entries(), 0);
}

/* SIGINT and SIGTERM remove the temporary files; the old file stays. */
static void signal_removes_temporaries(void **state)
{
    (void)state;
    char a[128], b[128];
    const int sigs[2] = {SIGINT, SIGTERM};
    for (int s = 0; s < 2; s++) {
        write_file(in_dir("a.txt", a, sizeof a), "old");
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            struct output_files o;
            output_files_init(&o, "test");
            int i = output_files_add(&o, a);
            output_files_add(&o, in_dir("b.txt", b, sizeof b));
            if (output_files_open(&o) != 0)
                _exit(3);
            fputs("new", output_files_fp(&o, i, NULL));
            fflush(output_files_fp(&o, i, NULL));
            raise(sigs[s]);
            _exit(4); /* not reached */
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), sigs[s]);
        assert_int_equal(entries(), 1); /* a.txt alone */
        expect_file(a, "old");
        unlink(a);
    }
}

int main(void)
{
    /* the handlers are set only where the action is the default */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
/* each test in a folder of its own: one that fails leaves the others theirs */
#define TEST(t) cmocka_unit_test_setup_teardown(t, setup, teardown)
    const struct CMUnitTest tests[] = {
        TEST(commit_writes_all),
        TEST(abort_keeps_old),
        TEST(bad_path_opens_none),
        TEST(folder_target_refused),
        TEST(folder_made_after_open_commits_none),
        TEST(same_file_refused),
        TEST(symlink_target_replaced),
        TEST(fifo_written_directly),
        TEST(device_written_directly),
        TEST(dash_is_stdout),
        TEST(long_name_written),
        TEST(long_path_message_whole),
        TEST(signal_removes_temporaries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
