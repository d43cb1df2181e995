/* html_page.c — the shared pieces of fourcard's printable pages. */
#include <math.h>
#include <string.h>

#include "html_page.h"

/* One style for every page: black on white, tables that stay whole on a
 * printed page, sizes in points so that print and screen agree. */
static const char STYLE[] =
    "@page { size: A4; margin: 14mm; }\n"
    "body { font: 10pt/1.35 'DejaVu Sans', Arial, sans-serif; color: #111; margin: 0 auto; max-width: 190mm; }\n"
    "h1 { font-size: 16pt; margin: 0 0 4pt; }\n"
    "h2 { font-size: 12.5pt; margin: 14pt 0 4pt; border-bottom: 1px solid #999; }\n"
    "h3 { font-size: 10.5pt; margin: 10pt 0 3pt; }\n"
    "p { margin: 3pt 0; }\n"
    "table { border-collapse: collapse; margin: 4pt 0 8pt; font-size: 8.5pt; page-break-inside: avoid; }\n"
    "th, td { border: 1px solid #bbb; padding: 1.5pt 5pt; vertical-align: top; }\n"
    "th { background: #eee; text-align: left; }\n"
    "td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }\n"
    "td.x { font-family: 'DejaVu Sans Mono', monospace; font-size: 7pt; color: #555; word-break: break-all; }\n"
    "tr.total td { font-weight: bold; border-top: 2px solid #555; }\n"
    ".headline { display: flex; flex-wrap: wrap; gap: 6pt; margin: 6pt 0; }\n"
    ".headline div { border: 1px solid #999; border-radius: 3pt; padding: 3pt 8pt; }\n"
    ".headline b { display: block; font-size: 13pt; }\n"
    ".note { color: #444; font-size: 8.5pt; }\n"
    "figure { margin: 6pt 0; page-break-inside: avoid; }\n"
    "figcaption { font-size: 8.5pt; color: #333; }\n"
    "footer { margin-top: 12pt; font-size: 7.5pt; color: #666; border-top: 1px solid #ccc; }\n"
    "svg text { font: 7pt 'DejaVu Sans', Arial, sans-serif; fill: #222; }\n";

void html_text(FILE *f, const char *text)
{
    for (; text && *text; text++) {
        switch (*text) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*text, f);
        }
    }
}

void html_begin(FILE *f, const char *title, const char *extra_css)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    html_text(f, title);
    fprintf(f, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n", STYLE, extra_css ? extra_css : "");
}

void html_end(FILE *f, const char *made_by)
{
    fputs("<footer>", f);
    html_text(f, made_by);
    fputs("</footer>\n</body>\n</html>\n", f);
}

void html_value_bar(FILE *f, double value, double scale)
{
    if (!(scale > 0))
        return;
    const double half = 40;
    double w = fmin(fabs(value) / scale, 1) * half;
    double x = value < 0 ? half - w : half;
    fprintf(f, "<svg width=\"80\" height=\"9\" viewBox=\"0 0 80 9\" role=\"img\">"
               "<rect x=\"%.2f\" y=\"1\" width=\"%.2f\" height=\"7\" fill=\"%s\"/>"
               "<line x1=\"40\" y1=\"0\" x2=\"40\" y2=\"9\" stroke=\"#666\" stroke-width=\"0.6\"/></svg>",
            x, w, value < 0 ? "#c0392b" : "#27864a");
}

/* A round step for an axis reaching top: 1, 2 or 5 times a power of ten. */
static double axis_step(double top)
{
    double raw = top / 4, p = pow(10, floor(log10(raw)));
    return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
}

static const char *bar_colour(int sign) { return sign < 0 ? "#c0392b" : sign > 0 ? "#27864a" : "#7f8c8d"; }

void html_bar_chart(FILE *f, const struct html_bars *b)
{
    const double W = 700, H = 230, left = 52, right = 8, top = 10, bottom = 34;
    double max = 0;
    for (int i = 0; i < b->n; i++)
        max = fmax(max, b->heights[i]);
    if (b->n <= 0 || !(max > 0))
        return;
    double step = axis_step(max), ymax = ceil(max / step) * step, slot = (W - left - right) / b->n;
    int every = (int)ceil(24.0 / slot); /* labels at least 24 px apart: "+250" fits */
    fprintf(f, "<figure><svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n", W, H, W, H);
    for (double y = 0; y <= ymax + step / 2; y += step) {
        double py = top + (H - top - bottom) * (1 - y / ymax);
        fprintf(f, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                left, py, W - right, py, left - 4, py + 2.5, y);
    }
    for (int i = 0; i < b->n; i++) {
        double h = (H - top - bottom) * b->heights[i] / ymax, x = left + i * slot;
        fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"/>", x + slot * 0.1,
                H - bottom - h, slot * 0.8, h, bar_colour(b->sign[i]));
        if (i % every == 0) {
            fprintf(f, "<text x=\"%.2f\" y=\"%.0f\" text-anchor=\"middle\">", x + slot / 2, H - bottom + 11);
            html_text(f, b->labels[i]);
            fputs("</text>", f);
        }
        fputc('\n', f);
    }
    fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#333\"/>\n", left, H - bottom, W - right,
            H - bottom);
    fprintf(f, "<text x=\"12\" y=\"%.0f\" transform=\"rotate(-90 12 %.0f)\" text-anchor=\"middle\">", (H - bottom) / 2,
            (H - bottom) / 2);
    html_text(f, b->y_label);
    fprintf(f, "</text>\n</svg><figcaption>");
    html_text(f, b->title);
    fputs("</figcaption></figure>\n", f);
}

static const char *const LINE_COLOURS[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                           "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};

void html_line_chart(FILE *f, const struct html_lines *l)
{
    const double W = 700, H = 250, left = 52, right = 90, top = 10, bottom = 36;
    if (l->n <= 0 || !(l->x_max > 0))
        return;
    double lo = 0, hi = 0;
    for (int i = 0; i < l->n; i++) {
        double a = l->intercept[i], b = l->intercept[i] + l->slope[i] * l->x_max;
        lo = fmin(lo, fmin(a, b)), hi = fmax(hi, fmax(a, b));
    }
    double ystep = axis_step(hi - lo > 0 ? hi - lo : 1), xstep = axis_step(l->x_max);
    lo = floor(lo / ystep) * ystep, hi = ceil(hi / ystep) * ystep;
    if (hi <= lo)
        hi = lo + ystep;
#define PX(x) (left + (W - left - right) * (x) / l->x_max)
#define PY(y) (top + (H - top - bottom) * (hi - (y)) / (hi - lo))
    fprintf(f, "<figure><svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n", W, H, W, H);
    for (double y = lo; y <= hi + ystep / 2; y += ystep)
        fprintf(f, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"%s\"/><text x=\"%.0f\" y=\"%.1f\" "
                   "text-anchor=\"end\">%g</text>\n",
                left, PY(y), W - right, PY(y), fabs(y) < ystep / 2 ? "#333" : "#ddd", left - 4, PY(y) + 2.5,
                fabs(y) < ystep / 2 ? 0 : y);
    for (double x = 0; x <= l->x_max + xstep / 2; x += xstep)
        fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%g</text>\n", PX(x), H - bottom + 12, x);
    if (l->x_mark > 0 && l->x_mark <= l->x_max)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n",
                PX(l->x_mark), top, PX(l->x_mark), H - bottom);
    for (int i = 0; i < l->n; i++) { /* each line, and its name in the legend on the right */
        const char *c = LINE_COLOURS[i % 8];
        double y1 = l->intercept[i] + l->slope[i] * l->x_max;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>"
                   "<rect x=\"%.0f\" y=\"%.0f\" width=\"10\" height=\"3\" fill=\"%s\"/><text x=\"%.0f\" y=\"%.0f\">",
                PX(0), PY(l->intercept[i]), PX(l->x_max), PY(y1), c, W - right + 8, top + 12 * i + 4, c, W - right + 22,
                top + 12 * i + 8);
        html_text(f, l->labels[i]);
        fputs("</text>\n", f);
    }
#undef PX
#undef PY
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">", (left + W - right) / 2, H - 4);
    html_text(f, l->x_label);
    fprintf(f, "</text><text x=\"12\" y=\"%.0f\" transform=\"rotate(-90 12 %.0f)\" text-anchor=\"middle\">",
            (H - bottom) / 2, (H - bottom) / 2);
    html_text(f, l->y_label);
    fputs("</text>\n</svg><figcaption>", f);
    html_text(f, l->title);
    fputs("</figcaption></figure>\n", f);
}

char *html_count_text(const char *digits, char *buf, size_t len)
{
    size_t n = strlen(digits), start = digits[0] == '-', k = 0;
    for (size_t i = 0; i < n && k + 2 < len; i++) {
        buf[k++] = digits[i];
        size_t left = n - 1 - i;
        if (i >= start && left > 0 && left % 3 == 0)
            buf[k++] = ',';
    }
    if (len)
        buf[k < len ? k : len - 1] = 0;
    return buf;
}

void html_count(FILE *f, const char *digits)
{
    char buf[80];
    fputs(html_count_text(digits, buf, sizeof buf), f);
}
