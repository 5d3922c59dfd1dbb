package dev.jsm.daemon.pkey;

import dev.jsm.conf.PartitionOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.Activity;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.link.PortWishes;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.daemon.sweep.Retrained;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.smp.PKeyTable;
import dev.jsm.mad.smp.VPortPKeyTable;
import dev.jsm.partitions.PKeyCapacityProblem;
import dev.jsm.partitions.PKeyOptions;
import dev.jsm.partitions.PKeyPlanner;
import dev.jsm.partitions.ParseWarning;
import dev.jsm.partitions.PartEnforce;
import dev.jsm.partitions.Partition;
import dev.jsm.partitions.PartitionConfig;
import dev.jsm.partitions.PartitionPolicy;
import dev.jsm.partitions.PartitionResolver;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.partitions.PortPKeyPlan;
import dev.jsm.partitions.PortPKeyTable;
import dev.jsm.partitions.VPortPKeyPlan;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.snapshot.SubnetDiff;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The partition manager: at every heavy sweep re-reads {@code partition_config_file} (a file with an error leaves
 * the last good partitions in force, logged with file:line:column), resolves the memberships for the fabric, plans
 * every end port's P_Key table and the tables of the switch ports facing CAs and routers, writes them as the wanted
 * content of the ports' P_Key tables ({@link PhysPort#pKeyTable}) and sends a P_KeyTable Set for each 32-entry block
 * that differs from what the port is known to hold ({@link BlockSync}; the held content is what the port answers).
 * The partition enforcement bits the plan wants on switch ports go to the link manager's PortInfo Set through
 * {@link PortWishes}; the resolved {@link PartitionSet} is kept for SUBNET UP to publish. A port that cannot hold its
 * partitions is an error naming the port. Partitions that come and go and the P_Keys newly placed in end ports'
 * tables go to the activity report ({@code prtn_create}, {@code prtn_delete}, {@code prtn_guid_add}). Behavioural
 * counterpart: OpenSM's {@code osm_pkey_mgr.c}.
 *
 * <p>Confined to the SM thread.
 */
public final class PKeyManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(PKeyManager.class);

    private final StageServices services;
    private final PortWishes wishes;
    private PartitionPolicy policy;
    private PartitionSet partitions;
    private int blockSets;
    /** What the last plan was made from: an incremental sweep that changed only inter-switch cables keeps it. */
    private PartitionConfig plannedConfig;
    private SmOptions plannedOptions;
    private Supplier<SubnetSnapshot> plannedSnapshot;

    /**
     * @param services the SMP sender, the options ({@code partition_config_file}, ...) and the activity report
     * @param wishes where the enforcement bits wanted on switch ports go, for the link manager
     */
    public PKeyManager(StageServices services, PortWishes wishes) {
        this.services = services;
        this.wishes = wishes;
    }

    @Override
    public String name() {
        return "pkey-manager";
    }

    @Override
    public StageOutcome run(SweepState state) {
        blockSets = 0;
        Path file = Path.of(services.options().get(PartitionOptions.PARTITION_CONFIG_FILE));
        if (policy == null || !policy.file().equals(file)) {
            policy = new PartitionPolicy(file);
        }
        reload();
        Subnet subnet = state.subnet();
        SubnetSnapshot snapshot = state.snapshot();
        SubnetSnapshot planned = plannedSnapshot == null ? null : plannedSnapshot.get();
        if (policy.current() == plannedConfig && services.options() == plannedOptions && planned != null
                && SubnetDiff.between(planned, snapshot).onlySwitchLinksChanged(planned, snapshot)
                && sameVPorts(planned, snapshot)
                && !tablesMayBeLost(subnet)) {
            LOG.log(LogLevels.VERBOSE, "partitions: only cables between switches changed; P_Key tables kept");
            plannedSnapshot = state.snapshotSlot();
            return StageOutcome.CONTINUE;
        }
        boolean allowBoth = services.options().get(PartitionOptions.ALLOW_BOTH_PKEYS);
        PartitionSet set = PartitionResolver.resolve(policy.current(), snapshot, state.smPortGuid(), allowBoth,
                services.options().qos());
        PKeyOptions options = new PKeyOptions(allowBoth, services.options().get(PartitionOptions.KEEP_PKEY_INDEXES),
                PartEnforce.fromOptions(services.options().partEnforce(),
                        services.options().get(PartitionOptions.NO_PARTITION_ENFORCEMENT)));
        reportChanges(services.activity(), partitions, set);
        BlockSync pKeys = new BlockSync(state, services.smps(), AttributeId.P_KEY_TABLE,
                BlockSync.Held.AS_ANSWERED);
        List<PKeyCapacityProblem> problems = PKeyPlanner.plan(snapshot, set,
                (nodeGuid, portNum) -> held(subnet, nodeGuid, portNum), options, p -> program(state, pKeys, p));
        if (!snapshot.vports().isEmpty()) {
            BlockSync vportKeys = new BlockSync(state, services.smps(), AttributeId.VPORT_P_KEY_TABLE,
                    BlockSync.Held.AS_ANSWERED);
            problems = new ArrayList<>(problems);
            problems.addAll(PKeyPlanner.planVPorts(snapshot, set, (portGuid, index) -> heldVPort(subnet, portGuid,
                    index), options, p -> programVPort(state, vportKeys, p)));
        }
        for (PKeyCapacityProblem p : problems) {
            LOG.error("PKEY-1001 {}", p.message());
            state.recordError();
        }
        partitions = set;
        plannedConfig = policy.current();
        plannedOptions = services.options();
        plannedSnapshot = problems.isEmpty() ? state.snapshotSlot() : null;
        return StageOutcome.CONTINUE;
    }

    /**
     * The {@code pkey-resolve} stage of a takeover that trusts the standby's model: reads {@code
     * partition_config_file} and resolves the memberships over this sweep's snapshot, for SUBNET UP to publish and
     * the SA to check, but plans and sends nothing (the P_Key tables are written by the full heavy sweep after SUBNET
     * UP, docs/operations.md, "A warm standby").
     */
    public SweepStage resolveOnly() {
        return new SweepStage() {
            @Override
            public String name() {
                return "pkey-resolve";
            }

            @Override
            public StageOutcome run(SweepState state) {
                Path file = Path.of(services.options().get(PartitionOptions.PARTITION_CONFIG_FILE));
                if (policy == null || !policy.file().equals(file)) {
                    policy = new PartitionPolicy(file);
                }
                reload();
                partitions = PartitionResolver.resolve(policy.current(), state.snapshot(), state.smPortGuid(),
                        services.options().get(PartitionOptions.ALLOW_BOTH_PKEYS), services.options().qos());
                plannedSnapshot = null;
                return StageOutcome.CONTINUE;
            }

            @Override
            public boolean overlapsNext() {
                return true;
            }
        };
    }

    /** The partitions in force: those resolved by the last run, or {@code null} before the first. */
    public PartitionSet partitions() {
        return partitions;
    }

    /**
     * Reports the partitions that went at SM shutdown ({@code prtn_delete} reason 2): every partition in force. On
     * the SM thread, after the last sweep.
     */
    public void reportShutdown(ActivityReport activity) {
        if (partitions != null) {
            for (Partition p : partitions.partitions()) {
                activity.prtnDelete(p.pkey(), ActivityReport.DeleteReason.SM_SHUTDOWN);
            }
        }
    }

    /**
     * Reports the partitions of {@code now} not in {@code before} as created and those of {@code before} not in
     * {@code now} as deleted because they are empty: the resolver drops a partition without members, which is also
     * what a statement taken out of partitions.conf leaves (a duplicate P_Key definition is merged, never dropped).
     */
    private static void reportChanges(ActivityReport activity, PartitionSet before, PartitionSet now) {
        for (Partition p : now.partitions()) {
            if (before == null || before.partition(p.pkey()) == null) {
                activity.prtnCreate(p.pkey(), p.name());
            }
        }
        if (before != null) {
            for (Partition p : before.partitions()) {
                if (now.partition(p.pkey()) == null) {
                    activity.prtnDelete(p.pkey(), ActivityReport.DeleteReason.EMPTY_PRTN);
                }
            }
        }
    }

    /**
     * Reports each P_Key {@code table} places in an end port's table where the table wanted before held another
     * value ({@code prtn_guid_add}: every key of a port the SM plans for the first time).
     */
    private static void reportAdded(ActivityReport activity, PhysPort port, BlockTable t, PortPKeyTable table) {
        byte[] before = new byte[t.blockBytes()];
        for (int block = 0; block < table.blockCount(); block++) {
            int[] old = null;
            if (t.isWanted(block)) {
                t.copyWanted(block, before, 0);
                old = PKeyTable.decode(before, 0).pKeys();
            }
            int[] now = table.block(block);
            for (int i = 0; i < now.length; i++) {
                if ((now[i] & 0x7FFF) != 0 && (old == null || old[i] != now[i])) {
                    activity.prtnGuidAdd(port.portGuid(), now[i], block, i);
                }
            }
        }
    }

    private void reload() {
        PartitionPolicy.Reload r = policy.reload();
        if (r.message() != null) {
            if (r.isError() && !r.repeated()) {
                LOG.error("PKEY-1002 {}", r.message());
            } else if (r.isError()) {
                LOG.log(LogLevels.VERBOSE, "PKEY-1002 {}", r.message());
            } else if (r.outcome() == PartitionPolicy.Outcome.NO_STATEMENTS) {
                LOG.warn("PKEY-1004 {}", r.message());
            } else {
                LOG.info("{}", r.message());
            }
        }
        for (ParseWarning w : r.warnings()) {
            LOG.warn("PKEY-1003 {}", w);
        }
    }

    /**
     * Hands one port's plan on as it comes from the planner, so that the first Sets go out while the rest of the
     * fabric is planned: its enforcement wish to the link manager, its table as the wanted content of the port's
     * P_Key table, and the blocks that differ from what the port holds. Every block is sent when the port
     * {@linkplain #retrained (re)trained} since the SM last looked, or when the SM does not know all it holds (a
     * Set failed: the plan started from scratch then).
     */
    private void program(SweepState state, BlockSync pKeys, PortPKeyPlan p) {
        Node node = state.subnet().node(p.nodeGuid());
        PhysPort port = node == null ? null : node.port(p.portNum());
        if (port == null) {
            return;
        }
        wishes.setPartitionEnforcement(port, p.enforcement());
        PortPKeyTable table = p.table();
        if (table == null) {
            return;
        }
        BlockTable t = port.pKeyTable(table.blockCount());
        if (retrained(port) || !t.allHeldKnown()) {
            t.forgetHeld();
        }
        if ((!port.node().isSwitch() || port.portNum() == 0) && services.activity().reports(Activity.PRTN_GUID_ADD)) {
            reportAdded(services.activity(), port, t, table);
        }
        byte[] wanted = new byte[t.blockBytes()];
        for (int block = 0; block < table.blockCount(); block++) {
            new PKeyTable(table.block(block)).encodeTo(wanted, 0);
            t.setWanted(block, wanted, 0);
        }
        boolean switchPort = port.node().isSwitch() && port.portNum() != 0;
        PortFailures failures = new PortFailures(port);
        for (int block = 0; block < table.blockCount(); block++) {
            long modifier = switchPort ? (long) port.portNum() << 16 | block : block;
            if (pKeys.sync(port, t, block, modifier, failures)) {
                blockSets++;
            }
        }
    }

    /**
     * Hands one vport's plan on (docs/virtualization.md): its table as the wanted content of the vport's P_Key table
     * and a VPortPKeyTable Set for each block that differs from what it holds, by the route to its physical port;
     * every block when that port (re)trained, as for the port's own table.
     */
    private void programVPort(SweepState state, BlockSync pKeys, VPortPKeyPlan p) {
        EndPort ep = state.subnet().endPort(p.portGuid());
        VPort v = ep == null ? null : ep.vport(p.vportIndex());
        if (v == null) {
            return;
        }
        PortPKeyTable table = p.table();
        BlockTable t = v.pKeyTable(table.blockCount());
        if (retrained(ep.physPort()) || !t.allHeldKnown()) {
            t.forgetHeld();
        }
        byte[] wanted = new byte[t.blockBytes()];
        for (int block = 0; block < table.blockCount(); block++) {
            new PKeyTable(table.block(block)).encodeTo(wanted, 0);
            t.setWanted(block, wanted, 0);
        }
        PortFailures failures = new PortFailures(ep.physPort());
        for (int block = 0; block < table.blockCount(); block++) {
            if (pKeys.sync(ep.physPort(), t, block, VPortPKeyTable.modifier(v.index(), block), failures)) {
                blockSets++;
            }
        }
    }

    /** What vport {@code index} of end port {@code portGuid} holds, when every block is known; else {@code null}. */
    private static PortPKeyTable heldVPort(Subnet subnet, long portGuid, int index) {
        EndPort ep = subnet.endPort(portGuid);
        VPort v = ep == null ? null : ep.vport(index);
        BlockTable t = v == null ? null : v.pKeyTableIfAny();
        if (t == null || !t.allHeldKnown()) {
            return null;
        }
        PortPKeyTable table = PortPKeyTable.empty(t.blockCount() * PortPKeyTable.BLOCK_SIZE);
        byte[] block = new byte[t.blockBytes()];
        for (int b = 0; b < t.blockCount(); b++) {
            t.copyHeld(b, block, 0);
            table = table.withBlock(b, PKeyTable.decode(block, 0).pKeys());
        }
        return table;
    }

    /** Whether the two snapshots have the same vports (GUIDs, in order) with the same P_Key capacity. */
    private static boolean sameVPorts(SubnetSnapshot a, SubnetSnapshot b) {
        if (a.vports().size() != b.vports().size()) {
            return false;
        }
        for (int i = 0; i < a.vports().size(); i++) {
            VPortView x = a.vports().get(i);
            VPortView y = b.vports().get(i);
            if (x.guid() != y.guid() || x.vnode().partitionCap() != y.vnode().partitionCap()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a port that holds a P_Key table may have lost it: one in Init that is not a switch-to-switch port (those
     * hold none), or any port of a switch that rebooted (its port 0 holds one).
     */
    private static boolean tablesMayBeLost(Subnet subnet) {
        for (Node n : subnet.nodes()) {
            for (PhysPort p : n.ports()) {
                if (Retrained.inInit(p) && (!n.isSwitch() || p.remote() == null || !p.remote().node().isSwitch()
                        || Retrained.switchRebooted(n))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code port} (re)trained since the SM last looked - it is in Init, or it belongs to a switch whose
     * cabled ports are all in Init (it rebooted: port 0 too) - so that its tables may be back at power-on (0xFFFF, a
     * full member of the default partition): every block of it is sent again. What the SM held stays the basis of
     * the plan, so {@code keep_pkey_indexes} keeps the indexes of a port whose link merely bounced. OpenSM reads the
     * tables back at each heavy sweep; the port state tells the same for the price of no MAD.
     */
    private static boolean retrained(PhysPort port) {
        return Retrained.inInit(port) || Retrained.switchRebooted(port.node());
    }

    /** What the port holds, when every block of it is known; else {@code null} (all blocks are sent). */
    private static PortPKeyTable held(Subnet subnet, long nodeGuid, int portNum) {
        Node node = subnet.node(nodeGuid);
        PhysPort port = node == null ? null : node.port(portNum);
        BlockTable t = port == null ? null : port.pKeyTableIfAny();
        if (t == null || !t.allHeldKnown()) {
            return null;
        }
        PortPKeyTable table = PortPKeyTable.empty(t.blockCount() * PortPKeyTable.BLOCK_SIZE);
        byte[] block = new byte[t.blockBytes()];
        for (int b = 0; b < t.blockCount(); b++) {
            t.copyHeld(b, block, 0);
            table = table.withBlock(b, PKeyTable.decode(block, 0).pKeys());
        }
        return table;
    }

    /**
     * True: nothing later in the sweep reads the P_Key tables its answers record, and the enforcement wishes and
     * partitions are handed on before the MADs go out.
     */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        LOG.log(LogLevels.VERBOSE, "PARTITIONS CONFIGURED: {} P_KeyTable block Sets", blockSets);
        return StageOutcome.CONTINUE;
    }

    /** The partition manager's words for a P_Key block of {@code port} it could not program. */
    private record PortFailures(PhysPort port) implements BlockSync.PortFailures {

        @Override
        public void noRoute(int block) {
            LOG.error("PKEY-1004 no directed route to {}; its P_Key table is not programmed", port);
        }

        @Override
        public void failed(int block, long modifier, String why) {
            LOG.error("PKEY-1005 P_KeyTable block {} Set of port {} of {} failed: {}", block, port.portNum(),
                    Guid.toString(port.node().nodeGuid()), why);
        }
    }
}
