/**
 * The daemon's logging: OpenSM's log line format and level bits on top of log4j 2, configured in code from the
 * options, reopened on SIGUSR1 for logrotate, and the bridge that sends {@link java.lang.System.Logger} output of the
 * transport layer to the same file.
 *
 * <p>Message IDs: every error or warning line of the daemon starts with a module prefix and a number, as
 * {@code DISC-0102} (discovery), {@code LID-0301} (LID manager and guid2lid), {@code LINK-0401} (link manager),
 * {@code ROUT-05xx} (routing and LFT programming; the routing module's own warnings use {@code ROUT-01xx}),
 * {@code SM-0601} (SM state, SMInfo, traps), {@code DUMP-0701} (dump files), {@code MAIN-0801} (start-up),
 * {@code VIRT-1201} (virtual ports).
 */
package dev.jsm.daemon.log;
