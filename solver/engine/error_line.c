/* error_line.c — see error_line.h. */
#include "error_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s onto out (room for 4 * strlen(s) + 1 bytes) with every control
 * character escaped.  Returns the end. */
static char *put_escaped(char *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != 0x7f)
            *out++ = (char)c;
        else if (c == '\n' || c == '\t' || c == '\r')
            *out++ = '\\', *out++ = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
        else
            out += sprintf(out, "\\x%02x", c);
    }
    *out = '\0';
    return out;
}

void error_line(const char *command, const char *message)
{
    const char *cmd = command ? command : "";
    char *line = malloc(strlen("fourcard : \n") + 4 * (strlen(cmd) + strlen(message)) + 1);
    if (!line) { /* out of memory: the control characters as '?', one line still */
        fprintf(stderr, "fourcard%s%s: ", command ? " " : "", cmd);
        for (const char *p = message; *p; p++)
            fputc((unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p, stderr);
        fputc('\n', stderr);
        return;
    }
    char *end = put_escaped(line + sprintf(line, "fourcard%s", command ? " " : ""), cmd);
    end = put_escaped(end + sprintf(end, ": "), message);
    *end++ = '\n', *end = '\0';
    fputs(line, stderr); /* one write: the line whole */
    free(line);
}
