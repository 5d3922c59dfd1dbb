package dev.jsm.daemon.view;

import java.util.Locale;

/** The kinds of sweep the event loop runs, as the listeners, the metrics and the log name them. */
public enum SweepKind {
    /** Discovery of the whole fabric, the election, then every configuration stage; ends in SUBNET UP. */
    HEAVY,
    /** A probe of the switches where a light sweep or a trap saw a change, then every configuration stage. */
    INCREMENTAL,
    /** SIGHUP: the config re-read, a light sweep's checks, a probe of what changed, every configuration stage. */
    RECONFIGURE,
    /** Is anything different? A SwitchInfo to every switch, an SMInfo to every other SM. */
    LIGHT;

    /** The name in metrics labels and the log: {@code heavy}, {@code incremental}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether this sweep configures the fabric and so ends in SUBNET UP when it succeeds. */
    public boolean configures() {
        return this != LIGHT;
    }
}
