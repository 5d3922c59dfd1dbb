package dev.jsm.daemon.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import org.junit.jupiter.api.Test;

class PortConfigTest {

    @Test
    void linkValuesComeFromBothEndsAndTheOptions() throws Exception {
        SmOptions options = options("max_op_vls", "3");
        Subnet s = new Subnet();
        Node sw = s.addNode(NodeKind.SWITCH, 0x100, 4);
        Node ca = s.addNode(NodeKind.CA, 0x200, 1);
        PhysPort swPort = s.addPort(sw, 2, 0x100);
        PhysPort caPort = s.addPort(ca, 1, 0x201);
        s.connect(swPort, caPort);
        swPort.setAttributes(attrs(4, 5, PortAttributes.STATE_INIT));
        caPort.setAttributes(attrs(5, 4, PortAttributes.STATE_INIT));
        s.assignLids(caPort.endPort(), LidRange.single(7));
        int smLid = 1;
        MKeyBook keys = MKeyBook.fixed(options.mKey());

        PortConfig leaf = PortConfig.of(swPort, PortConfig.Params.of(options), smLid, new PortWishes(), keys);
        assertThat(leaf.neighborMtu()).isEqualTo(4);
        assertThat(leaf.operationalVls()).isEqualTo(3);
        assertThat(leaf.hoqLife()).isEqualTo(0x10);
        assertThat(leaf.lid()).isEqualTo(PortConfig.KEEP);

        PortConfig end = PortConfig.of(caPort, PortConfig.Params.of(options), smLid, new PortWishes(), keys);
        assertThat(end.lid()).isEqualTo(7);
        assertThat(end.masterSmLid()).isEqualTo(1);
        assertThat(end.hoqLife()).isEqualTo(PortConfig.KEEP);
        assertThat(end.differences(caPort.attributes())).contains("LID 7/0");

        byte[] mad = new byte[64];
        end.writeTo(mad, 0, caPort.attributes(), 1, PortInfo.STATE_ARMED, true);
        PortInfo pi = PortInfo.decode(mad, 0);
        assertThat(mad[33]).isEqualTo((byte) 0x02);
        assertThat(pi.portState()).isEqualTo(PortInfo.STATE_ARMED);
        assertThat(pi.lid()).isEqualTo(7);
        assertThat(pi.clientReregister()).isEqualTo(1);
        assertThat(pi.linkSpeedEnabled()).isZero();
        assertThat(pi.respTimeValue()).as("RespTimeValue is sent back as the port answered it").isEqualTo(8);
        assertThat(pi.linkDownDefaultState()).as("LinkDownDefaultState Polling, as OpenSM writes it").isEqualTo(2);
        assertThat(end.differences(Attributes.of(pi))).isNull();
    }

    @Test
    void eachFieldSetAloneDiffersInItsOwnBitAndIsNamedWithItsValue() throws Exception {
        PortAttributes have = attrs(4, 5, PortAttributes.STATE_ACTIVE);
        RecordComponent[] components = PortConfig.class.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        Constructor<PortConfig> canonical = PortConfig.class.getDeclaredConstructor(types);
        int seen = 0;
        for (int set = 0; set < components.length; set++) {
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                boolean isLong = types[i] == long.class;
                values[i] = i == set ? (isLong ? (Object) 99L : (Object) 9)
                        : isLong ? (Object) PortConfig.KEEP_LONG
                        : components[i].getName().endsWith("Enabled") ? (Object) 0 : (Object) PortConfig.KEEP;
            }
            PortConfig want = canonical.newInstance(values);
            String name = components[set].getName();
            int mask = want.differingFields(have);
            assertThat(Integer.bitCount(mask)).as(name).isEqualTo(1);
            assertThat(seen & mask).as(name + " has a bit of its own").isZero();
            seen |= mask;
            assertThat(want.differences(have)).as(name).matches("[A-Za-z_ ]+ (9|0x63)/\\S+");
            assertThat(PortConfig.sameValues(mask, have, PortConfig.valuesOf(mask, have))).isTrue();
        }
        assertThat(seen).isEqualTo((1 << components.length) - 1);
    }

    private static SmOptions options(String... pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        return b.build();
    }

    private static PortAttributes attrs(int mtuCap, int vlCap, int state) {
        return new PortAttributes(0, 0, 0, 0, PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED, 0, 3, 3, 2, 1,
                state, 5, 0, 0, 1, 1, 1, 0, vlCap, 0, 8, 8, mtuCap, 7, 0x12, 1, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 0, 0,
                1, 2, 8);
    }
}
