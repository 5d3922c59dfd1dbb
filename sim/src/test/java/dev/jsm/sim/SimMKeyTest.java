package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST1;
import static dev.jsm.sim.TestFabrics.LEAF0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The M_Key check of the simulated SMAs (IBA 14.2.4): the protection levels for Gets and Sets, the violation counter,
 * Trap 256 and the lease that ends the protection, on a clock the test moves.
 */
class SimMKeyTest {

    private static final long KEY = 0x1122334455667788L;
    private static final DrPath TO_LEAF0 = DrPath.of(1);
    private static final DrPath TO_HOST1 = DrPath.of(1, 2);

    private final AtomicLong now = new AtomicLong(1_000_000);
    private SimFabric fabric;
    private SmpClient sm;
    private long tid = 0x500;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel(), 0, now::get);
        sm = new SmpClient(fabric, HOST0, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    private byte[] get(DrPath path, long mod, long key) {
        return sm.exchange(MadAddress.directedRoute(),
                Smp.directedRoute(Method.GET, tid++, AttributeId.PORT_INFO, mod, path, key));
    }

    private byte[] setLid(DrPath path, long mod, long key, int lid) {
        byte[] mad = Smp.directedRoute(Method.SET, tid++, AttributeId.PORT_INFO, mod, path, key);
        PortInfo pi = fabric.portInfo(HOST1, 1);
        pi.encodeTo(mad, Smp.DATA_OFFSET);
        PortInfo.LID.put(mad, Smp.DATA_OFFSET, lid);
        PortInfo.LOCAL_PORT_NUM.put(mad, Smp.DATA_OFFSET, 0);
        PortInfo.PORT_STATE.put(mad, Smp.DATA_OFFSET, 0);
        PortInfo.PORT_PHYSICAL_STATE.put(mad, Smp.DATA_OFFSET, 0);
        return sm.exchange(MadAddress.directedRoute(), mad);
    }

    private static long mKeyIn(byte[] answer) {
        return PortInfo.M_KEY.getLong(answer, Smp.DATA_OFFSET);
    }

    @Test
    void aPortWithoutKeyAnswersEveryKey() {
        assertThat(get(TO_HOST1, 1, 0)).isNotNull();
        assertThat(get(TO_HOST1, 1, 0xdeadL)).isNotNull();
        assertThat(setLid(TO_HOST1, 1, 0xdeadL, 5)).isNotNull();
        assertThat(fabric.portInfo(HOST1, 1).lid()).isEqualTo(5);
        assertThat(fabric.stats().mKeyViolations()).isZero();
    }

    @Test
    void levelZeroAnswersGetsWithTheKeyAndRefusesSets() {
        fabric.setMKey(HOST1, 1, KEY, 0, 0);
        assertThat(mKeyIn(get(TO_HOST1, 1, 0))).isEqualTo(KEY);
        assertThat(setLid(TO_HOST1, 1, 0, 5)).as("a Set with a wrong key is dropped").isNull();
        assertThat(fabric.portInfo(HOST1, 1).lid()).as("and not applied").isZero();
        assertThat(setLid(TO_HOST1, 1, KEY, 5)).isNotNull();
        assertThat(fabric.portInfo(HOST1, 1).lid()).isEqualTo(5);
        assertThat(fabric.portInfo(HOST1, 1).mKeyViolations()).isEqualTo(1);
    }

    @Test
    void levelOneHidesTheKeyFromAWrongKeyOnly() {
        fabric.setMKey(HOST1, 1, KEY, 1, 0);
        assertThat(mKeyIn(get(TO_HOST1, 1, 7))).isZero();
        assertThat(mKeyIn(get(TO_HOST1, 1, KEY))).isEqualTo(KEY);
        assertThat(fabric.portInfo(HOST1, 1).mKeyViolations()).isZero();
    }

    @Test
    void levelsTwoAndThreeDropGetsWithAWrongKey() {
        for (int level : new int[] {2, 3}) {
            fabric.setMKey(HOST1, 1, KEY, level, 0);
            assertThat(get(TO_HOST1, 1, 7)).as("level " + level).isNull();
            assertThat(sm.exchange(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, tid++,
                    AttributeId.NODE_INFO, 0, TO_HOST1, 0))).as("NodeInfo too, level " + level).isNull();
            assertThat(get(TO_HOST1, 1, KEY)).isNotNull();
        }
        assertThat(fabric.portInfo(HOST1, 1).mKeyViolations()).isEqualTo(4);
        assertThat(fabric.stats().mKeyViolations()).isEqualTo(4);
    }

    @Test
    void aSwitchChecksTheKeyOfPortZeroForEveryPort() {
        fabric.setMKey(LEAF0, 0, KEY, 2, 0);
        assertThat(get(TO_LEAF0, 3, 0)).isNull();
        assertThat(get(TO_LEAF0, 3, KEY)).isNotNull();
        assertThat(get(TO_HOST1, 1, 0)).as("a route through the switch is not checked").isNotNull();
    }

    @Test
    void theLeaseEndsTheProtectionAfterAViolationUnlessTheKeyIsPresentedFirst() {
        fabric.setMKey(HOST1, 1, KEY, 2, 60);
        assertThat(get(TO_HOST1, 1, 7)).isNull();
        now.addAndGet(59_000);
        assertThat(get(TO_HOST1, 1, 7)).as("59 s later, still protected").isNull();
        assertThat(get(TO_HOST1, 1, KEY)).as("the right key stops the countdown").isNotNull();
        now.addAndGet(10_000);
        assertThat(get(TO_HOST1, 1, 7)).as("no countdown ran out").isNull();
        now.addAndGet(60_000);
        byte[] open = get(TO_HOST1, 1, 7);
        assertThat(open).as("60 s after the violation the protection is gone").isNotNull();
        assertThat(mKeyIn(open)).as("the key can be read again").isEqualTo(KEY);
        assertThat(PortInfo.M_KEY_PROTECT_BITS.getInt(open, Smp.DATA_OFFSET)).isZero();
        assertThat(fabric.portInfo(HOST1, 1).mKeyLeasePeriod()).isEqualTo(60);
    }

    @Test
    void aLeaseOfZeroNeverEnds() {
        fabric.setMKey(HOST1, 1, KEY, 2, 0);
        assertThat(get(TO_HOST1, 1, 7)).isNull();
        now.addAndGet(100_000_000L);
        assertThat(get(TO_HOST1, 1, 7)).isNull();
        assertThat(fabric.portInfo(HOST1, 1).mKeyProtectBits()).isEqualTo(2);
    }

    @Test
    void aViolationSendsTrap256ToTheMasterSm() throws InterruptedException {
        // host-0 gets LID 1 and is its own master SM; host-1 gets LID 2 and MasterSMLID 1 through leaf-0's LFT
        byte[] self = sm.get(DrPath.local(), AttributeId.PORT_INFO, 1);
        PortInfo.LID.put(self, Smp.DATA_OFFSET, 1);
        PortInfo.MASTER_SM_LID.put(self, Smp.DATA_OFFSET, 1);
        PortInfo.PORT_STATE.put(self, Smp.DATA_OFFSET, 0);
        PortInfo.PORT_PHYSICAL_STATE.put(self, Smp.DATA_OFFSET, 0);
        assertThat(sm.set(DrPath.local(), AttributeId.PORT_INFO, 1, Arrays.copyOfRange(self,
                Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE))).isNotNull();
        byte[] lft = new byte[64];
        lft[1] = 1;
        lft[2] = 2;
        assertThat(sm.set(TO_LEAF0, AttributeId.SWITCH_INFO, 0, switchInfoWithTop(2))).isNotNull();
        assertThat(sm.set(TO_LEAF0, AttributeId.LINEAR_FORWARDING_TABLE, 0, lft)).isNotNull();
        byte[] host1 = sm.get(TO_HOST1, AttributeId.PORT_INFO, 1);
        PortInfo.LID.put(host1, Smp.DATA_OFFSET, 2);
        PortInfo.MASTER_SM_LID.put(host1, Smp.DATA_OFFSET, 1);
        PortInfo.M_KEY.put(host1, Smp.DATA_OFFSET, KEY);
        PortInfo.M_KEY_PROTECT_BITS.put(host1, Smp.DATA_OFFSET, 2);
        PortInfo.PORT_STATE.put(host1, Smp.DATA_OFFSET, 0);
        PortInfo.PORT_PHYSICAL_STATE.put(host1, Smp.DATA_OFFSET, 0);
        assertThat(sm.set(TO_HOST1, AttributeId.PORT_INFO, 1, Arrays.copyOfRange(host1,
                Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE))).isNotNull();

        sm.send(MadAddress.directedRoute(),
                Smp.directedRoute(Method.GET, tid++, AttributeId.NODE_INFO, 0, TO_HOST1, 0xabcdL));
        SmpClient.Received trap = sm.take();

        assertThat(trap.mad()[3]).isEqualTo((byte) 0x05);
        Notice n = Notice.decode(trap.mad(), Smp.DATA_OFFSET);
        assertThat(n.generic()).isTrue();
        assertThat(n.type()).isEqualTo(Notice.TYPE_SECURITY);
        assertThat(n.trapNumberOrDeviceId()).isEqualTo(256);
        assertThat(n.issuerLid()).isEqualTo(2);
        byte[] d = n.dataDetails();
        assertThat(d[6]).isEqualTo((byte) 0x01);
        assertThat(MadBytes.u16(d, 8)).isEqualTo(AttributeId.NODE_INFO.value());
        assertThat(ByteBuffer.wrap(d, 14, 8).getLong()).isEqualTo(0xabcdL);
        assertThat(d[23] & 0xFF).isEqualTo(0x80 | 2);
    }

    private byte[] switchInfoWithTop(int top) {
        byte[] si = sm.get(TO_LEAF0, AttributeId.SWITCH_INFO, 0);
        byte[] data = Arrays.copyOfRange(si, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
        SwitchInfo.LINEAR_FDB_TOP.put(data, 0, top);
        return data;
    }
}
