/** Work the daemon does without a fabric: routing a topology file for planning ({@code --route-only}). */
package dev.jsm.daemon.offline;
