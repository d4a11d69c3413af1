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
    FUZZ_REQUIRE(stored == t->version,
                 "table %s at version %lld has %lld stored events", t->id,
                 (long long)t->version, (long long)stored);
    memset(&ri, 0, sizeof ri);
    FUZZ_REQUIRE(mgs_store_table(srv->store, t->id, read_row, ignore_seat,
                                 &ri) == MGS_OK,
                 "no stored table %s", t->id);
    FUZZ_REQUIRE(ri.version == t->version &&
                     strcmp(ri.status, mgs_status_name(t->status)) == 0,
                 "stored row %s v%lld, table %s v%lld", ri.status,
                 (long long)ri.version, mgs_status_name(t->status),
                 (long long)t->version);
    f = mgs_table_load(srv, t->id);
    FUZZ_REQUIRE(f != NULL, "table %s cannot be loaded", t->id);
    FUZZ_REQUIRE(f->version == t->version, "loaded version %lld, not %lld",
                 (long long)f->version, (long long)t->version);
    FUZZ_REQUIRE(f->status == t->status, "loaded status %s, not %s",
                 mgs_status_name(f->status), mgs_status_name(t->status));
    ha = history(t->state, &na);
    hb = history(f->state, &nb);
    FUZZ_REQUIRE(na == nb && memcmp(ha, hb, na * sizeof *ha) == 0,
                 "loaded history differs (%lu actions, not %lu)",
                 (unsigned long)nb, (unsigned long)na);
    FUZZ_REQUIRE(na == 0 || memcmp(t->movers, f->movers, na) == 0,
                 "movers differ");
    FUZZ_REQUIRE(mg_state_hash(t->state) == mg_state_hash(f->state),
                 "state hash");
    FUZZ_REQUIRE(strcmp(t->spec, f->spec) == 0, "spec");
    FUZZ_REQUIRE(t->winner == f->winner && t->drawn == f->drawn &&
                     strcmp(t->how, f->how) == 0 &&
                     strcmp(t->reason, f->reason) == 0,
                 "result: %d %d %s (%s) loaded as %d %d %s (%s)", t->winner,
                 t->drawn, t->how, t->reason, f->winner, f->drawn, f->how,
                 f->reason);
    FUZZ_REQUIRE(t->draw_offer == f->draw_offer &&
                     t->takeback_req == f->takeback_req,
                 "offers: draw %d takeback %d, loaded %d %d", t->draw_offer,
                 t->takeback_req, f->draw_offer, f->takeback_req);
    FUZZ_REQUIRE(t->actions_by[0] == f->actions_by[0] &&
                     t->actions_by[1] == f->actions_by[1],
                 "actions_by %d %d, loaded %d %d", t->actions_by[0],
                 t->actions_by[1], f->actions_by[0], f->actions_by[1]);
    FUZZ_REQUIRE(t->creator == f->creator && t->takebacks == f->takebacks &&
                     t->bot_seed == f->bot_seed,
                 "settings");
    FUZZ_REQUIRE(t->has_clock == f->has_clock && t->base_ms == f->base_ms &&
                     t->inc_ms == f->inc_ms,
                 "clock setup");
    FUZZ_REQUIRE(t->clock_seat == f->clock_seat,
                 "running clock %d, loaded %d", t->clock_seat, f->clock_seat);
    FUZZ_REQUIRE(!t->has_clock || (t->remaining[0] == f->remaining[0] &&
                                   t->remaining[1] == f->remaining[1]),
                 "clocks %lld %lld, loaded %lld %lld",
                 (long long)t->remaining[0], (long long)t->remaining[1],
                 (long long)f->remaining[0], (long long)f->remaining[1]);
    FUZZ_REQUIRE(strcmp(t->rematch, f->rematch) == 0, "rematch '%s' '%s'",
                 t->rematch, f->rematch);
    FUZZ_REQUIRE(t->created_ms == f->created_ms &&
                     t->updated_ms == f->updated_ms,
                 "times");
    for (k = 0; k < 2; k++) {
        const mgs_seat *a = &t->seats[k], *b = &f->seats[k];
        FUZZ_REQUIRE(a->kind == b->kind && strcmp(a->bot, b->bot) == 0 &&
                         a->joined == b->joined,
                     "seat %d: kind %d '%s' joined %d, loaded %d '%s' %d", k,
                     a->kind, a->bot, a->joined, b->kind, b->bot, b->joined);
        FUZZ_REQUIRE(memcmp(a->secret_hash, b->secret_hash, MGS_HASH_LEN) ==
                             0 &&
                         memcmp(a->invite_hash, b->invite_hash,
                                MGS_HASH_LEN) == 0,
                     "seat %d: secret or invite differs from storage", k);
    }
    FUZZ_REQUIRE(t->ncmds == f->ncmds, "%d command answers, %d stored",
                 t->ncmds, f->ncmds);
    for (k = 0; k < t->ncmds; k++)
        FUZZ_REQUIRE(t->cmds[k].seat == f->cmds[k].seat &&
                         strcmp(t->cmds[k].id, f->cmds[k].id) == 0 &&
                         t->cmds[k].status == f->cmds[k].status &&
                         strcmp(t->cmds[k].answer, f->cmds[k].answer) == 0,
                     "command answer %d differs from storage", k);
    FUZZ_REQUIRE(t->status != MGS_PLAYING ||
                     (t->seats[0].joined && t->seats[1].joined),
                 "playing with a seat not taken");
    for (k = 0; k < 2; k++)
        FUZZ_REQUIRE(t->status != MGS_WAITING ||
                         t->seats[k].kind != MGS_HUMAN ||
                         t->seats[k].joined ||
                         !mgs_hash_zero(t->seats[k].invite_hash),
                     "table %s (waiting, v%lld): seat %d is free but has no "
                     "invite: nobody can ever take it",
                     t->id, (long long)t->version, k);
    for (k = 0; k < 2; k++)
        FUZZ_REQUIRE(t->seats[k].kind != MGS_HUMAN || !t->seats[k].joined ||
                         !mgs_hash_zero(t->seats[k].secret_hash),
                     "table %s (%s, v%lld): seat %d is a person who joined "
                     "but nobody holds its secret",
                     t->id, mgs_status_name(t->status),
                     (long long)t->version, k);
    free(ha);
    free(hb);
    mgs_table_free(f);
    (void)i;
}
