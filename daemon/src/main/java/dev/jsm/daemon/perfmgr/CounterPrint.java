package dev.jsm.daemon.perfmgr;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * The performance manager's database as text, in OpenSM's two layouts: human-readable, per port a block with the
 * totals (data counters also in bytes, the packet counters scaled, as {@code (1.794MB)}), for the console's
 * {@code perfmgr print_counters} / {@code print_errors} and {@code dump_counters}; machine-readable (tab separated,
 * one line per port under a header per node) for {@code dump_counters mach}. Times as C's {@code ctime}.
 *
 * <p>Stateless; called on the performance manager's thread.
 */
final class CounterPrint {

    private static final String[] UNITS = {"", "K", "M", "G", "T", "P", "E"};

    private CounterPrint() {
    }

    /**
     * Appends the human-readable block of each port of {@code n} that has been read: only {@code onlyPort} if not
     * negative; with {@code errorsOnly}, only ports with errors and only their non-zero error counters.
     */
    static void human(StringBuilder out, MonitoredNode n, int onlyPort, boolean errorsOnly, ZoneId zone) {
        int from = onlyPort >= 0 ? onlyPort : n.firstPort();
        int to = onlyPort >= 0 ? onlyPort : n.numPorts;
        for (int p = from; p <= to; p++) {
            if (!n.read[p] || errorsOnly && errorsAndWait(n, p) == 0) {
                continue;
            }
            out.append('"').append(n.name).append("\" 0x").append(Long.toHexString(n.guid)).append(" active ")
                    .append(n.active ? "TRUE" : "FALSE").append(" port ").append(p).append('\n');
            row(out, "Last Reset", ctime(n.lastReset[p], zone));
            row(out, "Last Error Update", ctime(n.lastErrorUpdate[p], zone));
            for (int i = 0; i <= Counter.XMIT_WAIT.ordinal(); i++) {
                long v = n.total[p * Counter.COUNT + i];
                if (!errorsOnly || v != 0) {
                    row(out, Counter.at(i).dumpName(), Long.toUnsignedString(v));
                }
            }
            if (errorsOnly) {
                continue;
            }
            row(out, "Last Data Update", ctime(n.lastDataUpdate[p], zone));
            for (int i = Counter.FIRST_DATA; i < Counter.COUNT; i++) {
                long v = n.total[p * Counter.COUNT + i];
                out.append(String.format("     %-20s : %s", Counter.at(i).dumpName(), Long.toUnsignedString(v)))
                        .append(scaled(v, i < Counter.FIRST_DATA + 2)).append('\n');
            }
        }
    }

    /** Appends the machine-readable lines of {@code n}: its header, then one line per port read. */
    static void machine(StringBuilder out, MonitoredNode n, ZoneId zone) {
        out.append("\nName\tGUID\tActive\tPort\tLast Reset\tLast Error Update\tLast Data Update");
        for (int i = 0; i < Counter.COUNT; i++) {
            out.append('\t').append(Counter.at(i) == Counter.LOCAL_LINK_INTEGRITY_ERRORS ? "link_int_err"
                    : Counter.at(i).dumpName());
        }
        out.append('\n');
        for (int p = n.firstPort(); p <= n.numPorts; p++) {
            if (!n.read[p]) {
                continue;
            }
            out.append(n.name).append("\t0x").append(Long.toHexString(n.guid)).append('\t')
                    .append(n.active ? "TRUE" : "FALSE").append('\t').append(p).append('\t')
                    .append(ctime(n.lastReset[p], zone)).append('\t').append(ctime(n.lastErrorUpdate[p], zone))
                    .append('\t').append(ctime(n.lastDataUpdate[p], zone));
            for (int i = 0; i < Counter.COUNT; i++) {
                out.append('\t').append(Long.toUnsignedString(n.total[p * Counter.COUNT + i]));
            }
            out.append('\n');
        }
    }

    /** The sum of a port's error totals and XmitWait (print_errors skips a port where it is 0). */
    private static long errorsAndWait(MonitoredNode n, int p) {
        return n.errorTotal(p) + n.total[p * Counter.COUNT + Counter.XMIT_WAIT.ordinal()];
    }

    private static void row(StringBuilder out, String name, String value) {
        out.append(String.format("     %-20s : %s%n", name, value));
    }

    /** {@code " (1.794MB)"}: words as bytes (times 4) or a plain count, in steps of 1024. */
    static String scaled(long value, boolean words) {
        long tmp = Long.divideUnsigned(value, 1024);
        int unit = 0;
        double div = 1;
        while (tmp != 0) {
            unit++;
            tmp = Long.divideUnsigned(tmp, 1024);
            div *= 1024;
        }
        float v = (float) value;
        if (value < 0) {
            v = (float) (value >>> 1) * 2f;
        }
        if (words) {
            v *= 4;
            if (v / div > 1024) {
                unit++;
                div *= 1024;
            }
        }
        v /= (float) div;
        return String.format(Locale.ROOT, " (%5.3f%s%s)", v, UNITS[Math.min(unit, UNITS.length - 1)],
                words ? "B" : "");
    }

    /** C's {@code ctime} without its newline: {@code Mon May  2 13:27:14 2008}. */
    static String ctime(long millis, ZoneId zone) {
        LocalDateTime t = LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), zone);
        return String.format(Locale.ROOT, "%s %s%3d %02d:%02d:%02d %d",
                t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ROOT),
                t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ROOT), t.getDayOfMonth(), t.getHour(),
                t.getMinute(), t.getSecond(), t.getYear());
    }
}
