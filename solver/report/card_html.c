/* card_html.c — a strategy card as one printable page (card_html.h). */
#include "card_html.h"

#include <stdbool.h>
#include <string.h>

#include "html_page.h"

/* Dense type so that fifteen rules, the figures and two maps fit one
 * sheet; no @page size: Chromium prints Letter, a browser in Europe A4,
 * and the page is kept inside both (190 mm wide, 255 mm tall). */
static const char CARD_CSS[] =
    "@page { size: auto; margin: 10mm; }\n"
    "ol.rules { font-size: 9.5pt; margin: 4pt 0 6pt 18pt; padding: 0; }\n"
    "ol.rules li { margin: 0 0 1pt; }\n"
    ".maps { display: flex; flex-wrap: wrap; gap: 10pt; align-items: flex-start; }\n"
    "table.map { font-size: 6.5pt; margin: 2pt 0; }\n"
    "table.map td, table.map th { padding: 0 2pt; text-align: center; border-color: #ccc; }\n"
    "table.map th { background: #f4f4f4; }\n"
    ".legend span { display: inline-block; padding: 0 4pt; margin-right: 4pt; border: 1px solid #ccc; }\n";

/* Pale to full colours of up to four actions (fold, refuse/play, buy...). */
static const char *const MAP_RGB[CARD_MAP_MAX_ACTIONS] = {"192,57,43", "41,128,185", "39,134,74", "142,68,173"};

static const json_object *key(const json_object *o, const char *k)
{
    json_object *v = NULL;
    json_object_object_get_ex(o, k, &v);
    return v;
}

static double number(const json_object *o, const char *k)
{
    const json_object *v = key(o, k);
    return v ? json_object_get_double(v) : 0;
}

/* The value of an {exact, value} pair, and its exact text. */
static double pair_value(const json_object *o, const char *k) { return number(key(o, k), "value"); }

static const char *pair_exact(const json_object *o, const char *k)
{
    const json_object *v = key(key(o, k), "exact");
    return v ? json_object_get_string((json_object *)v) : "";
}

static void rule_list(FILE *f, const json_object *rules)
{
    fputs("<ol class=\"rules\">\n", f);
    for (size_t i = 0; rules && i < json_object_array_length(rules); i++) {
        fputs("<li>", f);
        html_text(f, json_object_get_string(json_object_array_get_idx(rules, i)));
        fputs("</li>\n", f);
    }
    fputs("</ol>\n", f);
}

/* A whole number of the JSON with thousands separators. */
static void grouped(FILE *f, const json_object *o, const char *k)
{
    char digits[40];
    snprintf(digits, sizeof digits, "%lld", (long long)json_object_get_int64(key(o, k)));
    html_count(f, digits);
}

static void figures(FILE *f, const struct card_page *p)
{
    const json_object *c = p->card;
    fputs("<div class=\"headline\">", f);
    fprintf(f, "<div>EV with this card<b>%+.6f%%</b></div>", 100 * pair_value(c, "ev"));
    fprintf(f, "<div>EV with the optimal strategy<b>%+.6f%%</b></div>", 100 * pair_value(c, "optimal_ev"));
    fprintf(f, "<div>cost of the card<b>%.6f%%</b></div>", number(c, "cost_percent"));
    fprintf(f, "<div>cost per initial wager<b>%.6f%%</b></div></div>\n", number(c, "cost_percent_of_initial_wager"));
    fputs("<p class=\"note\">Per ", f);
    html_text(f, p->unit);
    fputs("; exact EV ", f);
    html_text(f, pair_exact(c, "ev"));
    fputs(", optimal ", f);
    html_text(f, pair_exact(c, "optimal_ev"));
    fputs(", cost ", f);
    html_text(f, pair_exact(c, "cost"));
    fputs(". The card plays ", f);
    grouped(f, c, "hands_otherwise");
    fputc(' ', f);
    html_text(f, p->counted);
    fputs(" otherwise than the optimal strategy.</p>\n", f);
}

static void tiers(FILE *f, const struct card_page *p)
{
    const json_object *t = key(p->card, "tiers");
    size_t n = t ? json_object_array_length(t) : 0;
    if (!n)
        return;
    bool named = key(json_object_array_get_idx(t, 0), "named_cards") != NULL; /* Frenzy: by the cards named */
    fprintf(f, "<h3>Coarser cards</h3>\n<table>\n<tr><th class=\"n\">%s</th><th class=\"n\">EV</th>"
               "<th class=\"n\">cost</th><th class=\"n\">cost per initial wager</th><th class=\"n\">", named ? "cards named" : "rules");
    html_text(f, p->counted);
    fputs(" otherwise</th></tr>\n", f);
    for (size_t i = 0; i < n; i++) {
        const json_object *o = json_object_array_get_idx(t, i), *r = key(o, "rules");
        double size = named ? number(o, "named_cards") : r ? (double)json_object_array_length(r) : 0;
        fprintf(f, "<tr><td class=\"n\">%.0f</td><td class=\"n\">%+.6f%%</td><td class=\"n\">%.6f%%</td>"
                   "<td class=\"n\">%.6f%%</td><td class=\"n\">",
                size, 100 * pair_value(o, "ev"), number(o, "cost_percent"), number(o, "cost_percent_of_initial_wager"));
        grouped(f, o, "hands_otherwise");
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n<p class=\"note\">Their rules: the Markdown and JSON cards beside this page.</p>\n", f);
}

static void map_cell(FILE *f, const struct card_map *m, int r, int c)
{
    int a = m->action[r][c];
    if (a < 0) {
        fputs("<td></td>", f);
        return;
    }
    double alpha = 0.25 + 0.6 * m->share[r][c];
    fprintf(f, "<td style=\"background: rgba(%s,%.2f)\">", MAP_RGB[a % CARD_MAP_MAX_ACTIONS], alpha);
    html_text(f, m->action_letter[a]);
    fputs("</td>", f);
}

static void map_table(FILE *f, const struct card_map *m)
{
    fputs("<div><h3>", f), html_text(f, m->title), fputs("</h3>\n<table class=\"map\">\n<tr><th>", f);
    html_text(f, m->row_label), fputs(" \\ ", f), html_text(f, m->col_label), fputs("</th>", f);
    for (int c = 0; c < m->ncols; c++)
        fputs("<th>", f), html_text(f, m->col_names[c]), fputs("</th>", f);
    fputs("</tr>\n", f);
    for (int r = 0; r < m->nrows; r++) {
        fputs("<tr><th>", f), html_text(f, m->row_names[r]), fputs("</th>", f);
        for (int c = 0; c < m->ncols; c++)
            map_cell(f, m, r, c);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n<p class=\"legend note\">", f);
    for (int a = 0; a < m->nactions; a++) {
        fprintf(f, "<span style=\"background: rgba(%s,0.7)\">", MAP_RGB[a]);
        html_text(f, m->action_letter[a]), fputs(" ", f), html_text(f, m->action_name[a]);
        fputs("</span>", f);
    }
    fputs("</p>\n", f);
    if (m->note)
        fputs("<p class=\"note\" style=\"max-width: 92mm\">", f), html_text(f, m->note), fputs("</p>", f);
    fputs("</div>\n", f);
}

void card_html_write(FILE *f, const struct card_page *p)
{
    html_begin(f, p->title, CARD_CSS);
    fputs("<h1>", f), html_text(f, p->title), fputs("</h1>\n<p>", f);
    html_text(f, p->about);
    fputs("</p>\n", f);
    if (p->how_to_read)
        fputs("<p class=\"note\">", f), html_text(f, p->how_to_read), fputs("</p>\n", f);
    rule_list(f, key(p->card, "rules"));
    figures(f, p);
    if (p->nmaps) {
        fputs("<div class=\"maps\">\n", f);
        for (int i = 0; i < p->nmaps; i++)
            map_table(f, &p->maps[i]);
        fputs("</div>\n", f);
    }
    tiers(f, p);
    html_end(f, p->made_by);
}

static bool rows_agree(const struct card_map *m, int a, int b)
{
    for (int c = 0; c < m->ncols; c++)
        if (m->action[a][c] != m->action[b][c])
            return false;
    return true;
}

void card_map_merge_rows(struct card_map *m)
{
    int out = 0;
    for (int r = 0; r < m->nrows;) {
        int end = r;
        while (end + 1 < m->nrows && rows_agree(m, r, end + 1))
            end++;
        char name[16];
        if (end > r)
            snprintf(name, sizeof name, "%.7s-%.7s", m->row_names[end], m->row_names[r]);
        else
            snprintf(name, sizeof name, "%s", m->row_names[r]);
        double least = 1; /* a band is as pale as its least agreed cell */
        for (int c = 0; c < m->ncols; c++) {
            for (int k = r; k <= end; k++)
                least = m->share[k][c] < least ? m->share[k][c] : least;
            m->action[out][c] = m->action[r][c];
            m->share[out][c] = least, least = 1;
        }
        memcpy(m->row_names[out++], name, sizeof name);
        r = end + 1;
    }
    m->nrows = out;
}
