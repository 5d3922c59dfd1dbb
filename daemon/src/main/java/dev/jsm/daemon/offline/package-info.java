/**
 * Work the daemon does without a fabric: routing a topology file for planning ({@code --route-only}), with ibutils'
 * {@code ibdmchk} judging the dump files beside the route verifier when it is installed.
 */
package dev.jsm.daemon.offline;
