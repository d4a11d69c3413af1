/*
 * check_svg.c - the status text of an SVG rendering lies inside the
 * picture, for every game of the shared table marked TS_SVG
 * (game_specs.h: every game on small, default and large boards).
 *
 * At the start, in the middle (a fixed-seed mg_state_playout of a few
 * actions) and at the end (a playout to the end) the picture has at least
 * one <text class="status" x="X" y="Y" ...>CONTENT</text> element, and
 * every one has X >= 0, Y <= the viewBox height, and X plus the width of
 * CONTENT at most the viewBox width.  The width is estimated for a 14 px
 * sans-serif face at 0.62 em per character (an XML entity such as &amp;
 * and a UTF-8 sequence count as one character).
 */
#include "tests.h"

#include "game_specs.h"

#include <stdio.h>
#include <string.h>

#define STATUS_EM 0.62  /* estimated advance per character, in em */
#define STATUS_PX 14.0  /* font size of the status text */
#define MID_ACTIONS 6   /* the middle: a playout of this many actions */
#define PLAYOUT_SEED 42 /* the seed of both playouts */

/* The k-th entry marked TS_SVG; NULL after the last. */
static const mg_test_spec *svg_entry(int k)
{
    int i;
    for (i = 0; i < MG_N_TEST_SPECS; i++)
        if ((mg_test_specs[i].uses & TS_SVG) && k-- == 0)
            return &mg_test_specs[i];
    return NULL;
}

static int n_svg_entries(void)
{
    int n = 0;
    while (svg_entry(n))
        n++;
    return n;
}

static char *render_svg(const mg_state *s)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 0, &need),
                     MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, buf, need, NULL),
                     MG_OK);
    return buf;
}

/* The number of attribute `name` (" x=", " y=") in the tag [tag, end);
 * 1 when found. */
static int attr_num(const char *tag, const char *end, const char *name,
                    double *v)
{
    const char *p = strstr(tag, name);
    return p && p < end && sscanf(p + strlen(name), "\"%lf\"", v) == 1;
}

/* Characters of the text [p, end): an entity (&...;) is one, and so is a
 * UTF-8 sequence (continuation bytes are not counted). */
static size_t text_chars(const char *p, const char *end)
{
    size_t n = 0;
    while (p < end) {
        if (*p == '&') {
            const char *semi = memchr(p, ';', (size_t)(end - p));
            p = semi ? semi + 1 : p + 1;
            n++;
        } else {
            n += ((unsigned char)*p & 0xC0) != 0x80;
            p++;
        }
    }
    return n;
}

/* Checks one picture; the first problem goes to why (empty when none). */
static void check_status(const char *svg, const char *when, char *why,
                         size_t cap)
{
    static const char start_tag[] = "<text class=\"status\"";
    const char *vb = strstr(svg, "viewBox=\""), *p = svg;
    double vx, vy, w, h;
    int found = 0;
    why[0] = '\0';
    if (!vb || sscanf(vb + 9, "%lf %lf %lf %lf", &vx, &vy, &w, &h) != 4) {
        snprintf(why, cap, "%s: no viewBox", when);
        return;
    }
    while ((p = strstr(p, start_tag)) != NULL) {
        const char *tag_end = strchr(p, '>'), *close;
        double x, y, width;
        size_t n;
        if (!tag_end || !(close = strstr(tag_end, "</text>"))) {
            snprintf(why, cap, "%s: a status element without its end", when);
            return;
        }
        if (!attr_num(p, tag_end, " x=", &x) ||
            !attr_num(p, tag_end, " y=", &y)) {
            snprintf(why, cap, "%s: a status element without x and y", when);
            return;
        }
        n = text_chars(tag_end + 1, close);
        width = STATUS_EM * STATUS_PX * (double)n;
        if (x < 0 || y > h || x + width > w) {
            snprintf(why, cap,
                     "%s: status \"%.*s\" at x=%g y=%g, about %g px wide, "
                     "outside the viewBox %g x %g",
                     when, (int)(close - tag_end - 1), tag_end + 1, x, y,
                     width, w, h);
            return;
        }
        found++;
        p = close;
    }
    if (!found)
        snprintf(why, cap, "%s: no <text class=\"status\"> element", when);
}

START_TEST(status_inside_picture)
{
    const mg_test_spec *e = svg_entry(_i);
    static const char *const when[] = {"start", "middle", "end"};
    char why[3][512];
    mg_game *g = NULL;
    mg_state *s = NULL;
    int k;
    ck_assert_ptr_nonnull(e);
    MG_GAME(g, e->spec);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (k = 0; k < 3; k++) {
        char *svg;
        if (k == 1)
            mg_state_playout(s, PLAYOUT_SEED, MID_ACTIONS);
        else if (k == 2)
            mg_state_playout(s, PLAYOUT_SEED, -1);
        svg = render_svg(s);
        check_status(svg, when[k], why[k], sizeof why[k]);
        free(svg);
    }
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    mg_state_free(s);
    mg_game_free(g);
    for (k = 0; k < 3; k++)
        ck_assert_msg(why[k][0] == '\0', "%s (%s): %s", e->name, e->spec,
                      why[k]);
}
END_TEST

Suite *mg_svg_suite(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("status");
    tcase_add_loop_test(tc, status_inside_picture, 0, n_svg_entries());
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
