/**
 * Readers of the files that routing options name: the GUID lists ({@code root_guid_file}, {@code cn_guid_file},
 * {@code io_guid_file}, {@code guid_routing_order_file}), {@code ids_guid_file}, {@code hop_weights_file},
 * {@code port_prof_ignore_file}, {@code port_search_ordering_file}, {@code torus-2QoS.conf}, {@code prefix_routes_file}
 * (read by the SA's PathRecords to routers), and OpenSM's {@code opensm-lfts.dump} and {@code opensm-lid-matrix.dump}
 * as the {@code file} engine loads them. Each reader parses one format into an immutable value and reports a bad line
 * as a {@link dev.jsm.routing.fileformat.RoutingFileException} with {@code file:line}; the engines (and the SA)
 * decide what the values mean on a fabric.
 *
 * <p>The line-per-entry files share {@link dev.jsm.routing.fileformat.GuidLineFile} (one GUID per entry, its line
 * for messages), read by one reader ({@code GuidLines} over {@code SourceLines} and {@code FileLine}); the two dumps
 * share {@link dev.jsm.routing.fileformat.SwitchBlockDump} (switch blocks, LIDs and port GUIDs per line). Numbers
 * are read by {@link dev.jsm.text.CNumber}.
 *
 * <p>The package is named for what it holds, file formats, so that it cannot be mistaken for
 * {@link dev.jsm.routing.file}, the routing engine OpenSM calls {@code file} (which uses the two dump readers here).
 */
package dev.jsm.routing.fileformat;
