package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Status codes and table attributes of the simulated SMAs. */
class SimSmaTest {

    private static final DrPath LEAF0 = DrPath.of(1);

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel());
        sm = new SmpClient(fabric, HOST0, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void unknownAttributeOrMethodIsReported() {
        assertThat(status(sm.get(LEAF0, AttributeId.valueOf(0x0099), 0))).isEqualTo(0x000C);
        assertThat(status(sm.get(DrPath.local(), AttributeId.SWITCH_INFO, 0))).as("CA").isEqualTo(0x000C);
        assertThat(status(sm.get(DrPath.local(), AttributeId.LINEAR_FORWARDING_TABLE, 0))).isEqualTo(0x000C);
        assertThat(status(sm.set(LEAF0, AttributeId.NODE_INFO, 0, new byte[0]))).isEqualTo(0x000C);
        assertThat(status(sm.set(LEAF0, AttributeId.NODE_DESCRIPTION, 0, new byte[0]))).isEqualTo(0x000C);
        byte[] getTable = Smp.directedRoute(Method.GET_TABLE, 1, AttributeId.NODE_INFO, 0, LEAF0, 0);
        assertThat(status(sm.exchange(MadAddress.directedRoute(), getTable))).isEqualTo(0x0008);
    }

    @Test
    void pKeyBlocksWithinCapacity() {
        assertThat(status(sm.get(DrPath.local(), AttributeId.P_KEY_TABLE, 1))).isZero();
        assertThat(status(sm.get(DrPath.local(), AttributeId.P_KEY_TABLE, 2))).as("CA: 64 entries").isEqualTo(0x1C);
        assertThat(status(sm.get(LEAF0, AttributeId.P_KEY_TABLE, 1))).as("switch port 0: 8 entries")
                .isEqualTo(0x1C);
        assertThat(status(sm.get(LEAF0, AttributeId.P_KEY_TABLE, 0x30001))).isZero();
        assertThat(status(sm.get(LEAF0, AttributeId.P_KEY_TABLE, 0x30002))).isEqualTo(0x1C);
        assertThat(status(sm.get(LEAF0, AttributeId.P_KEY_TABLE, 0x50000))).as("no port 5").isEqualTo(0x1C);
    }

    @Test
    void pKeySetIsStoredPerPort() {
        byte[] keys = {(byte) 0xFF, (byte) 0xFF, (byte) 0x80, 0x05};
        byte[] r = sm.set(LEAF0, AttributeId.P_KEY_TABLE, 0x20000, keys);

        assertThat(payload(r, 4)).containsExactly(0xFF, 0xFF, 0x80, 0x05);
        assertThat(payload(sm.get(LEAF0, AttributeId.P_KEY_TABLE, 0x20000), 4)).containsExactly(0xFF, 0xFF, 0x80, 5);
        assertThat(payload(sm.get(LEAF0, AttributeId.P_KEY_TABLE, 0x10000), 4)).containsExactly(0xFF, 0xFF, 0, 0);
    }

    @Test
    void lftBlocksAreCopiedInAndOut() {
        byte[] block = new byte[64];
        Arrays.fill(block, (byte) 0xFF);
        block[5] = 3;
        sm.set(LEAF0, AttributeId.LINEAR_FORWARDING_TABLE, 2, block);

        assertThat(payload(sm.get(LEAF0, AttributeId.LINEAR_FORWARDING_TABLE, 2), 64)[5]).isEqualTo((byte) 3);
        assertThat(fabric.lftPort(TestFabrics.LEAF0, 2 * 64 + 5)).isEqualTo(3);
        assertThat(fabric.lftPort(TestFabrics.LEAF0, 5)).isEqualTo(255);
        assertThat(status(sm.get(LEAF0, AttributeId.LINEAR_FORWARDING_TABLE, 479))).isZero();
        assertThat(status(sm.get(LEAF0, AttributeId.LINEAR_FORWARDING_TABLE, 480))).isEqualTo(0x1C);
    }

    @Test
    void mftBlocksAndPositions() {
        byte[] masks = {0x00, 0x0E};
        sm.set(LEAF0, AttributeId.MULTICAST_FORWARDING_TABLE, 3, masks);

        assertThat(payload(sm.get(LEAF0, AttributeId.MULTICAST_FORWARDING_TABLE, 3), 2)).containsExactly(0, 0x0E);
        assertThat(status(sm.get(LEAF0, AttributeId.MULTICAST_FORWARDING_TABLE, 0x1000_0000L)))
                .as("4 ports: 1 position").isEqualTo(0x1C);
        assertThat(status(sm.get(LEAF0, AttributeId.MULTICAST_FORWARDING_TABLE, 32))).isEqualTo(0x1C);
    }

    @Test
    void vlArbBlocksWithinCaps() {
        assertThat(status(sm.get(LEAF0, AttributeId.VL_ARBITRATION_TABLE, 0x10003))).isZero();
        assertThat(status(sm.get(LEAF0, AttributeId.VL_ARBITRATION_TABLE, 0x20003))).as("cap 8").isEqualTo(0x1C);
        assertThat(status(sm.get(LEAF0, AttributeId.VL_ARBITRATION_TABLE, 0x50003))).isEqualTo(0x1C);
        byte[] high = {0, 7, 1, 9};
        sm.set(LEAF0, AttributeId.VL_ARBITRATION_TABLE, 0x30003, high);
        assertThat(payload(sm.get(LEAF0, AttributeId.VL_ARBITRATION_TABLE, 0x30003), 6))
                .containsExactly(0, 7, 1, 9, 0, 0);
        assertThat(payload(sm.get(LEAF0, AttributeId.VL_ARBITRATION_TABLE, 0x30002), 4)).containsExactly(0, 4, 1, 0);
    }

    @Test
    void sl2vlPerPortPair() {
        byte[] table = {0x10, 0x32, 0x54, 0x76, 0, 0, 0, 0};
        sm.set(LEAF0, AttributeId.SL_TO_VL_MAPPING_TABLE, 0x0304, table);

        assertThat(payload(sm.get(LEAF0, AttributeId.SL_TO_VL_MAPPING_TABLE, 0x0304), 2)).containsExactly(0x10, 0x32);
        assertThat(payload(sm.get(LEAF0, AttributeId.SL_TO_VL_MAPPING_TABLE, 0x0403), 2)).containsExactly(0x01, 0x23);
        assertThat(status(sm.get(LEAF0, AttributeId.SL_TO_VL_MAPPING_TABLE, 0x0305))).isEqualTo(0x1C);
    }

    @Test
    void guidInfoKeepsGuidZeroAndStoresAliases() {
        byte[] guids = new byte[16];
        guids[15] = 0x42;
        byte[] r = sm.set(DrPath.local(), AttributeId.GUID_INFO, 0, guids);

        assertThat(payload(r, 16)).containsExactly(0, 0, 0, 0, 0, 0, 0x10, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x42);
        assertThat(status(sm.get(DrPath.local(), AttributeId.GUID_INFO, 3))).isZero();
        assertThat(status(sm.get(DrPath.local(), AttributeId.GUID_INFO, 4))).as("GUIDCap 32").isEqualTo(0x1C);
        assertThat(status(sm.get(LEAF0, AttributeId.GUID_INFO, 1))).as("switch GUIDCap 1").isEqualTo(0x1C);
    }

    @Test
    void smInfoWithoutAnSmIsUnsupported() {
        assertThat(status(sm.get(DrPath.of(1, 3, 2, 1), AttributeId.SM_INFO, 0))).isEqualTo(0x000C);
    }

    @Test
    void smInfoGoesToTheSmOnThatPortAndItsAnswerComesBack() throws InterruptedException {
        SmpClient other = new SmpClient(fabric, HOST2, 1);
        byte[] request = Smp.directedRoute(Method.GET, 77, AttributeId.SM_INFO, 0, DrPath.of(1, 3, 2, 1), 0);
        sm.send(MadAddress.directedRoute(), request);

        SmpClient.Received got = other.take();
        assertThat(got.from()).isEqualTo(MadAddress.directedRoute());
        assertThat(got.mad()[3]).isEqualTo((byte) 0x01);
        assertThat(Arrays.copyOfRange(got.mad(), Smp.RETURN_PATH_OFFSET + 1, Smp.RETURN_PATH_OFFSET + 5))
                .containsExactly(1, 1, 3, 1);

        byte[] answer = got.mad().clone();
        answer[3] = (byte) 0x81;
        answer[4] = (byte) 0x80;
        answer[Smp.DATA_OFFSET + 20] = (byte) 0xC3;
        other.send(MadAddress.directedRoute(), answer);

        byte[] r = sm.take().mad();
        assertThat(Smp.hopPointer(r)).isZero();
        assertThat(r[Smp.DATA_OFFSET + 20]).isEqualTo((byte) 0xC3);
        assertThat(fabric.stats().forwarded()).isEqualTo(2);
    }

    private static int status(byte[] r) {
        assertThat(r).as("a response").isNotNull();
        return Smp.status(r);
    }

    private static byte[] payload(byte[] r, int n) {
        assertThat(status(r)).isZero();
        return Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + n);
    }
}
