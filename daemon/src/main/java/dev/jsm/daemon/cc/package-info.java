/**
 * Congestion control ({@code congestion_control} and the {@code cc_*} options;
 * {@code docs/congestion-control.md}): the stage that writes SwitchCongestionSetting to every switch and
 * CACongestionSetting and the CongestionControlTable to every CA port, as OpenSM 3.3.23 does at the end of a heavy
 * sweep - only what differs from what each device last answered, through a requester of its own bounded by
 * {@code cc_max_outstanding_mads}, ports that cannot do congestion control left alone.
 */
package dev.jsm.daemon.cc;
