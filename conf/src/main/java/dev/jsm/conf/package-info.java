/**
 * The SM's configuration, compatible with OpenSM 3.3.23: every {@code opensm.conf} option declared once
 * ({@link dev.jsm.conf.Option}, listed by {@link dev.jsm.conf.OptionTable}, declared in the {@code *Options} classes
 * by file section) with its type, range, default, description and reload flag; the file reader
 * ({@link dev.jsm.conf.OpenSmConfReader}, problems as {@code file:line: ...}); the validated, immutable
 * {@link dev.jsm.conf.SmOptions} with {@link dev.jsm.conf.SmOptions#reload} for the re-read at each heavy sweep;
 * the template writer behind {@code -c} ({@link dev.jsm.conf.ConfWriter}); and OpenSM's command line
 * ({@link dev.jsm.conf.OpenSmCommandLine}, OpenSM's {@code getopt_long_only} rules).
 *
 * <p>Behavioural counterpart: OpenSM's {@code opt_tbl} and {@code osm_subn_*_conf_file} in {@code osm_subnet.c} and
 * the option handling in {@code main.c}; the option descriptions here are our own.
 */
package dev.jsm.conf;
