/*
 * fuzz_server_check.c - fuzz_server.c's invariant of a table: the table
 * in memory against its stored log replayed into a fresh one
 * (mgs_table_load), field by field, and the seats nobody could take or
 * play; with the small readers of the store it needs (fuzz_server.h).
 */
#include "fuzz.h"
#include "fuzz_server.h"
#include "server.h"

int32_t *history(const mg_state *s, size_t *n)
{
    int32_t *h;
    int rc = mg_state_history(s, NULL, 0, n);
    FUZZ_REQUIRE(rc == MG_OK || rc == MG_ENOBUFS, "history size");
    h = malloc((*n + 1) * sizeof *h);
    FUZZ_REQUIRE(h != NULL, "out of memory");
    FUZZ_REQUIRE(mg_state_history(s, h, *n, n) == MG_OK, "history");
    return h;
}

/* What a step may not change: each table's version and history. */

int count_event(void *arg, const mgs_event_row *ev)
{
    int64_t *n = arg;
    FUZZ_REQUIRE(ev->version == *n + 1, "stored event %lld after %lld",
                 (long long)ev->version, (long long)*n);
    (*n)++;
    return 0;
}

int read_row(void *arg, const mgs_table_row *row)
{
    rowinfo *ri = arg;
    json_error_t je;
    json_t *j = json_loads(row->json, 0, &je);
    FUZZ_REQUIRE(j != NULL, "stored row: %s", row->json);
    snprintf(ri->status, sizeof ri->status, "%s",
             json_string_value(json_object_get(j, "status")));
    ri->version = json_integer_value(json_object_get(j, "version"));
    json_decref(j);
    return 0;
}

int ignore_seat(void *arg, const mgs_seat_row *s)
{
    (void)arg;
    (void)s;
    return 0;
}

/* The table t (locked) against its stored log replayed. */
void check_table(mgs_srv *srv, mgs_table *t)
{
    int64_t stored = 0;
    rowinfo ri;
    mgs_table *f;
    int32_t *ha, *hb;
    size_t na, nb, i;
    int k;
    FUZZ_REQUIRE(mgs_store_events(srv->store, t->id, 0, count_event,
                                  &stored) == MGS_OK,
                 "events of %s", t->id);
    FUZZ_REQUIRE(stored == t->r.version,
                 "table %s at version %lld has %lld stored events", t->id,
                 (long long)t->r.version, (long long)stored);
    memset(&ri, 0, sizeof ri);
    FUZZ_REQUIRE(mgs_store_table(srv->store, t->id, read_row, ignore_seat,
                                 &ri) == MGS_OK,
                 "no stored table %s", t->id);
    FUZZ_REQUIRE(ri.version == t->r.version &&
                     strcmp(ri.status, mgs_status_name(t->r.status)) == 0,
                 "stored row %s v%lld, table %s v%lld", ri.status,
                 (long long)ri.version, mgs_status_name(t->r.status),
                 (long long)t->r.version);
    f = mgs_table_load(srv, t->id);
    FUZZ_REQUIRE(f != NULL, "table %s cannot be loaded", t->id);
    FUZZ_REQUIRE(f->r.version == t->r.version, "loaded version %lld, not %lld",
                 (long long)f->r.version, (long long)t->r.version);
    FUZZ_REQUIRE(f->r.status == t->r.status, "loaded status %s, not %s",
                 mgs_status_name(f->r.status), mgs_status_name(t->r.status));
    ha = history(t->r.state, &na);
    hb = history(f->r.state, &nb);
    FUZZ_REQUIRE(na == nb && memcmp(ha, hb, na * sizeof *ha) == 0,
                 "loaded history differs (%lu actions, not %lu)",
                 (unsigned long)nb, (unsigned long)na);
    FUZZ_REQUIRE(na == 0 || memcmp(t->r.movers, f->r.movers, na) == 0,
                 "movers differ");
    FUZZ_REQUIRE(mg_state_hash(t->r.state) == mg_state_hash(f->r.state),
                 "state hash");
    FUZZ_REQUIRE(strcmp(t->r.spec, f->r.spec) == 0, "spec");
    FUZZ_REQUIRE(t->r.winner == f->r.winner && t->r.drawn == f->r.drawn &&
                     strcmp(t->r.how, f->r.how) == 0 &&
                     strcmp(t->r.reason, f->r.reason) == 0,
                 "result: %d %d %s (%s) loaded as %d %d %s (%s)", t->r.winner,
                 t->r.drawn, t->r.how, t->r.reason, f->r.winner, f->r.drawn,
                 f->r.how, f->r.reason);
    FUZZ_REQUIRE(t->r.draw_offer == f->r.draw_offer &&
                     t->r.takeback_req == f->r.takeback_req,
                 "offers: draw %d takeback %d, loaded %d %d", t->r.draw_offer,
                 t->r.takeback_req, f->r.draw_offer, f->r.takeback_req);
    FUZZ_REQUIRE(t->r.actions_by[0] == f->r.actions_by[0] &&
                     t->r.actions_by[1] == f->r.actions_by[1],
                 "actions_by %d %d, loaded %d %d", t->r.actions_by[0],
                 t->r.actions_by[1], f->r.actions_by[0], f->r.actions_by[1]);
    FUZZ_REQUIRE(t->r.creator == f->r.creator &&
                     t->r.takebacks == f->r.takebacks &&
                     t->r.bot_seed == f->r.bot_seed,
                 "settings");
    FUZZ_REQUIRE(t->r.has_clock == f->r.has_clock &&
                     t->r.base_ms == f->r.base_ms &&
                     t->r.inc_ms == f->r.inc_ms &&
                     t->r.days_per_move == f->r.days_per_move,
                 "clock setup");
    /* a correspondence clock's deadline is read from the log */
    FUZZ_REQUIRE(!t->r.days_per_move ||
                     mgs_table_deadline(t) == mgs_table_deadline(f),
                 "deadline %lld, loaded %lld",
                 (long long)mgs_table_deadline(t),
                 (long long)mgs_table_deadline(f));
    FUZZ_REQUIRE(t->r.clock_seat == f->r.clock_seat,
                 "running clock %d, loaded %d", t->r.clock_seat,
                 f->r.clock_seat);
    FUZZ_REQUIRE(!t->r.has_clock || (t->r.remaining[0] == f->r.remaining[0] &&
                                     t->r.remaining[1] == f->r.remaining[1]),
                 "clocks %lld %lld, loaded %lld %lld",
                 (long long)t->r.remaining[0], (long long)t->r.remaining[1],
                 (long long)f->r.remaining[0], (long long)f->r.remaining[1]);
    FUZZ_REQUIRE(strcmp(t->r.rematch, f->r.rematch) == 0, "rematch '%s' '%s'",
                 t->r.rematch, f->r.rematch);
    FUZZ_REQUIRE(t->r.created_ms == f->r.created_ms &&
                     t->r.updated_ms == f->r.updated_ms,
                 "times");
    for (k = 0; k < 2; k++) {
        const mgs_seat_replayed *a = &t->r.seats[k], *b = &f->r.seats[k];
        FUZZ_REQUIRE(a->kind == b->kind && strcmp(a->bot, b->bot) == 0 &&
                         a->joined == b->joined && a->level == b->level,
                     "seat %d: kind %d '%s' joined %d, loaded %d '%s' %d", k,
                     a->kind, a->bot, a->joined, b->kind, b->bot, b->joined);
        FUZZ_REQUIRE(memcmp(a->secret_hash, b->secret_hash, MGS_HASH_LEN) ==
                             0 &&
                         memcmp(a->invite_hash, b->invite_hash,
                                MGS_HASH_LEN) == 0,
                     "seat %d: secret or invite differs from storage", k);
    }
    FUZZ_REQUIRE(t->r.ncmds == f->r.ncmds, "%d command answers, %d stored",
                 t->r.ncmds, f->r.ncmds);
    for (k = 0; k < t->r.ncmds; k++)
        FUZZ_REQUIRE(t->r.cmds[k].seat == f->r.cmds[k].seat &&
                         strcmp(t->r.cmds[k].id, f->r.cmds[k].id) == 0 &&
                         t->r.cmds[k].status == f->r.cmds[k].status &&
                         strcmp(t->r.cmds[k].answer, f->r.cmds[k].answer) == 0,
                     "command answer %d differs from storage", k);
    FUZZ_REQUIRE(t->r.status != MGS_PLAYING ||
                     (t->r.seats[0].joined && t->r.seats[1].joined),
                 "playing with a seat not taken");
    for (k = 0; k < 2; k++)
        FUZZ_REQUIRE(t->r.status != MGS_WAITING ||
                         t->r.seats[k].kind != MGS_HUMAN ||
                         t->r.seats[k].joined ||
                         !mgs_hash_zero(t->r.seats[k].invite_hash),
                     "table %s (waiting, v%lld): seat %d is free but has no "
                     "invite: nobody can ever take it",
                     t->id, (long long)t->r.version, k);
    for (k = 0; k < 2; k++)
        FUZZ_REQUIRE(t->r.seats[k].kind != MGS_HUMAN || !t->r.seats[k].joined ||
                         !mgs_hash_zero(t->r.seats[k].secret_hash),
                     "table %s (%s, v%lld): seat %d is a person who joined "
                     "but nobody holds its secret",
                     t->id, mgs_status_name(t->r.status),
                     (long long)t->r.version, k);
    free(ha);
    free(hb);
    mgs_table_free(f);
    (void)i;
}
