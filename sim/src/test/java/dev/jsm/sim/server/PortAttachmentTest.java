package dev.jsm.sim.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.TopologyShapes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which client of a port gets what the simulator delivers there: responses by the client id in the TransactionID,
 * SM-class requests to the SM client, a Get of another class back to its sender with status 110, the rest dropped
 * and counted. Clients write into {@link EmbeddedChannel}s.
 */
class PortAttachmentTest {

    private final SimFabric fabric = new SimFabric(TopologyShapes.parse("fat2:k=4,leaves=2,spines=1,hosts=2"));
    private final ServerCounters counters = new ServerCounters();
    private final Map<Integer, SimClient> all = new HashMap<>();
    private final int ca = caIndex();
    private final PortAttachment port = new PortAttachment(ca, 1, "ca", fabric.openChannel(ca, 1), counters,
            all::get);
    private final EmbeddedChannel toolSocket = new EmbeddedChannel();
    private final EmbeddedChannel smSocket = new EmbeddedChannel();
    private final SimClient tool = client(5, false, toolSocket);
    private final SimClient sm = client(6, true, smSocket);

    @AfterEach
    void close() {
        fabric.close();
    }

    private int caIndex() {
        for (int n = 0; ; n++) {
            if (!fabric.isSwitch(n)) {
                return n;
            }
        }
    }

    private SimClient client(int id, boolean issm, EmbeddedChannel socket) {
        SimClient c = new SimClient(id, 100 + id, port, issm, socket, counters, gone -> { });
        all.put(id, c);
        port.add(c);
        return c;
    }

    private static byte[] mad(int mgmtClass, int method, int clientId) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, mgmtClass, 1, method, 0, 0, (long) clientId << 48 | 42, 0x11, 0).encodeTo(mad);
        return mad;
    }

    private static byte[] next(EmbeddedChannel socket) {
        ByteBuf b = socket.readOutbound();
        if (b == null) {
            return null;
        }
        byte[] bytes = ByteBufUtil.getBytes(b);
        b.release();
        return bytes;
    }

    @Test
    void anSaQueryGoesToTheSmClientWithItsSender() {
        port.onMad(MadAddress.gsi(3, 0, 0), mad(0x03, 0x01, 5), 256);

        byte[] d = next(smSocket);
        assertThat(SimRequest.slid(d)).isEqualTo(3);
        assertThat(SimRequest.sqp(d)).isEqualTo(MadAddress.QP1);
        assertThat(SimRequest.status(d)).isZero();
        assertThat(next(toolSocket)).isNull();
    }

    @Test
    void aResponseGoesToTheClientNamedInItsTransactionId() {
        port.onMad(MadAddress.directedRoute(), mad(0x81, 0x81, 5), 256);

        assertThat(SimRequest.slid(next(toolSocket))).isEqualTo(SimRequest.PERMISSIVE_LID);
        assertThat(next(smSocket)).isNull();
    }

    @Test
    void aGetOfAnotherClassGoesBackToItsSenderAsUndelivered() {
        port.onMad(MadAddress.gsi(3, 0, 0), mad(0x06, 0x01, 5), 256);

        assertThat(next(smSocket)).as("the SM never sees a DevMgt Get").isNull();
        assertThat(SimRequest.status(next(toolSocket))).isEqualTo(PortAttachment.UNDELIVERED);
    }

    @Test
    void aTrapWithoutSmClientIsDroppedAndCounted() {
        port.remove(sm);

        port.onMad(MadAddress.smi(3), mad(0x01, 0x05, 0), 256);
        port.onMad(MadAddress.directedRoute(), mad(0x81, 0x81, 9), 256);

        assertThat(next(toolSocket)).isNull();
        assertThat(counters.undeliverable.get()).isEqualTo(2);
    }
}
