package dev.jsm.daemon.log;

import org.apache.logging.log4j.Level;

/**
 * OpenSM's log levels ({@code log_flags}, {@code -D}; docs/reference/opensm-behaviour.md#logging) as log4j levels:
 * each OpenSM bit is one level, so
 * a message carries exactly one bit and the mask decides whether it is written. ERROR, INFO and DEBUG are log4j's
 * own; VERBOSE (0x04), FUNCS (0x10, log4j TRACE), FRAMES (0x20) and SYS (0x80) are added. WARN and FATAL count as
 * ERROR (0x01): OpenSM has no warning level.
 *
 * <p>{@link #ROUTING} (0x40) is not a message level: it turns on the routing dump files.
 *
 * <p>Immutable; safe to share.
 */
public final class LogLevels {

    /** 0x01: errors (log4j ERROR, WARN, FATAL). */
    public static final int ERROR = 0x01;
    /** 0x02: normal information (log4j INFO). */
    public static final int INFO = 0x02;
    /** 0x04: verbose information. */
    public static final int VERBOSE_BIT = 0x04;
    /** 0x08: debugging (log4j DEBUG). */
    public static final int DEBUG = 0x08;
    /** 0x10: function entry and exit (log4j TRACE). */
    public static final int FUNCS = 0x10;
    /** 0x20: MAD frames. */
    public static final int FRAMES_BIT = 0x20;
    /** 0x40: write the routing dump files (not a message level). */
    public static final int ROUTING = 0x40;
    /** 0x80: system events, also the state changes. */
    public static final int SYS_BIT = 0x80;

    /** Level of VERBOSE (0x04) messages, between INFO and DEBUG. */
    public static final Level VERBOSE = Level.forName("VERBOSE", 450);
    /** Level of FRAMES (0x20) messages, below TRACE. */
    public static final Level FRAMES = Level.forName("FRAMES", 650);
    /** Level of SYS (0x80) messages: state changes, start and exit; between WARN and INFO. */
    public static final Level SYS = Level.forName("SYS", 350);

    private LogLevels() {
    }

    /** The OpenSM bit of a log4j level: the value printed as {@code 0x%02x} on every line. */
    public static int flagOf(Level level) {
        int i = level.intLevel();
        if (i <= Level.WARN.intLevel()) {
            return ERROR;
        }
        if (i <= SYS.intLevel()) {
            return SYS_BIT;
        }
        if (i <= Level.INFO.intLevel()) {
            return INFO;
        }
        if (i <= VERBOSE.intLevel()) {
            return VERBOSE_BIT;
        }
        if (i <= Level.DEBUG.intLevel()) {
            return DEBUG;
        }
        return i <= Level.TRACE.intLevel() ? FUNCS : FRAMES_BIT;
    }

    /**
     * The least severe level a mask enables (the root logger's threshold); {@link Level#OFF} when the mask enables no
     * message level. Levels in between that the mask leaves out are removed by {@link LogMaskFilter}.
     */
    public static Level threshold(int mask) {
        Level[] byBit = {Level.ERROR, Level.INFO, VERBOSE, Level.DEBUG, Level.TRACE, FRAMES};
        Level least = (mask & SYS_BIT) != 0 ? SYS : Level.OFF;
        for (int bit = 0; bit < byBit.length; bit++) {
            if ((mask & (1 << bit)) != 0 && byBit[bit].intLevel() > least.intLevel()) {
                least = byBit[bit];
            }
        }
        return least;
    }
}
