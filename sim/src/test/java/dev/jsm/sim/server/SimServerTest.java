package dev.jsm.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.cc.CongestionInfo;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SimServer} over real abstract datagram sockets, with {@link FakeUmadClient}s speaking the protocol as
 * umad2sim does: attach, control answers, directed-route SMPs answered by the simulator's SMAs, malformed datagrams
 * counted and dropped, clients that vanish mid-transaction detached and their port free again. Each test uses its
 * own socket name, so that nothing meets another simulator on the machine.
 */
class SimServerTest {

    private static final AtomicInteger RUN = new AtomicInteger();
    private static final Topology FABRIC = TopologyShapes.parse("fat2:k=4,leaves=2,spines=1,hosts=2");

    private final String name = "jsmtest" + ProcessHandle.current().pid() + "x" + RUN.incrementAndGet();
    private SimFabric fabric;
    private SimServer server;
    private EventLoopGroup group;
    private int nextPid = 1_000_000;

    @BeforeEach
    void start() throws Exception {
        fabric = new SimFabric(FABRIC);
        server = SimServer.start(fabric, name);
        group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
    }

    @AfterEach
    void stop() {
        server.close();
        fabric.close();
        group.shutdownGracefully().syncUninterruptibly();
    }

    private FakeUmadClient client() throws InterruptedException {
        return new FakeUmadClient(group, name, nextPid++);
    }

    /** A DR NodeInfo Get along {@code path} as umad2sim wraps it: DLID permissive, MAD length 256. */
    private static byte[] nodeInfoGet(long tid, int... path) {
        byte[] mad = Smp.directedRoute(Method.GET, tid, AttributeId.NODE_INFO, 0, DrPath.of(path), 0);
        return SimRequest.encode(SimRequest.PERMISSIVE_LID, SimRequest.PERMISSIVE_LID, 0, 0, 0, mad, 256);
    }

    private static byte[] mad(byte[] datagram) {
        return Arrays.copyOfRange(datagram, SimRequest.MAD, SimRequest.MAD + SimRequest.MAD_SIZE);
    }

    private static long tid(byte[] mad) {
        long t = 0;
        for (int i = 8; i < 16; i++) {
            t = t << 8 | mad[i] & 0xFF;
        }
        return t;
    }

    @Test
    void attachesAtTheDefaultNodeAndTheSmaAnswersItsSmps() throws Exception {
        try (FakeUmadClient c = client()) {
            CtlMessage r = c.connect("", false);

            assertThat(r.type()).isEqualTo(CtlMessage.CONNECT);
            assertThat(r.connectNode()).isEqualTo(FABRIC.node(0).name());
            CtlMessage ni = c.control(CtlMessage.request(c.clientId, CtlMessage.GET_NODEINFO));
            byte[] nodeInfo = Arrays.copyOfRange(ni.bytes(), CtlMessage.DATA, CtlMessage.DATA + 64);
            assertThat(NodeInfo.NODE_GUID.getLong(nodeInfo, 0)).isEqualTo(FABRIC.node(0).nodeGuid());

            c.sendData(nodeInfoGet(0x1234_5678L, 1));
            byte[] answer = c.nextMad(5000);

            assertThat(answer).hasSize(SimRequest.SIZE);
            assertThat(SimRequest.status(answer)).isZero();
            assertThat(SimRequest.slid(answer)).isEqualTo(SimRequest.PERMISSIVE_LID);
            byte[] mad = mad(answer);
            assertThat(mad[3] & 0xFF).isEqualTo(0x81);
            assertThat(tid(mad)).isEqualTo((long) c.clientId << 48 | 0x1234_5678L);
            int peer = FABRIC.peerNode(0, 1);
            assertThat(NodeInfo.NODE_GUID.getLong(mad, Smp.DATA_OFFSET)).isEqualTo(FABRIC.node(peer).nodeGuid());
        }
        assertThat(server.stats().madsIn()).isEqualTo(1);
        assertThat(server.stats().madsOut()).isEqualTo(1);
    }

    @Test
    void controlAnswersDescribeThePortAndSetIsSmSetsItsCapability() throws Exception {
        int ca = 0;
        while (fabric.isSwitch(ca)) {
            ca++;
        }
        try (FakeUmadClient c = client()) {
            c.connect(FABRIC.node(ca).name(), false);

            CtlMessage port = c.control(CtlMessage.request(c.clientId, CtlMessage.GET_PORT));
            CtlMessage pkeys = c.control(CtlMessage.request(c.clientId, CtlMessage.GET_PKEYS));
            CtlMessage vendor = c.control(CtlMessage.request(c.clientId, CtlMessage.GET_VENDOR));
            CtlMessage issm = CtlMessage.request(c.clientId, CtlMessage.SET_ISSM);
            issm.putDataInt(0, 1);
            assertThat(c.control(issm).type()).isEqualTo(CtlMessage.SET_ISSM);

            assertThat(port.dataByte(0) | port.dataByte(1)).as("no LID yet").isZero();
            assertThat(port.dataByte(2)).as("PortState Init: the link is up, no SM yet").isEqualTo(2);
            assertThat(pkeys.dataByte(0) << 8 | pkeys.dataByte(1)).as("the default P_Key").isEqualTo(0xFFFF);
            assertThat(vendor.bytes()[CtlMessage.DATA + 16]).as("firmware version 1, host order").isEqualTo((byte) 1);
            assertThat(fabric.portInfo(ca, 1).capabilityMask() & dev.jsm.mad.smp.PortInfo.CAP_IS_SM).isNotZero();
        }
    }

    @Test
    void anSmpThatCannotBeRoutedComesBackWithStatus110() throws Exception {
        try (FakeUmadClient c = client()) {
            c.connect("", false);

            c.sendData(nodeInfoGet(7, 1, 200));
            byte[] back = c.nextMad(5000);

            assertThat(SimRequest.status(back)).isEqualTo(110);
        }
    }

    @Test
    void aCongestionControlGetIsAnsweredByTheAgentOfTheNodeAddressed() throws Exception {
        try (FakeUmadClient c = client()) {
            c.connect("", false);
            byte[] pi = Smp.directedRoute(Method.GET, 1, AttributeId.PORT_INFO, 0, DrPath.local(), 0);
            c.sendData(SimRequest.encode(SimRequest.PERMISSIVE_LID, SimRequest.PERMISSIVE_LID, 0, 0, 0, pi, 256));
            byte[] set = Smp.directedRoute(Method.SET, 2, AttributeId.PORT_INFO, 0, DrPath.local(), 0);
            System.arraycopy(mad(c.nextMad(5000)), Smp.DATA_OFFSET, set, Smp.DATA_OFFSET, Smp.DATA_SIZE);
            PortInfo.LID.put(set, Smp.DATA_OFFSET, 7);
            c.sendData(SimRequest.encode(SimRequest.PERMISSIVE_LID, SimRequest.PERMISSIVE_LID, 0, 0, 0, set, 256));
            assertThat(SimRequest.status(c.nextMad(5000))).isZero();

            byte[] get = CongestionControl.request(Method.GET.value(), CongestionControl.CONGESTION_INFO, 0, 0x7A93, 0);
            c.sendData(SimRequest.encode(7, 0, 1, 1, 0, get, 256));
            byte[] answer = c.nextMad(5000);

            assertThat(SimRequest.status(answer)).isZero();
            assertThat(SimRequest.slid(answer)).isEqualTo(7);
            byte[] mad = mad(answer);
            assertThat(mad[3] & 0xFF).isEqualTo(0x81);
            assertThat(tid(mad)).isEqualTo((long) c.clientId << 48 | 0x7A93);
            assertThat(CongestionInfo.decode(mad, CongestionControl.DATA_OFFSET)).as("the default node's")
                    .isEqualTo(new CongestionInfo(0, fabric.isSwitch(0) ? 0 : 2));
            byte[] log = CongestionControl.request(Method.GET.value(), CongestionControl.CONGESTION_LOG, 0, 0x7A94, 0);
            c.sendData(SimRequest.encode(7, 0, 1, 1, 0, log, 256));
            byte[] logAnswer = mad(c.nextMad(5000));
            assertThat(Arrays.copyOfRange(logAnswer, 32 + 12, 256)).as("no events").containsOnly(0);
        }
    }

    @Test
    void malformedDatagramsAreCountedAndDroppedAndTheServerCarriesOn() throws Exception {
        try (FakeUmadClient c = client()) {
            c.connect("", false);

            c.sendCtl(new byte[10]);
            CtlMessage badMagic = CtlMessage.request(c.clientId, CtlMessage.GET_PORT);
            badMagic.bytes()[0] ^= 1;
            c.sendCtl(badMagic.bytes());
            CtlMessage unknown = c.control(CtlMessage.request(c.clientId, 42));
            CtlMessage stranger = c.control(CtlMessage.request(c.clientId + 77, CtlMessage.GET_PORT));
            c.sendData(new byte[100]);
            c.sendData(new byte[SimRequest.SIZE + 1]);

            assertThat(unknown.type()).isEqualTo(CtlMessage.ERROR);
            assertThat(stranger.type()).isEqualTo(CtlMessage.ERROR);
            assertThat(c.nextCtl(0)).as("nothing answers a datagram without magic").isNull();
            c.sendData(nodeInfoGet(9));
            assertThat(SimRequest.status(c.nextMad(5000))).isZero();
            assertThat(c.nextMad(100)).as("a malformed MAD datagram gets no answer").isNull();
        }
        ServerStats s = server.stats();
        assertThat(s.malformedCtl()).isEqualTo(2);
        assertThat(s.unknownCtlType()).isEqualTo(1);
        assertThat(s.badClientId()).isEqualTo(1);
        assertThat(s.malformedMads()).isEqualTo(2);
        assertThat(s.malformed()).isEqualTo(6);
    }

    @Test
    void aClientThatVanishesMidTransactionIsDetachedAndItsPortServesTheNext() throws Exception {
        String node = FABRIC.node(2).name();
        FakeUmadClient first = client();
        assertThat(first.connect(node, true).type()).isEqualTo(CtlMessage.CONNECT);
        for (int i = 0; i < 50; i++) {
            first.sendData(nodeInfoGet(i, 1));
        }
        first.close();
        assertThat(fabric.awaitIdle(Duration.ofSeconds(5))).isTrue();

        try (FakeUmadClient second = client()) {
            CtlMessage r = second.connect(node, true);

            assertThat(r.type()).as("a second SM on the node is accepted once the first is gone")
                    .isEqualTo(CtlMessage.CONNECT);
            assertThat(second.clientId).isNotEqualTo(first.clientId);
            second.sendData(nodeInfoGet(1));
            byte[] answer = second.nextMad(5000);
            assertThat(SimRequest.status(answer)).isZero();
            assertThat(tid(mad(answer)) >>> 48).isEqualTo(second.clientId);
        }
        ServerStats s = server.stats();
        assertThat(s.deadClients()).isEqualTo(1);
        assertThat(s.clients()).isEqualTo(1);
    }

    @Test
    void aDisconnectWithMadsInFlightDropsThemAndFreesThePort() throws Exception {
        String node = FABRIC.node(3).name();
        try (FakeUmadClient c = client()) {
            c.connect(node, true);
            for (int i = 0; i < 20; i++) {
                c.sendData(nodeInfoGet(i, 1));
            }
            CtlMessage bye = c.control(CtlMessage.request(c.clientId, CtlMessage.DISCONNECT));
            assertThat(bye.type()).isEqualTo(CtlMessage.DISCONNECT);
        }
        assertThat(fabric.awaitIdle(Duration.ofSeconds(5))).isTrue();
        try (FakeUmadClient again = client()) {
            assertThat(again.connect(node, true).type()).isEqualTo(CtlMessage.CONNECT);
        }
        ServerStats s = server.stats();
        assertThat(s.disconnects()).isEqualTo(1);
        assertThat(s.madsIn()).as("what the server read before the DISCONNECT").isBetween(0L, 20L);
        assertThat(s.madsOut()).as("answers sent before it").isLessThanOrEqualTo(s.madsIn());
    }

    @Test
    void refusesAnUnknownNodeAndASecondSmOnANode() throws Exception {
        try (FakeUmadClient sm = client(); FakeUmadClient other = client(); FakeUmadClient lost = client()) {
            assertThat(sm.connect(FABRIC.node(1).name(), true).type()).isEqualTo(CtlMessage.CONNECT);

            assertThat(other.connect(FABRIC.node(1).name(), true).type()).isEqualTo(CtlMessage.ERROR);
            assertThat(lost.connect("no-such-node", false).type()).isEqualTo(CtlMessage.ERROR);
            assertThat(other.connect(FABRIC.node(1).name(), false).type()).isEqualTo(CtlMessage.CONNECT);
        }
        assertThat(server.stats().refused()).isEqualTo(2);
    }

    @Test
    void findsANodeByItsDescriptionToo() throws Exception {
        Topology t = dev.jsm.sim.topo.TopologyReader.parse(
                "Switch 4 \"sw\" # \"the switch\"\n[1] \"ca\"[1]\nHca 1 \"ca\" # \"the host\"\n[1] \"sw\"[1]\n", "t");
        try (SimFabric f = new SimFabric(t); SimServer s = SimServer.start(f, name + "d");
             FakeUmadClient c = new FakeUmadClient(group, name + "d", nextPid++)) {
            CtlMessage r = c.connect("the host", false);

            assertThat(r.type()).isEqualTo(CtlMessage.CONNECT);
            assertThat(r.connectNode()).isEqualTo("ca");
            CtlMessage port = c.control(CtlMessage.request(c.clientId, CtlMessage.GET_PORTINFO));
            assertThat(port.dataByte(28)).as("LocalPortNum of the CA's port").isEqualTo(1);
        }
    }
}
