package dev.jsm.daemon.mkey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key each route presents, the candidates tried when a port is silent, and what PortInfo answers teach. */
class MKeyBookTest {

    private static final long KEY = 0x1111L;
    private static final long SM_PORT = 0x10L;

    @TempDir
    Path dir;

    private MKeyBook book(String... pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        return MKeyBook.of(b.build(), dir, SM_PORT, () -> true);
    }

    @Test
    void withoutMKeyEverySmpPresentsZeroAndNothingIsWritten() throws Exception {
        Files.writeString(dir.resolve("guid2mkey"), "0x0000000000000020 0x0000000000009999\n");
        MKeyBook b = book();
        b.reached(DrPath.of(1), 0x20L);
        assertThat(b.active()).isFalse();
        assertThat(b.keyFor(DrPath.of(1))).isZero();
        assertThat(b.candidates(DrPath.of(1))).containsExactly(0L);
        b.flush(false);
        assertThat(Files.readString(dir.resolve("guid2mkey"))).as("untouched")
                .isEqualTo("0x0000000000000020 0x0000000000009999\n");
    }

    @Test
    void aRouteToAKnownPortPresentsTheKeyItHoldsAndFallsBackToTheOthers() throws Exception {
        Files.writeString(dir.resolve("guid2mkey"), "0x0000000000000020 0x0000000000009999\n");
        MKeyBook b = book("m_key", "0x1111");
        DrPath path = DrPath.of(1);
        assertThat(b.keyFor(path)).as("no port known there yet: m_key").isEqualTo(KEY);
        assertThat(b.candidates(path)).as("and the few keys guid2mkey holds").containsExactly(KEY, 0x9999L);
        b.reached(path, 0x20L);
        assertThat(b.keyFor(path)).isEqualTo(0x9999L);
        assertThat(b.candidates(path)).containsExactly(0x9999L, KEY);
        b.answered(path, KEY, 0x9999L);
        assertThat(b.current(0x20L)).isEqualTo(KEY);
    }

    @Test
    void aPortWithoutKeyIsSentItsExpectedKey() throws Exception {
        MKeyBook b = book("m_key", "0x1111", "m_key_per_port", "TRUE");
        PhysPort ca = caPort(0x20L);
        b.reached(DrPath.of(1), 0x20L);
        b.observed(ca, 0, 0);
        assertThat(b.current(0x20L)).isZero();
        assertThat(b.keyFor(DrPath.of(1))).isEqualTo(b.expected(0x20L)).isNotEqualTo(KEY);
    }

    @Test
    void aKeyIsLearnedOnlyFromAManagementPortWhoseFieldMeansSomething() throws Exception {
        MKeyBook b = book("m_key", "0x1111");
        PhysPort ca = caPort(0x20L);
        b.observed(ca, 0, 1);
        assertThat(b.current(0x20L)).as("protection 1 hides the key: nothing learned").isEqualTo(KEY);
        b.observed(ca, 0x77L, 2);
        assertThat(b.current(0x20L)).isEqualTo(0x77L);
        b.flush(false);
        assertThat(Files.readString(dir.resolve("guid2mkey"))).contains("0x0000000000000020 0x0000000000000077");
    }

    @Test
    void theRecordedCablesNameThePortOfARouteBeforeItAnswered() throws Exception {
        MKeyBook first = book("m_key", "0x1111", "m_key_per_port", "TRUE");
        Subnet subnet = new Subnet();
        var sm = subnet.addNode(NodeKind.CA, 0x1L, 1);
        var sw = subnet.addNode(NodeKind.SWITCH, 0x2L, 4);
        PhysPort smPort = subnet.addPort(sm, 1, SM_PORT);
        PhysPort swPort = subnet.addPort(sw, 3, 0x30L);
        first.linked(smPort, swPort);
        first.observed(smPort, first.expected(SM_PORT), 2);
        first.flush(false);

        MKeyBook restarted = book("m_key", "0x1111", "m_key_per_port", "TRUE");
        assertThat(restarted.keyFor(DrPath.of(1))).isEqualTo(restarted.expected(0x30L));
    }

    @Test
    void perPortKeysAreDeterministicDistinctAndNotTheBaseKey() {
        MKeyScheme s = new MKeyScheme(KEY, true);
        assertThat(s.expected(0x20L)).isEqualTo(new MKeyScheme(KEY, true).expected(0x20L))
                .isNotEqualTo(s.expected(0x21L)).isNotEqualTo(KEY).isNotZero();
        assertThat(new MKeyScheme(KEY, false).expected(0x20L)).isEqualTo(KEY);
        assertThat(MKeyScheme.NONE.expected(0x20L)).isZero();
    }

    private static PhysPort caPort(long guid) {
        Subnet subnet = new Subnet();
        return subnet.addPort(subnet.addNode(NodeKind.CA, guid - 1, 1), 1, guid);
    }
}
