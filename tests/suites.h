/*
 * suites.h - every Check suite of the public API, once, in the order
 * check_api runs them: MG_API_SUITE(area) is mg_<area>_suite(), defined
 * in tests/check_<file>.c (named in its comment).  tests.h declares them
 * from this list and run_api.c adds them from it, so a new suite is its
 * file and one line here.  (The white-box suites of run_internal.c are
 * declared in tests.h.)  No include guard: included once per use, with
 * MG_API_SUITE defined by the includer.
 */
MG_API_SUITE(core)                       /* check_core.c: the public contract */
MG_API_SUITE(spec)                       /* check_spec.c: spec strings */
MG_API_SUITE(dab)                        /* check_dots_and_boxes.c: rules §3 */
MG_API_SUITE(record)                     /* check_record.c: save/load, notation */
MG_API_SUITE(errors_null)                /* check_errors_null.c: NULL args */
MG_API_SUITE(errors_range)               /* check_errors_range.c: bad ids */
MG_API_SUITE(errors_buffers)             /* check_errors_buffers.c: buffers */
MG_API_SUITE(errors_copy)                /* check_errors_copy.c: bad copies */
MG_API_SUITE(errors_spec)                /* check_errors_spec.c: bad specs */
MG_API_SUITE(errors_notation)            /* check_errors_notation.c: notation */
MG_API_SUITE(errors_record)              /* check_errors_record.c: records */
MG_API_SUITE(board)                      /* check_board.c: rules §1.1-§2.2 */
MG_API_SUITE(china_options)              /* check_china_options.c: options, text */
MG_API_SUITE(china_turns)                /* check_china_turns.c: one turn */
MG_API_SUITE(china_games)                /* check_china_games.c: whole games */
MG_API_SUITE(fangqi_rules)               /* check_fangqi_rules.c: rules §4.2 */
MG_API_SUITE(fangqi_text)                /* check_fangqi_text.c: options, text */
MG_API_SUITE(fangqi_games)               /* check_fangqi_games.c: random games */
MG_API_SUITE(chains_rules)               /* check_chains_rules.c: rules §5.2 */
MG_API_SUITE(chains_options)             /* check_chains_options.c: options */
MG_API_SUITE(chains_boards)              /* check_chains_boards.c: boards */
MG_API_SUITE(chains_games)               /* check_chains_games.c: games */
MG_API_SUITE(bot)                        /* check_bot.c: bots, playouts */
MG_API_SUITE(bot_levels)                 /* check_bot_levels.c: strong, levels */
MG_API_SUITE(analyse)                    /* check_analyse.c: mg_bot_analyse */
MG_API_SUITE(bot_policy)                 /* check_bot_policy.c: playout=policy */
MG_API_SUITE(svg)                        /* check_svg.c: the SVG status */
MG_API_SUITE(position)                   /* check_position.c: sites, symmetries */
MG_API_SUITE(sites_fangqi_points)        /* check_sites_fangqi_points.c */
MG_API_SUITE(sites_fangqi_held)          /* check_sites_fangqi_held.c */
MG_API_SUITE(sites_fangqi_symmetries)    /* ..._fangqi_symmetries.c */
MG_API_SUITE(options)                    /* check_options.c: option introspection */
MG_API_SUITE(sites_dab_names)            /* check_sites_dab_names.c */
MG_API_SUITE(sites_dab_places)           /* check_sites_dab_places.c */
MG_API_SUITE(sites_dab_held)             /* check_sites_dab_held.c */
MG_API_SUITE(sites_dab_symmetries)       /* check_sites_dab_symmetries.c */
MG_API_SUITE(sites_chains)               /* check_sites_chains.c: CoT sites */
MG_API_SUITE(solver)                     /* check_solver.c: the solver */
MG_API_SUITE(solver_values)              /* check_solver_values.c: known values */
MG_API_SUITE(reasons)                    /* check_reasons.c: the contract, every game */
MG_API_SUITE(reasons_dab)                /* check_reasons_dab.c: rules §3 */
MG_API_SUITE(reasons_china)              /* check_reasons_china.c: rules §1-2 */
MG_API_SUITE(reasons_fangqi)             /* check_reasons_fangqi.c: rules §4 */
MG_API_SUITE(reasons_chains)             /* check_reasons_chains.c: rules §5 */
MG_API_SUITE(queries)                    /* check_queries.c: bounds, length, masks */
MG_API_SUITE(batch)                      /* check_batch.c: n games at once */
MG_API_SUITE(playout_result)             /* check_playout_result.c (1.5) */
MG_API_SUITE(eval)                       /* check_eval.c: the MGNN loader, values */
MG_API_SUITE(eval_features)              /* check_eval_features.c: D&B features */
MG_API_SUITE(eval_bot)                   /* check_eval_bot.c: networks in bots */
