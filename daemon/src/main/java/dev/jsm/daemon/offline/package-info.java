/**
 * ibutils' {@code ibdmchk} as a judge of the dump files {@code --route-only} writes ({@code dev.jsm.daemon.RouteOnly},
 * which runs the daemon's first heavy sweep over the simulator): locating the tool, running it CA to CA and for every
 * pair, reading its output, and comparing its verdict with the route verifier's. Of the daemon's packages it reads
 * only {@code dump}'s file names.
 */
package dev.jsm.daemon.offline;
