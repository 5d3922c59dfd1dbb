package dev.jsm.daemon.lid;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.HandoverOptions;
import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.SweepOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VPort;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Gives every end port its LID range (docs/reference/opensm-behaviour.md#lid-assignment-and-guid2lid), SM port first,
 * then in OpenSM's port order (GUIDs compared as
 * byte-reversed numbers, so a fresh fabric gets the LIDs OpenSM would give it). For each port, the first of these
 * that is LMC-aligned and free wins: the range the port already has in the model, its guid2lid record, the LID its
 * PortInfo reports, the first free range. LIDs of ports that are gone stay reserved in guid2lid. With
 * {@code reassign_lids} the first master sweep since start forgets all of that and numbers the ports from 1 (not a
 * takeover from another SM, which must not disturb traffic). A takeover first lets the LIDs the ports carry win over
 * guid2lid, or guid2lid re-read with {@code honor_guid2lid_file} ({@link TakeoverLids}). guid2lid is then written if
 * it changed. The LIDs reach the ports in the link manager's PortInfo Sets.
 *
 * <p>Confined to the SM thread.
 */
public final class LidManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LidManager.class);

    private final StageServices services;
    private final LidStore store;
    private final SmStatus sm;

    /**
     * @param services the options ({@code lmc}, {@code reassign_lids}, {@code honor_guid2lid_file}, ...)
     * @param store the guid2lid store, loaded
     * @param sm the SM's status (its LID is recorded there; {@code reassign_lids} applies before the first master
     *     sweep completes)
     */
    public LidManager(StageServices services, LidStore store, SmStatus sm) {
        this.services = services;
        this.store = store;
        this.sm = sm;
    }

    @Override
    public String name() {
        return "lid-manager";
    }

    @Override
    public StageOutcome run(SweepState state) {
        Subnet subnet = state.subnet();
        List<EndPort> ports = order(subnet, state.smPortGuid());
        boolean reassign = !sm.configuredSinceStart() && !sm.takeover()
                && services.options().get(SweepOptions.REASSIGN_LIDS);
        if (reassign) {
            LOG.info("reassign_lids: giving every port a new LID");
            store.clear();
            for (EndPort ep : subnet.endPorts()) {
                subnet.releaseLids(ep);
            }
            for (VPort v : subnet.vports()) {
                subnet.releaseLid(v);
            }
        } else if (sm.takeover()) {
            TakeoverLids.prepare(subnet, ports, ep -> lmcOf(ep, services.options()), store,
                    services.options().get(HandoverOptions.HONOR_GUID2LID_FILE));
        }
        int changed = 0;
        for (EndPort ep : ports) {
            LidRange cur = ep.lidRange();
            LidRange want = choose(ep, lmcOf(ep, services.options()), store, reassign);
            if (want == null) {
                LOG.error("LID-0301 no free LIDs left for {}", ep);
                state.recordError();
                continue;
            }
            if (!want.equals(cur)) {
                if (cur != null) {
                    subnet.releaseLids(ep);
                }
                subnet.assignLids(ep, want);
                changed++;
            }
            store.put(ep.portGuid(), want);
        }
        changed += assignVPortLids(state, subnet, reassign);
        EndPort smPort = state.smPort();
        if (smPort != null && smPort.hasLids()) {
            sm.setSmLid(smPort.lidRange().base());
        }
        try {
            if (store.flushIfDirty(services.options().get(MiscOptions.FSYNC_HIGH_AVAIL_FILES))) {
                LOG.log(LogLevels.VERBOSE, "wrote {} ({} records)", store.file(), store.size());
            }
        } catch (IOException e) {
            LOG.error("LID-0302 cannot write {}: {}", store.file(), e.toString());
        }
        LOG.log(LogLevels.VERBOSE, "LID assignment: {} end ports, {} new or changed", subnet.endPortCount(),
                changed);
        return StageOutcome.CONTINUE;
    }

    /**
     * Gives each virtual port that needs a LID of its own (VPortInfo.LIDRequired, docs/virtualization.md) one LID, as
     * for an end port with LMC 0 and after all end ports: the one it has, its guid2lid record (kept there under its
     * GUID, so a restart gives it the same LID), the VPortLID it reports, the first free LID. A vport that needs
     * none has its LID, if any, released; the vports of a port that went left the model with their LIDs, and their
     * records stay reserved in guid2lid like a gone port's.
     *
     * @return how many vports got a new or changed LID
     */
    private int assignVPortLids(SweepState state, Subnet subnet, boolean reassign) {
        List<VPort> vports = new ArrayList<>(subnet.vports());
        vports.sort(Comparator.comparing((VPort v) -> Long.reverseBytes(v.guid()), Long::compareUnsigned));
        int changed = 0;
        for (VPort v : vports) {
            if (!v.attributes().lidRequired()) {
                if (v.hasLid()) {
                    subnet.releaseLid(v);
                }
                continue;
            }
            int want = chooseVPortLid(v, store, reassign);
            if (want == 0) {
                LOG.error("LID-0301 no free LIDs left for {}", v);
                state.recordError();
                continue;
            }
            if (want != v.lid()) {
                subnet.assignLid(v, want);
                changed++;
            }
            store.put(v.guid(), LidRange.of(want, 0));
        }
        return changed;
    }

    private static int chooseVPortLid(VPort v, LidStore store, boolean reassign) {
        long guid = v.guid();
        for (int lid : new int[] {v.lid(), recordedBase(store, guid), reassign ? 0 : v.attributes().lid()}) {
            LidRange r = aligned(lid, 0);
            if (r != null && store.isFreeFor(r, guid)) {
                return lid;
            }
        }
        LidRange free = store.firstFree(0, guid);
        return free == null ? 0 : free.base();
    }

    private static int recordedBase(LidStore store, long guid) {
        LidRange r = store.get(guid);
        return r == null ? 0 : r.base();
    }

    /**
     * True: this stage sends no MAD (the LIDs go out in the link manager's PortInfo Sets), so the barrier that
     * follows a stage need not come after it.
     */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    /** The SM port, then the others in OpenSM's order (byte-reversed GUIDs, unsigned). */
    static List<EndPort> order(Subnet subnet, long smPortGuid) {
        List<EndPort> ports = new ArrayList<>(subnet.endPorts());
        ports.sort(Comparator.comparing((EndPort e) -> e.portGuid() != smPortGuid)
                .thenComparing(e -> Long.reverseBytes(e.portGuid()), Long::compareUnsigned));
        return ports;
    }

    /** LMC of a port: the configured one, but 0 for a switch's base port 0 unless {@code lmc_esp0} applies. */
    static int lmcOf(EndPort ep, SmOptions options) {
        int lmc = options.lmc();
        if (ep.node().isSwitch()) {
            boolean esp0 = ep.node().asSwitch().attributes().hasEnhancedPort0()
                    && options.get(DeviceOptions.LMC_ESP0);
            return esp0 ? lmc : 0;
        }
        return lmc;
    }

    private static LidRange choose(EndPort ep, int lmc, LidStore store, boolean reassign) {
        long guid = ep.portGuid();
        LidRange cur = ep.lidRange();
        if (cur != null && cur.lmc() == lmc && store.isFreeFor(cur, guid)) {
            return cur;
        }
        LidRange recorded = store.get(guid);
        if (recorded != null) {
            LidRange r = aligned(recorded.base(), lmc);
            if (r != null && store.isFreeFor(r, guid)) {
                return r;
            }
        }
        if (!reassign) {
            LidRange r = aligned(ep.physPort().attributes().lid(), lmc);
            if (r != null && store.isFreeFor(r, guid)) {
                return r;
            }
        }
        return store.firstFree(lmc, guid);
    }

    /** The range of {@code 2^lmc} LIDs at {@code base}, or {@code null} if it is not a valid aligned range. */
    private static LidRange aligned(int base, int lmc) {
        int count = 1 << lmc;
        if (base <= 0 || base % count != 0 || base + count - 1 > dev.jsm.subnet.Lid.UNICAST_MAX) {
            return null;
        }
        return LidRange.of(base, lmc);
    }
}
