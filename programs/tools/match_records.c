/*
 * match_records.c - the records file of --records: a header naming the
 * match, then one block per finished game, appended and flushed as the
 * game ends:
 *
 *   # game 12: pairing=0 pair=6 a_seat=0 a_result=win forfeit=- actions=14
 *   # A random (seat 0) vs B greedy (seat 1): A wins
 *   mindgames-record 1          <- the game's complete library record
 *   ...
 *   # end game 12
 *
 * A block without its end line (a match killed while writing) is not a
 * game: --resume drops it and plays that game again.
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const result_word[3] = {"loss", "draw", "win"};

/* Text on a comment line: a control character would end the line. */
static void put_plain(strbuf *out, const char *s)
{
    for (; *s; s++)
        sb_putc(out, (unsigned char)*s < 32 ? '?' : *s);
}

void match_block_head(const match *m, long i, const game_result *r,
                      const char *forfeit_reason, strbuf *out)
{
    int pairing, g, e[2];
    long k;
    const char *p;
    match_game_of(m, i, &pairing, &k, &g);
    e[r->a_seat] = m->pa[pairing];
    e[1 - r->a_seat] = m->pb[pairing];
    sb_printf(out,
              "# game %ld: pairing=%d pair=%ld a_seat=%d a_result=%s "
              "forfeit=%c actions=%ld\n",
              i + 1, pairing, k, r->a_seat, result_word[r->result + 1],
              r->forfeit < 0 ? '-' : r->forfeit ? 'b' : 'a',
              (long)r->actions);
    sb_printf(out, "# %c ", 'A' + e[0]);
    put_plain(out, m->eng_arg[e[0]]);
    sb_printf(out, " (seat 0) vs %c ", 'A' + e[1]);
    put_plain(out, m->eng_arg[e[1]]);
    sb_puts(out, " (seat 1): ");
    if (r->result == 0)
        sb_puts(out, "draw\n");
    else
        sb_printf(out, "%c wins%s\n",
                  'A' + (r->result > 0 ? m->pa[pairing] : m->pb[pairing]),
                  r->forfeit >= 0 ? " by forfeit" : "");
    if (!forfeit_reason)
        return;
    sb_puts(out, "# forfeit: ");
    for (p = forfeit_reason; *p; p++) {
        sb_putc(out, *p);
        if (*p == '\n')
            sb_puts(out, "# ");
    }
    sb_putc(out, '\n');
}

/* The length of the header (three lines) when it is this match's, else
 * 0 with the reason in err. */
static size_t header_len(const match *m, const char *text, char *err,
                         size_t errcap)
{
    char want[160];
    const char *p = text;
    int lines;
    snprintf(want, sizeof want,
             "# mg-match records 1\n# match %016llx shard %d/%d\n",
             (unsigned long long)m->id, m->shard, m->nshards);
    if (strncmp(text, want, strlen(want))) {
        if (strncmp(text, "# mg-match records 1\n", 21))
            snprintf(err, errcap, "not an mg-match records file");
        else
            snprintf(err, errcap, "the records of another match (other "
                                  "settings, engines or shard)");
        return 0;
    }
    for (lines = 0; lines < 3 && (p = strchr(p, '\n')); lines++)
        p++;
    if (!p) {
        snprintf(err, errcap, "its header is cut short");
        return 0;
    }
    return (size_t)(p - text);
}

/* One block from its head line to its end line: the game it holds into
 * the match.  0, or -1 (bad block: err). */
static int take_block(match *m, const char *head, const char *body,
                      size_t body_len, char *err, size_t errcap)
{
    long i, pairing, k, actions;
    int a_seat;
    char res[8], forf;
    game_result r;
    strbuf rec;
    mg_state *s = NULL;
    mg_game *g = NULL;
    const char *reason;
    if (sscanf(head,
               "# game %ld: pairing=%ld pair=%ld a_seat=%d a_result=%7s "
               "forfeit=%c actions=%ld",
               &i, &pairing, &k, &a_seat, res, &forf, &actions) != 7 ||
        --i < 0 || i >= m->total || !match_valid_index(m, i) ||
        a_seat != (int)(i % 2)) {
        snprintf(err, errcap, "a bad game line: %.60s", head);
        return -1;
    }
    memset(&r, 0, sizeof r);
    r.done = 1;
    r.a_seat = (signed char)a_seat;
    r.result = (signed char)(!strcmp(res, "win") ? 1 : !strcmp(res, "draw") ? 0 : -1);
    r.forfeit = (signed char)(forf == 'a' ? 0 : forf == 'b' ? 1 : -1);
    r.actions = (int32_t)actions;
    sb_init(&rec);
    sb_add(&rec, body, body_len);
    if (mg_state_load(&s, &g, rec.s, err, errcap) != MG_OK) {
        sb_free(&rec);
        return -1;
    }
    mg_state_free(s);
    mg_game_free(g);
    sb_free(&rec);
    if (m->res[i].done)
        return 0; /* the same game twice: keep the first */
    m->res[i] = r;
    if (r.forfeit >= 0 && (reason = strstr(head, "\n# forfeit: "))) {
        size_t n = strcspn(reason + 12, "\n");
        char *one = util_xmalloc(n + 1);
        memcpy(one, reason + 12, n);
        one[n] = '\0';
        match_add_note(m, i, r.forfeit ? m->pb[pairing] : m->pa[pairing],
                       one);
        free(one);
    }
    match_count(m, i, &r);
    m->resumed++;
    return 0;
}

/* Read every complete block after the header; *keep receives the length
 * of the text up to the end of the last one. */
static int read_blocks(match *m, const char *text, size_t *keep, char *err,
                       size_t errcap)
{
    const char *p = text + *keep, *head = NULL, *body = NULL;
    while (*p) {
        const char *eol = strchr(p, '\n');
        if (!eol)
            break; /* an unfinished last line */
        if (!strncmp(p, "# game ", 7)) {
            head = p;
            body = NULL;
        } else if (head && !body && !strncmp(p, "mindgames-record", 16)) {
            body = p;
        } else if (head && body && !strncmp(p, "# end game ", 11)) {
            size_t n = (size_t)(body - head);
            char *line = memcpy(util_xmalloc(n + 1), head, n);
            int rc;
            line[n] = '\0';
            rc = take_block(m, line, body, (size_t)(p - body), err, errcap);
            free(line);
            if (rc < 0)
                return -1;
            head = body = NULL;
            *keep = (size_t)(eol + 1 - text);
        }
        p = eol + 1;
    }
    return 0;
}

static int resume(match *m)
{
    char err[512];
    size_t len = 0, keep;
    struct stat st;
    char *text;
    if (stat(m->records, &st) != 0 && errno == ENOENT)
        return 1; /* nothing to resume: a new file */
    text = util_slurp(m->records, &len, err, sizeof err);
    m->replaying = 1;
    if (!text || !(keep = header_len(m, text, err, sizeof err)) ||
        read_blocks(m, text, &keep, err, sizeof err) < 0) {
        m->replaying = 0;
        fprintf(stderr, "mg-match: --resume %s: %s\n", m->records, err);
        free(text);
        return -1;
    }
    m->replaying = 0;
    free(text);
    if (keep < len && truncate(m->records, (off_t)keep) != 0) {
        fprintf(stderr, "mg-match: %s: %s\n", m->records, strerror(errno));
        return -1;
    }
    if (keep < len && !m->quiet)
        fprintf(stderr, "mg-match: %s: dropped an unfinished game at its "
                        "end\n", m->records);
    return 0;
}

int match_records_open(match *m)
{
    struct stat st;
    int fresh = 1;
    if (!m->records)
        return 0;
    if (m->resume) {
        int rc = resume(m);
        if (rc < 0)
            return -1;
        fresh = rc == 1;
    } else if (stat(m->records, &st) == 0 && st.st_size > 0) {
        fprintf(stderr, "mg-match: %s exists: add --resume to continue its "
                        "match, or name another file\n", m->records);
        return -1;
    }
    m->rec = fopen(m->records, "a");
    if (!m->rec) {
        fprintf(stderr, "mg-match: %s: %s\n", m->records, strerror(errno));
        return -1;
    }
    util_cloexec(fileno(m->rec));
    if (fresh) {
        fprintf(m->rec, "# mg-match records 1\n# match %016llx shard %d/%d\n"
                        "# settings: %s\n",
                (unsigned long long)m->id, m->shard, m->nshards,
                m->settings);
        fflush(m->rec);
    }
    return 0;
}

void match_records_append(match *m, long i, const char *block)
{
    if (!m->rec)
        return;
    fprintf(m->rec, "%s# end game %ld\n", block, i + 1);
    if (fflush(m->rec) != 0) {
        fprintf(stderr, "mg-match: %s: %s\n", m->records, strerror(errno));
        fclose(m->rec);
        m->rec = NULL;
    }
}

void match_records_close(match *m)
{
    if (m->rec)
        fclose(m->rec);
    m->rec = NULL;
}
