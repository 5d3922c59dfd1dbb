package dev.jsm.routing.repair;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * What a {@link RouteRepair} changed: how many LFT entries of switches that were already routed now differ, in how
 * many switches, how many LID columns were touched, the switches routed from scratch, and which changes
 * ({@link RepairCase}) the fabric showed, with how many of each.
 *
 * <p>In detail: docs/design/routing.md#repairstats.
 */
public record RepairStats(Map<RepairCase, Integer> cases, long entriesChanged, int switchesTouched, int newSwitches,
                          int lidsChanged, int lidsVerified, long pathsVerified, long entriesLeftEmpty, long nanos) {

    /** Copies the map. */
    public RepairStats {
        cases = cases.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(cases));
    }

    /** {@code 3 entries in 2 switches (1 LID column); changes: switch link down, no parallel link x1; 12.3 ms}. */
    @Override
    public String toString() {
        StringJoiner found = new StringJoiner(", ");
        for (RepairCase c : RepairCase.values()) {
            Integer n = cases.get(c);
            if (n != null) {
                found.add(c.text() + " x" + n);
            }
        }
        return String.format(Locale.ROOT, "%d entries in %d switches (%d LID columns, %s)%s%s; changes: %s; "
                + "%.1f ms", entriesChanged, switchesTouched, lidsChanged, pathsVerified > 0 || lidsVerified == 0
                        ? pathsVerified + " paths verified" : lidsVerified + " verified",
                newSwitches > 0 ? ", " + newSwitches + " new switches routed" : "",
                entriesLeftEmpty > 0 ? ", " + entriesLeftEmpty + " entries without an allowed port" : "",
                cases.isEmpty() ? "none" : found.toString(), nanos / 1e6);
    }
}
