/* html_page.h — the pieces of a printable, self-contained HTML page (PAR
 * sheets, strategy cards): one style sheet inline, SVG charts inline, no
 * script and nothing fetched from a network, so a page opens and prints
 * the same anywhere.  Text is always escaped on the way out. */
#ifndef FOURCARD_HTML_PAGE_H
#define FOURCARD_HTML_PAGE_H

#include <stddef.h>
#include <stdio.h>

/* text with & < > " escaped. */
void html_text(FILE *f, const char *text);

/* <!DOCTYPE html> ... <body>: the head with title (escaped) and the
 * shared style sheet; extra_css (NULL for none) is added after it. */
void html_begin(FILE *f, const char *title, const char *extra_css);
/* The footer line (what made the page) and </body></html>. */
void html_end(FILE *f, const char *made_by);

/* A bar of a value in [-scale, +scale] drawn from the middle of a small
 * inline SVG (green right for a gain, red left for a loss), for a table
 * cell: the return of each row at a glance.  scale <= 0 draws nothing. */
void html_value_bar(FILE *f, double value, double scale);

/* A vertical bar chart as inline SVG: n bars with labels (x axis) and
 * heights (y, >= 0), colours by sign[i] (<0 loss, 0 push, >0 gain);
 * title under the chart and the y axis labelled y_label. */
struct html_bars {
    int n;
    const char *const *labels;
    const double *heights;
    const int *sign;
    const char *title, *y_label;
};
void html_bar_chart(FILE *f, const struct html_bars *b);

/* Straight lines y = intercept[i] + slope[i] x over [0, x_max] as inline
 * SVG, one colour each, labelled; a dashed vertical mark at x_mark (skipped
 * when outside) and the zero line drawn stronger: e.g. a jackpot's return
 * against its meter for each table size. */
struct html_lines {
    int n;
    const char *const *labels;
    const double *intercept, *slope;
    double x_max, x_mark;
    const char *title, *x_label, *y_label;
};
void html_line_chart(FILE *f, const struct html_lines *l);

/* "1,234,567" for a decimal digit string (a wide count as text): into
 * buf (returned), or printed. */
char *html_count_text(const char *digits, char *buf, size_t len);
void html_count(FILE *f, const char *digits);

#endif
