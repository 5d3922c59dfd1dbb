/**
 * This SM among the others (docs/reference/opensm-behaviour.md): its status ({@link dev.jsm.daemon.sm.SmStatus},
 * read by the stages and the readers), the state machine (DISCOVERING, STANDBY, MASTER, NOTACTIVE), the SMInfo agent
 * that answers other SMs, the probe of the SMs discovery meets ({@code discovery}'s {@code OtherSms}), the election
 * stage with HANDOVER and Trap 144, the polling of the master by a standby, and
 * {@link dev.jsm.daemon.sm.HighAvailability}, which builds them. Their SMPs go through the sweeps' SMP sender; the
 * SMInfo agent answers on the receive thread, the rest runs on the SM thread and the timer.
 */
package dev.jsm.daemon.sm;
