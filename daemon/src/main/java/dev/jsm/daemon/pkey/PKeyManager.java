package dev.jsm.daemon.pkey;

import dev.jsm.daemon.link.PortWishes;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PKeyTable;
import dev.jsm.partitions.PKeyCapacityProblem;
import dev.jsm.partitions.PKeyOptions;
import dev.jsm.partitions.PKeyPlanner;
import dev.jsm.partitions.ParseWarning;
import dev.jsm.partitions.PartEnforce;
import dev.jsm.partitions.PartitionPolicy;
import dev.jsm.partitions.PartitionResolver;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.partitions.PortPKeyPlan;
import dev.jsm.partitions.PortPKeyTable;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The partition manager: at every heavy sweep re-reads {@code partition_config_file} (a file with an error leaves
 * the last good partitions in force, logged with file:line:column), resolves the memberships for the fabric, plans
 * every end port's P_Key table and the tables of the switch ports facing CAs and routers, and sends a P_KeyTable Set
 * for each 32-entry block that differs from what the port is known to hold ({@link PhysPort#pKeyTable}). The
 * partition enforcement bits the plan wants on switch ports go to the link manager's PortInfo Set through
 * {@link PortWishes}; the resolved {@link PartitionSet} is kept for SUBNET UP to publish. A port that
 * cannot hold its partitions is an error naming the port. Behavioural counterpart: OpenSM's {@code osm_pkey_mgr.c}.
 *
 * <p>Confined to the SM thread.
 */
public final class PKeyManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(PKeyManager.class);

    private final PortWishes wishes;
    private PartitionPolicy policy;
    private PartitionSet partitions;
    private int blockSets;

    /** @param wishes where the enforcement bits wanted on switch ports go, for the link manager */
    public PKeyManager(PortWishes wishes) {
        this.wishes = wishes;
    }

    @Override
    public String name() {
        return "pkey-manager";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        blockSets = 0;
        Path file = Path.of(ctx.options().getString("partition_config_file"));
        if (policy == null || !policy.file().equals(file)) {
            policy = new PartitionPolicy(file);
        }
        reload();
        Subnet subnet = ctx.subnet();
        SubnetSnapshot snapshot = ctx.snapshot();
        boolean allowBoth = ctx.options().getBool("allow_both_pkeys");
        PartitionSet set = PartitionResolver.resolve(policy.current(), snapshot, ctx.smPortGuid(), allowBoth,
                ctx.options().qos());
        PKeyOptions options = new PKeyOptions(allowBoth, ctx.options().getBool("keep_pkey_indexes"),
                PartEnforce.fromOptions(ctx.options().partEnforce(), ctx.options().getBool("no_partition_enforcement")));
        List<PKeyCapacityProblem> problems = PKeyPlanner.plan(snapshot, set,
                (nodeGuid, portNum) -> held(subnet, nodeGuid, portNum), options, p -> program(ctx, p));
        for (PKeyCapacityProblem p : problems) {
            LOG.error("PKEY-1001 {}", p.message());
            ctx.recordError();
        }
        partitions = set;
        return StageOutcome.CONTINUE;
    }

    /** The partitions in force: those resolved by the last run, or {@code null} before the first. */
    public PartitionSet partitions() {
        return partitions;
    }

    private void reload() {
        PartitionPolicy.Reload r = policy.reload();
        if (r.message() != null) {
            if (r.isError() && !r.repeated()) {
                LOG.error("PKEY-1002 {}", r.message());
            } else if (r.isError()) {
                LOG.log(LogLevels.VERBOSE, "PKEY-1002 {}", r.message());
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
     * fabric is planned: its enforcement wish to the link manager, and its blocks - every block of a port that
     * {@linkplain #retrained (re)trained} since the SM last looked, else the blocks that differ from what it
     * holds.
     */
    private void program(SweepContext ctx, PortPKeyPlan p) {
        Node node = ctx.subnet().node(p.nodeGuid());
        PhysPort port = node == null ? null : node.port(p.portNum());
        if (port == null) {
            return;
        }
        wishes.setPartitionEnforcement(port, p.enforcement());
        if (p.table() != null && retrained(port)) {
            for (int block = 0; block < p.table().blockCount(); block++) {
                setBlock(ctx, port, p.table(), block);
            }
        } else {
            for (int block : p.changedBlocks()) {
                setBlock(ctx, port, p.table(), block);
            }
        }
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
        if (t == null) {
            return null;
        }
        PortPKeyTable table = PortPKeyTable.empty(t.blockCount() * PortPKeyTable.BLOCK_SIZE);
        byte[] block = new byte[t.blockBytes()];
        for (int b = 0; b < t.blockCount(); b++) {
            if (!t.isHeldKnown(b)) {
                return null;
            }
            t.copyHeld(b, block, 0);
            table = table.withBlock(b, PKeyTable.decode(block, 0).pKeys());
        }
        return table;
    }

    private void setBlock(SweepContext ctx, PhysPort port, PortPKeyTable table, int block) {
        boolean switchPort = port.node().isSwitch() && port.portNum() != 0;
        DrPath path = switchPort ? ctx.paths().toNode(port.node()) : ctx.paths().toPort(port);
        if (path == null) {
            LOG.error("PKEY-1004 no directed route to {}; its P_Key table is not programmed", port);
            ctx.recordError();
            return;
        }
        PKeyTable payload = new PKeyTable(table.block(block));
        BlockTable held = port.pKeyTable(table.blockCount());
        long modifier = switchPort ? (long) port.portNum() << 16 | block : block;
        blockSets++;
        ctx.smps().set(path, AttributeId.P_KEY_TABLE, modifier, payload::encodeTo, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad != null) {
                held.setHeld(block, mad, Smp.DATA_OFFSET);
            } else if (!Replies.isClosed(outcome)) {
                ctx.recordError();
                LOG.error("PKEY-1005 P_KeyTable block {} Set of port {} of {} failed: {}", block, port.portNum(),
                        Guid.toString(port.node().nodeGuid()), Replies.failure(outcome));
            }
        });
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
    public StageOutcome finish(SweepContext ctx) {
        LOG.log(LogLevels.VERBOSE, "PARTITIONS CONFIGURED: {} P_KeyTable block Sets", blockSets);
        return StageOutcome.CONTINUE;
    }
}
