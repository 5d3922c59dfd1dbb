package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST2;
import static dev.jsm.sim.TestFabrics.LEAF0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SimMadChannelTest {

    private SimFabric fabric;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel());
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void localPortFollowsTheSmasState() {
        SmpClient sm = new SmpClient(fabric, HOST0, 1);
        byte[] r = sm.get(DrPath.local(), AttributeId.PORT_INFO, 0);
        byte[] data = Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
        PortInfo.LID.put(data, 0, 7);
        PortInfo.MASTER_SM_LID.put(data, 0, 7);
        sm.set(DrPath.local(), AttributeId.PORT_INFO, 0, data);

        assertThat(sm.channel.localPort()).isEqualTo(new LocalPort("host-0", 1, 0x1001, 7, 7, 2));
    }

    @Test
    void isSmShowsInTheCapabilityMaskUntilClosed() {
        SimMadChannel ch = fabric.openChannel(HOST2, 1);
        ch.setIsSm(true);
        assertThat(fabric.portInfo(HOST2, 1).capabilityMask() & PortInfo.CAP_IS_SM).isNotZero();

        ch.close();

        assertThat(fabric.portInfo(HOST2, 1).capabilityMask() & PortInfo.CAP_IS_SM).isZero();
        assertThatThrownBy(() -> ch.send(MadAddress.directedRoute(), new byte[256], 256))
                .isInstanceOf(IOException.class);
        assertThat(fabric.openChannel(HOST2, 1)).isNotNull();
    }

    @Test
    void channelsGoOnEndPortsOnly() {
        fabric.openChannel(HOST0, 1);

        assertThatThrownBy(() -> fabric.openChannel(HOST0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> fabric.openChannel(LEAF0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port 0 of a switch");
        assertThatThrownBy(() -> fabric.openChannel(HOST0, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThat(fabric.openChannel(LEAF0, 0).localPort().portNum()).isZero();
    }

    @Test
    void gsiMadsGoFromChannelToChannelByLid() throws InterruptedException {
        SmpClient a = new SmpClient(fabric, HOST0, 1);
        SmpClient b = new SmpClient(fabric, TestFabrics.HOST1, 1);
        for (SmpClient c : new SmpClient[] {a, b}) {
            byte[] r = c.get(DrPath.local(), AttributeId.PORT_INFO, 0);
            byte[] data = Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
            PortInfo.LID.put(data, 0, c == a ? 1 : 2);
            c.set(DrPath.local(), AttributeId.PORT_INFO, 0, data);
        }
        byte[] block = new byte[64];
        Arrays.fill(block, (byte) 0xFF);
        block[1] = 1;
        block[2] = 2;
        a.set(DrPath.of(1), AttributeId.LINEAR_FORWARDING_TABLE, 0, block);
        byte[] si = new byte[64];
        si[7] = 10;
        a.set(DrPath.of(1), AttributeId.SWITCH_INFO, 0, si);

        byte[] saQuery = new byte[256];
        saQuery[0] = 1;
        saQuery[1] = 0x03;
        saQuery[2] = 2;
        saQuery[3] = 0x01;
        a.send(MadAddress.gsi(2, 0, 0), saQuery);

        SmpClient.Received got = b.take();
        assertThat(got.from()).isEqualTo(MadAddress.gsi(1, 0, 0));
        assertThat(got.mad()[1]).isEqualTo((byte) 0x03);
    }
}
