package dev.jsm.daemon.log;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.layout.AbstractStringLayout;

/**
 * OpenSM's log line (docs/reference/opensm-behaviour.md#logging):
 * {@code Nov 22 02:50:05 641234 [001C] 0x02 -> SUBNET UP} - month, day, time,
 * microseconds, thread id in hex, the OpenSM level bit of this message, then {@code log_prefix} and the text. A
 * throwable is appended as {@code (cause: ...)}; its stack trace follows only when {@code withStackTraces} (the
 * DEBUG bit) is set, so operators never see a stack trace at the default levels. A message longer than
 * {@value #MAX_MESSAGE_CHARS} characters is cut there, with how much was left out: whatever a line quotes (a 140 KB
 * option value, a garbage line of a file), it stays readable and the log cannot be made to grow by the size of
 * the input.
 *
 * <p>Thread-safe (log4j calls it from any logging thread): the prefix and the stack trace switch may change at run
 * time (a reloaded {@code log_prefix} or {@code log_flags}).
 */
final class OpenSmLayout extends AbstractStringLayout {

    private static final String[] MONTHS =
        {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

    /** Longest message written; the rest is left out. */
    static final int MAX_MESSAGE_CHARS = 2000;

    private volatile String prefix;
    private volatile boolean withStackTraces;
    private final ZoneId zone = ZoneId.systemDefault();

    OpenSmLayout(String prefix, boolean withStackTraces) {
        super(StandardCharsets.UTF_8);
        this.prefix = prefix == null ? "" : prefix;
        this.withStackTraces = withStackTraces;
    }

    /** Puts {@code text} in front of every message from now on ("" for none). */
    void setPrefix(String text) {
        prefix = text == null ? "" : text;
    }

    /** Appends the stack trace of a throwable from now on, or not. */
    void setStackTraces(boolean on) {
        withStackTraces = on;
    }

    @Override
    public String toSerializable(LogEvent event) {
        long seconds = event.getInstant().getEpochSecond();
        int nanos = event.getInstant().getNanoOfSecond();
        LocalDateTime t = LocalDateTime.ofInstant(Instant.ofEpochSecond(seconds, nanos), zone);
        StringBuilder sb = new StringBuilder(120);
        sb.append(MONTHS[t.getMonthValue() - 1]).append(' ');
        two(sb, t.getDayOfMonth()).append(' ');
        two(sb, t.getHour()).append(':');
        two(sb, t.getMinute()).append(':');
        two(sb, t.getSecond()).append(' ');
        String micros = Integer.toString(nanos / 1000);
        sb.append("000000", 0, 6 - micros.length()).append(micros);
        String tid = Long.toHexString(event.getThreadId()).toUpperCase(java.util.Locale.ROOT);
        sb.append(" [");
        for (int i = tid.length(); i < 4; i++) {
            sb.append('0');
        }
        sb.append(tid).append("] 0x");
        int flag = LogLevels.flagOf(event.getLevel());
        sb.append(Character.forDigit(flag >> 4, 16)).append(Character.forDigit(flag & 0xF, 16));
        sb.append(" -> ").append(prefix);
        cut(sb, event.getMessage().getFormattedMessage());
        Throwable thrown = event.getThrown();
        if (thrown != null) {
            sb.append(" (cause: ");
            cut(sb, thrown.toString());
            sb.append(')');
            if (withStackTraces) {
                StringWriter w = new StringWriter();
                thrown.printStackTrace(new PrintWriter(w));
                sb.append(System.lineSeparator()).append(w.toString().stripTrailing());
            }
        }
        return sb.append('\n').toString();
    }

    /** Appends {@code text}, or its first {@link #MAX_MESSAGE_CHARS} characters and how many more there were. */
    static void cut(StringBuilder sb, String text) {
        if (text.length() <= MAX_MESSAGE_CHARS) {
            sb.append(text);
        } else {
            sb.append(text, 0, MAX_MESSAGE_CHARS).append("... [").append(text.length() - MAX_MESSAGE_CHARS)
                    .append(" more characters not logged]");
        }
    }

    private static StringBuilder two(StringBuilder sb, int v) {
        return sb.append(v < 10 ? "0" : "").append(v);
    }
}
