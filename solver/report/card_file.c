/* card_file.c — the numbered lines of a strategy card file. */
#include "card_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "12. text": the number, and where the text starts; -1 when the line is
 * not a numbered one. */
static long numbered(const char *line, const char **text)
{
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    long k = strtol(s, &end, 10);
    if (errno || end - s > 4 || *end != '.' || (end[1] != ' ' && end[1] != '\t'))
        return -1;
    *text = end + 1;
    return k;
}

int card_file_read(const char *path, int max, int (*take)(void *ctx, int index, const char *text, char *why, size_t len),
                   void *ctx, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return snprintf(err, errlen, "%s: %s", path, strerror(errno)), -1;
    char line[1024], why[400];
    long lineno = 0;
    int n = 0, rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f)) {
            rc = (snprintf(err, errlen, "%s:%ld: line longer than %zu characters", path, lineno, sizeof line - 2), -1);
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        for (char *ch = line; *ch; ch++) /* no control character reaches a message */
            if ((unsigned char)*ch < 0x20 || *ch == 0x7f)
                *ch = *ch == '\t' ? ' ' : '?';
        const char *text;
        long k = numbered(line, &text);
        if (k < 0)
            continue;
        if (k != n + 1)
            rc = (snprintf(err, errlen, "%s:%ld: rule %ld where rule %d was due", path, lineno, k, n + 1), -1);
        else if (n == max)
            rc = (snprintf(err, errlen, "%s:%ld: more than %d rules", path, lineno, max), -1);
        else if (take(ctx, n, text, why, sizeof why) != 0)
            rc = (snprintf(err, errlen, "%s:%ld: %s", path, lineno, why), -1);
        else
            n++;
    }
    if (rc == 0 && ferror(f))
        rc = (snprintf(err, errlen, "%s: read error", path), -1);
    fclose(f);
    if (rc == 0 && n == 0)
        rc = (snprintf(err, errlen, "%s: no rules (a rule is a numbered line: '1. RULE')", path), -1);
    return rc == 0 ? n : -1;
}
