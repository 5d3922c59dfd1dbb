package dev.jsm.conf;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules over the M_Key options (IBA 14.2.4) that no single option's type can check: a configuration that would lock
 * the SM out of its own fabric is refused ({@link #lockout}), and the lease is kept longer than the sweep interval as
 * OpenSM does at start ({@link #leaseAboveSweep}).
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/conf.md#mkeyrules.
 */
public final class MKeyRules {

    private MKeyRules() {
    }

    /** Why {@code o} would lock the SM out of protected ports, or empty when it would not. */
    public static Optional<String> lockout(SmOptions o) {
        int protect = o.getInt(DeviceOptions.M_KEY_PROTECTION_LEVEL);
        if (o.mKey() == 0 || protect < 2 || o.get(DeviceOptions.M_KEY_LEASE_PERIOD) != 0
                || o.get(DeviceOptions.M_KEY_LOOKUP)) {
            return Optional.empty();
        }
        return Optional.of("m_key_protection_level " + protect + " with m_key_lease_period 0 and m_key_lookup FALSE"
                + " would lock the SM out: protected ports drop every SMP without their M_Key, never let the"
                + " protection lapse, and no guid2mkey file keeps their keys across a restart; set"
                + " m_key_lease_period above sweep_interval, or m_key_lookup TRUE, or a protection level below 2");
    }

    /**
     * Applies the lease rule to {@code options}.
     *
     * @return the warning for each option changed (none when the rule does not apply)
     */
    static List<String> leaseAboveSweep(SmOptions.Builder options) {
        List<String> warnings = new ArrayList<>();
        long protect = options.get(DeviceOptions.M_KEY_PROTECTION_LEVEL);
        long lease = options.get(DeviceOptions.M_KEY_LEASE_PERIOD);
        if (options.get(DeviceOptions.M_KEY) == 0 || protect == 0 || lease == 0) {
            return warnings;
        }
        long sweep = options.get(SweepOptions.SWEEP_INTERVAL);
        if (sweep == 0) {
            sweep = Math.max(1, lease - 1);
            options.set(SweepOptions.SWEEP_INTERVAL, sweep);
            warnings.add("sweep_interval 0 (no sweeping) with an M_Key lease of " + lease + " s in effect: sweeping"
                    + " every " + sweep + " s so that the sweeps refresh the ports' leases");
        }
        if (sweep >= lease) {
            long longer = Math.min(sweep + 1, 0xFFFF);
            options.set(DeviceOptions.M_KEY_LEASE_PERIOD, longer);
            warnings.add("m_key_lease_period " + lease + " is not longer than sweep_interval " + sweep
                    + ": using a lease of " + longer + " s so that the sweeps refresh the ports' leases");
        }
        return warnings;
    }
}
