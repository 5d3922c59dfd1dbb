package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.umad.UmadException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExitCodeTest {

    @Test
    void everyUmadReasonHasItsOwnCode() {
        Set<ExitCode> codes = new HashSet<>();
        for (UmadException.Reason r : UmadException.Reason.values()) {
            codes.add(ExitCode.of(new UmadException(r, "x")));
        }
        assertThat(codes).hasSize(UmadException.Reason.values().length)
                .doesNotContain(ExitCode.OK, ExitCode.UNEXPECTED, ExitCode.USAGE);
        assertThat(ExitCode.of(new UmadException(UmadException.Reason.PORT_DOWN, "x"))).isEqualTo(ExitCode.PORT_DOWN);
    }

    @Test
    void startupFailuresCarryTheirCodeAndEverythingElseIsABug() {
        assertThat(ExitCode.of(new StartupException(ExitCode.SIM_TOPOLOGY, "x"))).isEqualTo(ExitCode.SIM_TOPOLOGY);
        assertThat(ExitCode.of(new IllegalArgumentException("bad engine"))).isEqualTo(ExitCode.USAGE);
        assertThat(ExitCode.of(new IllegalStateException())).isEqualTo(ExitCode.UNEXPECTED);
    }

    @Test
    void valuesAreDistinct() {
        Set<Integer> values = new HashSet<>();
        for (ExitCode c : ExitCode.values()) {
            assertThat(values.add(c.value())).as(c.name()).isTrue();
        }
    }
}
