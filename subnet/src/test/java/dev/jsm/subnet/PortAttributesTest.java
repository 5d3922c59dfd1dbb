package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.List;
import org.junit.jupiter.api.Test;

class PortAttributesTest {

    /** Every component a distinct value: component i (0-based) holds i + 1. */
    private static PortAttributes distinct() throws Exception {
        RecordComponent[] rc = PortAttributes.class.getRecordComponents();
        Class<?>[] types = new Class<?>[rc.length];
        Object[] args = new Object[rc.length];
        for (int i = 0; i < rc.length; i++) {
            types[i] = rc[i].getType();
            args[i] = types[i] == long.class ? (Object) (long) (i + 1) : (Object) (i + 1);
        }
        return PortAttributes.class.getDeclaredConstructor(types).newInstance(args);
    }

    private static void assertOnlyChanged(PortAttributes before, PortAttributes after, String... changed)
            throws Exception {
        for (RecordComponent c : PortAttributes.class.getRecordComponents()) {
            Object x = c.getAccessor().invoke(before);
            Object y = c.getAccessor().invoke(after);
            if (List.of(changed).contains(c.getName())) {
                assertThat(y).as(c.getName()).isNotEqualTo(x);
            } else {
                assertThat(y).as(c.getName()).isEqualTo(x);
            }
        }
    }

    @Test
    void withersChangeOnlyTheirFields() throws Exception {
        PortAttributes a = distinct();
        PortAttributes b = a.withLid(0x40, 3);
        assertThat(b.lid()).isEqualTo(0x40);
        assertThat(b.lmc()).isEqualTo(3);
        assertOnlyChanged(a, b, "lid", "lmc");

        PortAttributes c = a.withPortState(PortAttributes.STATE_ARMED);
        assertThat(c.portState()).isEqualTo(PortAttributes.STATE_ARMED);
        assertOnlyChanged(a, c, "portState");
    }

    @Test
    void helpers() {
        PortAttributes none = PortAttributes.NONE;
        assertThat(none.isUp()).isFalse();
        assertThat(none.withPortState(PortAttributes.STATE_DOWN).isUp()).isFalse();
        assertThat(none.withPortState(PortAttributes.STATE_INIT).isUp()).isTrue();
        assertThat(none.withPortState(PortAttributes.STATE_ACTIVE).isUp()).isTrue();
        assertThat(none.hasCapability(0x2)).isFalse();
        assertThat(SwitchAttributes.NONE.hasEnhancedPort0()).isFalse();
        assertThat(SwitchAttributes.NONE.hasPortStateChange()).isFalse();
    }
}
