package dev.jsm.sa.agent;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.DrBringUp;
import dev.jsm.sa.testing.FabricSnapshots;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The SA side of {@link SaIbsimIT}, run under umad2sim on the first host of a one-switch ibsim fabric: brings the
 * fabric up by DR SMPs (LIDs: this host 1, the switch 2, the host on switch port p gets p + 1; LFT; ports Armed,
 * then Active), starts an {@link SaAgent} on its UmadChannel, then runs {@link SaIbsimClientMain} (or the client
 * class given) as a second umad2sim process on host {@code clientHost} and exits with its exit code. Prints
 * {@code SA ...} lines.
 */
public final class SaIbsimServerMain {

    private SaIbsimServerMain() {
    }

    /** Arguments: net file, client host name, optionally the client's main class. */
    public static void main(String[] args) throws Exception {
        Topology t = TopologyReader.read(Path.of(args[0]));
        int sw = t.indexOfName("sw");
        int self = t.indexOfName("sa");
        int[] lft = new int[t.node(sw).numPorts() + 2];
        lft[0] = 255;
        lft[2] = 0;
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            DrBringUp up = new DrBringUp(channel);
            up.setLid(DrPath.local(), 1, 1, 1);
            up.setLid(DrPath.of(1), 0, 2, 1);
            for (int p = 1; p <= t.node(sw).numPorts(); p++) {
                int host = t.peerNode(sw, p);
                lft[p == t.peerPort(self, 1) ? 1 : p + 1] = p;
                if (host >= 0 && host != self) {
                    up.setLid(DrPath.of(1, p), 1, p + 1, 1);
                }
            }
            up.setLft(DrPath.of(1), lft);
            for (int state = 3; state <= 4; state++) {
                up.setPortState(DrPath.local(), 1, state);
                for (int p = 1; p <= t.node(sw).numPorts(); p++) {
                    int host = t.peerNode(sw, p);
                    if (host >= 0 && host != self) {
                        up.setPortState(DrPath.of(1, p), 1, state);
                    }
                    if (host >= 0) {
                        up.setPortState(DrPath.of(1), p, state);
                    }
                }
            }
            FabricSnapshots.PortInfoSource ports = (node, port) -> node == self ? up.portInfo(DrPath.local(), 1)
                    : node == sw ? up.portInfo(DrPath.of(1), port)
                    : up.portInfo(DrPath.of(1, t.peerPort(node, 1)), 1);
            SaView view = SaView.of(FabricSnapshots.of(t, ports, (node, lid) -> lid < lft.length ? lft[lid] : 255,
                    lft.length - 1), new SmIdentity(1, new SmInfo(t.node(self).portGuid(1), 0, 1, 0,
                    SmInfo.STATE_MASTER)), SaSettings.defaults());
            System.out.println("SA up: " + view.snapshot());
            try (MadTransactions txns = new MadTransactions(channel, TransactionSettings.defaults(), Runnable::run);
                 SaAgent agent = new SaAgent(channel, txns, view, RmppSettings.defaults(), 1000)) {
                channel.setReceiver(agent::onMad);
                agent.start();
                String java = ProcessHandle.current().info().command().orElse("java");
                ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        args.length > 2 ? args[2] : SaIbsimClientMain.class.getName()).inheritIO();
                pb.environment().put("SIM_HOST", args[1]);
                pb.environment().remove("SIM_SET_ISSM");
                Process client = pb.start();
                if (!client.waitFor(120, TimeUnit.SECONDS)) {
                    client.destroyForcibly();
                    System.out.println("SA client timed out");
                    System.exit(3);
                }
                System.out.println("SA stats " + agent.stats());
                System.out.flush();
                System.exit(client.exitValue());
            }
        }
    }
}
